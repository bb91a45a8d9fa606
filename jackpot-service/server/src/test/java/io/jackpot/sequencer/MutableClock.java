package io.jackpot.sequencer;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock a test moves by hand. */
public final class MutableClock extends Clock {
  public volatile Instant now;

  public MutableClock(Instant start) {
    now = start;
  }

  @Override
  public ZoneOffset getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return now;
  }
}
