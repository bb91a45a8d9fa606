package io.jackpot.catalogue.http;

import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.Routing;
import io.jackpot.game.Games;
import io.jackpot.http.JsonFields;
import io.jackpot.money.Decimals;
import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.Trigger;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A jackpot definition in the format of API.md ("PUT /v1/admin/jackpots/{id}"): read with every
 * problem named by its field (all of them at once), and written back in the same shape.
 */
public final class DefinitionJson {
  private DefinitionJson() {}

  /** The definition, or the list of what is wrong with it. */
  public sealed interface Parsed {
    record Ok(JackpotDefinition definition) implements Parsed {}

    record Invalid(List<String> problems) implements Parsed {}
  }

  public static Parsed parse(String id, JsonObject json) {
    Reader r = new Reader();
    if (!PoolId.isId(id)) {
      r.problem("id must match " + PoolId.ID_RULE);
    }
    String name = r.text(json, "name", 100);
    String currency = r.text(json, "currency", 3);
    if (currency != null && !JsonFields.isCurrencyCode(currency)) {
      r.problem("currency must be an ISO 4217 code like EUR");
    }
    String owner = r.text(json, "owner", 64);
    if (owner != null && !PoolId.isId(owner)) {
      r.problem("owner must match " + PoolId.ID_RULE);
    }
    List<String> games = r.games(json);
    Routing routing = r.routing(json);
    List<PoolDefinition> pools = new ArrayList<>();
    Object rawPools = json.getValue("pools");
    if (!(rawPools instanceof JsonArray array) || array.isEmpty()) {
      r.problem("pools must be a non-empty array");
    } else {
      Set<String> keys = new HashSet<>();
      Set<Long> coins = new HashSet<>();
      for (int i = 0; i < array.size(); i++) {
        String path = "pools[" + i + "].";
        if (!(array.getValue(i) instanceof JsonObject p)) {
          r.problem("pools[" + i + "] must be an object");
          continue;
        }
        PoolDefinition pool = r.pool(p, path, routing);
        if (pool != null) {
          if (!keys.add(pool.key())) {
            r.problem(path + "key '" + pool.key() + "' is used twice");
          }
          if (pool.coinValueMicros() != null && !coins.add(pool.coinValueMicros())) {
            r.problem(path + "coinValue is used by another pool");
          }
          pools.add(pool);
        }
      }
    }
    if (!r.problems.isEmpty()) {
      return new Parsed.Invalid(r.problems);
    }
    return new Parsed.Ok(new JackpotDefinition(id, name, currency, owner, games, routing, pools));
  }

  /** A definition as stored (it was checked before it was saved): one that no longer reads is a fault, not a refusal. */
  public static JackpotDefinition parseStored(String id, String json) {
    Parsed parsed = parse(id, new JsonObject(json));
    if (parsed instanceof Parsed.Ok ok) {
      return ok.definition();
    }
    throw new IllegalStateException("stored definition of " + id + " is invalid: " + ((Parsed.Invalid) parsed).problems());
  }

  /**
   * What is wrong with a new definition (a PUT, the initial catalogue file) beyond what
   * {@link #parse} checks: rules for new input only, so that definitions stored before them still
   * load. Names ride every ticker message and audit entry and are shown as they are, on one line
   * (and PostgreSQL's jsonb refuses a NUL). A jackpot has at most {@link #MAX_POOLS} pools (every
   * pool of an ALL jackpot is a step of each round of its games). The stake its games' jackpots take
   * together is checked across jackpots (StakeShares).
   */
  public static List<String> newInputProblems(JackpotDefinition d) {
    List<String> problems = new ArrayList<>();
    if (d.pools().size() > MAX_POOLS) {
      problems.add("pools: at most " + MAX_POOLS + " per jackpot, got " + d.pools().size());
    }
    if (JsonFields.badName(d.name())) {
      problems.add("name must be plain text on one line (no control or direction characters)");
    }
    for (int i = 0; i < d.pools().size(); i++) {
      String name = d.pools().get(i).name();
      if (JsonFields.badName(name)) {
        problems.add("pools[" + i + "].name must be plain text on one line (no control or direction characters)");
      }
      if (name.length() > 100) {
        problems.add("pools[" + i + "].name is longer than 100 characters");
      }
    }
    return problems;
  }

  /** The most pools one jackpot may have (a new definition). */
  public static final int MAX_POOLS = 100;

