package io.jackpot.metrics;

import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Win;
import io.jackpot.sequencer.Sequencer;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntSupplier;

/**
 * The service's own meters, served at {@code /metrics} beside Vert.x's and the JVM's (Prometheus:
 * dots become underscores, counters end in {@code _total}, timers in {@code _seconds}). Counters are
 * per member: sum them for the network.
 * <ul>
 *   <li>{@code jackpot.rounds.recorded}, {@code jackpot.shares.recorded}: committed by this member;
 *   <li>{@code jackpot.sequencer.apply.commands}, {@code .pools}: the size of each apply step;
 *   <li>{@code jackpot.sequencer.halted}: 1 once the ledger refused a commit for good; alert at once.
 *       Beside it the counter {@code jackpot.ledger.commits.refused};
 *   <li>{@code jackpot.ledger.commit.rounds}, timer {@code jackpot.ledger.commit}: per transaction;
 *   <li>{@code jackpot.wins} (jackpot, pool, trigger), {@code jackpot.wins.paid}: wins recorded here;
 *   <li>{@code jackpot.pool.amount}: each pool as the ticker last read it, a double for display;
 *   <li>{@code jackpot.cluster.members}, {@code jackpot.contribution.streams}: members seen, streams open;
 *   <li>{@code jackpot.recovery.steps.unfinished}: departed members' steps left unfinished. Alert
 *       above 0 for a minute: pools hold changes the ledger lacks.
 * </ul>
 */
public final class ServiceMetrics implements Sequencer.Observer {
  private final MeterRegistry registry;
  private final Function<PoolId, String> currencyOf;
  private final Counter rounds;
  private final Counter shares;
  private final DistributionSummary applyCommands;
  private final DistributionSummary applyPools;
  private final DistributionSummary commitRounds;
  private final Timer commit;
  private final Counter refused;
  private final AtomicInteger halted = new AtomicInteger();
  private final Map<PoolId, Pool> lastRead = new ConcurrentHashMap<>();
  /** Histogram buckets for batch sizes (a step holds at most a few thousand commands). */
  private static final double[] SIZES = {1, 10, 50, 100, 250, 500, 1000, 2500, 5000};

  public ServiceMetrics(MeterRegistry registry, IntSupplier clusterMembers, Function<PoolId, String> currencyOf) {
    this.registry = registry;
    this.currencyOf = currencyOf;
    rounds = Counter.builder("jackpot.rounds.recorded").description("contribution rounds committed to the ledger").register(registry);
    shares = Counter.builder("jackpot.shares.recorded").description("pool shares committed to the ledger").register(registry);
    applyCommands = DistributionSummary.builder("jackpot.sequencer.apply.commands").description("pool commands per apply step")
        .serviceLevelObjectives(SIZES).register(registry);
    applyPools = DistributionSummary.builder("jackpot.sequencer.apply.pools").description("pools changed per apply step")
        .register(registry);
    commitRounds = DistributionSummary.builder("jackpot.ledger.commit.rounds").description("rounds per ledger transaction")
        .serviceLevelObjectives(SIZES).register(registry);
    commit = Timer.builder("jackpot.ledger.commit").description("ledger transaction latency, retries included")
        .publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(1))
        .maximumExpectedValue(Duration.ofSeconds(30)).register(registry);
    refused = Counter.builder("jackpot.ledger.commits.refused").description("commits the ledger refused for good").register(registry);
    Gauge.builder("jackpot.sequencer.halted", halted::get).description("1 once the ledger refused a commit for good: no more money moves here")
        .register(registry);
    Gauge.builder("jackpot.cluster.members", clusterMembers::getAsInt).description("cluster members this member sees")
        .register(registry);
  }

  /**
   * Registers the gauge of departed members' steps the oldest member could not finish yet (each
   * holds pool changes the ledger lacks until it is recorded; 0 on the other members).
   */
  public void departedStepsLeft(IntSupplier left) {
    Gauge.builder("jackpot.recovery.steps.unfinished", left::getAsInt)
        .description("departed members' steps applied to pools but not recorded, left by the last sweep").register(registry);
  }

  /** Registers the gauge of contribution streams open on this member. */
  public void contributionStreams(IntSupplier open) {
    Gauge.builder("jackpot.contribution.streams", open::getAsInt).description("contribution streams open on this member")
        .register(registry);
  }

  @Override
  public void applied(int commands, int pools) {
    applyCommands.record(commands);
    applyPools.record(pools);
  }

  @Override
  public void halted() {
    refused.increment();
    halted.set(1);
  }

  @Override
  public void committed(int roundCount, int shareCount, List<Win> wins, long nanos) {
    rounds.increment(roundCount);
    shares.increment(shareCount);
    commitRounds.record(roundCount);
    commit.record(nanos, TimeUnit.NANOSECONDS);
    for (Win w : wins) {
      String[] tags = {"jackpot", w.pool().jackpotId(), "pool", w.pool().poolKey(), "trigger", w.how().name()};
      registry.counter("jackpot.wins", tags).increment();
      registry.counter("jackpot.wins.paid", tags).increment(w.amount().toBigDecimal().doubleValue());
    }
  }

  /**
   * The pools as last read (the ticker's sample, every 250 ms); a pool seen for the first time gets
   * its gauge. The amount is converted only when scraped.
   */
  public void poolsRead(List<Pool> pools) {
    for (Pool p : pools) {
      if (lastRead.put(p.id(), p) == null) {
        PoolId id = p.id();
        Gauge.builder("jackpot.pool.amount", lastRead, m -> m.containsKey(id) ? m.get(id).amount().toBigDecimal().doubleValue() : Double.NaN)
            .description("pool amount as last read")
            .tags("jackpot", id.jackpotId(), "pool", id.poolKey(), "currency", currencyOf.apply(id)).register(registry);
      }
    }
  }
}
