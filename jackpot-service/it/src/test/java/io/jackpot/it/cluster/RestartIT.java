package io.jackpot.it.cluster;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.Routing;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.money.Rate;
import io.jackpot.pool.Pool;
import io.jackpot.pool.Trigger;
import io.jackpot.pool.Win;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A cluster that stops completely comes back with every pool exactly as the ledger has it. */
class RestartIT {
  /** Rates that leave sub-micro remainders, so carrying them through a rebuild is tested. */
  static Catalogue oddRates() {
    return new Catalogue(List.of(new JackpotDefinition("odd", "Odd rates", "EUR", "demo",
        List.of("creepy-candy"), Routing.ALL, List.of(
            new PoolDefinition("a", "A", 5_000_000, new Rate(7), null),
            new PoolDefinition("b", "B", 9_000_000, new Rate(123_457), null),
            new PoolDefinition("c", "C", 5_000_000, new Rate(123_457), null, new Trigger.MustHitBy(60_000_000), 1)))));
  }

  @Test
  void poolsAreRebuiltExactlyFromTheLedger() throws Exception {
    String pgUrl = TestPostgres.freshDatabase();
    List<Pool> before;
    JackpotNode first = TestNodes.start(pgUrl, TestNodes.ownCluster(), oddRates());
    try {
      Api api = new Api(first.httpPort());
      for (int b = 0; b < 5; b++) {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
          items.add(contribution("R-" + b + "-" + i, "creepy-candy", (20 + i) + ".37", null));
        }
        assertEquals(200, api.post("/v1/contributions", batch(items.toArray(String[]::new))).status());
        if (b == 2) {
          String claim = Api.claim("R-WIN", "odd", "b").replace("\"bewitched\"", "\"creepy-candy\"");
          assertEquals(200, api.post("/v1/wins", claim).status());
        }
      }
      before = live(first);
      assertNotEquals(0, before.get(0).amount().sub(), "the test needs a sub-micro remainder");
      assertTrue(before.get(2).winSeq() > 1, "the test needs must-hit wins triggered by contributions");
    } finally {
      first.close();
    }
    JackpotNode second = TestNodes.start(pgUrl, TestNodes.ownCluster(), oddRates());
    try {
      List<Pool> after = live(second);
      for (int i = 0; i < before.size(); i++) {
        assertEquals(comparable(before.get(i)), comparable(after.get(i)));
      }
      OneNode.assertBalanced(second.httpPort());
    } finally {
      second.close();
    }
  }

  static List<Pool> live(JackpotNode node) throws Exception {
    return node.pools().getAll(oddRates().poolIds()).toCompletableFuture().get();
  }

  /** Everything but the batch-retry memory, which a rebuilt pool starts without. */
  static List<Object> comparable(Pool p) {
    return List.of(p.id(), p.status(), p.terms(), p.amount(), p.cycleSeedMicros(), p.opSeq(), p.winSeq(),
        Optional.ofNullable(p.mustHit()), p.recentWins().stream().map(RestartIT::comparable).toList());
  }

  /** A win as the ledger keeps it (the next cycle's secret lives in the anchor, not the win). */
  static List<Object> comparable(Win w) {
    return List.of(w.winId(), w.opSeq(), w.amount(), w.next().amount(), w.next().seedMicros(), w.wonAt(), w.how(),
        Optional.ofNullable(w.revealed()));
  }
}
