package io.jackpot.pool;

import java.time.Instant;

/** Pool commands for tests: a player's stake, a claim. */
public final class Commands {
  public static final Instant AT = Instant.parse("2026-11-21T13:45:01.123Z");

  private Commands() {}

  public static PoolCommand.Contribute stake(String round, long micros) {
    return new PoolCommand.Contribute(round, micros, "p-" + round, "bewitched", "demo", AT);
  }

  public static PoolCommand.Claim claim(String round) {
    return new PoolCommand.Claim(round, "p-" + round, "bewitched", "demo", AT);
  }
}
