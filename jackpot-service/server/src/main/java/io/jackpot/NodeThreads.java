package io.jackpot;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/** The member's own threads, beside the event loops and Hazelcast's: each named for what it waits on. */
final class NodeThreads {
  final ExecutorService loop = Executors.newSingleThreadExecutor(r -> new Thread(r, "sequencer"));
  /** Where Hazelcast results are handed over, off its partition threads. */
  final ExecutorService hzCallbacks = Executors.newFixedThreadPool(2, r -> new Thread(r, "hz-callbacks"));
  /**
   * The journal's key scans (the sweep's and ClaimKeeper's): blocking calls that wait out partition
   * moves after a member leaves, which on hz-callbacks would hold up every claim and pool answer.
   */
  final ExecutorService journalReads = Executors.newSingleThreadExecutor(r -> new Thread(r, "journal-reads"));
  /** Publishes of definitions and exchange rates: blocking compare-and-set on their maps, rare, off hz-callbacks. */
  final ExecutorService hzPublishes = Executors.newSingleThreadExecutor(r -> new Thread(r, "hz-publishes"));
  /** The sequencer's retries and the round claims' released again (RetriedReleases): short tasks that start calls. */
  final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "retries"));

  /** Last in a stop: the retries still scheduled are dropped. */
  void shutdown() {
    loop.shutdown();
    hzCallbacks.shutdown();
    hzPublishes.shutdown();
    journalReads.shutdown();
    scheduler.shutdownNow();
  }
}
