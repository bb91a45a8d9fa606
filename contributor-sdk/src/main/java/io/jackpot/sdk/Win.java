package io.jackpot.sdk;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A jackpot win as the service reports it. Immutable and thread-safe.
 *
 * @param roundId null in ticker wins when the service shows wins anonymously ({@code JACKPOT_PUBLIC_WINS})
 * @param playerId null where {@code roundId} is
 * @param amount exact, in the jackpot's currency
 * @param amountInCurrency in {@code currency} (asked for, else the jackpot's), rounded down to cents
 * @param trigger CLAIM, RANDOM, MUST_HIT_BY or MUST_DROP_BY
 */
public record Win(String winId, String jackpotId, String poolKey, long sequence, String roundId, String playerId,
    BigDecimal amount, String currency, BigDecimal amountInCurrency, Instant wonAt, String trigger) {}