  /** The definition in API.md's format, amounts as exact decimal strings. */
  public static JsonObject of(JackpotDefinition j) {
    JsonArray pools = new JsonArray();
    for (PoolDefinition p : j.pools()) {
      JsonObject pool = terms(new JsonObject().put("key", p.key()).put("name", p.name()), p.terms())
          .put("drawWeight", Long.toString(p.drawWeight()));
      if (p.coinValueMicros() != null) {
        pool.put("coinValue", Decimals.coin(p.coinValueMicros()));
      }
      pools.add(pool);
    }
    return new JsonObject().put("id", j.id()).put("name", j.name()).put("currency", j.currency()).put("owner", j.owner())
        .put("games", new JsonArray(j.games())).put("routing", j.routing().name()).put("pools", pools);
  }

  /** A pool's terms in the definition's fields: seed, rate, reserveRate, ceiling, overflowTo, trigger. */
  public static JsonObject terms(JsonObject out, PoolTerms t) {
    long ceiling = t.trigger() instanceof Trigger.MustHitBy m ? m.ceilingMicros() : t.capMicros();
    return out.put("seed", Money.ofMicros(t.seedMicros()).toPlainString()).put("rate", t.rate().toPlainString())
        .put("reserveRate", Decimals.plain(t.reserveRatePpm()))
        .put("ceiling", ceiling == 0 ? null : Money.ofMicros(ceiling).toPlainString())
        .put("overflowTo", t.overflowTo() == null ? null
            : new JsonObject().put("jackpotId", t.overflowTo().jackpotId()).put("poolKey", t.overflowTo().poolKey()))
        .put("trigger", trigger(t.trigger()));
  }

  public static JsonObject trigger(Trigger t) {
    if (t instanceof Trigger.Random r) {
      return new JsonObject().put("type", "RANDOM").put("stakePerHit", Money.ofMicros(r.stakePerHitMicros()).toPlainString());
    }
    return new JsonObject().put("type", t instanceof Trigger.MustHitBy ? "MUST_HIT_BY" : "CLAIM");
  }

  /** Collects problems while reading; never throws for bad input. */
  private static final class Reader {
    final List<String> problems = new ArrayList<>();

    void problem(String p) {
      problems.add(p);
    }

    String text(JsonObject o, String field, int max) {
      Object v = o.getValue(field);
      if (!(v instanceof String s) || s.isBlank()) {
        problem(field + " is required (a string)");
        return null;
      }
      if (s.length() > max) {
        problem(field + " is longer than " + max + " characters");
      }
      return s;
    }

    List<String> games(JsonObject o) {
      Object v = o.getValue("games");
      List<String> out = new ArrayList<>();
      if (!(v instanceof JsonArray a) || a.isEmpty()) {
        problem("games must be a non-empty array of game ids");
        return out;
      }
      for (int i = 0; i < a.size(); i++) {
        Object g = a.getValue(i);
        if (!(g instanceof String s) || !Games.ids().contains(s)) {
          problem("games[" + i + "] '" + g + "' is not a known game (known: " + new TreeSet<>(Games.ids()) + ")");
        } else {
          out.add(s);
        }
      }
      return out;
    }

    Routing routing(JsonObject o) {
      Object v = o.getValue("routing", "ALL");
      try {
        return Routing.valueOf(String.valueOf(v));
      } catch (IllegalArgumentException e) {
        problem("routing must be ALL or COIN_VALUE");
        return Routing.ALL;
      }
    }

    /** The field as a decimal string, or null (with the problem noted when it is required or not a string). */
    String decimal(JsonObject o, String path, String field, boolean required, String example) {
      Object v = o.getValue(field);
      if (v == null) {
        if (required) {
          problem(path + field + " is required");
        }
        return null;
      }
      if (!(v instanceof String s)) {
        problem(path + field + " must be a decimal string like \"" + example + "\"");
        return null;
      }
      return s;
    }

    Long money(JsonObject o, String path, String field, boolean required) {
      String s = decimal(o, path, field, required, "10.00");
      if (s == null) {
        return null;
      }
      try {
        return Decimals.parsePositiveMicros(s);
      } catch (IllegalArgumentException e) {
        problem(path + field + " " + e.getMessage());
        return null;
      }
    }

