package io.jackpot.catalogue.http;

import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.Routing;
import io.jackpot.money.Decimals;
import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.Trigger;
import io.vertx.core.json.JsonObject;

/** One entry of a definition's {@code pools}: its key, name, terms, draw weight, minimum stake and coin value. */
final class PoolJson {
  private PoolJson() {}

  static JsonObject of(PoolDefinition p) {
    JsonObject pool = terms(new JsonObject().put("key", p.key()).put("name", p.name()), p.terms())
        .put("drawWeight", Long.toString(p.drawWeight()))
        .put("minStake", p.minStakeMicros() == 0 ? null : Money.ofMicros(p.minStakeMicros()).toPlainString());
    if (p.coinValueMicros() != null) {
      pool.put("coinValue", Decimals.coin(p.coinValueMicros()));
    }
    return pool;
  }

  /** The terms' fields added to {@code out}: a MUST_HIT_BY pool's ceiling is its trigger's, any other's its cap. */
  static JsonObject terms(JsonObject out, PoolTerms t) {
    long ceiling = t.trigger() instanceof Trigger.MustHitBy m ? m.ceilingMicros() : t.capMicros();
    return out.put("seed", Money.ofMicros(t.seedMicros()).toPlainString()).put("rate", t.rate().toPlainString())
        .put("reserveRate", Decimals.plain(t.reserveRatePpm()))
        .put("ceiling", ceiling == 0 ? null : Money.ofMicros(ceiling).toPlainString())
        .put("overflowTo", t.overflowTo() == null ? null
            : new JsonObject().put("jackpotId", t.overflowTo().jackpotId()).put("poolKey", t.overflowTo().poolKey()))
        .put("trigger", TriggerJson.of(t.trigger()));
  }

  /**
   * The pool at {@code path} ("pools[i]."), or null when anything in it is wrong. Problems are noted
   * in the order of API.md's fields, so a definition's list of problems reads top to bottom.
   */
  static PoolDefinition read(FieldReader r, JsonObject p, String path, Routing routing) {
    int before = r.count();
    Object key = p.getValue("key");
    if (!(key instanceof String k) || !PoolId.isId(k)) {
      r.problem(path + "key must match " + PoolId.ID_RULE);
    }
    String name = p.getValue("name") instanceof String n && !n.isBlank() ? n : null;
    if (name == null) {
      r.problem(path + "name is required (a string)");
    }
    Amounts a = amounts(r, p, path);
    PoolId overflowTo = overflowTo(r, p, path);
    if (overflowTo != null && a.ceiling() == null) {
      r.problem(path + "overflowTo needs a ceiling to overflow from");
    }
    Long coin = coinValue(r, p, path, routing);
    long weight = weight(r, p, path);
    Long minStake = r.money(p, path, "minStake", false);
    Trigger trigger = TriggerJson.read(r, p, path, a.ceiling());
    if (trigger instanceof Trigger.MustHitBy && overflowTo != null) {
      r.problem(path + "overflowTo does not apply to a MUST_HIT_BY pool (it never passes its ceiling)");
    }
    if (r.count() > before) {
      return null;
    }
    long cap = trigger instanceof Trigger.MustHitBy ? 0 : (a.ceiling() == null ? 0 : a.ceiling());
    return new PoolDefinition((String) key, name, a.seed(), new Rate(a.rate()), coin, trigger, weight,
        a.reserve() == null ? 0 : a.reserve(), cap, overflowTo, minStake == null ? 0 : minStake);
  }

  /** The pool's amounts as read, each null when absent or wrong. */
  private record Amounts(Long seed, Long rate, Long reserve, Long ceiling) {}

  private static Amounts amounts(FieldReader r, JsonObject p, String path) {
    Long seed = r.money(p, path, "seed", true);
    Long rate = r.ppm(p, path, "rate", true, false);
    Long reserve = r.ppm(p, path, "reserveRate", false, true);
    Long ceiling = r.money(p, path, "ceiling", false);
    if (seed != null && ceiling != null && ceiling <= seed) {
      r.problem(path + "ceiling must be above the seed");
    }
    if (rate != null && reserve != null && rate + reserve >= Rate.ONE) {
      r.problem(path + "rate + reserveRate must stay below 1");
    }
    return new Amounts(seed, rate, reserve, ceiling);
  }

  private static PoolId overflowTo(FieldReader r, JsonObject p, String path) {
    Object v = p.getValue("overflowTo");
    if (v == null) {
      return null;
    }
    if (v instanceof JsonObject o && o.getValue("jackpotId") instanceof String j && o.getValue("poolKey") instanceof String k
        && PoolId.isId(j) && PoolId.isId(k)) {
      return new PoolId(j, k);
    }
    r.problem(path + "overflowTo must be {\"jackpotId\": ..., \"poolKey\": ...} or null");
    return null;
  }

  /** Required with COIN_VALUE routing (the stake's coin picks the pool), refused with ALL. */
  private static Long coinValue(FieldReader r, JsonObject p, String path, Routing routing) {
    Long coin = r.money(p, path, "coinValue", routing == Routing.COIN_VALUE);
    if (routing == Routing.ALL && coin != null) {
      r.problem(path + "coinValue only applies with routing COIN_VALUE");
    }
    return coin;
  }

  private static long weight(FieldReader r, JsonObject p, String path) {
    Object v = p.getValue("drawWeight");
    try {
      long w = v == null ? 0 : Long.parseLong(String.valueOf(v));
      if (w < 0 || w > 1_000_000) {
        r.problem(path + "drawWeight must be a whole number from 0 to 1000000");
      }
      return w;
    } catch (NumberFormatException e) {
      r.problem(path + "drawWeight must be a whole number, got '" + v + "'");
      return 0;
    }
  }
}
