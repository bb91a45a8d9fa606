package io.jackpot.catalogue.http;

import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.Routing;
import io.jackpot.catalogue.WinsPerRound;
import io.jackpot.game.Games;
import io.jackpot.http.JsonFields;
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
 * problem named by its field (all of them at once), and written back in the same shape. The
 * jackpot's own fields are read here, each pool's in PoolJson and its trigger in TriggerJson.
 */
public final class DefinitionJson {
  private DefinitionJson() {}

  /** The definition, or the list of what is wrong with it. */
  public sealed interface Parsed {
    record Ok(JackpotDefinition definition) implements Parsed {}

    record Invalid(List<String> problems) implements Parsed {}
  }

  public static Parsed parse(String id, JsonObject json) {
    FieldReader r = new FieldReader();
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
    List<String> games = games(r, json);
    Routing routing = routing(r, json);
    WinsPerRound wins = winsPerRound(r, json);
    List<PoolDefinition> pools = pools(r, json, routing);
    if (!r.problems().isEmpty()) {
      return new Parsed.Invalid(r.problems());
    }
    return new Parsed.Ok(new JackpotDefinition(id, name, currency, owner, games, routing, pools, wins));
  }

  /** The pools that read whole; keys, and coin values with COIN_VALUE routing, are each one pool's. */
  private static List<PoolDefinition> pools(FieldReader r, JsonObject json, Routing routing) {
    List<PoolDefinition> pools = new ArrayList<>();
    if (!(json.getValue("pools") instanceof JsonArray array) || array.isEmpty()) {
      r.problem("pools must be a non-empty array");
      return pools;
    }
    Set<String> keys = new HashSet<>();
    Set<Long> coins = new HashSet<>();
    for (int i = 0; i < array.size(); i++) {
      String path = "pools[" + i + "].";
      if (!(array.getValue(i) instanceof JsonObject p)) {
        r.problem("pools[" + i + "] must be an object");
        continue;
      }
      PoolDefinition pool = PoolJson.read(r, p, path, routing);
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
    return pools;
  }

  private static List<String> games(FieldReader r, JsonObject o) {
    Object v = o.getValue("games");
    List<String> out = new ArrayList<>();
    if (!(v instanceof JsonArray a) || a.isEmpty()) {
      r.problem("games must be a non-empty array of game ids");
      return out;
    }
    for (int i = 0; i < a.size(); i++) {
      Object g = a.getValue(i);
      if (!(g instanceof String s) || !Games.ids().contains(s)) {
        r.problem("games[" + i + "] '" + g + "' is not a known game (known: " + new TreeSet<>(Games.ids()) + ")");
      } else {
        out.add(s);
      }
    }
    return out;
  }

  /** ALL when absent; a bad one is noted and read as ALL so that the pools are still checked. */
  private static Routing routing(FieldReader r, JsonObject o) {
    return r.choice(o, "routing", Routing.class, Routing.ALL, "ALL or COIN_VALUE");
  }

  /** ANY when absent (and in definitions stored before the field); a bad one is noted. */
  private static WinsPerRound winsPerRound(FieldReader r, JsonObject o) {
    return r.choice(o, "winsPerRound", WinsPerRound.class, WinsPerRound.ANY, "ONE or ANY");
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
    j.pools().forEach(p -> pools.add(PoolJson.of(p)));
    return new JsonObject().put("id", j.id()).put("name", j.name()).put("currency", j.currency()).put("owner", j.owner())
        .put("games", new JsonArray(j.games())).put("routing", j.routing().name()).put("winsPerRound", j.winsPerRound().name())
        .put("pools", pools);
  }

  /** A pool's terms in the definition's fields: seed, rate, reserveRate, ceiling, overflowTo, trigger. */
  public static JsonObject terms(JsonObject out, PoolTerms t) {
    return PoolJson.terms(out, t);
  }

  public static JsonObject trigger(Trigger t) {
    return TriggerJson.of(t);
  }
}
