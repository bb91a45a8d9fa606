package io.jackpot.cluster;

import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Settings in a Hazelcast map (definitions, exchange rates) where only the newest may stand. Each
 * value carries the ledger's {@code "version"}, so a late or retried publish cannot put an older
 * value back, in the map or in a member's copy. Unnumbered values count as 0.
 *
 * <p>Keeps, per key, the version this member applied; thread-safe.
 */
public final class Versioned {
  private static final String FIELD = "version";
  private static final Logger log = LoggerFactory.getLogger(Versioned.class);

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
   * Publishes {@code value} (numbered {@code version}) under {@code key}, on {@code on}: into the
   * map ({@link #putIfNewer}), then, if it is in force, here at once ({@code here}; what follows
   * the publish runs on this member, which may not have heard of its own change yet). Completes with
   * whether it is in force; a newer value in the map changes nothing, there or here.
   */
  public CompletionStage<Boolean> publish(ConcurrentMap<String, String> map, String what, String key, long version, String value,
      Runnable here, Executor on) {
    return CompletableFuture.supplyAsync(() -> {
      long inForce = putIfNewer(map, key, version, value);
      if (inForce != version) {
        log.warn("{}: version {} not published, version {} is in force", what, version, inForce);
        return false;
      }
      apply(key, version, here);
      return true;
    }, on);
  }

  /**
   * Puts {@code value} (numbered {@code version}) under {@code key} unless the map holds one
   * numbered as high or higher, by compare-and-set on the value found: a retried or late put of an
   * older value finds a newer one and leaves it. Only the map's own operations, which members of
   * an earlier release run too (a rolling update). Blocking. Answers the number of the value in
   * the map afterwards: {@code version} if it is in force, higher if a newer one is.
   */
  public static long putIfNewer(ConcurrentMap<String, String> map, String key, long version, String value) {
    while (true) {
      String had = map.get(key);
      if (had == null) {
        if (map.putIfAbsent(key, value) == null) {
          return version;
        }
      } else if (versionOf(had) >= version) {
        return versionOf(had);
      } else if (map.replace(key, had, value)) {
        return version;
      }
    }
  }
}
