package io.jackpot.sdk;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A jackpot win as the service reports it: {@code amount} exact, in the jackpot's currency;
 * {@code amountInCurrency} in {@code currency} (the display currency asked for, else the
 * jackpot's), rounded down to cents; {@code trigger}: CLAIM, RANDOM or MUST_HIT_BY. Immutable and
 * thread-safe.
 */
public record Win(String winId, String jackpotId, String poolKey, long sequence, String roundId, String playerId,
    BigDecimal amount, String currency, BigDecimal amountInCurrency, Instant wonAt, String trigger) {}
