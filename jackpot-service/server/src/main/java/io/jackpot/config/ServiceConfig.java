package io.jackpot.config;

import io.jackpot.award.ClaimRounds;
import io.jackpot.award.PublicWins;
import io.jackpot.cluster.ClusterSettings;
import io.jackpot.config.env.EnvVars;
import io.jackpot.config.env.Profile;
import io.jackpot.ledger.DatabaseTls;
import io.jackpot.ticker.TickerSettings;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything the service reads from its environment, validated once at start; an error names the
 * variable. See docs/configuration.md.
 *
 * @param adminPort the port of the admin API and /metrics, or null to serve them on {@code httpPort}
 * @param pgUrl the ledger's database; null only until a launcher provides one (a member refuses to start without)
 * @param pgTls the files for TLS to the database ({@link DatabaseTls#NONE} for none)
 * @param pgTimeout the silence after which a hot-path connection is closed; a database cut off
 *     without a reset is then given up in seconds, not the kernel's ~15 minutes
 * @param streamPing how often a contribution stream is pinged (closed if the last ping went unanswered)
 * @param publicWins what the public reads (ticker, GET /v1/jackpots) show of a win
 * @param claimRounds what a claim's round must be before a pool pays it
 * @param claimsPerSecond the claims one game key may make per second on one member (more: 429)
 * @param http the bounds on slow, idle and too many connections of one client
 */
public record ServiceConfig(int httpPort, Integer adminPort, String pgUrl, DatabaseTls pgTls, int pgPoolSize, Duration pgTimeout,
    ClusterSettings cluster, TickerSettings ticker, Duration streamPing, PublicWins publicWins, ClaimRounds claimRounds,
    int claimsPerSecond, HttpLimits http) {

  public static ServiceConfig fromEnv(Map<String, String> env) {
    checkLogLevels(env);
    ClusterSettings cluster = cluster(env);
    String pgUrl = blankAsNull(env.get("JACKPOT_PG_URL"));
    DatabaseTls pgTls = pgTls(env, pgUrl);
    int httpPort = intVar(env, "JACKPOT_HTTP_PORT", 8080, 0, 65535);
    Integer adminPort = adminPort(env, httpPort);
    return new ServiceConfig(
        httpPort,
        adminPort,
        pgUrl,
        pgTls,
        intVar(env, "JACKPOT_PG_POOL_SIZE", 8, 1, 200),
        Duration.ofSeconds(intVar(env, "JACKPOT_PG_TIMEOUT_SECONDS", 15, 1, 3600)),
        cluster,
        ticker(env),
        Duration.ofSeconds(intVar(env, "JACKPOT_STREAM_PING_SECONDS", 30, 1, 3600)),
        EnvVars.choice("JACKPOT_PUBLIC_WINS", env.get("JACKPOT_PUBLIC_WINS"), PublicWins.FULL),
        claimRounds(env),
        intVar(env, "JACKPOT_CLAIMS_PER_SECOND", 20, 1, 100_000),
        httpLimits(env));
  }

  private static void checkLogLevels(Map<String, String> env) {
    for (String level : List.of("JACKPOT_LOG_LEVEL", "JACKPOT_CLIENT_ERROR_LOG_LEVEL")) {
      String v = env.get(level);
      // logback reads these itself and takes an unknown level (WARNING) as DEBUG, silently.
      if (v != null && !v.isBlank()
          && !List.of("ALL", "TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF").contains(v.trim().toUpperCase(Locale.ROOT))) {
        throw new IllegalArgumentException(level + " must be one of ALL, TRACE, DEBUG, INFO, WARN, ERROR, OFF; got '" + v + "'");
      }
    }
  }

  private static ClusterSettings cluster(Map<String, String> env) {
    List<String> members = Arrays.stream(env.getOrDefault("JACKPOT_HZ_MEMBERS", "127.0.0.1").split(","))
        .map(String::trim).filter(s -> !s.isEmpty()).toList();
    return new ClusterSettings(
        env.getOrDefault("JACKPOT_CLUSTER_NAME", "jackpot"),
        intVar(env, "JACKPOT_HZ_PORT", 5701, 1, 65535),
        members,
        env.getOrDefault("JACKPOT_HZ_INTERFACE", "127.0.0.1"),
        intVar(env, "JACKPOT_ROUND_CLAIM_TTL_SECONDS", 600, 60, 86_400),
        intVar(env, "JACKPOT_MIN_MEMBERS", 1, 1, 99),
        blankAsNull(env.get("JACKPOT_HZ_KUBERNETES_SERVICE")),
        intVar(env, "JACKPOT_HZ_HEARTBEAT_TIMEOUT_SECONDS", ClusterSettings.DEFAULT_HEARTBEAT_TIMEOUT_SECONDS, 10, 300));
  }

  private static DatabaseTls pgTls(Map<String, String> env, String pgUrl) {
    if (pgUrl == null && DatabaseTls.VARIABLES.stream().anyMatch(v -> blankAsNull(env.get(v)) != null)) {
      throw new IllegalArgumentException(String.join(", ", DatabaseTls.VARIABLES)
          + " are for an external PostgreSQL (JACKPOT_PG_URL), which is not set; the local one takes no TLS settings");
    }
    return DatabaseTls.fromEnv(env);
  }

  private static Integer adminPort(Map<String, String> env, int httpPort) {
    Integer adminPort = blankAsNull(env.get("JACKPOT_ADMIN_PORT")) == null ? null : intVar(env, "JACKPOT_ADMIN_PORT", 0, 1, 65535);
    if (adminPort != null && adminPort == httpPort) {
      throw new IllegalArgumentException("JACKPOT_ADMIN_PORT must differ from JACKPOT_HTTP_PORT (" + httpPort
          + "); leave it unset to serve the admin API and /metrics on the API's port");
    }
    return adminPort;
  }

  private static TickerSettings ticker(Map<String, String> env) {
    return new TickerSettings(
        Duration.ofMillis(intVar(env, "JACKPOT_TICKER_INTERVAL_MS", 3000, 100, 60_000)),
        Duration.ofMillis(250),
        intVar(env, "JACKPOT_TICKER_MAX_QUEUE_KB", 256, 4, 65_536) * 1024,
        Duration.ofSeconds(intVar(env, "JACKPOT_TICKER_PING_SECONDS", 30, 1, 3600)),
        intVar(env, "JACKPOT_HTTP_SEND_BUFFER_BYTES", 0, 0, 16 * 1024 * 1024),
        intVar(env, "JACKPOT_TICKER_MAX_SUBSCRIBERS", TickerSettings.DEFAULT_MAX_SUBSCRIBERS, 1, 1_000_000),
        intVar(env, "JACKPOT_TICKER_MAX_SUBSCRIBERS_PER_CLIENT", TickerSettings.DEFAULT_MAX_SUBSCRIBERS_PER_CLIENT, 1, 1_000_000));
  }

  private static HttpLimits httpLimits(Map<String, String> env) {
    return new HttpLimits(
        Duration.ofSeconds(intVar(env, "JACKPOT_HTTP_HEADER_TIMEOUT_SECONDS", HttpLimits.DEFAULT_HEADER_TIMEOUT_SECONDS, 1, 300)),
        Duration.ofSeconds(intVar(env, "JACKPOT_HTTP_IDLE_TIMEOUT_SECONDS", HttpLimits.DEFAULT_IDLE_TIMEOUT_SECONDS, 1, 3600)),
        intVar(env, "JACKPOT_HTTP_MAX_CONNECTIONS_PER_CLIENT", HttpLimits.DEFAULT_MAX_CONNECTIONS_PER_CLIENT, 1, 1_000_000));
  }

  /**
   * JACKPOT_CLAIM_ROUNDS: any by default, recorded under the production profile, where any is
   * refused: a leaked game key would be paid on made-up round ids.
   */
  private static ClaimRounds claimRounds(Map<String, String> env) {
    boolean production = Profile.fromEnv(env) == Profile.PRODUCTION;
    ClaimRounds rounds = EnvVars.choice("JACKPOT_CLAIM_ROUNDS", env.get("JACKPOT_CLAIM_ROUNDS"),
        production ? ClaimRounds.RECORDED : ClaimRounds.ANY);
    if (production && rounds == ClaimRounds.ANY) {
      throw new IllegalArgumentException("JACKPOT_CLAIM_ROUNDS=any is refused under JACKPOT_PROFILE=production: a claim must"
          + " name a recorded round of its game and player that fed the pool (leave it unset, or set it to recorded)");
    }
    return rounds;
  }

  private static String blankAsNull(String value) {
    return value == null || value.isBlank() ? null : value.trim();
  }

  private static int intVar(Map<String, String> env, String name, int fallback, int min, int max) {
    return (int) EnvVars.whole(env, name, fallback, min, max);
  }

  public ServiceConfig withHttpPort(int port) {
    return new ServiceConfig(port, adminPort, pgUrl, pgTls, pgPoolSize, pgTimeout, cluster, ticker,
        streamPing, publicWins, claimRounds, claimsPerSecond, http);
  }

  public ServiceConfig withAdminPort(Integer port) {
    return new ServiceConfig(httpPort, port, pgUrl, pgTls, pgPoolSize, pgTimeout, cluster, ticker,
        streamPing, publicWins, claimRounds, claimsPerSecond, http);
  }

  public ServiceConfig withPgUrl(String url) {
    return new ServiceConfig(httpPort, adminPort, url, pgTls, pgPoolSize, pgTimeout, cluster, ticker,
        streamPing, publicWins, claimRounds, claimsPerSecond, http);
  }

  public ServiceConfig withCluster(ClusterSettings settings) {
    return new ServiceConfig(httpPort, adminPort, pgUrl, pgTls, pgPoolSize, pgTimeout, settings, ticker,
        streamPing, publicWins, claimRounds, claimsPerSecond, http);
  }

  public ServiceConfig withTicker(TickerSettings settings) {
    return new ServiceConfig(httpPort, adminPort, pgUrl, pgTls, pgPoolSize, pgTimeout, cluster, settings,
        streamPing, publicWins, claimRounds, claimsPerSecond, http);
  }
}
