package io.jackpot.contribution;

/** One contribution as sent by a game, well-formed but not yet checked against the catalogue. */
public record ContributionRequest(
    String roundId, String gameId, String playerId, long stakeMicros, String currency, Long coinValueMicros) {}
