package io.jackpot.sim;

import io.jackpot.sdk.Contribution;
import io.jackpot.sdk.ContributorConfig;
import io.jackpot.sdk.GameNumbers;
import io.jackpot.sdk.JackpotContributor;
import io.jackpot.sdk.RoundResult;
import io.jackpot.sdk.Win;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A few simulated players per seed game that keep the jackpots moving ({@code scripts/run --demo}).
 * Each plays a round every {@code pace} and claims a win its game's rules make once the round is applied.
 */
public final class DemoPlayers implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DemoPlayers.class);

  private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "demo-players");
    t.setDaemon(true);
    return t;
  });
  private final List<JackpotContributor> clients = new ArrayList<>();
  private final LongAdder rounds = new LongAdder();
  private final LongAdder applied = new LongAdder();
  private final LongAdder refused = new LongAdder();
  private final LongAdder failed = new LongAdder();
  private final LongAdder wins = new LongAdder();
  /** Rounds not settled yet: a round is settled once its contribution is answered and, if it claims, its claim too. */
  private final Set<CompletableFuture<?>> unsettled = ConcurrentHashMap.newKeySet();
  /** How long closing waits for the rounds under way before the clients fail what is left. */
  static final Duration SETTLE = Duration.ofSeconds(30);

  private DemoPlayers() {}

  /**
   * Starts {@code playersPerGame} players for each seed game. {@code jackpotOneIn}: the games'
   * own jackpot triggers (Bewitched bonus progressive, Candy jackpot game) fire one round in N.
   */
  public static DemoPlayers start(String endpoint, String gameKey, int playersPerGame, Duration pace, long jackpotOneIn, long seed) {
    if (playersPerGame < 1 || pace.isNegative() || pace.isZero()) {
      throw new IllegalArgumentException("at least one player per game and a positive pace");
    }
    DemoPlayers demo = new DemoPlayers();
    SplittableRandom seeds = new SplittableRandom(seed);
    List<GameModel> games = SeedGames.all(jackpotOneIn);
    for (GameModel game : games) {
      JackpotContributor sdk = JackpotContributor.of(ContributorConfig.custom().endpoint(endpoint).gameKey(gameKey)
          .gameId(game.gameId()).build());
      demo.clients.add(sdk);
      GameNumbers numbers = GameNumbers.withPrefix("DEMO");
      for (int p = 0; p < playersPerGame; p++) {
        String player = game.gameId() + "-player-" + (p + 1);
        SplittableRandom random = seeds.split();
        demo.scheduler.scheduleWithFixedDelay(() -> demo.play(sdk, game, numbers, player, random),
            random.nextLong(pace.toMillis()), pace.toMillis(), TimeUnit.MILLISECONDS);
      }
    }
    demo.scheduler.scheduleAtFixedRate(demo::report, 10, 10, TimeUnit.SECONDS);
    log.info("demo: {} players for each of {} games, a round every {} ms each", playersPerGame, games.size(), pace.toMillis());
    return demo;
  }

  private void play(JackpotContributor sdk, GameModel game, GameNumbers numbers, String player, SplittableRandom random) {
    SimRound round = game.next(random);
    String roundId = numbers.next();
    Contribution c = round.contribution(roundId, player);
    rounds.increment();
    try {
      CompletableFuture<?> settled = sdk.contribute(c).handle((result, error) -> {
        if (error != null) {
          failed.increment();
          log.warn("demo: {} round {} failed: {}", game.gameId(), roundId, error.toString());
        } else if (result.status() == RoundResult.Status.REJECTED) {
          refused.increment();
          log.warn("demo: {} round {} refused: {} {}", game.gameId(), roundId, result.errorCode(), result.errorMessage());
        } else {
          applied.increment();
          result.triggers().forEach(w -> announce(w, "service trigger"));
          if (Claims.claimsAfter(round, result)) {
            return sdk.claim(roundId, player, round.claimJackpot(), round.claimPoolKey(), "EUR").handle((w, e) -> {
              if (e != null) {
                log.warn("demo: claim of {} refused: {}", roundId, e.toString());
              } else if (!Claims.triggered(result, w)) {
                announce(w, "game"); // a trigger's win is announced above
              }
              return null;
            });
          }
        }
        return CompletableFuture.<Void>completedFuture(null);
      }).thenCompose(claim -> claim).toCompletableFuture();
      unsettled.add(settled);
      settled.whenComplete((x, e) -> unsettled.remove(settled));
    } catch (RuntimeException e) {
      failed.increment();
      log.warn("demo: {} round {} not taken: {}", game.gameId(), roundId, e.toString());
    }
  }

  private void announce(Win w, String by) {
    wins.increment();
    log.info("demo: {} won {}/{} {} {} (won by {})", w.playerId(), w.jackpotId(), w.poolKey(), w.amount().toPlainString(), w.currency(), by);
  }

  /** Rounds played, applied (or duplicates), refused by the service, failed (not delivered), wins seen. */
  public record Counts(long rounds, long applied, long refused, long failed, long wins) {}

  public Counts counts() {
    return new Counts(rounds.sum(), applied.sum(), refused.sum(), failed.sum(), wins.sum());
  }

  private void report() {
    Counts c = counts();
    log.info("demo: {} rounds, {} applied, {} refused, {} failed, {} wins", c.rounds(), c.applied(), c.refused(), c.failed(), c.wins());
  }

  /**
   * Stops playing (a round being started finishes starting), waits up to {@link #SETTLE} for the
   * rounds under way and their claims to be answered, then closes the clients (which fail what is
   * left).
   */
  @Override
  public void close() {
    scheduler.shutdown();
    try {
      if (scheduler.awaitTermination(SETTLE.toSeconds(), TimeUnit.SECONDS)) {
        CompletableFuture.allOf(unsettled.toArray(CompletableFuture[]::new)).get(SETTLE.toSeconds(), TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      log.warn("demo: closing with rounds still unsettled: {}", e.toString());
    }
    scheduler.shutdownNow();
    for (JackpotContributor sdk : clients) {
      try {
        sdk.close();
      } catch (Exception e) {
        log.warn("demo: closing a client: {}", e.toString());
      }
    }
  }
}
