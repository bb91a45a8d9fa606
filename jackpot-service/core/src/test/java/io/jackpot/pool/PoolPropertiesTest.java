package io.jackpot.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.PoolOutcome.Contributed;
import io.jackpot.pool.PoolOutcome.Won;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

class PoolPropertiesTest {

  /** Any interleaving of contributions and claims, cut into batches of any size. */
  @Property
  void moneyIsConservedAndEveryWinPaysItsCycle(@ForAll("commands") List<PoolCommand> commands,
      @ForAll @LongRange(min = 1, max = 999_999) long ppm, @ForAll @IntRange(min = 1, max = 20) int batchSize) {
    PoolTerms terms = new PoolTerms(20_000_000, new Rate(ppm));
    Pool pool = Pool.created(PoolTest.ID, terms, PoolTest.RANDOM.next());
    Money start = pool.amount();
    Money contributed = Money.ZERO;
    Money paid = Money.ZERO;
    Money reseeds = Money.ZERO;
    Money cycle = start;
    long lastSequence = 0;
    for (int from = 0; from < commands.size(); from += batchSize) {
      List<PoolCommand> slice = commands.subList(from, Math.min(commands.size(), from + batchSize));
      Pool.Transition t = pool.apply(new Pool.Batch("test", from, "b" + from, PoolTest.RANDOM.next(), slice));
      for (PoolOutcome o : t.outcomes()) {
        if (o instanceof Contributed c) {
          contributed = contributed.plus(c.share());
          cycle = cycle.plus(c.share());
        } else if (o instanceof Won w && !w.repeated()) {
          assertEquals(lastSequence + 1, w.win().sequence());
          lastSequence = w.win().sequence();
          assertEquals(cycle.wholeMicros(), w.win().amount());
          paid = paid.plus(w.win().amount());
          reseeds = reseeds.plus(Money.ofMicros(terms.seedMicros()));
          cycle = Money.ofMicros(terms.seedMicros()).plus(cycle.subMicroPart());
        }
      }
      pool = t.pool();
    }
    assertEquals(start.plus(contributed).plus(reseeds), paid.plus(pool.amount()));
    assertEquals(cycle, pool.amount());
    assertEquals(lastSequence, pool.winSeq());
  }

  /** With a reserve share and a ceiling: amount + reserve = operator's seeds + every share − awards. */
  @Property(tries = 300)
  void moneyIsConservedWithReserveAndCeiling(@ForAll("commands") List<PoolCommand> commands,
      @ForAll @LongRange(min = 1, max = 400_000) long ppm, @ForAll @LongRange(min = 0, max = 400_000) long reservePpm,
      @ForAll @LongRange(min = 0, max = 100_000_000) long capAbove, @ForAll @IntRange(min = 1, max = 20) int batchSize) {
    long seed = 20_000_000;
    PoolTerms terms = new PoolTerms(seed, new Rate(ppm), new Trigger.Claim(), reservePpm, capAbove == 0 ? 0 : seed + capAbove);
    SeededRandom random = new SeededRandom(ppm + reservePpm);
    Pool pool = Pool.created(PoolTest.ID, terms, random.next());
    Money in = pool.amount();
    Money paid = Money.ZERO;
    for (int from = 0; from < commands.size(); from += batchSize) {
      List<PoolCommand> slice = commands.subList(from, Math.min(commands.size(), from + batchSize));
      Pool.Transition t = pool.apply(new Pool.Batch("test", from, "b" + from, random.next(), slice));
      for (PoolOutcome o : t.outcomes()) {
        if (o instanceof Contributed c) {
          in = in.plus(c.share()).plus(c.toReserve()).plus(c.toOverflow());
          assertEquals(Money.share(c.stakeMicros(), new Rate(ppm)).plus(
              reservePpm == 0 ? Money.ZERO : Money.share(c.stakeMicros(), new Rate(reservePpm))), c.share().plus(c.toReserve()).plus(c.toOverflow()),
              "every share lands in the amount or the reserve");
        } else if (o instanceof Won w && !w.repeated()) {
          paid = paid.plus(w.win().amount());
          in = in.plus(w.win().next().operatorFunding());
        }
      }
      pool = t.pool();
      if (terms.capMicros() != 0) {
        assertTrue(pool.amount().compareTo(Money.ofMicros(terms.capMicros())) <= 0, "never above the ceiling");
      }
    }
    assertEquals(in, paid.plus(pool.amount()).plus(pool.reserve()).plus(pool.owed()));
  }

