package io.jackpot.catalogue.http;

import io.jackpot.award.PublicWins;
import io.jackpot.award.http.WinJson;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.fx.Display;
import io.jackpot.money.Decimals;
import io.jackpot.money.Money;
import io.jackpot.pool.Hot;
import io.jackpot.pool.MustDrop;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Trigger;
import io.jackpot.pool.Win;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/** Jackpots and live pools as the public reads and the ticker's snapshot show them. */
public final class JackpotJson {
  private JackpotJson() {}

  public static Map<PoolId, Pool> byId(List<Pool> live) {
    return live.stream().collect(Collectors.toMap(Pool::id, Function.identity()));
  }

  /**
   * As an operator sees it: every field of a last win by a player of an operator it may see
   * ({@code seesOperator}); another operator's (a game linked by the network) without its player
   * and round ids, as the public sees it anonymised.
   */
  public static JsonObject forOperator(JackpotDefinition j, Map<PoolId, Pool> live, Predicate<String> seesOperator) {
    return jackpot(j, live, null, w -> seesOperator.test(w.operatorId()) ? PublicWins.FULL : PublicWins.ANONYMOUS);
  }

  /**
   * {@code display}: also show amounts in its currency (null: don't); {@code publicity}: what the
   * pools' last wins show.
   */
  public static JsonObject jackpot(JackpotDefinition j, Map<PoolId, Pool> live, Display display, PublicWins publicity) {
    return jackpot(j, live, display, w -> publicity);
  }

  private static JsonObject jackpot(JackpotDefinition j, Map<PoolId, Pool> live, Display display,
      Function<Win, PublicWins> publicity) {
    JsonArray pools = new JsonArray();
    j.pools().forEach(p -> {
      Pool pool = live.get(j.poolId(p));
      if (pool != null) {
        pools.add(pool(j, p, pool, display, publicity));
      }
    });
    return new JsonObject().put("id", j.id()).put("name", j.name()).put("currency", j.currency())
        .put("winsPerRound", j.winsPerRound().name()).put("pools", pools);
  }

  /** A win of {@code j} as the public reads show it; {@code display}: also in its currency when it can (null: don't). */
  public static JsonObject win(JackpotDefinition j, Win w, Display display, PublicWins publicity) {
    return WinJson.shown(display == null ? WinJson.of(w, j.currency()) : WinJson.of(w, j.currency(), display), publicity);
  }

  public static JsonObject pool(JackpotDefinition j, PoolDefinition def, Pool pool, Display display, PublicWins publicity) {
    return pool(j, def, pool, display, w -> publicity);
  }

  private static JsonObject pool(JackpotDefinition j, PoolDefinition def, Pool pool, Display display,
      Function<Win, PublicWins> publicity) {
    JsonObject out = new JsonObject()
        .put("key", def.key())
        .put("name", def.name())
        .put("state", pool.status().name())
        .put("amount", pool.amount().toPlainString())
        .put("seed", Money.ofMicros(def.seedMicros()).toPlainString())
        .put("sequence", pool.winSeq())
        .put("trigger", trigger(pool))
        .put("lastWin", pool.lastWin().map(w -> win(j, w, display, publicity.apply(w))).orElse(null));
    hot(out, pool, Instant.now());
    if (def.coinValueMicros() != null) {
      out.put("coinValue", Decimals.coin(def.coinValueMicros()));
    }
    if (def.minStakeMicros() != 0) {
      out.put("minStake", Money.ofMicros(def.minStakeMicros()).toPlainString());
    }
    String shown = display == null ? null : display.of(pool.amount(), j.currency());
    if (shown != null) {
      out.put("amountInCurrency", shown).put("displayCurrency", display.currency());
    }
    if (pool.pendingTerms() != null) {
      // Shown until it takes effect at the next win.
      out.put("pendingChange", DefinitionJson.terms(new JsonObject(), pool.pendingTerms()));
    }
    return out;
  }

  /**
   * A must-hit or must-drop pool's hot indicator added to {@code out}: its {@code progress} at
   * {@code now} (a pool read shows a must-drop pool's {@code dropBy} in its trigger).
   */
  public static JsonObject hot(JsonObject out, Pool pool, Instant now) {
    String progress = Hot.progress(pool, now);
    if (progress != null) {
      out.put("progress", progress);
    }
    return out;
  }

  /**
   * The trigger's public settings; a must-hit pool shows the commitment to its secret hit point, a
   * must-drop pool the end of its window ({@code dropBy}) and the commitment to its drop time.
   */
  static JsonObject trigger(Pool pool) {
    Trigger t = pool.terms().trigger();
    JsonObject out = new JsonObject();
    if (t instanceof Trigger.Random r) {
      out.put("type", "RANDOM").put("stakePerHit", Money.ofMicros(r.stakePerHitMicros()).toPlainString());
    } else if (t instanceof Trigger.MustHitBy m) {
      out.put("type", "MUST_HIT_BY").put("ceiling", Money.ofMicros(m.ceilingMicros()).toPlainString());
      if (pool.mustHit() != null) {
        out.put("commitment", pool.mustHit().commitment());
      }
    } else if (t instanceof Trigger.MustDropBy d) {
      TriggerJson.window(out.put("type", "MUST_DROP_BY"), d);
      if (pool.mustDrop() != null) {
        out.put("dropBy", MustDrop.iso(pool.mustDrop().dropBy())).put("commitment", pool.mustDrop().commitment());
      }
    } else {
      out.put("type", "CLAIM");
    }
    return out;
  }
}
