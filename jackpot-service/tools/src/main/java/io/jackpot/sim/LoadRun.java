package io.jackpot.sim;

import io.jackpot.ledger.Ledger;
import io.jackpot.sdk.ContributorConfig;
import io.jackpot.sdk.GameNumbers;
import io.jackpot.sdk.JackpotContributor;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ObjIntConsumer;

/**
 * A load run: game instances playing as fast as the service acknowledges, for some rounds or seconds.
 * Then the clients are closed and the ledger must hold exactly the acknowledged rounds under the run's prefix.
 */
public final class LoadRun {
  /**
   * {@code rounds} 0 means run for {@code seconds}; {@code adminEndpoint} (the members' admin ports,
   * where JACKPOT_ADMIN_PORT is set) null means the ledger is asked at {@code endpoint}.
   */
  public record Settings(String endpoint, String gameKey, String adminToken, int instances, long rounds, int seconds,
      int batchSize, int inFlight, long jackpotOneIn, ContributorConfig.Transport transport, String adminEndpoint) {
    public Settings(String endpoint, String gameKey, String adminToken, int instances, long rounds, int seconds, int batchSize,
        int inFlight, long jackpotOneIn) {
      this(endpoint, gameKey, adminToken, instances, rounds, seconds, batchSize, inFlight, jackpotOneIn, ContributorConfig.DEFAULT_TRANSPORT,
          null);
    }

    public Settings {
      if (instances < 1 || batchSize < 1 || batchSize > 1000 || inFlight < 1 || rounds < 0 || (rounds == 0 && seconds < 1)) {
        throw new IllegalArgumentException("instances ≥ 1, batch 1–1000, in-flight ≥ 1, and rounds ≥ 1 or seconds ≥ 1");
      }
    }

    /** {@code endpoint} may name several members, comma-separated. */
    public List<String> endpoints() {
      return split(endpoint);
    }

    /** Where the ledger's count is asked: {@code adminEndpoint}'s members, else {@link #endpoints()}. */
    public List<String> adminEndpoints() {
      return adminEndpoint == null ? endpoints() : split(adminEndpoint);
    }

    private static List<String> split(String urls) {
      return Arrays.stream(urls.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
  }

  /**
   * What happened. Acknowledged rounds were recorded (applied, duplicate or paused); refused ones
   * were not; failed ones are unknown (the SDK gave up). Wins are triggers plus answered claims.
   * The ledger counts are -1 when the service did not answer. Every claim is settled first.
   */
  public record Summary(String prefix, long started, long acknowledged, long refused, long failed, long wins,
      long claims, long failedClaims, String firstClaimFailure, double seconds, long p50Micros, long p95Micros, long p99Micros,
      long maxMicros, long acknowledgedShares, long ledgerRounds, long ledgerShares, boolean stalled) {
    public double perSecond() {
      return acknowledged / seconds;
    }

    /** Acknowledged but not in the ledger (at least): must be 0. */
    public long lost() {
      return Math.max(0, acknowledged - ledgerRounds);
    }

    /**
     * The ledger holds exactly the acknowledged rounds and their shares. Counts prove it: each
     * round id under the prefix was sent once, the ledger keeps a round id once, and refused rounds
     * are kept nowhere. A failed round may or may not be recorded, so with failures nothing is proven.
     */
    public boolean ledgerMatches() {
      return failed == 0 && ledgerRounds == acknowledged && ledgerShares == acknowledgedShares;
    }

    /**
     * A run to trust: something was acknowledged, it did not stall, the ledger matches exactly, and
     * every claim a game sent was answered with its win (a failed claim is a win its player was
     * not paid).
     */
    public boolean ok() {
      return acknowledged > 0 && !stalled && ledgerMatches() && failedClaims == 0;
    }
  }

  /** A run ends by itself when no round was answered for this long (a dead or stuck service). */
  static final Duration STALL = Duration.ofSeconds(120);

  private final Settings settings;
  private final PrintStream progress;
  private final Tally tally;
  /** Told of every acknowledged round (its id and how many pool shares it was answered with), from the SDK's threads. */
  private volatile ObjIntConsumer<String> onAcknowledged = (roundId, shares) -> { };

  public LoadRun(Settings settings, PrintStream progress) {
    this.settings = settings;
    this.progress = progress;
    this.tally = new Tally(progress);
  }

  /** Tells {@code listener} of each acknowledged round, so that a fault drill can look each one up in the ledger. */
  public LoadRun onAcknowledged(ObjIntConsumer<String> listener) {
    this.onAcknowledged = listener;
    return this;
  }

  /** Rounds acknowledged so far (readable while {@link #run} is going, from any thread). */
  public long acknowledgedSoFar() {
    return tally.acknowledged.sum();
  }

  public Summary run() throws Exception {
    return run(() -> {});
  }

  /**
   * The same; {@code atLoadEnd} runs once, on the calling thread, when every round is answered and
   * before the ledger is counted, so a bench's meters do not charge the count to the contributions.
   */
  public Summary run(Runnable atLoadEnd) throws Exception {
    String prefix = "LG" + randomTag();
    List<JackpotContributor> clients = new ArrayList<>();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong budget = new AtomicLong(settings.rounds() == 0 ? Long.MAX_VALUE : settings.rounds());
    CountDownLatch done = new CountDownLatch(settings.instances());
    long begin = System.nanoTime();
    List<GameModel> games = SeedGames.all(settings.jackpotOneIn());
    for (int i = 0; i < settings.instances(); i++) {
      GameModel game = games.get(i % games.size());
      JackpotContributor sdk = client(i, game);
      clients.add(sdk);
      GameInstance instance = new GameInstance(sdk, game, GameNumbers.withPrefix(prefix),
          new SplittableRandom(i), settings.inFlight(), tally, (roundId, shares) -> onAcknowledged.accept(roundId, shares));
      start(i, instance, stop, budget, done);
    }
    long deadline = settings.rounds() == 0 ? begin + TimeUnit.SECONDS.toNanos(settings.seconds()) : Long.MAX_VALUE;
    boolean stalled = new RunWatch(tally, progress, STALL, begin).await(done, stop, deadline);
    // Closing delivers what each client still holds. In parallel: each close may wait out its own
    // deadline on a service that is not answering.
    clients.parallelStream().forEach(JackpotContributor::close);
    double seconds = (System.nanoTime() - begin) / 1e9;
    atLoadEnd.run();
    Ledger.RoundCount ledger = new LedgerCount(settings.adminEndpoints(), settings.adminToken(), progress).under(prefix + "-");
    return tally.summary(prefix, seconds, ledger, stalled);
  }

  /** Instance {@code i}'s client: with several members it starts at member i and fails over to the others. */
  private JackpotContributor client(int i, GameModel game) {
    var config = ContributorConfig.custom();
    List<String> endpoints = settings.endpoints();
    for (int e = 0; e < endpoints.size(); e++) {
      config.endpoint(endpoints.get((i + e) % endpoints.size()));
    }
    return JackpotContributor.of(config.transport(settings.transport())
        .gameKey(settings.gameKey()).gameId(game.gameId()).batchSize(settings.batchSize())
        .bufferCapacity(Math.max(settings.inFlight(), settings.batchSize()) * 2).build());
  }

  private static void start(int i, GameInstance instance, AtomicBoolean stop, AtomicLong budget, CountDownLatch done) {
    Thread t = new Thread(() -> {
      try {
        instance.play(stop, budget);
      } finally {
        done.countDown();
      }
    }, "loadgen-" + i);
    t.setDaemon(true);
    t.start();
  }

  private static String randomTag() {
    String alphabet = "ABCDEFGHJKMNPQRSTVWXYZ0123456789";
    SecureRandom random = new SecureRandom();
    StringBuilder tag = new StringBuilder();
    for (int i = 0; i < 8; i++) {
      tag.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return tag.toString();
  }
}
