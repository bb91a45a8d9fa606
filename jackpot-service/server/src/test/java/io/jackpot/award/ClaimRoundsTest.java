package io.jackpot.award;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.ledger.RoundDetail;
import io.jackpot.ledger.RoundStatus;
import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClaimRoundsTest {
  private static final PoolId LOW = new PoolId("bewitched", "cv-0.10");
  private static final PoolId HIGH = new PoolId("bewitched", "cv-1.00");
  private static final ClaimRequest CLAIM = new ClaimRequest("r-1", "bewitched", "p-1", "bewitched", "cv-0.10", "EUR");
  private static final Optional<RoundDetail> FED_LOW = Optional.of(round(Set.of(LOW)));

  /** Round r-1 of bewitched, played by p-1, as recorded with a share to each of {@code fed}. */
  private static RoundDetail round(Set<PoolId> fed) {
    Money stake = Money.ofMicros(2_000_000);
    List<RoundDetail.Share> shares = fed.stream().map(p -> new RoundDetail.Share(p, 1, Money.ofMicros(10_000), Money.ZERO, Money.ZERO,
        Money.ofMicros(200_010_000))).toList();
    return new RoundDetail("r-1", "demo", "bewitched", "p-1", stake, stake, "EUR", null, Money.ofMicros(100_000),
        fed.isEmpty() ? RoundStatus.PAUSED : RoundStatus.APPLIED, Instant.EPOCH, Instant.EPOCH, shares);
  }

  @Test
  void anyTakesTheGamesWord() {
    assertDoesNotThrow(() -> ClaimRounds.ANY.check(CLAIM, HIGH, Optional.empty()));
  }

  @Test
  void recordedTakesOnlyTheSameGameAndPlayersRoundOnAPoolItFed() {
    assertDoesNotThrow(() -> ClaimRounds.RECORDED.check(CLAIM, LOW, FED_LOW));
    assertEquals(ErrorCode.ROUND_DID_NOT_FEED_POOL, refused(CLAIM, HIGH, FED_LOW));
    assertEquals(ErrorCode.ROUND_NOT_RECORDED, refused(CLAIM, LOW, Optional.empty()));
    assertEquals(ErrorCode.ROUND_ID_CONFLICT, refused(new ClaimRequest("r-1", "bewitched", "p-2", "bewitched", "cv-0.10", "EUR"), LOW, FED_LOW));
    assertEquals(ErrorCode.ROUND_ID_CONFLICT, refused(new ClaimRequest("r-1", "creepy-candy", "p-1", "bewitched", "cv-0.10", "EUR"), LOW, FED_LOW));
    assertEquals(ErrorCode.ROUND_DID_NOT_FEED_POOL, refused(CLAIM, LOW, Optional.of(round(Set.of()))),
        "a round recorded while its pools were paused fed none");
  }

  private static ErrorCode refused(ClaimRequest claim, PoolId pool, Optional<RoundDetail> round) {
    Rejection r = assertThrows(Rejection.class, () -> ClaimRounds.RECORDED.check(claim, pool, round));
    assertEquals(Rejection.Kind.CONFLICT, r.kind());
    return r.code();
  }
}
