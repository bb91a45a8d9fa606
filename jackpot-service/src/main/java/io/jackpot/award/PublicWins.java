package io.jackpot.award;

import java.util.Locale;

/**
 * What the public reads (the ticker, {@code GET /v1/jackpots...}, no key needed) show of a win.
 * The game's own endpoints and the admin API always show all of it.
 */
public enum PublicWins {
  /** Every field, player and round ids included (API.md). */
  FULL,
  /** Without {@code playerId} and {@code roundId}: watchers learn what was won, when and in which game, not by whom. */
  ANONYMOUS;

  /** {@code full} or {@code anonymous} (any case); null or blank: {@link #FULL}. */
  public static PublicWins parse(String name, String raw) {
    if (raw == null || raw.isBlank()) {
      return FULL;
    }
    return switch (raw.trim().toLowerCase(Locale.ROOT)) {
      case "full" -> FULL;
      case "anonymous" -> ANONYMOUS;
      default -> throw new IllegalArgumentException(name + " must be full or anonymous, got '" + raw + "'");
    };
  }
}
