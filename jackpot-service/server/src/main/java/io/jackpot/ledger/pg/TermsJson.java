package io.jackpot.ledger.pg;

import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.Trigger;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;

/** Pool terms as the ledger keeps them in pool_events (jsonb): exact decimal strings. */
final class TermsJson {
  private TermsJson() {}

  static JsonObject of(PoolTerms t) {
    if (t == null) {
      return null;
    }
    JsonObject trigger = new JsonObject();
    if (t.trigger() instanceof Trigger.Random r) {
      trigger.put("type", "RANDOM").put("stakePerHitMicros", r.stakePerHitMicros());
    } else if (t.trigger() instanceof Trigger.MustHitBy m) {
      trigger.put("type", "MUST_HIT_BY").put("ceilingMicros", m.ceilingMicros());
    } else if (t.trigger() instanceof Trigger.MustDropBy d) {
      trigger.put("type", "MUST_DROP_BY");
      if (d.every() != null) {
        trigger.put("every", d.every().toString());
      } else {
        trigger.put("dailyAt", d.dailyAt().toString()).put("zone", d.zone().getId());
      }
    } else {
      trigger.put("type", "CLAIM");
    }
    return new JsonObject().put("seedMicros", t.seedMicros()).put("ratePpm", t.rate().ppm()).put("trigger", trigger)
        .put("reserveRatePpm", t.reserveRatePpm()).put("capMicros", t.capMicros())
        .put("overflowTo", t.overflowTo() == null ? null : t.overflowTo().key())
        .put("seed", Money.ofMicros(t.seedMicros()).toPlainString()).put("rate", t.rate().toPlainString());
  }

  static PoolTerms parse(JsonObject j) {
    if (j == null) {
      return null;
    }
    JsonObject t = j.getJsonObject("trigger");
    Trigger trigger = switch (t.getString("type")) {
      case "RANDOM" -> new Trigger.Random(t.getLong("stakePerHitMicros"));
      case "MUST_HIT_BY" -> new Trigger.MustHitBy(t.getLong("ceilingMicros"));
      case "MUST_DROP_BY" -> t.getString("every") != null ? Trigger.MustDropBy.every(Duration.parse(t.getString("every")))
          : Trigger.MustDropBy.dailyAt(LocalTime.parse(t.getString("dailyAt")), ZoneId.of(t.getString("zone")));
      default -> new Trigger.Claim();
    };
    String overflowTo = j.getString("overflowTo");
    return new PoolTerms(j.getLong("seedMicros"), new Rate(j.getLong("ratePpm")), trigger, j.getLong("reserveRatePpm"),
        j.getLong("capMicros"), overflowTo == null ? null : PoolId.fromKey(overflowTo));
  }
}
