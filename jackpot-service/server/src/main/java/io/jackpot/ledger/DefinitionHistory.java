package io.jackpot.ledger;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;

/** Every version of every jackpot's definition: those in force, and saving new ones. */
public interface DefinitionHistory {
  /** Every jackpot's definition in force (its highest version). */
  CompletionStage<List<Saved>> definitions();

  /**
   * Saves a new version of a definition with its audit entry, in one transaction, if
   * {@code saveAfter} says so of the versions in force (every jackpot's id and JSON; {@code id}
   * absent if it has none), read under a lock all definition saves take, in the same transaction:
   * throwing refuses the save, nothing written. So a check across jackpots (a game's stake
   * shares) sees every save before it. False: the version in force is already this definition
   * (it was sent again), and nothing is written. Answers the version saved, or the one in force.
   */
  CompletionStage<Integer> saveDefinition(String id, String definitionJson, String savedBy, AuditEntry audit,
      Predicate<Map<String, String>> saveAfter);

  /** A definition of the initial catalogue: its id, its JSON and its audit entry. */
  record Initial(String id, String json, AuditEntry audit) {}

  /**
   * Saves the initial catalogue, each definition as version 1 with its audit entry, in one
   * transaction and only while the ledger holds no definition at all (read under a lock that every
   * such save takes): all or nothing, so a start that fails half-way leaves the ledger fresh for the
   * next. Answers how many were saved: 0 when another member's catalogue was saved first.
   */
  CompletionStage<Integer> saveInitialDefinitions(List<Initial> definitions, String savedBy);
}
