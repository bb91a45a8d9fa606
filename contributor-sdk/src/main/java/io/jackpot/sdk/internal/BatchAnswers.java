package io.jackpot.sdk.internal;

import io.jackpot.sdk.JackpotException;
import io.jackpot.sdk.RoundResult;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Settles a batch's rounds from the service's answer: each round its own result, a round answered
 * "not just now" back to the queue after a backoff, every round failed if the answer is unusable.
 */
final class BatchAnswers {
  private final BoundedBuffer buffer;
  private final ScheduledExecutorService scheduler;
  private final JitteredBackoff backoff;

  BatchAnswers(BoundedBuffer buffer, ScheduledExecutorService scheduler, JitteredBackoff backoff) {
    this.buffer = buffer;
    this.scheduler = scheduler;
    this.backoff = backoff;
  }

  /** Settles every round of {@code batch} from its answer {@code text}, or from the {@code error} that ended its sending. */
  void settle(List<PendingRound> batch, String text, Throwable error, List<Runnable> tell) {
    try {
      if (error != null) {
        ended(batch, Causes.unwrap(error), tell);
        return;
      }
      List<Wire.Item> items = items(text, batch);
      for (int i = 0; i < batch.size(); i++) {
        settle(batch.get(i), items.get(i), tell);
      }
    } catch (IOException | RuntimeException e) {
      batch.forEach(p -> buffer.fail(p, e, tell));
    }
  }

  /** A refusal of the whole batch is each round's REJECTED result; any other failure fails them. */
  private void ended(List<PendingRound> batch, Throwable t, List<Runnable> tell) {
    for (PendingRound p : batch) {
      if (t instanceof JackpotException refused) {
        buffer.finish(p, new RoundResult(p.contribution().roundId(), RoundResult.Status.REJECTED, List.of(), List.of(),
            refused.code(), refused.getMessage()), tell);
      } else {
        buffer.fail(p, t, tell);
      }
    }
  }

  /**
   * The answer's items, one per round sent, in their order. Checked whole before any round is
   * settled, so an answer that does not match fails each round exactly once (sending it again
   * would get the same answer).
   */
  static List<Wire.Item> items(String text, List<PendingRound> batch) throws IOException {
    List<Wire.Item> items;
    try {
      items = Wire.items(text);
    } catch (RuntimeException unreadable) { // a share or trigger this SDK cannot read
      throw new IOException("the service's answer could not be read: " + unreadable, unreadable);
    }
    for (int i = 0; i < batch.size(); i++) {
      if (i >= items.size() || !batch.get(i).contribution().roundId().equals(items.get(i).roundId())) {
        throw new IOException("the service answered " + items.size() + " results that do not match the "
            + batch.size() + " rounds sent");
      }
    }
    return items;
  }

  /**
   * A round the service could not take just now goes back in the queue after a backoff; one with a
   * status this SDK does not know fails alone (look it up by round id); the rest are done.
   */
  private void settle(PendingRound p, Wire.Item item, List<Runnable> tell) {
    RoundResult r = item.result();
    if (r == null) {
      buffer.fail(p, new IOException("the service answered round " + item.roundId() + " with status " + item.status()
          + ", which this SDK does not know; look the round up by its id"), tell);
    } else if (r.status() == RoundResult.Status.REJECTED && (item.retryable() || ErrorCode.of(r.errorCode()).asksAgain())) {
      scheduler.schedule(() -> buffer.requeue(p), backoff.millis(p.deferredAgain()), TimeUnit.MILLISECONDS);
    } else {
      buffer.finish(p, r, tell);
    }
  }
}
