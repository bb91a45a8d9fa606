package io.jackpot.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.slf4j.Marker;

/**
 * Drops two warnings every member logs at each start that speak of nothing wrong here, so that a
 * warning in the service's log always deserves a look (logback.xml installs it). Anything else, at
 * any level, passes untouched.
 * <ul>
 *   <li>Micrometer's "This Gauge has been already registered" for Vert.x's own meters: Vert.x
 *       registers a connection gauge again for each connection of a client by design and keeps
 *       one count per id (vert-x3/vertx-micrometer-metrics#259, micrometer-metrics/micrometer#6931).
 *       The same warning for a meter of this service (not named {@code vertx.}) still shows.</li>
 *   <li>Hazelcast's "CP Subsystem is not enabled … UNSAFE mode", logged whether or not CP data
 *       structures are used: this service uses none (docs/consistency.md; every pool change goes
 *       through map entry processors).</li>
 * </ul>
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