    Long ppm(JsonObject o, String path, String field, boolean required, boolean zeroAllowed) {
      String s = decimal(o, path, field, required, "0.005");
      if (s == null) {
        return null;
      }
      try {
        long ppm = Decimals.parseScaled(s, 6);
        if ((ppm == 0 && !zeroAllowed) || ppm >= Rate.ONE) {
          problem(path + field + " must be in " + (zeroAllowed ? "[0, 1)" : "(0, 1)") + ", got '" + s + "'");
          return null;
        }
        return ppm;
      } catch (IllegalArgumentException e) {
        problem(path + field + " " + e.getMessage());
        return null;
      }
    }

    PoolDefinition pool(JsonObject p, String path, Routing routing) {
      int before = problems.size();
      Object key = p.getValue("key");
      if (!(key instanceof String k) || !PoolId.isId(k)) {
        problem(path + "key must match " + PoolId.ID_RULE);
      }
      String name = p.getValue("name") instanceof String n && !n.isBlank() ? n : null;
      if (name == null) {
        problem(path + "name is required (a string)");
      }
      Long seed = money(p, path, "seed", true);
      Long rate = ppm(p, path, "rate", true, false);
      Long reserve = ppm(p, path, "reserveRate", false, true);
      Long ceiling = money(p, path, "ceiling", false);
      if (seed != null && ceiling != null && ceiling <= seed) {
        problem(path + "ceiling must be above the seed");
      }
      if (rate != null && reserve != null && rate + reserve >= Rate.ONE) {
        problem(path + "rate + reserveRate must stay below 1");
      }
      PoolId overflowTo = overflowTo(p, path);
      if (overflowTo != null && ceiling == null) {
        problem(path + "overflowTo needs a ceiling to overflow from");
      }
      Long coin = money(p, path, "coinValue", routing == Routing.COIN_VALUE);
      if (routing == Routing.ALL && coin != null) {
        problem(path + "coinValue only applies with routing COIN_VALUE");
      }
      long weight = weight(p, path);
      Trigger trigger = trigger(p, path, ceiling);
      if (trigger instanceof Trigger.MustHitBy && overflowTo != null) {
        problem(path + "overflowTo does not apply to a MUST_HIT_BY pool (it never passes its ceiling)");
      }
      if (problems.size() > before) {
        return null;
      }
      long cap = trigger instanceof Trigger.MustHitBy ? 0 : (ceiling == null ? 0 : ceiling);
      return new PoolDefinition((String) key, name, seed, new Rate(rate), coin, trigger, weight, reserve == null ? 0 : reserve, cap,
          overflowTo);
    }

    PoolId overflowTo(JsonObject p, String path) {
      Object v = p.getValue("overflowTo");
      if (v == null) {
        return null;
      }
      if (v instanceof JsonObject o && o.getValue("jackpotId") instanceof String j && o.getValue("poolKey") instanceof String k
          && PoolId.isId(j) && PoolId.isId(k)) {
        return new PoolId(j, k);
      }
      problem(path + "overflowTo must be {\"jackpotId\": ..., \"poolKey\": ...} or null");
      return null;
    }

    long weight(JsonObject p, String path) {
      Object v = p.getValue("drawWeight");
      try {
        long w = v == null ? 0 : Long.parseLong(String.valueOf(v));
        if (w < 0 || w > 1_000_000) {
          problem(path + "drawWeight must be a whole number from 0 to 1000000");
        }
        return w;
      } catch (NumberFormatException e) {
        problem(path + "drawWeight must be a whole number, got '" + v + "'");
        return 0;
      }
    }

    Trigger trigger(JsonObject p, String path, Long ceiling) {
      Object v = p.getValue("trigger");
      if (v == null) {
        return new Trigger.Claim();
      }
      if (!(v instanceof JsonObject t)) {
        problem(path + "trigger must be an object like {\"type\": \"CLAIM\"}");
        return new Trigger.Claim();
      }
      switch (String.valueOf(t.getValue("type"))) {
        case "CLAIM":
          return new Trigger.Claim();
        case "RANDOM": {
          Long perHit = money(t, path + "trigger.", "stakePerHit", true);
          return perHit == null ? new Trigger.Claim() : new Trigger.Random(perHit);
        }
        case "MUST_HIT_BY":
          if (ceiling == null) {
            problem(path + "ceiling is required for a MUST_HIT_BY trigger");
            return new Trigger.Claim();
          }
          return new Trigger.MustHitBy(ceiling);
        default:
          problem(path + "trigger.type must be CLAIM, RANDOM or MUST_HIT_BY");
          return new Trigger.Claim();
      }
    }
  }
}
