package io.jackpot.ledger;

import java.time.Instant;

/**
 * One contribution round as received: who sent it and what it staked. {@code fingerprint} is a
 * hash of the content, so a repeated round id can be told apart from a conflicting one.
 */
public record RoundRecord(
    String roundId, String fingerprint, String gameId, String operatorId, String playerId,
    long stakeMicros, String currency, Long coinValueMicros, Instant receivedAt) {}
