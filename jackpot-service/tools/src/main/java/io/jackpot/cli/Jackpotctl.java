package io.jackpot.cli;

import io.vertx.core.json.JsonObject;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

  private final String base;
  private final String token;
  private final HttpClient http = HttpClient.newHttpClient();
  /** Where notes about waiting go (standard error): never the command's output. */
  private final Consumer<String> notes;

  Jackpotctl(String base, String token) {
    this(base, token, System.err::println);
  }

  Jackpotctl(String base, String token, Consumer<String> notes) {
    this.base = base;
    this.token = token;
    this.notes = notes;
  }

  /**
   * How often a read refused 503 BUSY (another read of its kind running on the member: a
   * reconciliation, a count, a page of wins or audit entries) is sent again, after the answer's
   * Retry-After each time.
   */
  static final int BUSY_TRIES = 30;

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
    } catch (Failed e) {
      System.err.println(e.getMessage());
      System.exit(1);
    }
  }

  /** A request the service refused: its status and error body. */
  static final class Failed extends RuntimeException {
    Failed(String message) {
      super(message, null, false, false);
    }
  }

  String run(List<String> args) throws Exception {
    String command = args.get(0);
    List<String> rest = args.subList(1, args.size());
    return switch (command) {
      case "list" -> list();
      case "show" -> show(arg(rest, 0));
      case "pause", "resume" -> rest.size() == 1 ? changeAll(command, arg(rest, 0)) : change(command, arg(rest, 0), arg(rest, 1));
      case "discontinue" -> discontinue(rest);
      case "define" -> define(arg(rest, 0), arg(rest, 1));
      case "fx" -> json(call("PUT", "/v1/admin/fx-rates", Files.readString(Path.of(arg(rest, 0)))));
      case "audit" -> audit(rest);
      case "wins" -> wins(rest);
      case "round" -> json(call("GET", roundPath(rest), null));
      case "reconcile" -> reconcile();
      default -> throw new IllegalArgumentException("unknown command '" + command + "'\n" + USAGE);
    };
  }

  private String list() throws Exception {
    Table t = new Table("JACKPOT", "POOL", "STATE", "AMOUNT", "SEED", "WINS", "TRIGGER", "PENDING");
    for (Object j : call("GET", "/v1/admin/jackpots", null).getJsonArray("jackpots")) {
      JsonObject jackpot = (JsonObject) j;
      for (Object p : jackpot.getJsonArray("pools")) {
        JsonObject pool = (JsonObject) p;
        JsonObject pending = pool.getJsonObject("pendingChange");
        t.row(jackpot.getString("id"), pool.getString("key"), pool.getString("state"), pool.getString("amount"),
            pool.getString("seed"), pool.getLong("sequence"), pool.getJsonObject("trigger").getString("type"),
            pending == null ? null : pendingTerms(pending));
      }
    }
    return t.render();
  }

  /** A pool's terms to come (its pendingChange), in one line: every term, ceiling and overflow when set. */
  static String pendingTerms(JsonObject pending) {
    StringBuilder s = new StringBuilder("seed ").append(pending.getString("seed"))
        .append(", rate ").append(pending.getString("rate"))
        .append(", reserve ").append(pending.getString("reserveRate"));
    if (pending.getString("ceiling") != null) {
      s.append(", ceiling ").append(pending.getString("ceiling"));
    }
    JsonObject overflow = pending.getJsonObject("overflowTo");
    if (overflow != null) {
      s.append(", overflow to ").append(overflow.getString("jackpotId")).append('/').append(overflow.getString("poolKey"));
    }
    return s.append(", ").append(pending.getJsonObject("trigger").getString("type")).toString();
  }

  private String show(String jackpot) throws Exception {
    JsonObject j = call("GET", "/v1/admin/jackpots/" + jackpot, null);
    return j.getJsonObject("definition").encodePrettily() + "\n";
  }

  private String change(String what, String jackpot, String pool) throws Exception {
    JsonObject r = call("POST", "/v1/admin/jackpots/" + jackpot + "/pools/" + pool + "/" + what, null);
    return new Table("JACKPOT", "POOL", "STATE", "AMOUNT", "CHANGED")
        .row(jackpot, pool, r.getString("state"), r.getString("amount"), r.getBoolean("changed")).render();
  }

  private String changeAll(String what, String jackpot) throws Exception {
    Table t = new Table("JACKPOT", "POOL", "STATE", "AMOUNT", "CHANGED");
    for (Object p : call("POST", "/v1/admin/jackpots/" + jackpot + "/" + what, null).getJsonArray("pools")) {
      JsonObject pool = (JsonObject) p;
      t.row(jackpot, pool.getString("poolKey"), pool.getString("state"), pool.getString("amount"), pool.getBoolean("changed"));
    }
    return t.render();
  }

  private String discontinue(List<String> args) throws Exception {
    JsonObject body = new JsonObject().put("reason", option(args, "--reason"));
    String to = option(args, "--to");
    if (args.contains("--hold") == (to != null)) {
      throw new IllegalArgumentException("give either --hold or --to <jackpot>/<pool>");
    }
    if (to != null) {
      String[] parts = to.split("/", 2);
      body.put("transferTo", new JsonObject().put("jackpotId", parts[0]).put("poolKey", parts.length > 1 ? parts[1] : ""));
    } else {
      body.put("hold", true);
    }
    return json(call("POST", "/v1/admin/jackpots/" + arg(args, 0) + "/pools/" + arg(args, 1) + "/discontinue", body.encode()));
  }

  private String define(String jackpot, String file) throws Exception {
    call("PUT", "/v1/admin/jackpots/" + jackpot, Files.readString(Path.of(file)));
    return list();
  }

  private String audit(List<String> args) throws Exception {
    Table t = new Table("AT", "ACTOR", "ACTION", "TARGET", "BEFORE", "AFTER");
    for (JsonObject entry : everyPage("/v1/admin/audit" + query(args, "from", "to"), "entries")) {
      t.row(entry.getString("at"), entry.getString("actor"), entry.getString("action"), entry.getString("target"),
          brief(entry.getValue("before")), brief(entry.getValue("after")));
    }
    return t.render();
  }

  private String wins(List<String> args) throws Exception {
    Table t = new Table("WON AT", "WIN", "JACKPOT", "POOL", "SEQ", "AMOUNT", "TRIGGER", "PLAYER", "OPERATOR");
    for (JsonObject win : everyPage("/v1/admin/wins" + query(args, "jackpot", "from", "to").replace("jackpot=", "jackpotId="), "wins")) {
      t.row(win.getString("wonAt"), win.getString("winId"), win.getString("jackpotId"), win.getString("poolKey"),
          win.getLong("sequence"), win.getString("amount"), win.getString("trigger"), win.getString("playerId"),
          win.getString("operatorId"));
    }
    return t.render();
  }

  /** Every item of a paged listing: its pages in turn, each continuing after the last ({@code next}). */
  private List<JsonObject> everyPage(String path, String items) throws Exception {
    List<JsonObject> all = new ArrayList<>();
    String after = null;
    do {
      String page = path + (after == null ? "" : (path.contains("?") ? "&" : "?") + "after=" + URLEncoder.encode(after, StandardCharsets.UTF_8));
      JsonObject answer = call("GET", page, null);
      answer.getJsonArray(items).forEach(o -> all.add((JsonObject) o));
      after = answer.getString("next");
    } while (after != null);
    return all;
  }

  private String reconcile() throws Exception {
    JsonObject r = call("GET", "/v1/admin/reconciliation", null);
    Table t = new Table("JACKPOT", "POOL", "SEEDS", "CONTRIBUTIONS", "IN", "AWARDS", "OUT", "LEDGER", "LIVE", "OK");
    for (Object p : r.getJsonArray("pools")) {
      JsonObject pool = (JsonObject) p;
      t.row(pool.getString("jackpotId"), pool.getString("poolKey"), pool.getString("seeds"), pool.getString("contributions"),
          pool.getString("transfersIn"), pool.getString("awards"), pool.getString("transfersOut"), pool.getString("ledgerBalance"),
          pool.getString("liveBalance"), pool.getBoolean("balanced") && pool.getBoolean("matchesLive") ? "yes" : "NO");
    }
    JsonObject total = r.getJsonObject("totals");
    t.row("TOTAL", "", total.getString("seeds"), total.getString("contributions"), total.getString("transfersIn"),
        total.getString("awards"), total.getString("transfersOut"), total.getString("ledgerBalance"), total.getString("liveBalance"),
        r.getBoolean("balanced") ? "yes" : "NO");
    return t.render() + (r.getBoolean("balanced") ? "BALANCED\n" : "NOT BALANCED\n");
  }

  JsonObject call(String method, String path, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", "Bearer " + token)
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      b.header("Content-Type", "application/json");
    }
    HttpResponse<String> r;
    for (int tries = 1; ; tries++) {
      try {
        r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
      } catch (ConnectException e) {
        throw new Failed("cannot reach the service at " + base + " (set JACKPOT_URL)");
      }
      long wait = busyWait(method, r);
      if (wait < 0 || tries == BUSY_TRIES) {
        break;
      }
      notes.accept(method + " " + path + ": the member is busy with another read of its kind; trying again in " + wait + " s");
      Thread.sleep(wait * 1000);
    }
    if (r.statusCode() >= 400) {
      JsonObject error = new JsonObject(r.body()).getJsonObject("error");
      throw new Failed(method + " " + path + " -> " + r.statusCode() + " " + error.getString("code") + ": " + error.getString("message"));
    }
    return new JsonObject(r.body());
  }

  /**
   * Seconds to wait before sending a read again that the member refused 503 BUSY (its Retry-After,
   * 1 to 10), or -1: anything else is final, and a change (not a GET) is never sent again by itself.
   */
  static long busyWait(String method, HttpResponse<String> r) {
    if (!"GET".equals(method) || r.statusCode() != 503) {
      return -1;
    }
    try {
      if (!"BUSY".equals(new JsonObject(r.body()).getJsonObject("error").getString("code"))) {
        return -1;
      }
    } catch (RuntimeException notOurs) {
      return -1;
    }
    long after;
    try {
      after = r.headers().firstValueAsLong("Retry-After").orElse(1);
    } catch (NumberFormatException aDate) {
      after = 1;
    }
    return Math.max(1, Math.min(10, after));
  }

  private static String json(JsonObject o) {
    return o.encodePrettily() + "\n";
  }

  private static String brief(Object v) {
    if (v == null) {
      return null;
    }
    String s = v instanceof JsonObject o && o.containsKey("status") ? o.getString("status") + " " + o.getString("amount") : String.valueOf(v);
    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
  }

  private static String arg(List<String> args, int i) {
    List<String> plain = new ArrayList<>();
    for (int k = 0; k < args.size(); k++) {
      if (args.get(k).startsWith("--")) {
        k += args.get(k).equals("--hold") ? 0 : 1;
        continue;
      }
      plain.add(args.get(k));
    }
    if (i >= plain.size()) {
      throw new IllegalArgumentException("missing argument\n" + USAGE);
    }
    return plain.get(i);
  }

  /** GET /v1/admin/rounds for {@code round <round id> [--operator <operator>]}. */
  private static String roundPath(List<String> rest) {
    String operator = option(rest, "--operator");
    return "/v1/admin/rounds?roundId=" + URLEncoder.encode(arg(rest, 0), StandardCharsets.UTF_8)
        + (operator == null ? "" : "&operatorId=" + URLEncoder.encode(operator, StandardCharsets.UTF_8));
  }

  private static String option(List<String> args, String name) {
    int i = args.indexOf(name);
    return i < 0 || i + 1 >= args.size() ? null : args.get(i + 1);
  }

  private static String query(List<String> args, String... names) {
    StringBuilder q = new StringBuilder();
    for (String n : names) {
      String v = option(args, "--" + n);
      if (v != null) {
        q.append(q.length() == 0 ? "?" : "&").append(n).append('=').append(URLEncoder.encode(v, StandardCharsets.UTF_8));
      }
    }
    return q.toString();
  }

}
