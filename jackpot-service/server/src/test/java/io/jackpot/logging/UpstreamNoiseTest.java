package io.jackpot.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.spi.FilterReply;
import org.junit.jupiter.api.Test;

class UpstreamNoiseTest {
  private final LoggerContext context = new LoggerContext();
  private final UpstreamNoise filter = new UpstreamNoise();

  private FilterReply decide(String logger, Level level, String message) {
    return filter.decide(null, context.getLogger(logger), level, message, null, null);
  }

  @Test
  void vertxGaugesRegisteredAgainAreDropped() {
    assertEquals(FilterReply.DENY, decide(UpstreamNoise.MICROMETER, Level.WARN, "This Gauge has been already registered"
        + " (MeterId{name='vertx.net.client.active.connections', tags=[tag(client_name=ledger-unlimited)]}), the registration will be ignored."));
  }

  @Test
  void aGaugeOfThisServiceRegisteredTwiceStillWarns() {
    assertEquals(FilterReply.NEUTRAL, decide(UpstreamNoise.MICROMETER, Level.WARN,
        "This Gauge has been already registered (MeterId{name='jackpot.pool.amount', tags=[]}), the registration will be ignored."));
    assertEquals(FilterReply.NEUTRAL, decide(UpstreamNoise.MICROMETER, Level.WARN, "something else went wrong"));
  }

  @Test
  void hazelcastsCpNoticeIsDroppedAndItsOtherWarningsPass() {
    assertEquals(FilterReply.DENY, decide(UpstreamNoise.HAZELCAST_CP, Level.WARN, "[127.0.0.1]:5701 [jackpot] [5.3.8] CP Subsystem is not"
        + " enabled. CP data structures will operate in UNSAFE mode! Please note that UNSAFE mode will not provide strong consistency guarantees."));
    assertEquals(FilterReply.NEUTRAL, decide(UpstreamNoise.HAZELCAST_CP, Level.ERROR, "CP Subsystem is not enabled, and it broke"));
    assertEquals(FilterReply.NEUTRAL, decide("com.hazelcast.cluster", Level.WARN, "CP Subsystem is not enabled"));
  }

  @Test
  void levelChecksWithoutAMessagePass() {
    assertEquals(FilterReply.NEUTRAL, decide(UpstreamNoise.MICROMETER, Level.WARN, null));
  }
}
