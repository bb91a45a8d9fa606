package io.jackpot.reconciliation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.money.Money;
import io.jackpot.money.Total;
import io.jackpot.pool.PoolId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReconciliationTest {
  static final PoolId A = new PoolId("j", "a");
  static final PoolId B = new PoolId("j", "b");

  static Total t(Money m) {
    return Total.of(m);
  }

  /** a: seed 10 + reseed 10, contributions 5.0000005, one award of 12 → 13.0000005 left. */
  static final PoolFlows FLOWS_A = new PoolFlows(A, t(Money.ofMicros(20_000_000)), t(new Money(5_000_000, 500_000)), Total.ZERO,
      t(Money.ofMicros(12_000_000)), Total.ZERO, 7, 1);
  static final PoolFlows FLOWS_B = new PoolFlows(B, t(Money.ofMicros(1_000_000)), Total.ZERO, Total.ZERO, Total.ZERO, Total.ZERO, 0, 0);

  @Test
  void flowsThatAddUpToTheRecordedAndLiveBalancesAreBalanced() {
    Money a = new Money(13_000_000, 500_000);
    var r = Reconciliation.check(List.of(A, B), Map.of(A, FLOWS_A, B, FLOWS_B), Map.of(A, a, B, Money.ofMicros(1_000_000)),
        Map.of(A, a, B, Money.ofMicros(1_000_000)));
    assertTrue(r.balanced());
  }

  @Test
  void aSingleSubMicroDifferenceIsCaught() {
    Money recorded = new Money(13_000_000, 500_001);
    var r = Reconciliation.check(List.of(A), Map.of(A, FLOWS_A), Map.of(A, recorded), Map.of(A, recorded));
    assertFalse(r.balanced());
    assertFalse(r.pools().get(0).balanced());
  }

  @Test
  void aLivePoolThatDriftedFromTheLedgerIsCaught() {
    Money a = new Money(13_000_000, 500_000);
    var r = Reconciliation.check(List.of(A), Map.of(A, FLOWS_A), Map.of(A, a), Map.of(A, a.plus(Money.ofMicros(1))));
    assertTrue(r.pools().get(0).balanced());
    assertFalse(r.pools().get(0).matchesLive());
    assertFalse(r.balanced());
  }

  @Test
  void overAllPoolsWhatLeftMustHaveArrivedOrBeInTransit() {
    // a sent 5.00 (3.00 arrived at b, 2.00 on its way): each pool adds up on its own either way.
    PoolFlows a = new PoolFlows(A, t(Money.ofMicros(10_000_000)), Total.ZERO, Total.ZERO, Total.ZERO, t(Money.ofMicros(5_000_000)), 0, 0);
    PoolFlows b = new PoolFlows(B, t(Money.ofMicros(1_000_000)), Total.ZERO, t(Money.ofMicros(3_000_000)), Total.ZERO, Total.ZERO, 0, 0);
    Map<PoolId, Money> balances = Map.of(A, Money.ofMicros(5_000_000), B, Money.ofMicros(4_000_000));
    assertTrue(Reconciliation.check(List.of(A, B), Map.of(A, a, B, b), balances, balances, t(Money.ofMicros(2_000_000))).balanced());
    var lost = Reconciliation.check(List.of(A, B), Map.of(A, a, B, b), balances, balances, Total.ZERO);
    assertTrue(lost.pools().stream().allMatch(p -> p.balanced() && p.matchesLive()), "no pool sees it");
    assertFalse(lost.balanced(), "2.00 left a and is neither in b nor on its way");
    assertTrue(Reconciliation.check(List.of(A, B), Map.of(A, a, B, b), balances, balances).balanced(), "an operator's view does not check it");
  }

  /**
   * Sums over many pools, or over a pool's whole history, pass a long's range in a currency of many
   * units to the euro: they are added up exactly, not refused (an ArithmeticException was a 500).
   */
  @Test
  void totalsPastALongsRangeAreExact() {
    Money most = Money.ofMicros(Long.MAX_VALUE);
    PoolFlows a = new PoolFlows(A, t(most), Total.ZERO, Total.ZERO, Total.ZERO, Total.ZERO, 0, 0);
    // b's history: seeds and awards each past a long's range (summed by the ledger), 1.00 left.
    Total paid = t(most).plus(t(most));
    PoolFlows b = new PoolFlows(B, paid.plus(t(Money.ofMicros(1_000_000))), Total.ZERO, Total.ZERO, paid, Total.ZERO, 0, 2);
    Map<PoolId, Money> balances = Map.of(A, most, B, Money.ofMicros(1_000_000));
    var r = Reconciliation.check(List.of(A, B), Map.of(A, a, B, b), balances, balances, Total.ZERO);
    assertTrue(r.balanced());
    assertEquals("18446744073709.551614", r.totals().awards().toPlainString());
    assertEquals("9223372036855.775807", r.totalLedgerBalance().toPlainString());
  }
}
