package io.jackpot.sequencer;

import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.Win;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Applies a step's batches in waves by tier rank, so that a round wins one tier of a ONE jackpot.
 * The journal keeps the planned batches; later waves are derived from them and the earlier waves'
 * outcomes, alike live and in StepRecovery, under the same operation ids and entropy.
 */
final class OneWinWaves {
  private OneWinWaves() {}

  /**
   * The step's batches by wave, in wave order: wave 0 holds every pool whose commands are ranked 0
   * or not at all (every pool of a jackpot that pays any number of wins); wave k the pools ranked k.
   * Rounds planned against two versions of a jackpot's tiers may rank a pool apart: it goes at its
   * highest rank, and such a round may win two tiers once.
   */
  static List<Map<PoolId, Pool.Batch>> split(Map<PoolId, Pool.Batch> planned) {
    TreeMap<Integer, Map<PoolId, Pool.Batch>> waves = new TreeMap<>();
    planned.forEach((id, batch) -> waves.computeIfAbsent(waveOf(batch), k -> new LinkedHashMap<>()).put(id, batch));
    return List.copyOf(waves.values());
  }

  /** The highest rank among the batch's contributions, 0 when none is ranked. */
  static int waveOf(Pool.Batch batch) {
    int wave = 0;
    for (PoolCommand c : batch.commands()) {
      if (c instanceof PoolCommand.Contribute contribute) {
        wave = Math.max(wave, contribute.oneWinRank());
      }
    }
    return wave;
  }

  /**
   * The batch to send to {@code pool} after the waves that answered {@code earlier}: each ranked
   * contribution whose round (of its operator) won a pool of the same jackpot there becomes one to a
   * pool won before. The planned batch itself when none does.
   */
  static Pool.Batch derive(PoolId pool, Pool.Batch planned, Map<PoolId, List<PoolOutcome>> earlier) {
    Set<String> won = roundsThatWon(pool.jackpotId(), earlier);
    if (won.isEmpty()) {
      return planned;
    }
    List<PoolCommand> commands = new ArrayList<>(planned.commands().size());
    boolean changed = false;
    for (PoolCommand c : planned.commands()) {
      if (c instanceof PoolCommand.Contribute contribute && contribute.oneWinRank() >= 0 && !contribute.wonBefore()
          && won.contains(key(contribute.operatorId(), contribute.roundId()))) {
        commands.add(contribute.toPoolWonBefore());
        changed = true;
      } else {
        commands.add(c);
      }
    }
    return changed ? planned.withCommands(commands) : planned;
  }

  /** The rounds (operator and round id) that won a pool of {@code jackpotId}: by a trigger, or by a claim applied with them. */
  private static Set<String> roundsThatWon(String jackpotId, Map<PoolId, List<PoolOutcome>> earlier) {
    Set<String> won = new HashSet<>();
    earlier.forEach((id, outcomes) -> {
      if (id.jackpotId().equals(jackpotId)) {
        for (PoolOutcome o : outcomes) {
          Win w = o instanceof PoolOutcome.Contributed c ? c.triggered() : o instanceof PoolOutcome.Won claimed ? claimed.win() : null;
          if (w != null) {
            won.add(key(w.operatorId(), w.roundId()));
          }
        }
      }
    });
    return won;
  }

  private static String key(String operatorId, String roundId) {
    return operatorId + "/" + roundId;
  }

  /**
   * Applies the waves one after another through {@code apply}, each derived from the answers of
   * those before, and answers every pool's outcomes. One wave (no tier waits for another) is one call.
   */
  static CompletionStage<Map<PoolId, List<PoolOutcome>>> apply(Map<PoolId, Pool.Batch> planned,
      Function<Map<PoolId, Pool.Batch>, CompletionStage<Map<PoolId, List<PoolOutcome>>>> apply) {
    List<Map<PoolId, Pool.Batch>> waves = split(planned);
    if (waves.size() <= 1) {
      return apply.apply(planned);
    }
    Map<PoolId, List<PoolOutcome>> answered = new LinkedHashMap<>();
    CompletionStage<Void> chain = CompletableFuture.completedFuture(null);
    for (Map<PoolId, Pool.Batch> wave : waves) {
      chain = chain.thenCompose(v -> apply.apply(derived(wave, answered)).thenAccept(answered::putAll));
    }
    return chain.thenApply(v -> {
      Map<PoolId, List<PoolOutcome>> out = new LinkedHashMap<>();
      planned.keySet().forEach(id -> out.put(id, answered.get(id)));
      return out;
    });
  }

  /** The wave's batches to send, given what the waves before it answered. */
  static Map<PoolId, Pool.Batch> derived(Map<PoolId, Pool.Batch> wave, Map<PoolId, List<PoolOutcome>> earlier) {
    Map<PoolId, Pool.Batch> out = new LinkedHashMap<>();
    wave.forEach((id, batch) -> out.put(id, derive(id, batch, earlier)));
    return out;
  }
}
