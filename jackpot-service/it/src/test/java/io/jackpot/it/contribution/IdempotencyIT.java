package io.jackpot.it.contribution;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.claim;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.SimplePg;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The same round or claim sent many times at once is applied or paid exactly once. */
class IdempotencyIT extends OneNode {

  @Test
  void aRoundSentTwentyTimesAtOnceIsAppliedOnce() throws Exception {
    String body = batch(contribution("SAME-ROUND", "bewitched", "10.00", "0.20"));
    List<JsonObject> results = atOnce(20, () -> {
      Api.Reply r = api.post("/v1/contributions", body);
      assertEquals(200, r.status(), r.body());
      return Api.results(r).getJsonObject(0);
    });
    Map<String, Integer> byStatus = new HashMap<>();
    for (JsonObject r : results) {
      String key = r.getString("status") + (r.containsKey("error") ? "/" + r.getJsonObject("error").getString("code") : "");
      byStatus.merge(key, 1, Integer::sum);
    }
    assertEquals(1, byStatus.get("APPLIED"), byStatus.toString());
    assertEquals(20, byStatus.getOrDefault("APPLIED", 0) + byStatus.getOrDefault("DUPLICATE", 0)
        + byStatus.getOrDefault("REJECTED/ROUND_IN_PROGRESS", 0), byStatus.toString());
    assertEquals("400.050000", api.amount("bewitched", "cv-0.20"));
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      assertEquals(1, sql.count("SELECT count(*) FROM contributions WHERE round_id = 'SAME-ROUND'"));
    }
    // Once the original is committed, a retry gets the original outcome.
    JsonObject retry = Api.results(api.post("/v1/contributions", body)).getJsonObject(0);
    assertEquals("DUPLICATE", retry.getString("status"));
    assertEquals("400.050000", retry.getJsonArray("contributions").getJsonObject(0).getString("poolAmount"));
  }

  @Test
  void aClaimSentTwentyTimesAtOnceIsPaidOnce() throws Exception {
    api.post("/v1/contributions", batch(contribution("PAY-ONCE-C", "bewitched", "20.00", "2.00")));
    String body = claim("PAY-ONCE-W", "bewitched", "cv-2.00");
    List<JsonObject> wins = atOnce(20, () -> {
      Api.Reply r = api.post("/v1/wins", body);
      assertEquals(200, r.status(), r.body());
      return r.json();
    });
    assertTrue(wins.stream().allMatch(w -> w.equals(wins.get(0))), "every answer is the same win");
    assertEquals("4000.100000", wins.get(0).getString("amount"));
    assertEquals(1, api.pool("bewitched", "cv-2.00").getInteger("sequence"));
    assertEquals("4000.000000", api.amount("bewitched", "cv-2.00"));
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      assertEquals(1, sql.count("SELECT count(*) FROM wins WHERE round_id = 'PAY-ONCE-W'"));
    }
  }

  private static <T> List<T> atOnce(int n, Callable<T> call) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(n);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<T>> futures = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      futures.add(pool.submit(() -> {
        go.await();
        return call.call();
      }));
    }
    go.countDown();
    List<T> out = Collections.synchronizedList(new ArrayList<>());
    for (Future<T> f : futures) {
      out.add(f.get(30, TimeUnit.SECONDS));
    }
    pool.shutdown();
    return out;
  }
}
