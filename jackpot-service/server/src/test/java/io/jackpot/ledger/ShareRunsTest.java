package io.jackpot.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ShareRunsTest {
  static final PoolId A = new PoolId("candy", "mini"), B = new PoolId("candy", "major");

  static LedgerBatch.Share share(PoolId pool, long op, long micros, long sub) {
    return new LedgerBatch.Share(pool, op, "op", "r" + op, 0, new Money(micros, sub), Money.ofMicros(op), new Money(0, sub), Money.ZERO);
  }

  @Test
  void consecutiveOperationsOfAPoolMakeOneRunAndAGapStartsAnother() {
    List<ShareRuns.Run> runs = ShareRuns.of(List.of(share(A, 5, 10, 600_000), share(B, 9, 1, 0), share(A, 6, 20, 700_000),
        share(A, 8, 30, 0), share(B, 10, 2, 0)));
    assertEquals(List.of(
        new ShareRuns.Run(A, 5, 6, new Money(31, 300_000), Money.ofMicros(11), new Money(1, 300_000)),
        new ShareRuns.Run(A, 8, 8, Money.ofMicros(30), Money.ofMicros(8), Money.ZERO),
        new ShareRuns.Run(B, 9, 10, Money.ofMicros(3), Money.ofMicros(19), Money.ZERO)), runs);
    assertEquals(2, runs.get(0).lastOp() - runs.get(0).firstOp() + 1);
  }

  @Test
  void runsSumExactlyWhatTheSharesSumInAnyOrder() {
    Random random = new Random(7);
    List<LedgerBatch.Share> shares = new ArrayList<>();
    long op = 100;
    for (int i = 0; i < 2_000; i++) {
      op += random.nextInt(10) == 0 ? 2 : 1;
      shares.add(share(random.nextBoolean() ? A : B, op, random.nextInt(1_000_000), random.nextInt(1_000_000)));
    }
    List<LedgerBatch.Share> shuffled = new ArrayList<>(shares);
    Collections.shuffle(shuffled, random);
    for (PoolId pool : List.of(A, B)) {
      Money expected = shares.stream().filter(s -> s.pool().equals(pool)).map(LedgerBatch.Share::share).reduce(Money.ZERO, Money::plus);
      long count = shares.stream().filter(s -> s.pool().equals(pool)).count();
      for (List<LedgerBatch.Share> order : List.of(shares, shuffled)) {
        List<ShareRuns.Run> runs = ShareRuns.of(order).stream().filter(r -> r.pool().equals(pool)).toList();
        assertEquals(expected, runs.stream().map(ShareRuns.Run::share).reduce(Money.ZERO, Money::plus));
        assertEquals(count, runs.stream().mapToLong(r -> r.lastOp() - r.firstOp() + 1).sum());
        for (int i = 1; i < runs.size(); i++) {
          assertEquals(true, runs.get(i).firstOp() > runs.get(i - 1).lastOp() + 1, "runs are maximal and ordered");
        }
      }
    }
  }

  @Test
  void twoSharesAtOneOperationAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> ShareRuns.of(List.of(share(A, 5, 1, 0), share(A, 5, 2, 0))));
  }
}
