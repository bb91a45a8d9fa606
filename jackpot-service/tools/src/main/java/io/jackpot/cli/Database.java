package io.jackpot.cli;

import io.jackpot.local.LocalPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.CountDownLatch;

/**
 * Runs only the PostgreSQL the service would provision for itself, under {@code <dir>}, in the
 * foreground, so that several members started by {@code scripts/cluster} share one ledger. Once the
 * server accepts connections it writes its URL to {@code <url file>} (written whole, then renamed
 * into place); SIGTERM or Ctrl-C stops it.
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
