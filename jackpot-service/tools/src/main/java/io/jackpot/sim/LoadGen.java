package io.jackpot.sim;

import io.jackpot.access.Credentials;
import io.jackpot.config.env.EnvVars;
import io.jackpot.sdk.ContributorConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code scripts/loadgen}: simulated game instances against a running service, a progress line a second, then the summary.
 * Exits 0 for a run to trust ({@link LoadRun.Summary#ok}), 1 otherwise, 2 for bad arguments or no ready service.
 */
public final class LoadGen {
  private static final String USAGE = """
      usage: scripts/loadgen [--endpoint URL[,URL...]] [--instances N] [--seconds S | --rounds R] [--batch B]
                             [--in-flight F] [--jackpot-one-in N] [--game-key K] [--admin-token T] [--transport http1|http2|websocket]
                             [--admin-endpoint URL[,URL...]]
        defaults: http://127.0.0.1:8080, 8 instances, 30 seconds, batches of 500, 2000 rounds in
        flight per instance, the games' own jackpots one round in 5000, dev-game-key, dev-viewer-token,
        the SDK's default transport (websocket);
        several endpoints (members of one cluster): instance i starts at the i-th and fails over to the others;
        --admin-endpoint: where the ledger check asks (the members' JACKPOT_ADMIN_PORT), default the endpoints""";

  private LoadGen() {}

  public static void main(String[] args) throws Exception {
    Locale.setDefault(Locale.ROOT); // figures with a decimal point, whatever the machine's language
    LoadRun.Settings settings;
    try {
      settings = parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
      return;
    }
    if (!settings.endpoints().stream().allMatch(LoadGen::ready)) {
      System.err.println("loadgen: no ready service at " + settings.endpoint() + " (GET /health/ready); start one with scripts/run");
      System.exit(2);
      return;
    }
    System.err.printf("loadgen: %d instances against %s, %s%n", settings.instances(), settings.endpoint(),
        settings.rounds() > 0 ? settings.rounds() + " rounds" : settings.seconds() + " s");
    LoadRun.Summary s = new LoadRun(settings, System.err).run();
    SummaryReport.print(s, System.out);
    System.exit(s.ok() ? 0 : 1);
  }

  private static boolean ready(String endpoint) {
    try {
      var request = HttpRequest.newBuilder(URI.create(endpoint + "/health/ready"))
          .timeout(Duration.ofSeconds(5)).build();
      return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.discarding())
          .statusCode() == 200;
    } catch (IOException | IllegalArgumentException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  static LoadRun.Settings parse(String[] args) {
    Map<String, String> o = new HashMap<>();
    for (int i = 0; i < args.length; i += 2) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException("expected --option value, got '" + args[i] + "'");
      }
      o.put(args[i].substring(2), args[i + 1]);
    }
    var known = Set.of("endpoint", "instances", "seconds", "rounds", "batch", "in-flight", "jackpot-one-in", "game-key",
        "admin-token", "transport", "admin-endpoint");
    o.keySet().stream().filter(k -> !known.contains(k)).findFirst().ifPresent(k -> {
      throw new IllegalArgumentException("unknown option --" + k);
    });
    if (o.containsKey("seconds") && o.containsKey("rounds")) {
      throw new IllegalArgumentException("--seconds or --rounds, not both");
    }
    return new LoadRun.Settings(o.getOrDefault("endpoint", "http://127.0.0.1:8080"),
        o.getOrDefault("game-key", Credentials.DEV_GAME_KEY),
        o.getOrDefault("admin-token", Credentials.DEV_VIEWER_TOKEN), (int) number(o, "instances", 8, 1, 10_000),
        number(o, "rounds", 0, 0, Long.MAX_VALUE), (int) number(o, "seconds", 30, 1, 86_400), (int) number(o, "batch", 500, 1, 1_000),
        (int) number(o, "in-flight", 2000, 1, 1_000_000), number(o, "jackpot-one-in", 5000, 1, Long.MAX_VALUE),
        transport(o.getOrDefault("transport", "websocket")), o.get("admin-endpoint"));
  }

  private static ContributorConfig.Transport transport(String raw) {
    return switch (raw) {
      case "http1" -> ContributorConfig.Transport.HTTP_1_1;
      case "http2" -> ContributorConfig.Transport.HTTP_2;
      case "websocket" -> ContributorConfig.Transport.WEBSOCKET;
      default -> throw new IllegalArgumentException("--transport must be http1, http2 or websocket, got '" + raw + "'");
    };
  }

  /** A whole-number option within bounds (the service's own setting parser, so the messages match). */
  private static long number(Map<String, String> o, String name, long fallback, long min, long max) {
    String raw = o.get(name);
    return raw == null ? fallback : EnvVars.whole(Map.of("--" + name, raw), "--" + name, fallback, min, max);
  }
}
