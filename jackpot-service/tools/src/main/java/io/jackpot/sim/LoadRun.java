package io.jackpot.sim;

import io.jackpot.error.Failures;
import io.jackpot.ledger.Ledger;
import io.jackpot.sdk.Contribution;
import io.jackpot.sdk.ContributorConfig;
import io.jackpot.sdk.GameNumbers;
import io.jackpot.sdk.JackpotContributor;
import io.jackpot.sdk.RoundResult;
import io.jackpot.sdk.Win;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ObjIntConsumer;

/**
 * A load run: {@code instances} simulated game instances (the seed games in turn), each its own
 * SDK client playing rounds as fast as the service acknowledges them (at most {@code inFlight}
 * unacknowledged rounds per instance), for a number of rounds or seconds. Then every client is
 * closed (which delivers what it holds) and the ledger is asked how many rounds it holds under
 * this run's round-id prefix: it must be exactly the number acknowledged.
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
   * What happened: rounds started, acknowledged (recorded by the service: applied, duplicate or
   * paused), refused (invalid, not recorded), failed (the SDK gave up: unknown), wins (the
   * service's triggers and the games' answered claims), claims sent and claims that failed (with
   * the first failure's reason, or null), the
   * acknowledgement latencies, the pool shares the acknowledged rounds were answered with, and the
   * ledger's counts under the run's prefix of rounds and of their pool shares (-1: the service did
   * not answer the count). Every claim is answered (or failed) before the summary is made.
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
     * The ledger holds exactly the acknowledged rounds, each with as many pool shares as it was
     * answered with. Proven by counts because every round id under the run's prefix was sent by
     * this run once, the ledger keeps an operator's round id once, and refused rounds are recorded
     * nowhere: with no round failed (given up, maybe recorded), a ledger count equal to the
     * acknowledged count is the acknowledged set itself, and equal share counts then leave no
     * round with a share missing or one too many unless another has the opposite. With failures it
     * proves nothing, so it is not claimed.
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

  private final Settings settings;
  private final PrintStream progress;
  private final LongAdder started = new LongAdder();
  private final LongAdder acknowledged = new LongAdder();
  private final LongAdder acknowledgedShares = new LongAdder();
  private final LongAdder refused = new LongAdder();
  private final LongAdder failed = new LongAdder();
  private final LongAdder wins = new LongAdder();
  private final LongAdder claims = new LongAdder();
  private final LongAdder failedClaims = new LongAdder();
  private final AtomicReference<String> firstClaimFailure = new AtomicReference<>();
  private static final CompletionStage<Void> DONE = CompletableFuture.completedFuture(null);
  private final LatencyHistogram latency = new LatencyHistogram();
  /** A run ends by itself when no round was answered for this long (a dead or stuck service). */
  static final Duration STALL = Duration.ofSeconds(120);

  /** Told of every acknowledged round (its id and how many pool shares it was answered with), from the SDK's threads. */
  private volatile ObjIntConsumer<String> onAcknowledged = (roundId, shares) -> { };

  public LoadRun(Settings settings, PrintStream progress) {
    this.settings = settings;
    this.progress = progress;
  }

  /** Tells {@code listener} of each acknowledged round, so that a fault drill can look each one up in the ledger. */
  public LoadRun onAcknowledged(ObjIntConsumer<String> listener) {
    this.onAcknowledged = listener;
    return this;
  }

  /** Rounds acknowledged so far (readable while {@link #run} is going, from any thread). */
  public long acknowledgedSoFar() {
    return acknowledged.sum();
  }

  public Summary run() throws Exception {
    return run(() -> {});
  }

  /**
   * The same; {@code atLoadEnd} runs once, on the calling thread, when every round is answered and
   * before the ledger is counted (a bench reads its meters there, so the count's own work is not
   * charged to the contributions).
   */
  public Summary run(Runnable atLoadEnd) throws Exception {
    String prefix = "LG" + randomTag();
    List<GameModel> games = SeedGames.all(settings.jackpotOneIn());
    List<JackpotContributor> clients = new ArrayList<>();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong budget = new AtomicLong(settings.rounds() == 0 ? Long.MAX_VALUE : settings.rounds());
    CountDownLatch done = new CountDownLatch(settings.instances());
    long begin = System.nanoTime();
    for (int i = 0; i < settings.instances(); i++) {
      GameModel game = games.get(i % games.size());
      var config = ContributorConfig.custom();
      // Several members (comma-separated): instance i starts at member i and fails over to the others.
      List<String> endpoints = settings.endpoints();
      for (int e = 0; e < endpoints.size(); e++) {
        config.endpoint(endpoints.get((i + e) % endpoints.size()));
      }
      JackpotContributor sdk = JackpotContributor.of(config.transport(settings.transport())
          .gameKey(settings.gameKey()).gameId(game.gameId()).batchSize(settings.batchSize())
          .bufferCapacity(Math.max(settings.inFlight(), settings.batchSize()) * 2).build());
      clients.add(sdk);
      GameNumbers numbers = GameNumbers.withPrefix(prefix);
      SplittableRandom random = new SplittableRandom(i);
      Semaphore window = new Semaphore(settings.inFlight());
      Thread t = new Thread(() -> {
        try {
          play(sdk, game, numbers, random, window, stop, budget);
        } finally {
          done.countDown();
        }
      }, "loadgen-" + i);
      t.setDaemon(true);
      t.start();
    }
    long deadline = settings.rounds() == 0 ? begin + TimeUnit.SECONDS.toNanos(settings.seconds()) : Long.MAX_VALUE;
    long lastCount = 0;
    long lastAt = begin;
    long settled = 0;
    long settledAt = begin;
    boolean stalled = false;
    while (!done.await(1, TimeUnit.SECONDS)) {
      long now = System.nanoTime();
      if (now >= deadline) {
        stop.set(true);
      }
      long nowSettled = acknowledged.sum() + refused.sum() + failed.sum();
      if (nowSettled != settled) {
        settled = nowSettled;
        settledAt = now;
      } else if (now - settledAt > STALL.toNanos()) {
        // The service stopped answering: end the run instead of waiting forever; closing the
        // clients fails what they still hold, and the summary shows it.
        progress.printf("no round answered for %d s: the service is not answering; stopping%n", STALL.toSeconds());
        stop.set(true);
        stalled = true;
        break;
      }
      long count = acknowledged.sum();
      progress.printf("%6.1fs  %,9.0f/s  acknowledged %,d  refused %,d  failed %,d  wins %,d%n", (now - begin) / 1e9,
          (count - lastCount) * 1e9 / Math.max(1, now - lastAt), count, refused.sum(), failed.sum(), wins.sum());
      lastCount = count;
      lastAt = now;
    }
    // Closing delivers what each client still holds, then every result is in. In parallel: each
    // close waits up to its own deadline for a service that may not be answering.
    clients.parallelStream().forEach(JackpotContributor::close);
    double seconds = (System.nanoTime() - begin) / 1e9;
    atLoadEnd.run();
    Ledger.RoundCount ledger = ledgerCounts(prefix + "-");
    return new Summary(prefix, started.sum(), acknowledged.sum(), refused.sum(), failed.sum(), wins.sum(),
        claims.sum(), failedClaims.sum(), firstClaimFailure.get(), seconds,
        latency.percentileMicros(500), latency.percentileMicros(950), latency.percentileMicros(990), latency.maxMicros(),
        acknowledgedShares.sum(), ledger.rounds(), ledger.contributions(), stalled);
  }

  private void play(JackpotContributor sdk, GameModel game, GameNumbers numbers, SplittableRandom random, Semaphore window,
      AtomicBoolean stop, AtomicLong budget) {
    try {
      while (!stop.get() && budget.getAndDecrement() > 0) {
        window.acquire();
        SimRound round = game.next(random);
        String roundId = numbers.next();
        String player = "lg-player-" + random.nextInt(1000);
        Contribution c = round.contribution(roundId, player);
        started.increment();
        long sent = System.nanoTime();
        try {
          sdk.contribute(c).whenComplete((result, error) -> {
            if (error == null && result.status() != RoundResult.Status.REJECTED) {
              latency.record(System.nanoTime() - sent); // acknowledgement latency: of acknowledged rounds only
            }
            // A round that claims its game's jackpot keeps its place in the window until the claim
            // is answered, so the run (and whoever checks the ledger after it) never ends with a
            // claim still in flight.
            CompletionStage<?> settled;
            try {
              settled = count(sdk, round, roundId, player, result, error);
            } catch (RuntimeException e) {
              window.release();
              throw e;
            }
            settled.whenComplete((x, y) -> window.release());
          });
        } catch (RuntimeException e) {
          window.release();
          failed.increment();
        }
      }
      window.acquire(settings.inFlight());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Counts the round's answer; sends its game's claim if it has one. Completes when nothing of the round is left in flight. */
  private CompletionStage<?> count(JackpotContributor sdk, SimRound round, String roundId, String player, RoundResult result,
      Throwable error) {
    if (error != null) {
      failed.increment();
      return DONE;
    }
    if (result.status() == RoundResult.Status.REJECTED) {
      refused.increment();
      return DONE;
    }
    acknowledged.increment();
    acknowledgedShares.add(result.shares().size());
    onAcknowledged.accept(roundId, result.shares().size());
    wins.add(result.triggers().size());
    if (!claimsAfter(round, result)) {
      return DONE;
    }
    claims.increment();
    try {
      // By the round's own player, as a game claims: a round wins a pool at most once, so a claim of a
      // pool the round's contribution already won (a service trigger) is answered with that win,
      // which only its player may claim (another gets ROUND_ID_CONFLICT).
      return sdk.claim(roundId, player, round.claimJackpot(), round.claimPoolKey(), "EUR").whenComplete((w, e) -> {
        if (e == null) {
          if (!triggered(result, w)) {
            wins.increment(); // a trigger's win is counted above
          }
        } else {
          claimFailed(roundId, round, e);
        }
      });
    } catch (RuntimeException e) {
      claimFailed(roundId, round, e);
      return DONE;
    }
  }

  /**
   * Whether the round's game claims its jackpot after this acknowledged answer: when its bonus won
   * it and the answer is not PAUSED. A DUPLICATE is a round applied before (an attempt whose answer
   * was lost): its game still claims.
   */
  static boolean claimsAfter(SimRound round, RoundResult result) {
    return round.claims() && result.status() != RoundResult.Status.PAUSED;
  }

  /**
   * Whether a claim's win is one the round's contribution already won (a service trigger): a round
   * wins a pool at most once, so the claim is answered with that win.
   */
  static boolean triggered(RoundResult result, Win won) {
    return result.triggers().stream().anyMatch(t -> t.winId().equals(won.winId()));
  }

  private void claimFailed(String roundId, SimRound round, Throwable e) {
    failedClaims.increment();
    Throwable cause = Failures.cause(e);
    String what = "claim of round " + roundId + " on " + round.claimJackpot() + "/" + round.claimPoolKey() + " failed: " + cause;
    if (firstClaimFailure.compareAndSet(null, what)) {
      progress.println(what);
    }
  }

  /**
   * The ledger's counts of rounds and of their pool shares under {@code prefix}, asked of each admin
   * endpoint in turn; both -1 if none answered.
   */
  private Ledger.RoundCount ledgerCounts(String prefix) throws InterruptedException {
    for (String endpoint : settings.adminEndpoints()) {
      try {
        HttpRequest request = HttpRequest.newBuilder(URI.create(endpoint + "/v1/admin/rounds/count?prefix=" + prefix))
            .header("Authorization", "Bearer " + settings.adminToken()).timeout(Duration.ofSeconds(60)).GET().build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200) {
          JsonObject counts = new JsonObject(response.body());
          return new Ledger.RoundCount(counts.getLong("rounds"), counts.getLong("contributions"));
        }
        progress.printf("could not count the ledger's rounds at %s: %d %s%n", endpoint, response.statusCode(), response.body());
      } catch (IOException e) {
        progress.printf("could not count the ledger's rounds at %s (%s)%n", endpoint, e);
      }
    }
    return new Ledger.RoundCount(-1, -1);
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
