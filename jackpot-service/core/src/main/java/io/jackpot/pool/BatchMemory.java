package io.jackpot.pool;

import io.jackpot.pool.Pool.AppliedBatch;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A pool's memory of each sender's last batches ({@link Pool#lastBatchBySender}): what a batch is
 * remembered by, which sender is forgotten first, and where a round's win is found again.
 */
final class BatchMemory {
  private BatchMemory() {}

  /** {@code memory} with {@code batch} as {@code sender}'s last, and at most {@link Pool#SENDERS} senders. */
  static Map<String, AppliedBatch> remember(Map<String, AppliedBatch> memory, String sender, AppliedBatch batch) {
    Map<String, AppliedBatch> next = new HashMap<>(memory);
    next.put(sender, batch);
    if (next.size() > Pool.SENDERS) {
      // Never the batch just stored: on a pool whose opSeq stands still (paused) every batch ties,
      // and a forgotten batch would be applied again when re-sent (after a resume, as a contribution).
      // Ties go to the smallest sender id: the map's order differs between JVMs (Map.copyOf), and
      // the backup replaying this batch, or the member a pool migrates to, must forget the same one.
      String oldest = next.entrySet().stream().filter(e -> !e.getKey().equals(sender))
          .min(Map.Entry.<String, AppliedBatch>comparingByValue(Comparator.comparingLong(AppliedBatch::appliedAtOp))
              .thenComparing(Map.Entry.comparingByKey()))
          .orElseThrow().getKey();
      next.remove(oldest);
    }
    return next;
  }

  /**
   * One operator's round's win (round ids are each operator's own): among the {@code recent} wins,
   * else among the remembered batches. Those hold every win not yet recorded, however many wins came
   * after it (a sender has at most {@link Pool#BATCHES_REMEMBERED} batches unrecorded).
   */
  static Optional<Win> winOf(List<Win> recent, Map<String, AppliedBatch> memory, String operatorId, String roundId) {
    for (int i = recent.size() - 1; i >= 0; i--) {
      if (isWinOf(recent.get(i), operatorId, roundId)) {
        return Optional.of(recent.get(i));
      }
    }
    for (AppliedBatch batch : memory.values()) {
      for (AppliedBatch b = batch; b != null; b = b.previous()) {
        Optional<Win> won = b.winOf(operatorId, roundId);
        if (won.isPresent()) {
          return won;
        }
      }
    }
    return Optional.empty();
  }

  static boolean isWinOf(Win win, String operatorId, String roundId) {
    return win != null && win.roundId().equals(roundId) && win.operatorId().equals(operatorId);
  }
}
