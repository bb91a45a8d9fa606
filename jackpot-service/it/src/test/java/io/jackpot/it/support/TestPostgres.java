package io.jackpot.it.support;

import io.jackpot.local.LocalPostgres;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One real PostgreSQL for the whole test run, provisioned the way the service provisions its own;
 * each test class gets a fresh database in it.
 */
public final class TestPostgres {
  private static LocalPostgres server;
  private static final AtomicInteger databases = new AtomicInteger();

  private TestPostgres() {}

  static synchronized LocalPostgres server() throws Exception {
    if (server == null) {
      Path dir = ScratchDirs.unmanaged("it-pg"); // deleted below once its server is down; swept if the run is killed
      server = LocalPostgres.start(dir.resolve("pg")); // its lock file beside it, in dir
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          server.close();
        } catch (Exception ignored) {
          // the run is ending; the directory goes either way
        }
        ScratchDirs.delete(dir);
      }));
    }
    return server;
  }

  /** A new empty database; returns its postgresql:// URL. */
  public static String freshDatabase() throws Exception {
    LocalPostgres pg = server();
    String name = "it_" + databases.incrementAndGet() + "_" + ProcessHandle.current().pid();
    try (var admin = new SimplePg(pg.port(), "postgres")) {
      admin.execute("CREATE DATABASE " + name);
    }
    return "postgresql://postgres@127.0.0.1:" + pg.port() + "/" + name;
  }
}
