package io.jackpot.catalogue.http;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.catalogue.GameCurrencies;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.StakeShares;
import io.jackpot.pool.PoolId;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The catalogue a fresh ledger starts with (JACKPOT_INITIAL_CATALOGUE): {@code default} (docs/api.md),
 * {@code none}, or a JSON file {@code {"jackpots": [definition, ...]}} in docs/api.md's format.
 * Read only while the ledger holds no definition, so a later edit cannot stop a restart. Anything
 * wrong refuses the start, every problem named.
 */
public final class CatalogueFile {
  private CatalogueFile() {}

  public static Catalogue load(String setting) {
    if (setting == null || setting.isBlank() || setting.trim().equals("default")) {
      return DefaultCatalogue.create();
    }
    if (setting.trim().equals("none")) {
      return new Catalogue(List.of());
    }
    Path file = Path.of(setting.trim());
    JsonObject json;
    try {
      json = new JsonObject(Files.readString(file));
    } catch (IOException | DecodeException | ClassCastException e) {
      throw new IllegalArgumentException("JACKPOT_INITIAL_CATALOGUE: cannot read " + file + " as a JSON object: " + e.getMessage());
    }
    return new Catalogue(parse(file.toString(), json));
  }

  static List<JackpotDefinition> parse(String source, JsonObject json) {
    List<String> problems = new ArrayList<>();
    List<JackpotDefinition> out = new ArrayList<>();
    if (!(json.getValue("jackpots") instanceof JsonArray jackpots)) {
      throw new IllegalArgumentException("JACKPOT_INITIAL_CATALOGUE: " + source + " must hold {\"jackpots\": [definition, ...]}");
    }
    for (int i = 0; i < jackpots.size(); i++) {
      if (!(jackpots.getValue(i) instanceof JsonObject d) || !(d.getValue("id") instanceof String id)) {
        problems.add("jackpots[" + i + "]: a definition with its id is needed");
        continue;
      }
      DefinitionJson.Parsed parsed = DefinitionJson.parse(id, d);
      if (parsed instanceof DefinitionJson.Parsed.Invalid invalid) {
        for (String problem : invalid.problems()) {
          problems.add("jackpots[" + i + "] (" + id + "): " + problem);
        }
      } else if (out.stream().anyMatch(j -> j.id().equals(id))) {
        problems.add("jackpots[" + i + "]: jackpot " + id + " is defined twice");
      } else {
        JackpotDefinition definition = ((DefinitionJson.Parsed.Ok) parsed).definition();
        DefinitionJson.newInputProblems(definition).forEach(problem -> problems.add(id + ": " + problem));
        out.add(definition);
      }
    }
    problems.addAll(overflowProblems(out));
    problems.addAll(currencyProblems(out));
    problems.addAll(StakeShares.problems(out, out.stream().flatMap(j -> j.games().stream()).toList()));
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException("JACKPOT_INITIAL_CATALOGUE: " + source + ": " + String.join("; ", problems));
    }
    return out;
  }

  /** A game's jackpots share one currency, as the admin API requires: each against those before it in the file. */
  private static List<String> currencyProblems(List<JackpotDefinition> jackpots) {
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < jackpots.size(); i++) {
      String id = jackpots.get(i).id();
      GameCurrencies.problems(jackpots.subList(0, i), jackpots.get(i)).forEach(p -> problems.add(id + ": " + p));
    }
    return problems;
  }

  /** Every overflowTo names another pool of the file, in the same currency (as the admin API requires). */
  private static List<String> overflowProblems(List<JackpotDefinition> jackpots) {
    Map<PoolId, String> currencies = new HashMap<>();
    jackpots.forEach(j -> j.pools().forEach(p -> currencies.put(j.poolId(p), j.currency())));
    List<String> problems = new ArrayList<>();
    for (JackpotDefinition j : jackpots) {
      for (PoolDefinition p : j.pools()) {
        PoolId to = p.overflowTo();
        if (to != null && (to.equals(j.poolId(p)) || !j.currency().equals(currencies.get(to)))) {
          problems.add(j.id() + "/" + p.key() + ".overflowTo: " + to.jackpotId() + "/" + to.poolKey()
              + " is not another pool of this file in " + j.currency());
        }
      }
    }
    return problems;
  }
}
