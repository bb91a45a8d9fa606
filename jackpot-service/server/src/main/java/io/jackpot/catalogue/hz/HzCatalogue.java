package io.jackpot.catalogue.hz;

import com.hazelcast.core.EntryEvent;
import com.hazelcast.map.IMap;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.map.listener.EntryUpdatedListener;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.http.DefinitionJson;
import io.jackpot.cluster.Versioned;
import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.DefinitionHistory;
import io.jackpot.ledger.Saved;
import io.jackpot.pool.PoolId;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps every member's catalogue the same: definitions live in the IMap {@code jackpot.definitions}
 * (id → JSON), loaded from the ledger by the first member (or seeded with the initial catalogue on a
 * fresh ledger); each member applies every added or changed entry to its own catalogue, unless it
 * has a newer version already ({@link Versioned}). The ledger stays the record: a definition is
 * saved there before it is published here.
 */
public final class HzCatalogue {
  public static final String MAP = "jackpot.definitions";
  private static final Logger log = LoggerFactory.getLogger(HzCatalogue.class);

  private final IMap<String, String> map;
  private final Catalogue catalogue;
  private final Executor publishes;
  private final Versioned versions = new Versioned();

  /**
   * {@code publishes} runs each publish (blocking Hazelcast calls) and what follows it: never a
   * Hazelcast thread, nor one that answers games (a publish waits out partition moves).
   */
  public HzCatalogue(IMap<String, String> map, Catalogue catalogue, Executor publishes) {
    this.map = map;
    this.catalogue = catalogue;
    this.publishes = publishes;
  }

  /**
   * Fills the map if this is the cluster's first member (from the ledger, or the initial
   * catalogue, which is then saved), loads it into the catalogue and follows changes;
   * {@code onNewPool} is told of every pool that a later definition adds. {@code initial} is read
   * only for a fresh ledger. Blocking: call at start.
   */
  public void start(DefinitionHistory ledger, Supplier<List<JackpotDefinition>> initial,
      BiConsumer<PoolId, PoolDefinition> onNewPool) throws Exception {
    if (map.isEmpty()) {
      List<Saved> saved = ledger.definitions().toCompletableFuture().get();
      if (saved.isEmpty()) {
        List<JackpotDefinition> first = initial.get();
        Instant at = Instant.now();
        List<DefinitionHistory.Initial> rows = first.stream().map(d -> {
          String json = DefinitionJson.of(d).encode();
          return new DefinitionHistory.Initial(d.id(), json, new AuditEntry(at, "system", d.owner(), "jackpot.define", d.id(), null, json));
        }).toList();
        // All or nothing, and only while the ledger holds no definition: members starting together
        // on a fresh ledger keep the catalogue of the one that saved first, whole.
        int here = ledger.saveInitialDefinitions(rows, "system").toCompletableFuture().get();
        saved = ledger.definitions().toCompletableFuture().get();
        log.info("fresh ledger: the initial catalogue saved ({} of its {} jackpots by this member; the ledger holds {})", here, first.size(),
            saved.size());
      } else {
        log.info("the ledger holds {} jackpot definitions: the initial catalogue is not read", saved.size());
      }
      for (Saved s : saved) {
        JsonObject json = new JsonObject(s.json());
        Versioned.putIfNewer(map, json.getString("id"), s.version(), Versioned.stamp(json, s.version()));
      }
    }
    follow(onNewPool);
    map.forEach((id, value) -> apply(id, value, (pool, definition) -> {}));
  }

  /** Applies every definition published from now on to the catalogue, telling {@code onNewPool} of the pools it adds. */
  public void follow(BiConsumer<PoolId, PoolDefinition> onNewPool) {
    map.addEntryListener((EntryAddedListener<String, String> & EntryUpdatedListener<String, String>) new Listener(onNewPool), true);
  }

  /**
   * Publishes a saved definition ({@code version}: the number the ledger gave it) to every member,
   * this one as soon as the map has it; completes when the cluster and this member have it,
   * without blocking, with whether it is in force. A definition older than one published already
   * changes nothing, here or in the cluster (false).
   */
  public CompletionStage<Boolean> publish(JackpotDefinition definition, long version) {
    return versions.publish(map, "jackpot " + definition.id() + "'s definition", definition.id(), version,
        Versioned.stamp(DefinitionJson.of(definition), version), () -> catalogue.put(definition), publishes);
  }

  /**
   * Puts a published definition in the catalogue unless a newer one is there; tells
   * {@code onNewPool} of the pools this member did not know yet. The member that published a
   * definition loaded its new pools before publishing: if it hears of its own change before putting
   * it in its catalogue, loading them again finds them live and leaves them as they are.
   */
  private void apply(String id, String value, BiConsumer<PoolId, PoolDefinition> onNewPool) {
    JackpotDefinition d = DefinitionJson.parseStored(id, value);
    long version = Versioned.versionOf(value);
    JackpotDefinition[] before = new JackpotDefinition[1];
    boolean applied = versions.apply(id, version, () -> {
      before[0] = catalogue.jackpot(id).orElse(null);
      catalogue.put(d);
    });
    if (!applied) {
      log.info("jackpot {} definition version {} not applied: a newer one is in force", id, version);
      return;
    }
    log.info("jackpot {}: definition version {} in force", id, version);
    d.pools().stream().filter(p -> before[0] == null || before[0].pool(p.key()).isEmpty())
        .forEach(p -> onNewPool.accept(d.poolId(p), p));
  }

  private final class Listener implements EntryAddedListener<String, String>, EntryUpdatedListener<String, String> {
    private final BiConsumer<PoolId, PoolDefinition> onNewPool;

    Listener(BiConsumer<PoolId, PoolDefinition> onNewPool) {
      this.onNewPool = onNewPool;
    }

    @Override
    public void entryAdded(EntryEvent<String, String> event) {
      apply(event.getKey(), event.getValue(), onNewPool);
    }

    @Override
    public void entryUpdated(EntryEvent<String, String> event) {
      apply(event.getKey(), event.getValue(), onNewPool);
    }
  }
}
