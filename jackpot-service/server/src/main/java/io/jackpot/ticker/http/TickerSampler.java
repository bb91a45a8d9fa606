package io.jackpot.ticker.http;

import io.jackpot.award.PublicWins;
import io.jackpot.award.http.WinJson;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.http.JackpotJson;
import io.jackpot.error.Failures;
import io.jackpot.fx.Display;
import io.jackpot.pool.Hot;
import io.jackpot.pool.MustDrop;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolReads;
import io.jackpot.pool.Pools;
import io.jackpot.pool.Win;
import io.jackpot.ticker.SampledReads;
import io.jackpot.ticker.TickerSettings;
import io.jackpot.ticker.TickerState;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples the live pools on a short period and tells this member's subscribers what changed: wins
 * within {@code winPoll}, amounts at most once per interval, each message serialised once per
 * jackpot. Sampling shared pools, not relaying events, sees every member's changes, loses nothing
 * as members come and go, and costs the same at any traffic (docs/ticker.md). Public reads are
 * answered from these samples ({@link #reads()}).
 */
public final class TickerSampler {
  private static final Logger log = LoggerFactory.getLogger(TickerSampler.class);

  private final Vertx vertx;
  private final Catalogue catalogue;
  private final Pools pools;
  private final TickerHub hub;
  private final TickerSettings settings;
  private final Clock clock;
  private TickerState state;
  private long lastUpdate;
  private volatile boolean busy;
  /** Only touched on the sampler's context. */
  private boolean readsFailing;
  /** The sampler's own context: every step of a sample runs on it, one at a time. */
  private Context context;
  private long timer = -1;
  private long pinger = -1;
  private Consumer<List<Pool>> onRead = pools -> {};
  private final SampledReads reads = new SampledReads();

  /** Also hands every sample to {@code listener} (metrics), on the sampler's context. */
  public TickerSampler onRead(Consumer<List<Pool>> listener) {
    this.onRead = listener;
    return this;
  }

  private final PublicWins publicity;

  /** {@code publicity}: what the win announcements show. */
  public TickerSampler(Vertx vertx, Catalogue catalogue, Pools pools, TickerHub hub, TickerSettings settings, Clock clock,
      PublicWins publicity) {
    this.publicity = publicity;
    this.vertx = vertx;
    this.catalogue = catalogue;
    this.pools = pools;
    this.hub = hub;
    this.settings = settings;
    this.clock = clock;
  }

  public void start() {
    state = new TickerState(clock.instant());
    context = vertx.getOrCreateContext();
    context.runOnContext(v -> {
      timer = vertx.setPeriodic(settings.winPoll().toMillis(), id -> sample());
      pinger = vertx.setPeriodic(settings.pingEvery().toMillis(), id -> hub.ping());
    });
  }

  /** Stops sampling; the public reads still waiting, and those asked later, are refused 503. */
  public void stop() {
    vertx.cancelTimer(timer);
    vertx.cancelTimer(pinger);
    reads.stop();
  }

  /** The public reads of the pools, each answered by the next sample that begins after it is asked. */
  public PoolReads reads() {
    return reads;
  }

  /** Runs on one context; a slow read makes it skip a beat rather than pile up. */
  private void sample() {
    if (busy) {
      reads.prune();
      return;
    }
    busy = true;
    // Taken before the read begins: each of these reads was asked before it.
    var answering = reads.begin();
    long readAt = clock.millis();
    // Back on the sampler's own context: vertx.runOnContext from a Hazelcast thread would pick
    // another event loop, and the next tick could still see this sample as busy.
    // A call refused outright fails this sample (and its reads), not every later one.
    Failures.attempt(() -> pools.getAll(catalogue.poolIds())).whenComplete((live, error) -> context.runOnContext(v -> {
      busy = false;
      SampledReads.answer(answering, live, error);
      if (error != null) {
        if (!readsFailing) {
          readsFailing = true; // once, not every 250 ms (e.g. a member without quorum)
          log.warn("ticker could not read the pools (retried every sample; logged again when it recovers): {}", error.toString());
        }
        return;
      }
      if (readsFailing) {
        readsFailing = false;
        log.info("ticker reads the pools again");
      }
      onRead.accept(live);
      announceWins(state.newWins(live), readAt);
      if (readAt - lastUpdate >= settings.interval().toMillis()) {
        lastUpdate = readAt;
        announceUpdates(state.changed(live), readAt);
      }
    }));
  }

  private void announceWins(List<Win> wins, long now) {
    for (Win w : wins) {
      String kept = catalogue.currencyOf(w.pool());
      hub.broadcast(List.of(w.pool().jackpotId()), now, true, (display, followed) -> WinJson.shown(WinJson.of(w, kept,
          display == null ? Display.identity(kept) : display), publicity).put("type", "win").encode());
    }
  }

  /** One update per subscriber and interval (docs/api.md), holding the changed pools of every jackpot it follows. */
  private void announceUpdates(Map<String, List<Pool>> changed, long now) {
    if (changed.isEmpty()) {
      return;
    }
    String at = WinJson.TIMESTAMP.format(Instant.ofEpochMilli(now));
    hub.broadcast(List.copyOf(changed.keySet()), now, false, (display, followed) -> {
      JsonArray pools = new JsonArray();
      for (String jackpotId : followed) {
        List<Pool> jackpotPools = changed.get(jackpotId);
        String currency = display == null || jackpotPools.isEmpty() ? null : catalogue.currencyOf(jackpotPools.get(0).id());
        for (Pool p : jackpotPools) {
          JsonObject item = new JsonObject().put("jackpotId", jackpotId).put("poolKey", p.id().poolKey())
              .put("amount", p.amount().toPlainString());
          JackpotJson.hot(item, p, Instant.ofEpochMilli(now));
          Instant dropBy = Hot.dropBy(p);
          if (dropBy != null) {
            item.put("dropBy", MustDrop.iso(dropBy));
          }
          String shown = display == null ? null : display.of(p.amount(), currency);
          if (shown != null) {
            item.put("amountInCurrency", shown);
          }
          pools.add(item);
        }
      }
      return update(at, pools);
    });
  }

  private static String update(String at, JsonArray pools) {
    return new JsonObject().put("type", "update").put("at", at).put("pools", pools).encode();
  }
}
