package io.jackpot.cli;

import static io.jackpot.cli.Args.arg;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Consumer;

/**
 * jackpotctl: the admin API from a terminal. {@code JACKPOT_URL} (default http://127.0.0.1:8080)
 * and {@code JACKPOT_ADMIN_TOKEN} (default: the dev token) say where and as whom.
 */
public final class Jackpotctl {
  static final String USAGE = """
      usage: jackpotctl <command> [arguments]
        list                                      jackpots and pools: state, amount, seed, wins, pending change
        show <jackpot>                            one jackpot's definition and pools
        pause <jackpot> [<pool>]                  stop contributions and wins (amount kept); every pool if none named
        resume <jackpot> [<pool>]                 take contributions and pay wins again; every pool if none named
        discontinue <jackpot> <pool> --reason R (--hold | --to <jackpot>/<pool>)
        define <jackpot> <definition.json>        create or change a jackpot (PUT)
        fx <rates.json>                           put exchange rates in force
        audit [--from T] [--to T]                 operator actions, oldest first
        wins [--jackpot J] [--from T] [--to T]    wins
        round <round id> [--operator O]           one recorded round: stake, shares, wins (a network token names O)
        reconcile                                 prove the ledger and the pools add up
      environment: JACKPOT_URL (default http://127.0.0.1:8080), JACKPOT_ADMIN_TOKEN (default dev-admin-token)""";

  private final PoolCommands pools;
  private final LedgerCommands ledger;

  Jackpotctl(String base, String token) {
    this(base, token, System.err::println);
  }

  /** {@code notes} about waiting go apart from the command's output (standard error by default). */
  Jackpotctl(String base, String token, Consumer<String> notes) {
    AdminApi api = new AdminApi(base, token, notes);
    this.pools = new PoolCommands(api);
    this.ledger = new LedgerCommands(api);
  }

  public static void main(String[] args) throws Exception {
    String url = System.getenv().getOrDefault("JACKPOT_URL", "http://127.0.0.1:8080");
    String token = System.getenv().getOrDefault("JACKPOT_ADMIN_TOKEN", "dev-admin-token");
    if (args.length == 0) {
      System.err.println(USAGE);
      System.exit(2);
    }
    try {
      System.out.print(new Jackpotctl(url, token).run(List.of(args)));
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
    } catch (AdminApi.Failed e) {
      System.err.println(e.getMessage());
      System.exit(1);
    }
  }

  String run(List<String> args) throws Exception {
    String command = args.get(0);
    List<String> rest = args.subList(1, args.size());
    return switch (command) {
      case "list" -> pools.list();
      case "show" -> pools.show(arg(rest, 0));
      case "pause", "resume" -> pools.change(command, rest);
      case "discontinue" -> pools.discontinue(rest);
      case "define" -> pools.define(arg(rest, 0), arg(rest, 1));
      case "fx" -> pools.fx(arg(rest, 0));
      case "audit" -> ledger.audit(rest);
      case "wins" -> ledger.wins(rest);
      case "round" -> ledger.round(rest);
      case "reconcile" -> ledger.reconcile();
      default -> throw new IllegalArgumentException("unknown command '" + command + "'\n" + USAGE);
    };
  }

  /** A JSON answer as the command's output. */
  static String pretty(JsonObject o) {
    return o.encodePrettily() + "\n";
  }
}
