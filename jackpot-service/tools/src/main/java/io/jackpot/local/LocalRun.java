package io.jackpot.local;

import io.jackpot.JackpotNode;
import io.jackpot.Main;
import io.jackpot.access.Credentials;
import io.jackpot.config.ServiceConfig;
import io.jackpot.config.env.EnvVars;
import io.jackpot.sim.DemoJackpots;
import io.jackpot.sim.DemoPlayers;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * scripts/run: one member with a PostgreSQL of its own when JACKPOT_PG_URL is unset; with --demo,
 * the demo's jackpots and players.
 */
public final class LocalRun implements Main.Around {
  private final Demo demo;
  private LocalPostgres postgres;

  private LocalRun(Demo demo) {
    this.demo = demo;
  }

  public static void main(String[] args) {
    Map<String, String> env = new HashMap<>(System.getenv());
    PrintStream banner = Main.logging(env);
    Logger log = LoggerFactory.getLogger(LocalRun.class);
    boolean demo = args.length == 1 && args[0].equals("--demo");
    if (args.length > 0 && !demo) {
      log.error("usage: scripts/run [--demo]");
      System.exit(2);
      return;
    }
    LocalRun run;
    try {
      run = new LocalRun(demo ? Demo.fromEnv(env) : null);
      if (blank(env.get("JACKPOT_PG_URL"))) {
        // Checked before PostgreSQL is provisioned: a bad setting refuses the start with nothing begun.
        ServiceConfig.fromEnv(env);
        Path dataDir = Path.of(env.getOrDefault("JACKPOT_DATA_DIR", ".data"));
        // Until Main's own hook takes over: a stop while PostgreSQL starts stops it too.
        Thread early = new Thread(LocalPostgres::closeAll, "local-postgres-stop");
        Runtime.getRuntime().addShutdownHook(early);
        run.postgres = LocalPostgres.start(dataDir.resolve("pg"));
        Runtime.getRuntime().removeShutdownHook(early);
        log.info("local PostgreSQL up on port {}", run.postgres.port());
        env.put("JACKPOT_PG_URL", run.postgres.url());
      }
    } catch (IllegalArgumentException e) {
      log.error("bad configuration: {}", e.getMessage());
      System.exit(2);
      return;
    } catch (Exception e) {
      log.error("start-up failed: {}", e.toString(), e);
      LocalPostgres.closeAll();
      System.exit(1);
      return;
    }
    Main.launch(env, run, banner);
  }

  @Override
  public void check(Credentials credentials) {
    if (demo != null && !credentials.isDev()) {
      throw new IllegalArgumentException("--demo plays with the development game key; it is not for configured credentials");
    }
  }

  @Override
  public AutoCloseable ready(JackpotNode node, Credentials credentials, PrintStream banner) throws Exception {
    if (demo == null) {
      return () -> {};
    }
    // Before the players, so their first rounds feed it too.
    for (String id : DemoJackpots.defineMissing("http://127.0.0.1:" + node.adminPort(), Credentials.DEV_ADMIN_TOKEN)) {
      LoggerFactory.getLogger(LocalRun.class).info("demo: defined jackpot {}", id);
    }
    DemoPlayers players = DemoPlayers.start("http://127.0.0.1:" + node.httpPort(), Credentials.DEV_GAME_KEY, demo.players(),
        Duration.ofMillis(demo.paceMs()), demo.jackpotOneIn(), System.nanoTime());
    banner.printf("Demo: %d simulated players per seed game, Candy Daily Drops (%s) for the candy games; watch http://127.0.0.1:%d/%n%n",
        demo.players(), DemoJackpots.CANDY_DROPS, node.httpPort());
    return players;
  }

  @Override
  public void stopped() {
    if (postgres != null) {
      try {
        postgres.close();
      } catch (IOException e) {
        LoggerFactory.getLogger(LocalRun.class).warn("stopping the local PostgreSQL: {}", e.toString());
      }
    }
  }

  private static boolean blank(String value) {
    return value == null || value.isBlank();
  }

  /** The simulated players of {@code --demo}: JACKPOT_DEMO_PLAYERS, _PACE_MS, _JACKPOT_ONE_IN (docs/configuration.md). */
  private record Demo(int players, long paceMs, long jackpotOneIn) {
    static Demo fromEnv(Map<String, String> env) {
      return new Demo((int) EnvVars.whole(env, "JACKPOT_DEMO_PLAYERS", 3, 1, 1_000), EnvVars.whole(env, "JACKPOT_DEMO_PACE_MS", 250, 1, 60_000),
          EnvVars.whole(env, "JACKPOT_DEMO_JACKPOT_ONE_IN", 2_000, 1, Long.MAX_VALUE));
    }
  }
}
