package io.jackpot.cli;

import io.jackpot.local.LocalPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.CountDownLatch;

/**
 * The service's own PostgreSQL alone, in the foreground, so that {@code scripts/cluster}'s members share one ledger.
 * Once it accepts connections its URL is written to {@code <url file>} (whole, then renamed); SIGTERM or Ctrl-C stops it.
 */
public final class Database {
  private Database() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: java -cp jackpot-service.jar io.jackpot.cli.Database <data directory> <url file>");
      System.exit(2);
    }
    LocalPostgres pg = LocalPostgres.start(Path.of(args[0]));
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        pg.close();
      } catch (Exception e) {
        System.err.println("stopping PostgreSQL: " + e);
      }
      stopped.countDown();
    }, "stop-postgres"));
    Path urlFile = Path.of(args[1]);
    Path partial = urlFile.resolveSibling(urlFile.getFileName() + ".tmp");
    Files.writeString(partial, pg.url() + "\n");
    Files.move(partial, urlFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    stopped.await();
  }
}
