package io.jackpot.plan;

/** One contribution as sent by a game, well-formed but not yet checked against the catalogue. */
public record ContributionRequest(
    String roundId, String gameId, String playerId, long stakeMicros, String currency, Long coinValueMicros)
    implements ContributionItem {

  /**
   * 1,000,000.00: far above any seed game's bet (Creepy Candy tops at 20,000.00), and low enough
   * that stake × rate can never overflow the pools' arithmetic.
   */
  public static final long MAX_STAKE_MICROS = 1_000_000_000_000L;
}
