package io.jackpot;

import io.jackpot.config.ServiceConfig;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Starts one member from the environment and stops it cleanly on SIGTERM / Ctrl-C. */
public final class Main {
  private static final Logger log = LoggerFactory.getLogger(Main.class);

  private Main() {}

  public static void main(String[] args) {
    ServiceConfig config;
    try {
      config = ServiceConfig.fromEnv(System.getenv());
    } catch (IllegalArgumentException e) {
      log.error("bad configuration: {}", e.getMessage());
      System.exit(2);
      return;
    }
    try {
      var credentials = io.jackpot.access.CredentialsLoader.load(System.getenv(), io.jackpot.game.Games.ids());
      JackpotNode node = JackpotNode.start(config, Clock.systemUTC(), io.jackpot.jackpot.DefaultCatalogue.create(), credentials);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          node.close();
        } catch (Exception e) {
          log.warn("shutdown: {}", e.toString());
        }
      }, "shutdown"));
      System.out.printf("%nJackpot service ready: http://127.0.0.1:%d/v1/jackpots%n", node.httpPort());
      if (credentials.isDev()) {
        System.out.printf("  game key:     dev-game-key (operator demo, all seed games)%n");
        System.out.printf("  admin token:  dev-admin-token   viewer token: dev-viewer-token%n%n");
      } else {
        System.out.printf("  credentials:  %d game keys, %d admin tokens configured%n%n", credentials.gameKeys(), credentials.adminTokens());
      }
    } catch (IllegalArgumentException e) {
      log.error("start-up refused: {}", e.getMessage());
      System.exit(2);
    } catch (Exception e) {
      log.error("start-up failed: {}", e.toString(), e);
      System.exit(1);
    }
  }
}
