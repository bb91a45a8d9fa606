package io.jackpot.sdk;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A jackpot win as the service reports it: {@code amount} exact, in the jackpot's currency;
 * {@code amountInCurrency} in {@code currency} (the display currency asked for, else the
 * jackpot's), rounded down to cents; {@code trigger}: CLAIM, RANDOM or MUST_HIT_BY. Immutable and
 * thread-safe. {@code roundId} and {@code playerId} are null in wins heard from the ticker
 * ({@code onJackpotWon}) when the service shows wins anonymously ({@code JACKPOT_PUBLIC_WINS}); a
 * claim's answer and {@code findWins} always carry them.
 */
public record Win(String winId, String jackpotId, String poolKey, long sequence, String roundId, String playerId,
    BigDecimal amount, String currency, BigDecimal amountInCurrency, Instant wonAt, String trigger) {}
