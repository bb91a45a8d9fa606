package io.jackpot;

import io.jackpot.access.Credentials;
import io.jackpot.access.json.LiveCredentials;
import io.jackpot.catalogue.http.CatalogueFile;
import io.jackpot.config.ServiceConfig;
import io.jackpot.game.Games;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Starts one member from the environment and stops it cleanly on SIGTERM / Ctrl-C. */
public final class Main {
  /** Resolved on first use, after the log format is checked (logback configures itself then). */
  private static Logger log() {
    return LoggerFactory.getLogger(Main.class);
  }

  private Main() {}

  /** What a launcher adds around a member: scripts/run's local PostgreSQL, the demo players. */
  public interface Around {
    /** Runs before the member starts; an IllegalArgumentException refuses the start (exit 2). */
    default void check(Credentials credentials) {}

    /** Runs once the member is ready; what it returns is closed before the member stops. */
    AutoCloseable ready(JackpotNode node, Credentials credentials, PrintStream banner) throws Exception;

    /** Runs after the member stopped, or when the process stops before the member started. */
    void stopped();
  }

  private static final Around NOTHING = new Around() {
    @Override
    public AutoCloseable ready(JackpotNode node, Credentials credentials, PrintStream banner) {
      return () -> {};
    }

    @Override
    public void stopped() {}
  };

  public static void main(String[] args) {
    PrintStream banner = logging(System.getenv());
    if (args.length > 0) {
      log().error("usage: java -jar jackpot-service.jar   (no arguments; configuration through JACKPOT_* variables)");
      System.exit(2);
      return;
    }
    launch(System.getenv(), NOTHING, banner);
  }

  /**
   * Checks JACKPOT_LOG_FORMAT before the first log line (logback would stay silent on a bad one).
   * Returns where the human banner goes: stdout with text logs, nowhere with JSON logs.
   */
  public static PrintStream logging(Map<String, String> env) {
    String configured = env.get("JACKPOT_LOG_FORMAT");
    // Blank means unset, as for every other setting (and as logback.xml's ${JACKPOT_LOG_FORMAT:-text} reads it).
    String logFormat = configured == null || configured.isBlank() ? "text" : configured.trim();
    if (!logFormat.equals("text") && !logFormat.equals("json")) {
      System.err.println("bad configuration: JACKPOT_LOG_FORMAT must be text or json, got '" + logFormat + "'");
      System.exit(2);
    }
    // Logback reads system properties before the environment: it sees the value checked here.
    System.setProperty("JACKPOT_LOG_FORMAT", logFormat);
    return logFormat.equals("text") ? System.out : new PrintStream(OutputStream.nullOutputStream());
  }

  /** Starts a member from {@code env}; exits 2 on bad configuration, 1 on a failed start, 3 when its identity is lost. */
  public static void launch(Map<String, String> env, Around around, PrintStream banner) {
    ServiceConfig config;
    try {
      config = ServiceConfig.fromEnv(env);
    } catch (IllegalArgumentException e) {
      log().error("bad configuration: {}", e.getMessage());
      around.stopped();
      System.exit(2);
      return;
    }
    AtomicReference<AutoCloseable> extras = new AtomicReference<>();
    AtomicReference<JackpotNode> started = new AtomicReference<>();
    // Before anything that can fail or take long (credentials, migrations, waiting for a quorum):
    // every exit from here on, refused starts included, runs what the launcher must stop.
    Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(extras.get(), started.get(), around), "shutdown"));
    try {
      LiveCredentials live = LiveCredentials.load(env, Games.ids());
      Credentials credentials = live.get();
      around.check(credentials);
      JackpotNode node = JackpotNode.start(config, Clock.systemUTC(),
          () -> CatalogueFile.load(env.get("JACKPOT_INITIAL_CATALOGUE")).all(), live);
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
      extras.set(around.ready(node, credentials, banner));
    } catch (IllegalArgumentException e) {
      log().error("start-up refused: {}", e.getMessage());
      System.exit(2);
    } catch (Exception e) {
      log().error("start-up failed: {}", e.toString(), e);
      System.exit(1);
    }
  }

  private static void stop(AutoCloseable extras, JackpotNode node, Around around) {
    try {
      if (extras != null) {
        extras.close();
      }
      if (node != null) {
        node.close();
      }
    } catch (Exception e) {
      log().warn("shutdown: {}", e.toString());
    } finally {
      around.stopped();
    }
  }
}
