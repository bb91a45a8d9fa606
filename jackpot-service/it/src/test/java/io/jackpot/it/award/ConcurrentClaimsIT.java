package io.jackpot.it.award;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.claim;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.SimplePg;
import io.jackpot.money.Decimals;
import io.jackpot.money.Money;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Many claims racing many contributions on one pool: the claims are served in strict order, each
 * pays exactly its cycle, and no money appears or disappears.
 */
class ConcurrentClaimsIT extends OneNode {
  static final int CLAIMS = 40;
  static final int CONTRIBUTIONS = 400;

  @Test
  void racingClaimsArePaidInStrictOrderAndMoneyIsConserved() throws Exception {
    // 100 bets of 75.00 put 37.50 above the seed: more than all racing contributions (at most
    // 400 × 7.50 × 0.5% = 15.00) can add to any later cycle, so only one win can reach it.
    List<String> pre = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      pre.add(contribution("PRE-" + i, "bewitched", "75.00", "0.50"));
    }
    expectOk(api.post("/v1/contributions", batch(pre.toArray(String[]::new))));
    long preRace = micros(api.amount("bewitched", "cv-0.50"));
    long seed = 1_000_000_000L;
    assertEquals(seed + 37_500_000, preRace);

    List<Runnable> calls = new ArrayList<>();
    List<JsonObject> wins = Collections.synchronizedList(new ArrayList<>());
    for (int i = 0; i < CLAIMS; i++) {
      String round = "RACE-W" + i;
      calls.add(() -> wins.add(expectOk(api.post("/v1/wins", claim(round, "bewitched", "cv-0.50")))));
    }
    for (int i = 0; i < CONTRIBUTIONS; i++) {
      String stake = Money.ofMicros((1 + i % 15) * 500_000L).toDisplayString(2);
      String item = contribution("RACE-C" + i, "bewitched", stake, "0.50");
      calls.add(() -> expectOk(api.post("/v1/contributions", batch(item))));
    }
    Collections.shuffle(calls, new Random(42));
    runAllAtOnce(calls);

    long end = micros(api.amount("bewitched", "cv-0.50"));
    assertEquals(CLAIMS, wins.size());
    Set<Integer> sequences = new HashSet<>();
    wins.forEach(w -> sequences.add(w.getInteger("sequence")));
    assertEquals(CLAIMS, sequences.size(), "every claim got its own place in the order");

    try (SimplePg sql = SimplePg.of(pgUrl)) {
      long contributed = sql.count("SELECT coalesce(sum(share_micros),0)::int8 FROM contributions WHERE pool_key = 'cv-0.50' AND round_id LIKE 'RACE-C%'");
      long paid = sql.count("SELECT coalesce(sum(amount_micros),0)::int8 FROM wins WHERE pool_key = 'cv-0.50'");
      assertEquals(CONTRIBUTIONS, sql.count("SELECT count(*) FROM contributions WHERE pool_key = 'cv-0.50' AND round_id LIKE 'RACE-C%'"));
      assertEquals(preRace + contributed + CLAIMS * seed - end, paid, "paid = start + contributions + reseeds - end");

      // Replay the ledger in op order: each win pays exactly its cycle's start plus what came in between.
      long cycle = preRace;
      for (Row row : sql.query("""
          SELECT op_seq, share_micros AS delta, NULL::int8 AS paid FROM contributions WHERE pool_key = 'cv-0.50' AND round_id LIKE 'RACE-C%'
          UNION ALL SELECT op_seq, NULL, amount_micros FROM wins WHERE pool_key = 'cv-0.50' ORDER BY op_seq""")) {
        if (row.getLong("paid") == null) {
          cycle += row.getLong("delta");
          continue;
        }
        assertEquals(cycle, row.getLong("paid"));
        cycle = seed;
      }
      assertEquals(end, cycle);
      long firstPaid = sql.count("SELECT amount_micros FROM wins WHERE pool_key = 'cv-0.50' AND sequence = 1");
      long beforeFirst = sql.count("""
          SELECT coalesce(sum(share_micros),0)::int8 FROM contributions WHERE pool_key = 'cv-0.50' AND round_id LIKE 'RACE-C%'
          AND op_seq < (SELECT op_seq FROM wins WHERE pool_key = 'cv-0.50' AND sequence = 1)""");
      assertEquals(preRace + beforeFirst, firstPaid, "the first claim gets the pre-race amount and what preceded it");
      assertEquals(1, wins.stream().filter(w -> micros(w.getString("amount")) >= preRace).count(),
          "exactly one claim gets the pre-race amount");
    }
  }

  private static JsonObject expectOk(Api.Reply r) {
    assertEquals(200, r.status(), r.body());
    return r.json();
  }

  private static long micros(String amount) {
    return Decimals.parseScaled(amount, 6);
  }

  /** Releases every call at the same moment from 32 threads; waits for all of them. */
  private static void runAllAtOnce(List<Runnable> calls) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(32);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<?>> futures = new ArrayList<>();
    for (Runnable call : calls) {
      futures.add(pool.submit(() -> {
        start.await();
        call.run();
        return null;
      }));
    }
    start.countDown();
    for (Future<?> f : futures) {
      f.get(60, TimeUnit.SECONDS);
    }
    pool.shutdown();
  }
}
