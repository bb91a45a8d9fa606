package io.jackpot.award;

/** A game's claim of a pool (docs/api.md "POST /v1/wins"); {@code poolKey} may be null (tier draw). */
public record ClaimRequest(String roundId, String gameId, String playerId, String jackpotId, String poolKey, String currency) {}
