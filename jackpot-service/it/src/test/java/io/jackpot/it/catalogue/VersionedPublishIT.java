package io.jackpot.it.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.hazelcast.core.HazelcastInstance;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.hz.HzCatalogue;
import io.jackpot.cluster.Versioned;
import io.jackpot.fx.FxHolder;
import io.jackpot.fx.FxRates;
import io.jackpot.fx.hz.HzFxRates;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.TestNodes;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A definition or a set of exchange rates published late (a Hazelcast operation retried after its
 * answer was lost, or two publishes crossing) never puts an older version back: not in the map, not
 * in the member that sent it, not in the others. Two real Hazelcast members on loopback.
 */
class VersionedPublishIT {
  private static final Duration LIMIT = Duration.ofSeconds(30);
  private static HazelcastInstance first;
  private static HazelcastInstance second;
  private static final ExecutorService callbacks = Executors.newFixedThreadPool(2);

  @BeforeAll
  static void cluster() throws InterruptedException {
    List<HazelcastInstance> members = TestNodes.twoHazelcastMembers("versioned");
    first = members.get(0);
    second = members.get(1);
  }

  @AfterAll
  static void stop() {
    second.shutdown();
    first.shutdown();
    callbacks.shutdownNow();
  }

  @Test
  void aDefinitionPublishedLateLeavesTheNewerOneInForceEverywhere() throws Exception {
    JackpotDefinition base = DefaultCatalogue.create().all().get(0);
    Catalogue onFirst = new Catalogue(List.of(base));
    Catalogue onSecond = new Catalogue(List.of(base));
    HzCatalogue firstMember = new HzCatalogue(first.getMap(HzCatalogue.MAP), onFirst, callbacks);
    HzCatalogue secondMember = new HzCatalogue(second.getMap(HzCatalogue.MAP), onSecond, callbacks);
    firstMember.follow((pool, definition) -> {});
    secondMember.follow((pool, definition) -> {});

    firstMember.publish(named(base, "version three"), 3).toCompletableFuture().get(30, TimeUnit.SECONDS);
    Await.until(() -> nameOn(onSecond, base).equals("version three"), LIMIT, () -> "the second member applied version 3");
    // Version 2's publish arrives after version 3's, as a retried or delayed one would.
    assertEquals(false, secondMember.publish(named(base, "version two"), 2).toCompletableFuture().get(30, TimeUnit.SECONDS),
        "not in force");

    String stored = (String) first.getMap(HzCatalogue.MAP).get(base.id());
    assertEquals(3, Versioned.versionOf(stored), "the map keeps the newer version");
    assertEquals("version three", nameOn(onSecond, base), "the member that published late keeps the newer version");

    // A newer version still goes through, from either member.
    assertEquals(true, secondMember.publish(named(base, "version four"), 4).toCompletableFuture().get(30, TimeUnit.SECONDS));
    Await.until(() -> nameOn(onFirst, base).equals("version four"), LIMIT, () -> "the first member applied version 4");
    assertEquals(4, Versioned.versionOf((String) second.getMap(HzCatalogue.MAP).get(base.id())));
  }

  @Test
  void exchangeRatesPublishedLateLeaveTheNewerSetInForceEverywhere() throws Exception {
    FxHolder onFirst = new FxHolder("EUR");
    FxHolder onSecond = new FxHolder("EUR");
    HzFxRates firstMember = new HzFxRates(first.getMap(HzFxRates.MAP), onFirst, callbacks);
    HzFxRates secondMember = new HzFxRates(second.getMap(HzFxRates.MAP), onSecond, callbacks);
    firstMember.follow();
    secondMember.follow();
    FxRates older = new FxRates("EUR", Map.of("GBP", 850_000L));
    FxRates newer = new FxRates("EUR", Map.of("GBP", 870_000L));

    firstMember.publish(newer, 8).toCompletableFuture().get(30, TimeUnit.SECONDS);
    Await.until(() -> onSecond.get().equals(newer), LIMIT, () -> "the second member applied set 8");
    assertEquals(false, secondMember.publish(older, 7).toCompletableFuture().get(30, TimeUnit.SECONDS), "not in force");

    assertEquals(8, Versioned.versionOf((String) first.getMap(HzFxRates.MAP).get("current")), "the map keeps the newer set");
    assertEquals(newer, onSecond.get(), "the member that published late keeps the newer set");
    FxRates newest = new FxRates("EUR", Map.of("GBP", 880_000L));
    secondMember.publish(newest, 9).toCompletableFuture().get(30, TimeUnit.SECONDS);
    Await.until(() -> onFirst.get().equals(newest), LIMIT, () -> "the first member applied set 9");
  }

  private static JackpotDefinition named(JackpotDefinition d, String name) {
    return new JackpotDefinition(d.id(), name, d.currency(), d.owner(), d.games(), d.routing(), d.pools());
  }

  private static String nameOn(Catalogue catalogue, JackpotDefinition d) {
    return catalogue.jackpot(d.id()).orElseThrow().name();
  }
}
