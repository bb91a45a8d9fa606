package io.jackpot;

import io.jackpot.access.Credentials;
import io.jackpot.config.EnvVars;
import io.jackpot.config.ServiceConfig;
import java.time.Clock;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Starts one member from the environment and stops it cleanly on SIGTERM / Ctrl-C. */
public final class Main {
  /** Resolved on first use, after the log format is checked (logback configures itself then). */
  private static Logger log() {
    return LoggerFactory.getLogger(Main.class);
  }

  private Main() {}

  public static void main(String[] args) {
    String configured = System.getenv("JACKPOT_LOG_FORMAT");
    // Blank means unset, as for every other setting (and as logback.xml's ${JACKPOT_LOG_FORMAT:-text} reads it).
    String logFormat = configured == null || configured.isBlank() ? "text" : configured.trim();
    if (!logFormat.equals("text") && !logFormat.equals("json")) {
      // Checked before the first log line: logback would have no appender for it and stay silent.
      System.err.println("bad configuration: JACKPOT_LOG_FORMAT must be text or json, got '" + logFormat + "'");
      System.exit(2);
      return;
    }
    // Logback reads system properties before the environment: it sees the value checked here.
    System.setProperty("JACKPOT_LOG_FORMAT", logFormat);
    // The human banner goes to stdout only with text logs; JSON logs stay pure JSON lines.
    java.io.PrintStream banner = logFormat.equals("text") ? System.out : new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
    boolean demo = args.length == 1 && args[0].equals("--demo");
    if (args.length > 0 && !demo) {
      log().error("usage: java -jar jackpot-service.jar [--demo]");
      System.exit(2);
      return;
    }
    ServiceConfig config;
    try {
      config = ServiceConfig.fromEnv(System.getenv());
    } catch (IllegalArgumentException e) {
      log().error("bad configuration: {}", e.getMessage());
      System.exit(2);
      return;
    }
    try {
      var live = io.jackpot.access.LiveCredentials.load(System.getenv(), io.jackpot.game.Games.ids());
      var credentials = live.get();
      Demo demoSettings = demo ? Demo.fromEnv(System.getenv(), credentials.isDev()) : null;
      // Read only for a fresh ledger: a file edited or removed after the first start cannot stop a restart.
      var players = new java.util.concurrent.atomic.AtomicReference<io.jackpot.sim.DemoPlayers>();
      var started = new java.util.concurrent.atomic.AtomicReference<JackpotNode>();
      // Before the start, which can take long (migrations, waiting for a quorum): stopped meanwhile,
      // the local PostgreSQL it may have started is stopped too (nothing else stops it).
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          if (players.get() != null) {
            players.get().close();
          }
          if (started.get() != null) {
            started.get().close();
          } else {
            io.jackpot.ledger.pg.LocalPostgres.closeAll();
          }
        } catch (Exception e) {
          log().warn("shutdown: {}", e.toString());
        }
      }, "shutdown"));
      JackpotNode node = JackpotNode.start(config, Clock.systemUTC(),
          () -> io.jackpot.jackpot.http.CatalogueFile.load(System.getenv("JACKPOT_INITIAL_CATALOGUE")).all(), live);
      started.set(node);
      // After the hook: the clean stop runs before the exit (code 3: start again as a new member).
      node.identityLost().thenRun(() -> new Thread(() -> System.exit(3), "restart-as-new-member").start());
      banner.printf("%nJackpot service ready: http://127.0.0.1:%d/v1/jackpots%n", node.httpPort());
      if (credentials.isDev()) {
        banner.printf("  game key:     %s (operator demo, all seed games)%n", Credentials.DEV_GAME_KEY);
        banner.printf("  admin token:  %s   viewer token: %s%n%n", Credentials.DEV_ADMIN_TOKEN, Credentials.DEV_VIEWER_TOKEN);
      } else {
        banner.printf("  credentials:  %d game keys, %d admin tokens configured%n%n", credentials.gameKeys(), credentials.adminTokens());
      }
      if (demoSettings != null) {
        players.set(io.jackpot.sim.DemoPlayers.start("http://127.0.0.1:" + node.httpPort(), Credentials.DEV_GAME_KEY, demoSettings.players(),
            java.time.Duration.ofMillis(demoSettings.paceMs()), demoSettings.jackpotOneIn(), System.nanoTime()));
        banner.printf("Demo: %d simulated players per seed game; watch http://127.0.0.1:%d/%n%n", demoSettings.players(), node.httpPort());
      }
    } catch (IllegalArgumentException e) {
      log().error("start-up refused: {}", e.getMessage());
      System.exit(2);
    } catch (Exception e) {
      log().error("start-up failed: {}", e.toString(), e);
      System.exit(1);
    }
  }

  /** The simulated players of {@code --demo}: JACKPOT_DEMO_PLAYERS, _PACE_MS, _JACKPOT_ONE_IN (README.md). */
  private record Demo(int players, long paceMs, long jackpotOneIn) {
    static Demo fromEnv(Map<String, String> env, boolean devCredentials) {
      if (!devCredentials) {
        throw new IllegalArgumentException("--demo plays with the development game key; it is not for configured credentials");
      }
      return new Demo((int) EnvVars.whole(env, "JACKPOT_DEMO_PLAYERS", 3, 1, 1_000), EnvVars.whole(env, "JACKPOT_DEMO_PACE_MS", 250, 1, 60_000),
          EnvVars.whole(env, "JACKPOT_DEMO_JACKPOT_ONE_IN", 2_000, 1, Long.MAX_VALUE));
    }
  }
}
