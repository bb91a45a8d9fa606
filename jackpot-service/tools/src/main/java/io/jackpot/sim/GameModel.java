package io.jackpot.sim;

import java.util.random.RandomGenerator;

/**
 * A seed game's bet structure and jackpot trigger, as docs/catalogue.md describes
 * them (see {@link SeedGames}). Pure: the random source is given, so a seeded run repeats exactly.
 */
public interface GameModel {
  String gameId();

  /** The next round a player of this game plays. */
  SimRound next(RandomGenerator random);
}