  /** The same with random and must-hit triggers: every win, claimed or triggered, comes out of its cycle. */
  @Property(tries = 300)
  void moneyIsConservedWithTriggers(@ForAll("commands") List<PoolCommand> commands,
      @ForAll @LongRange(min = 1, max = 999_999) long ppm, @ForAll boolean mustHit,
      @ForAll @LongRange(min = 1, max = 200_000_000) long triggerParameter, @ForAll @IntRange(min = 1, max = 20) int batchSize) {
    long seed = 20_000_000;
    Trigger trigger = mustHit ? new Trigger.MustHitBy(seed + triggerParameter) : new Trigger.Random(triggerParameter);
    PoolTerms terms = new PoolTerms(seed, new Rate(ppm), trigger);
    SeededRandom random = new SeededRandom(ppm ^ triggerParameter);
    Pool pool = Pool.created(PoolTest.ID, terms, random.next());
    Money cycle = pool.amount();
    Money contributed = Money.ZERO;
    Money paid = Money.ZERO;
    Money funded = Money.ZERO;
    long wins = 0;
    for (int from = 0; from < commands.size(); from += batchSize) {
      List<PoolCommand> slice = commands.subList(from, Math.min(commands.size(), from + batchSize));
      Pool.Transition t = pool.apply(new Pool.Batch("test", from, "b" + from, random.next(), slice));
      for (PoolOutcome o : t.outcomes()) {
        Win win = null;
        if (o instanceof Contributed c) {
          contributed = contributed.plus(c.share());
          cycle = cycle.plus(c.share());
          win = c.triggered();
        } else if (o instanceof Won w && !w.repeated()) {
          win = w.win();
        }
        if (win != null) {
          wins++;
          assertEquals(wins, win.sequence());
          assertTrue(win.amount().compareTo(cycle.wholeMicros()) <= 0, "a win pays at most what its cycle holds");
          if (mustHit) {
            assertTrue(win.amount().micros() <= seed + triggerParameter, "never above the ceiling");
          } else {
            assertEquals(cycle.wholeMicros(), win.amount(), "claims and random wins pay the whole cycle");
          }
          paid = paid.plus(win.amount());
          funded = funded.plus(win.next().operatorFunding());
          // A must-hit pool starts at its seed (the rest to its reserve); others carry the rest.
          cycle = mustHit ? Money.ofMicros(seed) : Money.ofMicros(seed).plus(cycle.minus(win.amount()));
        }
      }
      pool = t.pool();
    }
    assertEquals(cycle, pool.amount());
    assertEquals(Money.ofMicros(seed).plus(contributed).plus(funded), paid.plus(pool.amount()).plus(pool.reserve()),
        "the first seed, the shares and the operator's reseeds are paid out or still held");
  }

  @Provide
  Arbitrary<List<PoolCommand>> commands() {
    Arbitrary<PoolCommand> contribute = Combinators.combine(Arbitraries.strings().alpha().ofLength(6),
        Arbitraries.longs().between(1, 50_000_000)).as(PoolTest::stake);
    Arbitrary<PoolCommand> claim = Arbitraries.integers().between(0, 30).map(i -> PoolTest.claim("c" + i));
    return Arbitraries.frequencyOf(
            Tuple.of(8, contribute),
            Tuple.of(1, claim))
        .list().ofMaxSize(300).map(ArrayList::new);
  }
}
