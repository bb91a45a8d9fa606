package io.jackpot.jackpot.hz;

import com.hazelcast.core.EntryEvent;
import com.hazelcast.map.IMap;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.map.listener.EntryUpdatedListener;
import io.jackpot.jackpot.Catalogue;
import io.jackpot.jackpot.JackpotDefinition;
import io.jackpot.jackpot.PoolDefinition;
import io.jackpot.jackpot.http.DefinitionJson;
import io.jackpot.ledger.Ledger;
import io.jackpot.pool.PoolId;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps every member's catalogue the same: definitions live in the IMap {@code jackpot.definitions}
 * (id → JSON), loaded from the ledger by the first member (or seeded with the initial catalogue on a
 * fresh ledger); each member applies every added or changed entry to its own catalogue. The ledger
 * stays the record: a definition is saved there before it is published here.
 */
public final class HzCatalogue {
  public static final String MAP = "jackpot.definitions";
  private static final Logger log = LoggerFactory.getLogger(HzCatalogue.class);

  private final IMap<String, String> map;
  private final Catalogue catalogue;
  private final Executor callbacks;

  /** {@code callbacks} runs what follows a publish (never a Hazelcast thread: it may call Hazelcast again). */
  public HzCatalogue(IMap<String, String> map, Catalogue catalogue, Executor callbacks) {
    this.map = map;
    this.catalogue = catalogue;
    this.callbacks = callbacks;
  }

  /**
   * Fills the map if this is the cluster's first member (from the ledger, or the initial
   * catalogue, which is then saved), loads it into the catalogue and follows changes;
   * {@code onNewPool} is told of every pool that a later definition adds. Blocking: call at start.
   */
  public void start(Ledger ledger, List<JackpotDefinition> initial, BiConsumer<PoolId, PoolDefinition> onNewPool) throws Exception {
    if (map.isEmpty()) {
      List<String> saved = ledger.definitions().toCompletableFuture().get();
      if (saved.isEmpty()) {
        for (JackpotDefinition d : initial) {
          String json = DefinitionJson.of(d).encode();
          ledger.saveDefinition(d.id(), json, "system", new io.jackpot.ledger.AuditEntry(java.time.Instant.now(), "system",
              d.owner(), "jackpot.define", d.id(), null, json)).toCompletableFuture().get();
          saved = new java.util.ArrayList<>(saved);
          saved.add(json);
        }
        log.info("fresh ledger: saved the initial catalogue ({} jackpots)", initial.size());
      }
      for (String json : saved) {
        map.putIfAbsent(new JsonObject(json).getString("id"), json);
      }
    }
    map.addEntryListener((EntryAddedListener<String, String> & EntryUpdatedListener<String, String>) new Listener(onNewPool), true);
    map.forEach((id, json) -> catalogue.put(DefinitionJson.parseStored(id, json)));
  }

  /** Publishes a saved definition to every member (this one at once); completes when the cluster has it, without blocking. */
  public CompletionStage<Void> publish(JackpotDefinition definition) {
    catalogue.put(definition);
    return map.setAsync(definition.id(), DefinitionJson.of(definition).encode()).thenRunAsync(() -> {}, callbacks);
  }

  private final class Listener implements EntryAddedListener<String, String>, EntryUpdatedListener<String, String> {
    private final BiConsumer<PoolId, PoolDefinition> onNewPool;

    Listener(BiConsumer<PoolId, PoolDefinition> onNewPool) {
      this.onNewPool = onNewPool;
    }

    @Override
    public void entryAdded(EntryEvent<String, String> event) {
      apply(event);
    }

    @Override
    public void entryUpdated(EntryEvent<String, String> event) {
      apply(event);
    }

    private void apply(EntryEvent<String, String> event) {
      JackpotDefinition d = DefinitionJson.parseStored(event.getKey(), event.getValue());
      // Only pools this member did not know yet need loading: the member that published the change
      // put it in its catalogue first and loads its new pools itself, so it loads nothing here.
      JackpotDefinition before = catalogue.jackpot(d.id()).orElse(null);
      catalogue.put(d);
      log.info("jackpot {} definition updated", d.id());
      d.pools().stream().filter(p -> before == null || before.pool(p.key()).isEmpty()).forEach(p -> onNewPool.accept(d.poolId(p), p));
    }
  }
}
