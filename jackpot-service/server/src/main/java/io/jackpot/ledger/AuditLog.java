package io.jackpot.ledger;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** The audit entries the ledger keeps of every operator's change, read back page by page. */
public interface AuditLog {
  /**
   * At most {@code limit} audit entries in [from, to), oldest first, each with its id; only those
   * of {@code owner} unless it is null; only those after the entry {@code afterId} unless it is null;
   * only those that begin within {@code bytes} of before and after JSON, plus the first one beyond,
   * which only tells that more follow: it comes with its id but with {@code before} and
   * {@code after} null, and is not an entry to hand on.
   */
  CompletionStage<List<Logged>> findAudit(Instant from, Instant to, String owner, Long afterId, int limit,
      long bytes);

  /**
   * An audit entry with its place in the log, and the bytes of before and after JSON of the
   * entries found ahead of it.
   */
  record Logged(long id, AuditEntry entry, long bytesBefore) {}
}
