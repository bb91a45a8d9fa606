package io.jackpot.fx;

import java.time.Instant;
import java.util.concurrent.CompletionStage;

/**
 * The exchange rates that were in force at a moment: the ledger keeps every set of rates with when
 * it was set. A win is shown in another currency at the rates of its own moment, so every answer
 * about it (the claim's, a repeated claim's, a look-up's) gives the same amount whatever was set
 * since.
 */
public interface FxHistory {
  /** The rates set last at or before {@code moment}; none (the base only) if none was set by then. */
  CompletionStage<FxRates> at(Instant moment);
}
