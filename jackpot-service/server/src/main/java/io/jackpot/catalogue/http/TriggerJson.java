package io.jackpot.catalogue.http;

import io.jackpot.money.Money;
import io.jackpot.pool.Trigger;
import io.vertx.core.json.JsonObject;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * A pool's {@code trigger} field: {"type": CLAIM | RANDOM (with stakePerHit) | MUST_HIT_BY |
 * MUST_DROP_BY (with every, or dailyAt and zone)}.
 */
final class TriggerJson {
  private static final DateTimeFormatter CLOCK_TIME = DateTimeFormatter.ofPattern("HH:mm[:ss]");

  private TriggerJson() {}

  static JsonObject of(Trigger t) {
    if (t instanceof Trigger.Random r) {
      return new JsonObject().put("type", "RANDOM").put("stakePerHit", Money.ofMicros(r.stakePerHitMicros()).toPlainString());
    }
    if (t instanceof Trigger.MustDropBy d) {
      return window(new JsonObject().put("type", "MUST_DROP_BY"), d);
    }
    return new JsonObject().put("type", t instanceof Trigger.MustHitBy ? "MUST_HIT_BY" : "CLAIM");
  }

  /** A must-drop trigger's window settings added to {@code out}: every, or dailyAt and zone. */
  static JsonObject window(JsonObject out, Trigger.MustDropBy d) {
    if (d.every() != null) {
      return out.put("every", d.every().toString());
    }
    String at = d.dailyAt().getSecond() == 0 ? d.dailyAt().format(DateTimeFormatter.ofPattern("HH:mm")) : d.dailyAt().toString();
    return out.put("dailyAt", at).put("zone", d.zone().getId());
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
      case "MUST_DROP_BY":
        return mustDrop(r, t, path + "trigger.");
      default:
        r.problem(path + "trigger.type must be CLAIM, RANDOM, MUST_HIT_BY or MUST_DROP_BY");
        return new Trigger.Claim();
    }
  }

  private static Trigger mustDrop(FieldReader r, JsonObject t, String path) {
    Object every = t.getValue("every");
    Object dailyAt = t.getValue("dailyAt");
    Object zone = t.getValue("zone");
    if ((every == null) == (dailyAt == null)) {
      r.problem(path + "a MUST_DROP_BY trigger needs either every (like \"PT1H\") or dailyAt and zone (like \"22:00\", \"Europe/London\")");
      return new Trigger.Claim();
    }
    if (every != null) {
      if (zone != null) {
        r.problem(path + "zone goes with dailyAt, not with every (every counts from 1970-01-01T00:00Z)");
      }
      Duration d = every instanceof String s ? duration(s) : null;
      if (d == null || d.compareTo(Trigger.MustDropBy.SHORTEST) < 0 || d.compareTo(Trigger.MustDropBy.LONGEST) > 0
          || d.getNano() % 1_000_000 != 0) {
        r.problem(path + "every must be an ISO-8601 duration from " + Trigger.MustDropBy.SHORTEST + " to "
            + Trigger.MustDropBy.LONGEST.toDays() + " days, in whole milliseconds, like \"PT1H\"");
        return new Trigger.Claim();
      }
      return Trigger.MustDropBy.every(d);
    }
    LocalTime at = null;
    try {
      at = dailyAt instanceof String s ? LocalTime.parse(s, CLOCK_TIME) : null;
    } catch (DateTimeParseException e) {
      at = null;
    }
    if (at == null) {
      r.problem(path + "dailyAt must be a local time like \"22:00\"");
    }
    ZoneId id = null;
    try {
      id = zone instanceof String s ? ZoneId.of(s) : null;
    } catch (DateTimeException e) {
      id = null;
    }
    if (id == null) {
      r.problem(path + "zone must be a time-zone id like \"Europe/London\"");
    }
    return at == null || id == null ? new Trigger.Claim() : Trigger.MustDropBy.dailyAt(at, id);
  }

  private static Duration duration(String s) {
    try {
      return Duration.parse(s);
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
