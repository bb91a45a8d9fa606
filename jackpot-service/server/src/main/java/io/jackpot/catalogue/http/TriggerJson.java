package io.jackpot.catalogue.http;

import io.jackpot.money.Money;
import io.jackpot.pool.Trigger;
import io.vertx.core.json.JsonObject;

/** A pool's {@code trigger} field: {"type": CLAIM | RANDOM (with stakePerHit) | MUST_HIT_BY}. */
final class TriggerJson {
  private TriggerJson() {}

  static JsonObject of(Trigger t) {
    if (t instanceof Trigger.Random r) {
      return new JsonObject().put("type", "RANDOM").put("stakePerHit", Money.ofMicros(r.stakePerHitMicros()).toPlainString());
    }
    return new JsonObject().put("type", t instanceof Trigger.MustHitBy ? "MUST_HIT_BY" : "CLAIM");
  }

  /**
   * The trigger of pool {@code p}, CLAIM when absent. A bad one is noted and read as CLAIM so that
   * the rest of the pool is still checked. MUST_HIT_BY hits by the pool's {@code ceiling}.
   */
  static Trigger read(FieldReader r, JsonObject p, String path, Long ceiling) {
    Object v = p.getValue("trigger");
    if (v == null) {
      return new Trigger.Claim();
    }
    if (!(v instanceof JsonObject t)) {
      r.problem(path + "trigger must be an object like {\"type\": \"CLAIM\"}");
      return new Trigger.Claim();
    }
    switch (String.valueOf(t.getValue("type"))) {
      case "CLAIM":
        return new Trigger.Claim();
      case "RANDOM": {
        Long perHit = r.money(t, path + "trigger.", "stakePerHit", true);
        return perHit == null ? new Trigger.Claim() : new Trigger.Random(perHit);
      }
      case "MUST_HIT_BY":
        if (ceiling == null) {
          r.problem(path + "ceiling is required for a MUST_HIT_BY trigger");
          return new Trigger.Claim();
        }
        return new Trigger.MustHitBy(ceiling);
      default:
        r.problem(path + "trigger.type must be CLAIM, RANDOM or MUST_HIT_BY");
        return new Trigger.Claim();
    }
  }
}
