package io.jackpot.fx.hz;

import com.hazelcast.core.EntryEvent;
import com.hazelcast.map.IMap;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.map.listener.EntryUpdatedListener;
import io.jackpot.fx.FxHolder;
import io.jackpot.fx.FxRates;
import io.jackpot.ledger.Ledger;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Keeps every member's rates the same: the rates in force live under one key of the IMap
 * {@code jackpot.fx} (loaded from the ledger by the first member); every member applies each new
 * value. The ledger stays the record: rates are saved there before they are published here.
 */
public final class HzFxRates {
  public static final String MAP = "jackpot.fx";
  private static final String KEY = "current";

  private final IMap<String, String> map;
  private final FxHolder holder;
  private final Executor callbacks;

  /** {@code callbacks} runs what follows a publish (never a Hazelcast thread: it may call Hazelcast again). */
  public HzFxRates(IMap<String, String> map, FxHolder holder, Executor callbacks) {
    this.map = map;
    this.holder = holder;
    this.callbacks = callbacks;
  }

  /** Blocking: call at start. */
  public void start(Ledger ledger) throws Exception {
    if (!map.containsKey(KEY)) {
      ledger.latestFxRates().toCompletableFuture().get().ifPresent(json -> map.putIfAbsent(KEY, json));
    }
    map.addEntryListener((EntryAddedListener<String, String> & EntryUpdatedListener<String, String>) new Listener(), true);
    String json = map.get(KEY);
    if (json != null) {
      holder.set(parse(json));
    }
  }

  /** Puts saved rates in force on every member (this one at once); completes when the cluster has them, without blocking. */
  public CompletionStage<Void> publish(FxRates rates) {
    holder.set(rates);
    return map.setAsync(KEY, json(rates).encode()).thenRunAsync(() -> {}, callbacks);
  }

  public static JsonObject json(FxRates rates) {
    JsonObject r = new JsonObject();
    rates.ratePpm().forEach((c, ppm) -> r.put(c, java.math.BigDecimal.valueOf(ppm, 6).stripTrailingZeros().toPlainString()));
    return new JsonObject().put("base", rates.base()).put("rates", r);
  }

  /** The rates in force at a moment, from the sets the ledger keeps (saved there before published here). */
  public static io.jackpot.fx.FxHistory history(io.jackpot.ledger.Ledger ledger, String base) {
    return moment -> ledger.fxRatesAt(moment).thenApply(json -> json.map(HzFxRates::parse).orElse(FxRates.none(base)));
  }

  /** Rates from the JSON they are saved and shared as ({@link #json}). */
  public static FxRates parse(String json) {
    JsonObject o = new JsonObject(json);
    Map<String, Long> rates = new HashMap<>();
    o.getJsonObject("rates").forEach(e -> rates.put(e.getKey(), io.jackpot.money.Decimals.parseScaled((String) e.getValue(), 6)));
    return new FxRates(o.getString("base"), rates);
  }

  private final class Listener implements EntryAddedListener<String, String>, EntryUpdatedListener<String, String> {
    @Override
    public void entryAdded(EntryEvent<String, String> event) {
      holder.set(parse(event.getValue()));
    }

    @Override
    public void entryUpdated(EntryEvent<String, String> event) {
      holder.set(parse(event.getValue()));
    }
  }
}
