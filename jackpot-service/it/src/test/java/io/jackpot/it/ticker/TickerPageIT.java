package io.jackpot.it.ticker;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.Chromium;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.ticker.TickerSettings;
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
 * are made, a win is announced. The screenshot stays in target/ticker-page.png.
 */
class TickerPageIT {
  static final Path SCREENSHOT = Path.of("target", "ticker-page.png");

  @Test
  void thePageShowsMovingJackpotsAndAnnouncesWins() throws Exception {
    Assumptions.assumeTrue(Chromium.available(), "Debian's chromium is not installed (scripts/test installs it)");
    ServiceConfig config = ServiceConfig.fromEnv(Map.of()).withHttpPort(TestNodes.freePort())
        .withPgUrl(TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster())
        .withTicker(new TickerSettings(Duration.ofMillis(300), Duration.ofMillis(100), 256 * 1024, Duration.ofSeconds(30), 0,
            TickerSettings.DEFAULT_MAX_SUBSCRIBERS));
    try (JackpotNode node = JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create());
         Chromium browser = Chromium.start()) {
      Api api = new Api(node.httpPort());
      browser.navigate("http://127.0.0.1:" + node.httpPort() + "/");
      String shown = "document.querySelector('[data-pool=\"bewitched/cv-0.10\"] .amount')?.textContent ?? null";
      awaitValue(browser, shown, "200.00");
      assertEquals("live", browser.eval("document.getElementById('status').textContent"));

      StringBuilder items = new StringBuilder();
      for (int i = 0; i < 10; i++) {
        items.append(i == 0 ? "" : ",").append(contribution("PAGE-" + i, "bewitched", "15.00", "0.10"));
      }
      assertEquals(200, api.post("/v1/contributions", batch(items.toString())).status());
      assertEquals("200.750000", api.amount("bewitched", "cv-0.10"));
      awaitValue(browser, shown, "200.75");

      String winId = api.post("/v1/wins", Api.claim("PAGE-WIN", "bewitched", "cv-0.10")).json().getString("winId");
      awaitValue(browser, "document.querySelector('#wins li')?.dataset.win ?? null", winId);
      awaitValue(browser, shown, "200.00");
      browser.screenshot(SCREENSHOT);
      assertTrue(Files.size(SCREENSHOT) > 10_000, "a real screenshot: " + Files.size(SCREENSHOT) + " bytes");
      OneNode.assertBalanced(node.httpPort());
    }
  }

  /** Polls the page (the browser's state is the observable condition) until it shows the value. */
  static void awaitValue(Chromium browser, String expression, String expected) throws Exception {
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
}
