package io.jackpot.fx.hz;

import com.hazelcast.core.EntryEvent;
import com.hazelcast.map.IMap;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.map.listener.EntryUpdatedListener;
import io.jackpot.cluster.Versioned;
import io.jackpot.fx.FxHistory;
import io.jackpot.fx.FxHolder;
import io.jackpot.fx.FxRates;
import io.jackpot.ledger.FxRateHistory;
import io.jackpot.money.Decimals;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps every member's rates the same: the rates in force live under one key of the IMap
 * {@code jackpot.fx} (loaded from the ledger by the first member); every member applies each new
 * value unless it has a newer set already ({@link Versioned}). The ledger stays the record: rates are
 * saved there before they are published here.
 */
public final class HzFxRates {
  public static final String MAP = "jackpot.fx";
  private static final String KEY = "current";
  private static final Logger log = LoggerFactory.getLogger(HzFxRates.class);

  private final IMap<String, String> map;
  private final FxHolder holder;
  private final Executor publishes;
  private final Versioned versions = new Versioned();

  /** {@code publishes}: as HzCatalogue's, where each publish and what follows it run. */
  public HzFxRates(IMap<String, String> map, FxHolder holder, Executor publishes) {
    this.map = map;
    this.holder = holder;
    this.publishes = publishes;
  }

  /** Blocking: call at start. */
  public void start(FxRateHistory ledger) throws Exception {
    if (!map.containsKey(KEY)) {
      ledger.latestFxRates().toCompletableFuture().get().ifPresent(saved ->
          Versioned.putIfNewer(map, KEY, saved.version(), Versioned.stamp(new JsonObject(saved.json()), saved.version())));
    }
    follow();
    String value = map.get(KEY);
    if (value != null) {
      apply(value);
    }
  }

  /** Puts every set published from now on in force here. */
  public void follow() {
    map.addEntryListener((EntryAddedListener<String, String> & EntryUpdatedListener<String, String>) new Listener(), true);
  }

  /**
   * Puts saved rates ({@code version}: the number the ledger gave the set) in force on every member,
   * this one as soon as the map has them; completes when the cluster and this member have them,
   * without blocking, with whether they are in force. A set older than one published already
   * changes nothing, here or in the cluster (false).
   */
  public CompletionStage<Boolean> publish(FxRates rates, long version) {
    return versions.publish(map, "exchange rates", KEY, version, Versioned.stamp(json(rates), version), () -> holder.set(rates),
        publishes);
  }

  private void apply(String value) {
    long version = Versioned.versionOf(value);
    if (!versions.apply(KEY, version, () -> holder.set(parse(value)))) {
      log.info("exchange rates {} not applied: a newer set is in force", version);
    }
  }

  public static JsonObject json(FxRates rates) {
    JsonObject r = new JsonObject();
    rates.ratePpm().forEach((c, ppm) -> r.put(c, Decimals.plain(ppm)));
    return new JsonObject().put("base", rates.base()).put("rates", r);
  }

  /** The rates in force at a moment, from the sets the ledger keeps (saved there before published here). */
  public static FxHistory history(FxRateHistory ledger, String base) {
    return moment -> ledger.fxRatesAt(moment).thenApply(json -> json.map(HzFxRates::parse).orElse(FxRates.none(base)));
  }

  /** Rates from the JSON they are saved and shared as ({@link #json}). */
  public static FxRates parse(String json) {
    JsonObject o = new JsonObject(json);
    Map<String, Long> rates = new HashMap<>();
    o.getJsonObject("rates").forEach(e -> rates.put(e.getKey(), Decimals.parseScaled((String) e.getValue(), 6)));
    return new FxRates(o.getString("base"), rates);
  }

  private final class Listener implements EntryAddedListener<String, String>, EntryUpdatedListener<String, String> {
    @Override
    public void entryAdded(EntryEvent<String, String> event) {
      apply(event.getValue());
    }

    @Override
    public void entryUpdated(EntryEvent<String, String> event) {
      apply(event.getValue());
    }
  }
}
