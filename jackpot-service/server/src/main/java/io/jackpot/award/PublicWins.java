package io.jackpot.award;

/**
 * What the public reads (the ticker, {@code GET /v1/jackpots...}, no key needed) show of a win.
 * The game's own endpoints and the admin API always show all of it.
 */
public enum PublicWins {
  /** Every field, player and round ids included (docs/api.md). */
  FULL,
  /** Without {@code playerId} and {@code roundId}: watchers learn what was won, when and in which game, not by whom. */
  ANONYMOUS
}
