package io.jackpot.config;

import java.time.Duration;

/**
 * What one HTTP connection and one client address may hold: a request's headers must arrive within
 * {@code headerTimeout}, a connection on which nothing passes for {@code idleTimeout} is closed
 * (WebSocket connections excepted: their pings say whether the peer is there), and one address
 * keeps at most {@code maxConnectionsPerClient} connections open.
 */
public record HttpLimits(Duration headerTimeout, Duration idleTimeout, int maxConnectionsPerClient) {
  public static final int DEFAULT_HEADER_TIMEOUT_SECONDS = 15;
  public static final int DEFAULT_IDLE_TIMEOUT_SECONDS = 60;
  public static final int DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 1024;

  public HttpLimits {
    if (headerTimeout.toSeconds() < 1 || idleTimeout.toSeconds() < 1) {
      throw new IllegalArgumentException("the HTTP header and idle timeouts are at least 1 s");
    }
    if (maxConnectionsPerClient < 1) {
      throw new IllegalArgumentException("a client must be allowed at least one connection");
    }
  }

  public static HttpLimits defaults() {
    return new HttpLimits(Duration.ofSeconds(DEFAULT_HEADER_TIMEOUT_SECONDS), Duration.ofSeconds(DEFAULT_IDLE_TIMEOUT_SECONDS),
        DEFAULT_MAX_CONNECTIONS_PER_CLIENT);
  }
}
