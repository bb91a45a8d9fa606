package io.jackpot.sdk;

import java.math.BigDecimal;
import java.time.Instant;

/** A jackpot win as the service reports it (exact amounts; {@code trigger}: CLAIM, RANDOM or MUST_HIT_BY). */
public record Win(String winId, String jackpotId, String poolKey, long sequence, String roundId, String playerId,
    BigDecimal amount, String currency, BigDecimal amountInCurrency, Instant wonAt, String trigger) {}
