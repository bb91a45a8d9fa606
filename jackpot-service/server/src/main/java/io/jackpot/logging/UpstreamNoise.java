package io.jackpot.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.slf4j.Marker;

/**
 * Drops two start-up warnings that speak of nothing wrong here, so a warning in the log always
 * deserves a look (installed by logback.xml). Everything else passes.
 *
 * <p>Micrometer's "This Gauge has been already registered" for {@code vertx.} meters: Vert.x
 * registers a gauge per connection by design (vert-x3/vertx-micrometer-metrics#259). Hazelcast's
 * "CP Subsystem is not enabled … UNSAFE mode": the service uses no CP structures (docs/consistency.md).
 */
public final class UpstreamNoise extends TurboFilter {
  static final String MICROMETER = "io.micrometer.core.instrument.MeterRegistry";
  static final String HAZELCAST_CP = "com.hazelcast.cp.CPSubsystem";

  @Override
  public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
    if (format == null || level != Level.WARN) {
      return FilterReply.NEUTRAL;
    }
    String name = logger.getName();
    if (name.equals(MICROMETER) && format.startsWith("This Gauge has been already registered (MeterId{name='vertx.")) {
      return FilterReply.DENY;
    }
    if (name.equals(HAZELCAST_CP) && format.contains("CP Subsystem is not enabled")) {
      return FilterReply.DENY;
    }
    return FilterReply.NEUTRAL;
  }
}
