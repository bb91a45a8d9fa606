package io.jackpot.fx;

import io.jackpot.money.Decimals;
import io.jackpot.money.Money;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Exchange rates against the pools' currency ({@code base}, EUR): {@code rate} units of a
 * currency per one unit of base, exact to the millionth (ppm). Conversions are defined to the
 * last digit so they can be recomputed from the recorded rate: a stake converts to base rounded
 * down to the micro-unit; an amount is shown in a currency rounded down to the cent.
 */
public record FxRates(String base, Map<String, Long> ratePpm) {
  public FxRates {
    ratePpm = Map.copyOf(new TreeMap<>(ratePpm));
  }

  public static FxRates none(String base) {
    return new FxRates(base, Map.of());
  }

  public Optional<Long> rate(String currency) {
    return currency.equals(base) ? Optional.of(1_000_000L) : Optional.ofNullable(ratePpm.get(currency));
  }

  /** How to show amounts in {@code currency}, if a rate is known (the base always is). */
  public Optional<Display> display(String currency) {
    return rate(currency).map(r -> new Display(currency, this));
  }

  /** A new rate more than this many times the one in force, or less than the one in force over it, is a jump. */
  public static final int JUMP_FACTOR = 2;

  /**
   * The rates of {@code next} that move more than {@link #JUMP_FACTOR} times up or down from this
   * set's rate of the same currency, each described; currencies new in {@code next} have nothing to
   * be compared with here (but see the overload). A typo ("0.000085" for "0.85") would make every stake in that currency feed
   * the pools ten thousand times its worth.
   */
  public List<String> jumpsTo(FxRates next) {
    return jumpsTo(next, Map.of());
  }

  /**
   * The same, a currency this set lacks compared with its rate in {@code lastRates} (the last it
   * ever had, in ppm): withdrawing a rate and setting it again is no way round the check.
   */
  public List<String> jumpsTo(FxRates next, Map<String, Long> lastRates) {
    List<String> jumps = new ArrayList<>();
    new TreeMap<>(next.ratePpm).forEach((currency, to) -> { // by currency: one message for one set
      Long inForce = ratePpm.get(currency);
      Long from = inForce != null ? inForce : lastRates.get(currency);
      // exact: the factor times a ppm rate (at most 10^12) stays far inside a long
      if (from != null && (to > from * JUMP_FACTOR || to * JUMP_FACTOR < from)) {
        jumps.add("rates." + currency + " " + Decimals.plain(to) + " against " + Decimals.plain(from)
            + (inForce != null ? " in force" : ", its last rate (withdrawn since)"));
      }
    });
    return jumps;
  }

  /** A stake of {@code micros} in {@code currency}, in base micro-units: micros × 10^6 / ratePpm, rounded down. */
  public static long toBase(long micros, long ratePpm) {
    return BigInteger.valueOf(micros).multiply(BigInteger.valueOf(1_000_000)).divide(BigInteger.valueOf(ratePpm)).longValueExact();
  }

  /**
   * An amount kept in a currency of rate {@code fromPpm} (the base: 1,000,000) shown in one of rate
   * {@code toPpm}: amount × to / from, rounded down to the cent.
   */
  public static String display(Money amount, long toPpm, long fromPpm) {
    return amount.toBigDecimal().multiply(BigDecimal.valueOf(toPpm)).divide(BigDecimal.valueOf(fromPpm), 2, RoundingMode.DOWN).toPlainString();
  }
}
