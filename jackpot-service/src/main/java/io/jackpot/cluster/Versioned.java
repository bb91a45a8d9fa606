package io.jackpot.cluster;

import com.hazelcast.map.EntryProcessor;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Settings shared through a Hazelcast map (definitions, exchange rates) where only the newest may
 * stand: each value is a JSON object carrying the ledger's number for it ({@code "version"}, higher
 * for every later save). A publish that arrives late (Hazelcast retries an operation whose answer
 * was lost, or two publishes cross) must not put an older value back, in the map or in a member's
 * copy. Values written by an earlier release have no number and count as 0: any numbered value
 * replaces them.
 *
 * <p>An instance keeps, per key, the number of what this member applied; thread-safe.
 */
public final class Versioned {
  private static final String FIELD = "version";

  private final Map<String, Long> applied = new ConcurrentHashMap<>();

  /** {@code json} with its number, as it is put in the map. */
  public static String stamp(JsonObject json, long version) {
    return json.copy().put(FIELD, version).encode();
  }

  /** A value's number (0 if it has none). */
  public static long versionOf(String value) {
    return new JsonObject(value).getLong(FIELD, 0L);
  }

  /**
   * Runs {@code apply} (this member's copy takes the value) unless a value numbered as high or
   * higher was applied here already; one key's applies never run at once. A value without a
   * number is applied whatever came before (what a member of an earlier release published).
   * Answers whether it ran.
   */
  public boolean apply(String key, long version, Runnable apply) {
    boolean[] ran = {false};
    applied.compute(key, (k, had) -> {
      if (version > 0 && had != null && had >= version) {
        return had;
      }
      apply.run();
      ran[0] = true;
      return version;
    });
    return ran[0];
  }

  /**
   * Puts its value in the map unless the map holds one numbered as high or higher: run on the
   * key's owner (and its backups), so a retried or late publish leaves a newer value standing.
   * Answers whether it put the value.
   */
  public record PutIfNewer(long version, String value) implements EntryProcessor<String, String, Boolean> {
    @Override
    public Boolean process(Map.Entry<String, String> entry) {
      String had = entry.getValue();
      if (had != null && versionOf(had) >= version) {
        return false;
      }
      entry.setValue(value);
      return true;
    }
  }
}
