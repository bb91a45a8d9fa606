package io.jackpot.it.ticker;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.hz.HzPools;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The public reads (GET /v1/jackpots…, the ticker's snapshot) are answered from the ticker's
 * samples: a flood of them makes no cluster call of its own, and each still shows every
 * contribution acknowledged before it was asked.
 */
class PublicReadsIT extends OneNode {

  private static long poolReads() {
    return ((HzPools) node.pools()).poolReads();
  }

  @Test
  void aFloodOfPublicReadsAndTickerConnectsReadsNoPoolOfItsOwn() throws Exception {
    int livePools = api.get("/v1/jackpots").json().getJsonArray("jackpots").stream()
        .mapToInt(j -> ((JsonObject) j).getJsonArray("pools").size()).sum();
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    String base = "http://127.0.0.1:" + node.httpPort();
    List<String> paths = List.of("/v1/jackpots", "/v1/jackpots/bewitched", "/v1/jackpots/candy/pools/minor",
        "/v1/jackpots?currency=EUR");
    int requests = 400;
    int tickers = 20;
    long before = poolReads();
    long began = System.nanoTime();
    List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
    for (int i = 0; i < requests; i++) {
      answers.add(http.sendAsync(HttpRequest.newBuilder(URI.create(base + paths.get(i % paths.size()))).timeout(Duration.ofSeconds(30))
          .GET().build(), HttpResponse.BodyHandlers.ofString()));
    }
    List<TickerIT.Listener> listeners = new ArrayList<>();
    List<WebSocket> sockets = new ArrayList<>();
    for (int i = 0; i < tickers; i++) {
      TickerIT.Listener l = new TickerIT.Listener();
      listeners.add(l);
      sockets.add(TickerIT.connect(node, "", l));
    }
    for (var answer : answers) {
      HttpResponse<String> r = answer.join();
      assertEquals(200, r.statusCode(), r.body());
    }
    for (TickerIT.Listener l : listeners) {
      JsonObject snapshot = l.await(m -> true, Duration.ofSeconds(30));
      assertNotNull(snapshot, "every ticker gets its snapshot");
      assertEquals("snapshot", snapshot.getString("type"));
    }
    double seconds = (System.nanoTime() - began) / 1e9;
    long read = poolReads() - before;
    sockets.forEach(s -> s.sendClose(WebSocket.NORMAL_CLOSURE, "done").join());

    // What the member reads by itself meanwhile: the ticker's sample every 250 ms and the sweep of
    // money in transit every second, each every pool, a tick either side.
    long bySamplingAlone = livePools * ((long) Math.ceil(seconds / 0.25) + (long) Math.ceil(seconds) + 4);
    long perRequest = (long) livePools * (requests / paths.size()) + tickers * (long) livePools;
    assertTrue(bySamplingAlone < perRequest, "the bound tells the two apart (" + seconds + " s)");
    assertTrue(read <= bySamplingAlone, read + " pools read during " + requests + " public reads and " + tickers
        + " ticker connects in " + String.format("%.2f", seconds) + " s; the sampling alone reads at most " + bySamplingAlone);
  }

  @Test
  void everyPublicReadShowsTheContributionsAcknowledgedBeforeIt() throws Exception {
    PoolId pool = new PoolId("bewitched", "cv-0.20");
    for (int i = 0; i < 8; i++) {
      Api.Reply ack = api.post("/v1/contributions", batch(contribution("READ-AFTER-" + i, "bewitched", "4.00", "0.20")));
      assertEquals(200, ack.status(), ack.body());
      assertEquals("APPLIED", Api.results(ack).getJsonObject(0).getString("status"), ack.body());
      String expected = node.pools().get(pool).toCompletableFuture().get().orElseThrow().amount().toPlainString();
      assertEquals(expected, Api.shareOf(Api.results(ack).getJsonObject(0), "bewitched", "cv-0.20").getString("poolAmount"));
      // Each route first in turn, straight after the acknowledgement.
      List<Supplier<String>> reads = List.of(
          () -> api.amount("bewitched", "cv-0.20"),
          () -> poolIn(api.get("/v1/jackpots/bewitched").json(), "cv-0.20"),
          () -> poolIn(jackpot(api.get("/v1/jackpots").json().getJsonArray("jackpots"), "bewitched"), "cv-0.20"),
          () -> {
            try (TickerIT.Subscription sub = TickerIT.Subscription.open(node, "?jackpots=bewitched")) {
              return poolIn(jackpot(sub.snapshot().getJsonArray("jackpots"), "bewitched"), "cv-0.20");
            } catch (InterruptedException e) {
              throw new IllegalStateException(e);
            }
          });
      for (int r = 0; r < reads.size(); r++) {
        assertEquals(expected, reads.get((i + r) % reads.size()).get(), "read " + ((i + r) % reads.size()) + " after contribution " + i);
      }
    }
  }

  private static JsonObject jackpot(JsonArray jackpots, String id) {
    return jackpots.stream().map(JsonObject.class::cast).filter(j -> j.getString("id").equals(id)).findFirst().orElseThrow();
  }

  private static String poolIn(JsonObject jackpot, String key) {
    return jackpot.getJsonArray("pools").stream().map(JsonObject.class::cast).filter(p -> p.getString("key").equals(key))
        .findFirst().orElseThrow().getString("amount");
  }
}
