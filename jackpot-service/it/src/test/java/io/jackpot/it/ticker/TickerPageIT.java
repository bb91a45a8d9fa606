package io.jackpot.it.ticker;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.Chromium;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.ticker.TickerSettings;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The ticker page in a real browser: it shows the pools, their values change after contributions
 * are made, wins are listed, hot pools count down. Screenshots stay in target/ticker-page*.png.
 */
class TickerPageIT {
  static final Path SCREENSHOT = Path.of("target", "ticker-page.png");
  static final Path HOT_SCREENSHOT = Path.of("target", "ticker-page-hot.png");
  static final String HOT = "page-hot";

  static JackpotNode startNode() throws Exception {
    Assumptions.assumeTrue(Chromium.available(), "Debian's chromium is not installed (scripts/test installs it)");
    ServiceConfig config = ServiceConfig.fromEnv(Map.of()).withHttpPort(TestNodes.freePort())
        .withPgUrl(TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster())
        .withTicker(new TickerSettings(Duration.ofMillis(300), Duration.ofMillis(100), 256 * 1024, Duration.ofSeconds(30), 0,
            TickerSettings.DEFAULT_MAX_SUBSCRIBERS));
    return JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create());
  }

  @Test
  void thePageShowsMovingJackpotsAndAnnouncesWins() throws Exception {
    try (JackpotNode node = startNode(); Chromium browser = Chromium.start()) {
      Api api = new Api(node.httpPort());
      browser.navigate("http://127.0.0.1:" + node.httpPort() + "/");
      String shown = "document.querySelector('[data-pool=\"bewitched/cv-0.10\"] .amount')?.textContent ?? null";
      awaitValue(browser, shown, "200.00");
      assertEquals("live", browser.eval("document.getElementById('status').textContent"));
      assertEquals(Boolean.TRUE, browser.eval("document.querySelector('[data-pool=\"bewitched/cv-0.10\"] .countdown, "
          + "[data-pool=\"bewitched/cv-0.10\"] .progress') === null"), "a pool won by claim shows neither countdown nor progress");

      StringBuilder items = new StringBuilder();
      for (int i = 0; i < 10; i++) {
        items.append(i == 0 ? "" : ",").append(contribution("PAGE-" + i, "bewitched", "15.00", "0.10"));
      }
      assertEquals(200, api.post("/v1/contributions", batch(items.toString())).status());
      assertEquals("200.750000", api.amount("bewitched", "cv-0.10"));
      awaitValue(browser, shown, "200.75");

      String winId = api.post("/v1/wins", Api.claim("PAGE-WIN", "bewitched", "cv-0.10")).json().getString("winId");
      awaitValue(browser, "document.querySelector('[data-jackpot=\"bewitched\"] .recent-wins li')?.dataset.win ?? null", winId);
      awaitValue(browser, shown, "200.00");
      browser.screenshot(SCREENSHOT);
      assertTrue(Files.size(SCREENSHOT) > 10_000, "a real screenshot: " + Files.size(SCREENSHOT) + " bytes");
      OneNode.assertBalanced(node.httpPort());
    }
  }

  @Test
  void hotPoolsCountDownShowProgressAndListRecentWins() throws Exception {
    try (JackpotNode node = startNode(); Chromium browser = Chromium.start()) {
      Api api = new Api(node.httpPort());
      JsonObject definition = new JsonObject().put("name", "Page Hot").put("currency", "EUR").put("owner", "demo")
          .put("games", new JsonArray().add("creepy-candy")).put("routing", "ALL")
          .put("pools", new JsonArray()
              .add(new JsonObject().put("key", "drop").put("name", "Drop").put("seed", "10.00").put("rate", "0.01")
                  .put("trigger", new JsonObject().put("type", "MUST_DROP_BY").put("every", "PT10S")))
              .add(new JsonObject().put("key", "hit").put("name", "Hit").put("seed", "10.00").put("rate", "0.01")
                  .put("ceiling", "1000.00").put("trigger", new JsonObject().put("type", "MUST_HIT_BY"))));
      Api.Reply defined = AdminCalls.callAt(node.httpPort(), "PUT", "/v1/admin/jackpots/" + HOT, "dev-admin-token", definition.encode());
      assertEquals(200, defined.status(), defined.body());
      Await.until(() -> api.get("/v1/jackpots/" + HOT).status() == 200, Duration.ofSeconds(30), () -> HOT + " is public");
      String before = playUntilDrop(api, "PAGE-HOT-A");

      browser.navigate("http://127.0.0.1:" + node.httpPort() + "/");
      String drop = "[data-pool=\"" + HOT + "/drop\"]";
      String hit = "[data-pool=\"" + HOT + "/hit\"]";
      String seconds = "document.querySelector('" + drop + " .countdown')?.dataset.seconds ?? null";
      awaitTrue(browser, "(" + seconds + ") !== null", "a countdown for the drop pool");
      for (String pool : new String[] {drop, hit}) {
        Object percent = browser.eval("document.querySelector('" + pool + " .progress')?.dataset.percent ?? null");
        assertNotNull(percent, pool + " shows its progress");
        double p = Double.parseDouble((String) percent);
        assertTrue(p >= 0 && p <= 100, pool + " progress in [0, 100]%: " + p);
        String text = (String) browser.eval("document.querySelector('" + pool + " .progress').textContent");
        assertTrue(text.matches("\\d{1,3}\\.\\d%"), "a readable percentage: " + text);
        assertEquals(text, browser.eval("document.querySelector('" + pool + " progress').getAttribute('aria-valuetext')"));
      }

      long first = countdown(browser, seconds, api);
      awaitTrue(browser, "Number(" + seconds + ") < " + first, "the countdown goes down from " + first + " s");
      assertTrue(((String) browser.eval("document.querySelector('" + drop + " .countdown').textContent")).matches("00:00:(0\\d|10)|due"));

      String recent = "[data-jackpot=\"" + HOT + "\"] .recent-wins";
      awaitTrue(browser, "document.querySelectorAll('" + recent + " li[data-win=\"" + before + "\"]').length === 1",
          "the win made before the page opened, from the hall of fame");
      String live = playUntilDrop(api, "PAGE-HOT-B");
      awaitValue(browser, "document.querySelector('" + recent + " li')?.dataset.win ?? null", live);
      String item = "document.querySelector('" + recent + " li[data-win=\"" + live + "\"]')";
      assertEquals("Drop", browser.eval(item + ".querySelector('.pool-name').textContent"));
      assertEquals("EUR", browser.eval(item + ".querySelector('.currency').textContent"));
      assertEquals("must drop", browser.eval(item + ".querySelector('.trigger').textContent"));
      assertEquals("p-1", browser.eval(item + ".querySelector('.player')?.textContent ?? null"));
      assertTrue(((String) browser.eval(item + ".querySelector('.amount').textContent")).matches("\\d+\\.\\d{2}"));
      assertEquals(1.0, ((Number) browser.eval("document.querySelectorAll('" + recent + " li[data-win=\"" + live + "\"]').length")).doubleValue(),
          "listed once though the hall of fame may have it too");
      browser.screenshot(HOT_SCREENSHOT);
      OneNode.assertBalanced(node.httpPort());
    }
  }

  /** Rounds of creepy-candy, one at a time, until one wins the drop pool; that win's id. */
  static String playUntilDrop(Api api, String prefix) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    for (int i = 0; System.nanoTime() < end; i++) {
      Api.Reply r = api.post("/v1/contributions", batch(contribution(prefix + "-" + i, "creepy-candy", "5.00", null)));
      assertEquals(200, r.status(), r.body());
      for (Object t : Api.results(r).getJsonObject(0).getJsonArray("triggers")) {
        JsonObject win = (JsonObject) t;
        if (HOT.equals(win.getString("jackpotId")) && "drop".equals(win.getString("poolKey"))) {
          return win.getString("winId");
        }
      }
      // Rounds a little apart, as players make them: the drop is at a moment in the window.
      TimeUnit.MILLISECONDS.sleep(200);
    }
    throw new AssertionError("no round won the drop pool within 30 s (its window is 10 s)");
  }

  /**
   * The countdown's seconds once it shows 1 to 10 s. A pool that dropped early waits for the window
   * after (up to 20 s away); a due pool is given a round, which wins it.
   */
  static long countdown(Chromium browser, String seconds, Api api) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    for (int i = 0; System.nanoTime() < end; i++) {
      Object shown = browser.eval(seconds);
      long left = shown == null ? -1 : Long.parseLong((String) shown);
      assertTrue(left <= 20, "at most the rest of this window and the next: " + left + " s");
      if (left >= 1 && left <= 10) {
        return left;
      }
      if (left == 0) {
        api.post("/v1/contributions", batch(contribution("PAGE-HOT-DUE-" + i, "creepy-candy", "5.00", null)));
      }
      TimeUnit.MILLISECONDS.sleep(100);
    }
    throw new AssertionError("the countdown does not come to 10 s or less: " + browser.eval(seconds));
  }

  /** Polls the page (the browser's state is the observable condition) until it shows the value. */
  static void awaitValue(Chromium browser, String expression, Object expected) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    Object last = null;
    while (System.nanoTime() < end) {
      last = browser.eval(expression);
      if (Objects.equals(expected, last)) {
        return;
      }
      TimeUnit.MILLISECONDS.sleep(100);
    }
    throw new AssertionError("the page shows " + last + " for " + expression + ", expected " + expected);
  }

  static void awaitTrue(Chromium browser, String condition, String what) throws Exception {
    try {
      awaitValue(browser, condition, Boolean.TRUE);
    } catch (AssertionError e) {
      throw new AssertionError("the page does not show " + what + ": " + e.getMessage(), e);
    }
  }
}
