package io.jackpot.ledger;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;

/** Every set of exchange rates ever saved: the one in force, the one in force at a moment, and saving a new one. */
public interface FxRateHistory {
  /** The exchange rates in force (the newest set). */
  CompletionStage<Optional<Saved>> latestFxRates();

  /** The exchange rates set last at or before {@code moment}, as the JSON they were saved as. */
  CompletionStage<Optional<String>> fxRatesAt(Instant moment);

  /**
   * Saves a new set of exchange rates with its audit entry, in one transaction, if {@code saveAfter}
   * says so of the sets saved, read under a lock that saving a set takes: it answers false when the
   * set is already the newest (nothing to save), and throws to refuse. Answers the number of the set
   * now newest: the one saved, or the newest if none was.
   */
  CompletionStage<Long> saveFxRates(String ratesJson, String setBy, AuditEntry audit,
      Predicate<FxSaved> saveAfter);

  /**
   * The sets of rates saved: the newest one's JSON (null if none), and the last rate each currency
   * ever had (a decimal string by currency), a currency the newest set no longer has included.
   */
  record FxSaved(String newestJson, Map<String, String> lastRates) {
    public FxSaved {
      lastRates = Map.copyOf(lastRates);
    }
  }
}
