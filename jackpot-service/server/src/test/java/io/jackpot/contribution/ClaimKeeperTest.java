package io.jackpot.contribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.ledger.RoundRecord;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.sequencer.ReadOnlyJournal;
import io.jackpot.sequencer.StepNote;
import io.jackpot.sequencer.Submission;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class ClaimKeeperTest {
  static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

  /** A journal holding fixed notes. */
  static final class Journal extends ReadOnlyJournal {
    private final Map<String, List<StepNote>> notes;

    Journal(Map<String, List<StepNote>> notes) {
      this.notes = notes;
    }

    @Override
    public CompletionStage<Set<String>> senders() {
      return CompletableFuture.completedFuture(notes.keySet());
    }

    @Override
    public CompletionStage<List<StepNote>> stepsOf(String senderId) {
      return CompletableFuture.completedFuture(notes.get(senderId));
    }
  }

  /** Records what it was asked to keep. */
  static final class Keeping implements RoundClaims {
    final List<String> kept = new ArrayList<>();
    long until;

    @Override
    public CompletionStage<Map<String, Claim>> claim(Map<String, String> fingerprintByRound, String token) {
      throw new UnsupportedOperationException();
    }

    @Override
    public CompletionStage<Void> release(Map<String, String> fingerprintByRound, String token) {
      throw new UnsupportedOperationException();
    }

    @Override
    public CompletionStage<Void> keep(Collection<String> rounds, long untilMillis) {
      kept.addAll(rounds);
      until = untilMillis;
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<Boolean> held(String round) {
      throw new UnsupportedOperationException();
    }
  }

  static StepNote note(String sender, String step, RoundRecord... rounds) {
    List<StepNote.Asked> asked = new ArrayList<>();
    for (RoundRecord r : rounds) {
      asked.add(new StepNote.Asked(List.of(), r, null));
    }
    asked.add(new StepNote.Asked(List.of(), null, null)); // a claim or an admin change: no round
    return new StepNote(sender, step, 1, asked, Map.of());
  }

  static RoundRecord round(String operator, String id) {
    return new RoundRecord(id, "fp", "bewitched", operator, "p", 1_000_000, "EUR", 100_000L, NOW);
  }

  @Test
  void everyRoundOfEveryStepInTheJournalIsKeptForATtlUnderItsOperatorsKey() {
    var journal = new Journal(Map.of("member-a", List.of(note("member-a", "s1", round("demo", "R1"), round("other", "R1"))),
        "member-gone", List.of(note("member-gone", "s7", round("demo", "R2")))));
    Keeping claims = new Keeping();
    ClaimKeeper keeper = new ClaimKeeper(journal, claims, Clock.fixed(NOW, ZoneOffset.UTC), 600_000);
    assertEquals(3, keeper.keep().toCompletableFuture().join());
    assertEquals(Set.of("4:demo/R1", "5:other/R1", "4:demo/R2"), Set.copyOf(claims.kept));
    assertEquals(NOW.toEpochMilli() + 600_000, claims.until);
    assertEquals(150_000, keeper.intervalMillis(), "a quarter of the TTL");
    assertEquals(0, new ClaimKeeper(new Journal(Map.of()), claims, Clock.systemUTC(), 600_000).keep().toCompletableFuture().join());
  }

  /**
   * A claim's step may be a jackpot game's, played under a claim of its own (AwardService): that
   * claim stands as long as the step's note, or a retry could draw another tier while the cluster
   * may yet apply this one.
   */
  @Test
  void theJackpotGameClaimOfAClaimInTheJournalIsKeptToo() {
    var claim = new PoolCommand.Claim("R9", "p-1", "creepy-candy", "demo", NOW);
    var asked = new StepNote.Asked(List.of(new Submission.Target(new PoolId("tiers", "a"), claim)),
        null, null);
    var journal = new Journal(Map.of("member-a", List.of(new StepNote("member-a", "s2", 2, List.of(asked), Map.of()))));
    Keeping claims = new Keeping();
    assertEquals(1, new ClaimKeeper(journal, claims, Clock.fixed(NOW, ZoneOffset.UTC), 600_000).keep().toCompletableFuture().join());
    assertEquals(List.of(RoundClaims.jackpotGameKey("tiers", "demo", "R9")), claims.kept);
  }
}
