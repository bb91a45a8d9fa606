package io.jackpot.game;

import java.util.Optional;

/** A game's bet structure: which stakes (and coin values) a round of that game can have. */
@FunctionalInterface
public interface BetRule {
  /** Why the stake is impossible for the game, or empty when it is a valid bet. */
  Optional<String> violation(long stakeMicros, Long coinValueMicros);

  /** Any stake between the bounds, in whole cents. */
  static BetRule range(long minMicros, long maxMicros) {
    return (stake, coin) -> {
      if (stake < minMicros || stake > maxMicros) {
        return Optional.of("stake must be between " + Games.format(minMicros) + " and " + Games.format(maxMicros));
      }
      if (stake % 10_000 != 0) {
        return Optional.of("stake must be in whole cents");
      }
      return Optional.empty();
    };
  }
}
