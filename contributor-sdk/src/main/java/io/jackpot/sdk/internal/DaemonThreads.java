package io.jackpot.sdk.internal;

import java.util.concurrent.ThreadFactory;

/** Makes the SDK's threads, all named and daemon: an SDK the game forgot to close never keeps its JVM alive. */
final class DaemonThreads implements ThreadFactory {
  private final String name;

  DaemonThreads(String name) {
    this.name = name;
  }

  @Override
  public Thread newThread(Runnable r) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }
}
