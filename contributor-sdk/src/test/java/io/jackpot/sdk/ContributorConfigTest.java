package io.jackpot.sdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContributorConfigTest {
  static ContributorConfig.Builder valid() {
    return ContributorConfig.custom().endpoint("http://127.0.0.1:8080/").gameKey("k").gameId("bewitched");
  }

  @Test
  void defaultsAreSaneAndTrailingSlashesGo() {
    ContributorConfig c = valid().build();
    assertEquals("http://127.0.0.1:8080", c.endpoints().get(0).toString());
    assertEquals(500, c.batchSize());
    assertTrue(c.bufferCapacity() >= c.batchSize());
    assertEquals(ContributorConfig.Transport.WEBSOCKET, c.transport(), "ahead in both same-run comparisons, by margins near the noise (README, Transport)");
  }

  @Test
  void everyBadSettingIsNamed() {
    assertMessage("endpoints", ContributorConfig.custom().gameKey("k").gameId("g"));
    assertMessage("endpoints", valid().endpoint("ftp://x"));
    assertMessage("endpoints", valid().endpoint("http://jackpot_2:8080")); // the JDK reads no host in it
    assertMessage("endpoints", valid().endpoint("http://x:8080/?region=eu"));
    assertMessage("endpoints", valid().endpoint("http://x:8080#main"));
    assertMessage("endpoints", valid().endpoint("http://bad host:8080")); // refused by build(), as every other setting
    assertMessage("endpoints", valid().endpoint("http://jackpot-1:99999")); // the URI class takes any number as a port
    assertMessage("endpoints", valid().endpoint("http://jackpot-1:0"));
    assertMessage("gameKey", ContributorConfig.custom().endpoint("http://x").gameId("g"));
    assertMessage("gameKey", valid().gameKey("secret-from-a-file\n"));
    assertMessage("gameId", valid().gameId("Bad Id"));
    assertMessage("batchSize", valid().batchSize(1001));
    assertMessage("batchSize", valid().batchSize(0));
    assertMessage("linger", valid().linger(Duration.ofSeconds(2)));
    assertMessage("bufferCapacity", valid().batchSize(100).bufferCapacity(99));
    assertMessage("maxInFlightBatches", valid().maxInFlightBatches(0));
    assertMessage("requestTimeout", valid().requestTimeout(Duration.ofMillis(10)));
    assertMessage("requestTimeout", valid().requestTimeout(Duration.ofDays(365 * 100))); // close() waits 3× it
    assertMessage("retryBackoff", valid().retryBackoff(Duration.ofSeconds(1), Duration.ofHours(1)));
    assertMessage("retryBackoff", valid().retryBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1)));
    assertMessage("transport", valid().transport(null));
  }

  @Test
  void aContributionTheServiceWouldRefuseCannotBeMadeSoItNeverSinksOtherRoundsInItsBatch() {
    Contribution.of("BW-1", "p-1", "1000000", "EUR").withCoinValue("0.10");
    for (var bad : List.<Map.Entry<String, Runnable>>of(
        Map.entry("playerId", () -> Contribution.of("BW-1", "jos\u00e9", "1.00", "EUR")),
        Map.entry("playerId", () -> Contribution.of("BW-1", "", "1.00", "EUR")),
        Map.entry("roundId", () -> Contribution.of("x".repeat(129), "p-1", "1.00", "EUR")),
        Map.entry("roundId", () -> Contribution.of("BW\n1", "p-1", "1.00", "EUR")),
        Map.entry("currency", () -> Contribution.of("BW-1", "p-1", "1.00", "eur")),
        Map.entry("stake", () -> Contribution.of("BW-1", "p-1", "1000000.000001", "EUR")),
        Map.entry("stake", () -> Contribution.of("BW-1", "p-1", "0", "EUR")),
        Map.entry("stake", () -> Contribution.of("BW-1", "p-1", "0.0000001", "EUR")),
        Map.entry("coinValue", () -> Contribution.of("BW-1", "p-1", "1.00", "EUR").withCoinValue("-0.10")))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad.getValue()::run, bad.getKey());
      assertTrue(e.getMessage().startsWith(bad.getKey()), e.getMessage());
    }
  }

  @Test
  void aBaseUrlWithAPathIsKept() {
    assertEquals("https://games.example.com/jackpot", valid().endpoint("https://games.example.com/jackpot/").build().endpoints().get(1).toString());
  }

  private static void assertMessage(String setting, ContributorConfig.Builder b) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
    assertTrue(e.getMessage().startsWith(setting), e.getMessage());
  }
}
