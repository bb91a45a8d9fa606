package io.jackpot.ledger;

import io.jackpot.pool.PoolCommand;
import java.io.Serializable;
import java.time.Instant;

/**
 * One contribution round as received: who sent it and what it staked. {@code fingerprint} is a
 * hash of the content, so a repeated round id can be told apart from a conflicting one.
 * {@code stakeMicros} is in the pools' currency; a stake sent in another {@code currency} keeps
 * its {@code originalStakeMicros} and the {@code fxRatePpm} it was converted at (else both null).
 */
public record RoundRecord(
    String roundId, String fingerprint, String gameId, String operatorId, String playerId,
    long stakeMicros, String currency, Long coinValueMicros, Instant receivedAt, Long originalStakeMicros, Long fxRatePpm)
    implements Serializable {

  public RoundRecord(String roundId, String fingerprint, String gameId, String operatorId, String playerId,
      long stakeMicros, String currency, Long coinValueMicros, Instant receivedAt) {
    this(roundId, fingerprint, gameId, operatorId, playerId, stakeMicros, currency, coinValueMicros, receivedAt, null, null);
  }

  /**
   * The command this round's contribution gives each pool it feeds. The step journal writes a
   * command equal to it as one byte and rebuilds it from the round, so both sides make it here.
   */
  public PoolCommand.Contribute contribution() {
    return new PoolCommand.Contribute(roundId, stakeMicros, playerId, gameId, operatorId, receivedAt);
  }
}
