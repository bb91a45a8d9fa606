package io.jackpot.sdk;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How a game talks to the jackpot network. Immutable; made by {@link #custom()}, whose
 * {@link Builder#build()} refuses bad settings with an {@link IllegalArgumentException} naming the
 * setting. Thread-safe.
 */
public final class ContributorConfig {
  private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9.-]{0,63}");

  private final List<URI> endpoints;
  private final String gameKey;
  private final String gameId;
  private final int batchSize;
  private final Duration linger;
  private final int bufferCapacity;
  private final int maxInFlightBatches;
  private final Duration requestTimeout;
  private final Duration retryInitialBackoff;
  private final Duration retryMaxBackoff;
  private final Transport transport;

  /**
   * How batches travel; claims and win look-ups always use HTTP. Compared with scripts/loadgen
   * --transport (contributor-sdk/README.md, Transport).
   */
  public enum Transport {
    /** Kept-alive connections, one per batch in flight. */
    HTTP_1_1,
    /** Cleartext upgrade on http:// endpoints; all batches multiplexed on one connection. */
    HTTP_2,
    /**
     * The default: one connection per endpoint (GET /v1/contributions/stream), batches multiplexed
     * on it by id. Ahead of the others in both same-run comparisons, by margins near that machine's noise.
     */
    WEBSOCKET
  }

  /** The transport unless one is chosen: ahead in both measurements (contributor-sdk/README.md). */
  public static final Transport DEFAULT_TRANSPORT = Transport.WEBSOCKET;

  private ContributorConfig(Builder b) {
    this.transport = b.transport;
    this.endpoints = b.endpoints.stream().map(URI::create).toList(); // each read by build()
    this.gameKey = b.gameKey;
    this.gameId = b.gameId;
    this.batchSize = b.batchSize;
    this.linger = b.linger;
    this.bufferCapacity = b.bufferCapacity;
    this.maxInFlightBatches = b.maxInFlightBatches;
    this.requestTimeout = b.requestTimeout;
    this.retryInitialBackoff = b.retryInitialBackoff;
    this.retryMaxBackoff = b.retryMaxBackoff;
  }

  /** A builder with every default; set at least an endpoint, the game key and the game id. */
  public static Builder custom() {
    return new Builder();
  }

  /**
   * Service base URLs (e.g. http://jackpot-1:8080, or https://games.example.com/jackpot behind a
   * proxy that serves the service under a path); contributions fail over between them.
   */
  public List<URI> endpoints() {
    return endpoints;
  }

  /** The game key sent with every call ({@code Authorization: Bearer <key>}). */
  public String gameKey() {
    return gameKey;
  }

  /** The game every contribution is made for (docs/api.md's gameId). */
  public String gameId() {
    return gameId;
  }

  /** Contributions sent per request, 1–1000 (the API's bound). */
  public int batchSize() {
    return batchSize;
  }

  /** How long a batch waits for more contributions before it is sent anyway (0–1 s; default 5 ms). */
  public Duration linger() {
    return linger;
  }

  /**
   * Contributions the SDK holds at most (queued, in flight or waiting to be retried; default
   * 100,000): one more is refused at once with {@link BufferFullException}.
   */
  public int bufferCapacity() {
    return bufferCapacity;
  }

  /** Batches sent at once (a resilience4j semaphore bulkhead; 1–64, default 4). */
  public int maxInFlightBatches() {
    return maxInFlightBatches;
  }

  /**
   * How long one attempt may take, answer included (100 ms – 10 min; default 10 s), and the
   * connect timeout; an attempt over it is retried. {@link JackpotContributor#close()} waits three
   * times this at most, plus up to 1 s for the game's callbacks.
   */
  public Duration requestTimeout() {
    return requestTimeout;
  }

  /**
   * The first wait before a retry (at least 1 ms; default 100 ms). Each wait doubles up to
   * {@link #retryMaxBackoff()} and is drawn uniformly between half and all of that, so that
   * games failing together do not come back together.
   */
  public Duration retryInitialBackoff() {
    return retryInitialBackoff;
  }

  /**
   * The longest backoff (up to 10 min; default 5 s). A Retry-After from the service is heeded
   * above it, up to 30 s, plus up to half of it again as jitter.
   */
  public Duration retryMaxBackoff() {
    return retryMaxBackoff;
  }

  /** How batches travel ({@link Transport}; default {@link #DEFAULT_TRANSPORT}). */
  public Transport transport() {
    return transport;
  }

  /** Collects settings; {@link #build()} validates them all. Not thread-safe. */
  public static final class Builder {
    private final List<String> endpoints = new ArrayList<>();
    private String gameKey;
    private String gameId;
    private int batchSize = 500;
    private Duration linger = Duration.ofMillis(5);
    private int bufferCapacity = 100_000;
    private int maxInFlightBatches = 4;
    private Duration requestTimeout = Duration.ofSeconds(10);
    private Transport transport = DEFAULT_TRANSPORT;
    private Duration retryInitialBackoff = Duration.ofMillis(100);
    private Duration retryMaxBackoff = Duration.ofSeconds(5);

    private Builder() {}

    /**
     * Adds a service base URL ({@link ContributorConfig#endpoints()}); call once per endpoint. They
     * are equals, not primary and standby: batches go round-robin to every endpoint whose circuit
     * breaker is not open, so list only members that are as near as each other.
     */
    public Builder endpoint(String baseUrl) {
      endpoints.add(Objects.requireNonNull(baseUrl, "endpoint").replaceAll("/+$", ""));
      return this;
    }

    /** {@link ContributorConfig#gameKey()}: required. */
    public Builder gameKey(String key) {
      this.gameKey = key;
      return this;
    }

    /** {@link ContributorConfig#gameId()}: required. */
    public Builder gameId(String id) {
      this.gameId = id;
      return this;
    }

    /** {@link ContributorConfig#batchSize()}: 1–1000, default 500. */
    public Builder batchSize(int size) {
      this.batchSize = size;
      return this;
    }

    /** {@link ContributorConfig#linger()}: 0–1 s, default 5 ms. */
    public Builder linger(Duration d) {
      this.linger = d;
      return this;
    }

    /** {@link ContributorConfig#bufferCapacity()}: at least the batch size, default 100,000. */
    public Builder bufferCapacity(int capacity) {
      this.bufferCapacity = capacity;
      return this;
    }

    /** {@link ContributorConfig#maxInFlightBatches()}: 1–64, default 4. */
    public Builder maxInFlightBatches(int n) {
      this.maxInFlightBatches = n;
      return this;
    }

    /** {@link ContributorConfig#transport()}: default {@link ContributorConfig#DEFAULT_TRANSPORT}. */
    public Builder transport(Transport t) {
      this.transport = t;
      return this;
    }

    /** {@link ContributorConfig#requestTimeout()}: 100 ms – 10 min, default 10 s. */
    public Builder requestTimeout(Duration d) {
      this.requestTimeout = d;
      return this;
    }

    /** {@link ContributorConfig#retryInitialBackoff()} and {@link ContributorConfig#retryMaxBackoff()}: default 100 ms and 5 s. */
    public Builder retryBackoff(Duration initial, Duration max) {
      this.retryInitialBackoff = initial;
      this.retryMaxBackoff = max;
      return this;
    }

    /** The settings, each checked: an {@link IllegalArgumentException} names the first bad one. */
    public ContributorConfig build() {
      require(!endpoints.isEmpty(), "endpoints: give at least one service URL");
      for (String given : endpoints) {
        URI e;
        try {
          e = URI.create(given);
        } catch (IllegalArgumentException notAUri) {
          throw new IllegalArgumentException("endpoints: " + given + " is not a URL (" + notAUri.getMessage() + ")");
        }
        require("http".equals(e.getScheme()) || "https".equals(e.getScheme()), "endpoints: " + e + " is not an http(s) URL");
        // A host the URI class cannot read (an underscore, as in some container names) would fail
        // every request, and a query or fragment would be cut off the paths the SDK appends.
        require(e.getHost() != null, "endpoints: " + e + " has no host the JDK can use (letters, digits, '-' and '.' only)");
        // The URI class reads any number as a port; one out of range would fail every attempt.
        require(e.getPort() == -1 || (e.getPort() >= 1 && e.getPort() <= 65_535), "endpoints: " + e + " has no valid port (1–65535)");
        require(e.getRawQuery() == null && e.getRawFragment() == null && e.getRawUserInfo() == null,
            "endpoints: " + e + " must be a base URL without query, fragment or user info");
      }
      require(gameKey != null && !gameKey.isBlank(), "gameKey is required");
      // It travels in a header: a key read from a file with its line end would fail every request.
      require(gameKey.chars().allMatch(c -> c > 0x20 && c <= 0x7E), "gameKey must be printable ASCII without spaces or line ends");
      require(gameId != null && ID.matcher(gameId).matches(), "gameId must match [a-z0-9][a-z0-9.-]{0,63}");
      require(batchSize >= 1 && batchSize <= 1000, "batchSize must be 1–1000, got " + batchSize);
      require(linger != null && !linger.isNegative() && linger.compareTo(Duration.ofSeconds(1)) <= 0, "linger must be 0–1 s");
      require(bufferCapacity >= batchSize, "bufferCapacity must be at least batchSize");
      require(maxInFlightBatches >= 1 && maxInFlightBatches <= 64, "maxInFlightBatches must be 1–64");
      require(requestTimeout != null && requestTimeout.compareTo(Duration.ofMillis(100)) >= 0
          && requestTimeout.compareTo(Duration.ofMinutes(10)) <= 0, "requestTimeout must be 100 ms – 10 min");
      require(transport != null, "transport is required");
      require(retryInitialBackoff != null && retryInitialBackoff.compareTo(Duration.ofMillis(1)) >= 0, "retryBackoff initial must be at least 1 ms");
      require(retryMaxBackoff != null && retryMaxBackoff.compareTo(retryInitialBackoff) >= 0, "retryBackoff max must be at least the initial");
      require(retryMaxBackoff.compareTo(Duration.ofMinutes(10)) <= 0, "retryBackoff max must be at most 10 min");
      return new ContributorConfig(this);
    }

    private static void require(boolean ok, String message) {
      if (!ok) {
        throw new IllegalArgumentException(message);
      }
    }
  }
}
