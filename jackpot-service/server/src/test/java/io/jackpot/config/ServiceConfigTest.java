package io.jackpot.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.award.ClaimRounds;
import io.jackpot.award.PublicWins;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServiceConfigTest {
  @Test
  void aLogLevelLogbackWouldReadAsDebugRefusesTheStart() {
    assertEquals(8080, ServiceConfig.fromEnv(Map.of("JACKPOT_LOG_LEVEL", "warn", "JACKPOT_CLIENT_ERROR_LOG_LEVEL", "WARN")).httpPort());
    IllegalArgumentException typo = assertThrows(IllegalArgumentException.class, () -> ServiceConfig.fromEnv(Map.of("JACKPOT_LOG_LEVEL", "WARNING")));
    assertTrue(typo.getMessage().startsWith("JACKPOT_LOG_LEVEL"), typo.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ServiceConfig.fromEnv(Map.of("JACKPOT_CLIENT_ERROR_LOG_LEVEL", "quiet")));
    ServiceConfig.fromEnv(Map.of("JACKPOT_LOG_LEVEL", "ALL", "JACKPOT_CLIENT_ERROR_LOG_LEVEL", "")); // what logback takes, or ignores
  }

  @Test
  void theAdminPortIsOptionalAndNotTheApisOwn() {
    assertEquals(null, ServiceConfig.fromEnv(Map.of()).adminPort());
    assertEquals(9090, ServiceConfig.fromEnv(Map.of("JACKPOT_ADMIN_PORT", "9090")).adminPort());
    IllegalArgumentException same = assertThrows(IllegalArgumentException.class,
        () -> ServiceConfig.fromEnv(Map.of("JACKPOT_ADMIN_PORT", "8080")));
    assertTrue(same.getMessage().startsWith("JACKPOT_ADMIN_PORT must differ"), same.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ServiceConfig.fromEnv(Map.of("JACKPOT_ADMIN_PORT", "0")));
    assertThrows(IllegalArgumentException.class, () -> ServiceConfig.fromEnv(Map.of("JACKPOT_ADMIN_PORT", "admin")));
  }

  @Test
  void inProductionAClaimNeedsARecordedRoundAndAnyIsRefused() {
    assertEquals(ClaimRounds.RECORDED, ServiceConfig.fromEnv(Map.of("JACKPOT_PROFILE", "production")).claimRounds());
    IllegalArgumentException any = assertThrows(IllegalArgumentException.class,
        () -> ServiceConfig.fromEnv(Map.of("JACKPOT_PROFILE", "production", "JACKPOT_CLAIM_ROUNDS", "any")));
    assertTrue(any.getMessage().startsWith("JACKPOT_CLAIM_ROUNDS=any is refused"), any.getMessage());
    assertEquals(ClaimRounds.RECORDED,
        ServiceConfig.fromEnv(Map.of("JACKPOT_PROFILE", "production", "JACKPOT_CLAIM_ROUNDS", "recorded")).claimRounds());
  }

  @Test
  void claimsPerGameKeyAreLimitedByDefault() {
    assertEquals(20, ServiceConfig.fromEnv(Map.of()).claimsPerSecond());
    assertEquals(5, ServiceConfig.fromEnv(Map.of("JACKPOT_CLAIMS_PER_SECOND", "5")).claimsPerSecond());
    assertThrows(IllegalArgumentException.class, () -> ServiceConfig.fromEnv(Map.of("JACKPOT_CLAIMS_PER_SECOND", "0")));
  }

  @Test
  void claimsTakeAnyRoundUnlessTheOperatorAsksForRecordedOnes() {
    assertEquals(ClaimRounds.ANY, ServiceConfig.fromEnv(Map.of()).claimRounds());
    assertEquals(PublicWins.FULL, ServiceConfig.fromEnv(Map.of()).publicWins());
    assertEquals(PublicWins.ANONYMOUS, ServiceConfig.fromEnv(Map.of("JACKPOT_PUBLIC_WINS", "anonymous")).publicWins());
    assertEquals(ClaimRounds.RECORDED, ServiceConfig.fromEnv(Map.of("JACKPOT_CLAIM_ROUNDS", "recorded")).claimRounds());
    assertThrows(IllegalArgumentException.class, () -> ServiceConfig.fromEnv(Map.of("JACKPOT_CLAIM_ROUNDS", "strict")));
  }

  @Test
  void theLedgersTimeLimitIsInWholeSecondsFromOneToAnHour() {
    assertEquals(Duration.ofSeconds(15), ServiceConfig.fromEnv(Map.of()).pgTimeout());
    assertEquals(Duration.ofSeconds(40), ServiceConfig.fromEnv(Map.of("JACKPOT_PG_TIMEOUT_SECONDS", "40")).pgTimeout());
    for (String bad : new String[] {"0", "3601", "1.5", "soon"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ServiceConfig.fromEnv(Map.of("JACKPOT_PG_TIMEOUT_SECONDS", bad)), bad);
      assertTrue(e.getMessage().contains("JACKPOT_PG_TIMEOUT_SECONDS"), e.getMessage());
    }
  }

  @Test
  void theHttpBoundsHaveDefaultsAndRefuseWhatIsOutOfRange() {
    ServiceConfig defaults = ServiceConfig.fromEnv(Map.of());
    assertEquals(Duration.ofSeconds(15), defaults.http().headerTimeout());
    assertEquals(Duration.ofSeconds(60), defaults.http().idleTimeout());
    assertEquals(1024, defaults.http().maxConnectionsPerClient());
    assertEquals(64, defaults.ticker().maxSubscribersPerClient());
    ServiceConfig set = ServiceConfig.fromEnv(Map.of("JACKPOT_HTTP_HEADER_TIMEOUT_SECONDS", "5", "JACKPOT_HTTP_IDLE_TIMEOUT_SECONDS", "120",
        "JACKPOT_HTTP_MAX_CONNECTIONS_PER_CLIENT", "1000", "JACKPOT_TICKER_MAX_SUBSCRIBERS_PER_CLIENT", "10"));
    assertEquals(Duration.ofSeconds(5), set.http().headerTimeout());
    assertEquals(Duration.ofSeconds(120), set.http().idleTimeout());
    assertEquals(1000, set.http().maxConnectionsPerClient());
    assertEquals(10, set.ticker().maxSubscribersPerClient());
    for (String name : new String[] {"JACKPOT_HTTP_HEADER_TIMEOUT_SECONDS", "JACKPOT_HTTP_IDLE_TIMEOUT_SECONDS",
        "JACKPOT_HTTP_MAX_CONNECTIONS_PER_CLIENT", "JACKPOT_TICKER_MAX_SUBSCRIBERS_PER_CLIENT"}) {
      for (String bad : new String[] {"0", "-1", "soon", "99999999"}) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServiceConfig.fromEnv(Map.of(name, bad)), name + "=" + bad);
        assertTrue(e.getMessage().contains(name), e.getMessage());
      }
    }
  }
}
