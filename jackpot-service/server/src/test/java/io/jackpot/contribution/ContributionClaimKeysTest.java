package io.jackpot.contribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.error.ErrorCode;
import io.jackpot.fx.FxHolder;
import io.jackpot.game.Caller;
import io.jackpot.ledger.Ledger;
import io.jackpot.ledger.RecordedRound;
import io.jackpot.ledger.RoundStatus;
import io.jackpot.plan.ContributionRequest;
import io.jackpot.plan.ContributionResult;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * Rounds are claimed, and released, under their operator and id: two operators' rounds of one id
 * are two claims (ClaimBucketTest shows that distinct keys never meet). Deterministic, unlike two
 * requests racing over HTTP (AdminIT).
 */
class ContributionClaimKeysTest {
  /**
   * Answers every claim NEW (or, {@code failing}, takes the claims and then fails the call, as when
   * a member dies after claiming) and records the keys and tokens it was asked to claim and release.
   */
  static final class RecordingClaims implements RoundClaims {
    final List<String> claimed = new ArrayList<>();
    final List<String> released = new ArrayList<>();
    final Set<String> claimTokens = new HashSet<>();
    final Set<String> releaseTokens = new HashSet<>();
    volatile boolean failing;
    /** Set: answers every claim DIFFERENT (another request holds the round with other content). */
    volatile boolean heldElsewhere;
    /** Set: answers every claim SAME (another request holds the round with this content: it is on its way). */
    volatile boolean onItsWay;
    /** Set: a release throws instead of being sent (the member's Hazelcast shutting down). */
    volatile boolean releaseThrows;
    /** How many of the next releases fail once sent (a partition moving); each is counted in {@code releases}. */
    int releaseFailures;
    /** Releases asked for, whatever became of them. */
    int releases;
    /** Set: takes the claims and then throws instead of failing the call (a later bucket's call refused before it was sent). */
    volatile boolean throwing;

    @Override
    public synchronized CompletionStage<Map<String, Claim>> claim(Map<String, String> fingerprintByRound, String token) {
      claimed.addAll(fingerprintByRound.keySet());
      claimTokens.add(token);
      if (throwing) {
        throw new IllegalStateException("the call could not be sent");
      }
      if (failing) {
        return CompletableFuture.failedFuture(new IllegalStateException("member left the cluster before answering"));
      }
      Map<String, Claim> out = new HashMap<>();
      fingerprintByRound.keySet().forEach(k -> out.put(k, heldElsewhere ? Claim.DIFFERENT : onItsWay ? Claim.SAME : Claim.NEW));
      return CompletableFuture.completedFuture(out);
    }

    @Override
    public synchronized CompletionStage<Void> release(Map<String, String> fingerprintByRound, String token) {
      releases++;
      if (releaseThrows) {
        throw new IllegalStateException("Hazelcast instance is not active");
      }
      if (releaseFailures > 0) {
        releaseFailures--;
        return CompletableFuture.failedFuture(new IllegalStateException("partition moving"));
      }
      released.addAll(fingerprintByRound.keySet());
      releaseTokens.add(token);
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<Void> keep(Collection<String> rounds, long untilMillis) {
      throw new UnsupportedOperationException();
    }

    @Override
    public CompletionStage<Boolean> held(String round) {
      throw new UnsupportedOperationException();
    }
  }

  /**
   * A ledger that cannot be read, noting each look-up as "operator: round ids": the request stops
   * after its claims, which it then releases.
   */
  static Ledger unreadable(List<String> lookups) {
    return findingRounds((operator, ids) -> {
      lookups.add(operator + ": " + ids);
      return CompletableFuture.failedFuture(new IllegalStateException("ledger unreachable"));
    });
  }

  /** A ledger that answers findRounds(operator, round ids) with {@code find}, findWonPools with none, and nothing else. */
  private static Ledger findingRounds(BiFunction<String, Collection<?>, CompletionStage<?>> find) {
    return (Ledger) Proxy.newProxyInstance(Ledger.class.getClassLoader(), new Class<?>[] {Ledger.class},
        (proxy, method, args) -> {
          if (method.getName().equals("findRounds")) {
            return find.apply((String) args[0], (Collection<?>) args[1]);
          }
          if (method.getName().equals("findWonPools")) {
            return CompletableFuture.completedFuture(Map.of());
          }
          throw new UnsupportedOperationException(method.getName());
        });
  }

  /** A ledger that holds round R-1 of operator demo as sent by {@link #r1()}, applied (its shares left out). */
  static Ledger holdingR1() {
    String fingerprint = Fingerprint.of("demo", r1());
    return findingRounds((operator, ids) -> CompletableFuture.completedFuture(ids.contains("R-1")
        ? Map.of("R-1", new RecordedRound("R-1", fingerprint, RoundStatus.APPLIED, List.of(), List.of()))
        : Map.of()));
  }

  /** The service over the default catalogue, in EUR, with these claims and this ledger (no sequencer: nothing is applied). */
  private static ContributionService service(RecordingClaims claims, Ledger ledger) {
    return new ContributionService(DefaultCatalogue.create(), new FxHolder("EUR"), claims, ledger, null, Clock.systemUTC());
  }

  static ContributionRequest r1() {
    return new ContributionRequest("R-1", "bewitched", "p-1", 1_000_000, "EUR", 100_000L);
  }

  /** A ledger that holds no round. */
  static Ledger holdingNothing() {
    return findingRounds((operator, ids) -> CompletableFuture.completedFuture(Map.of()));
  }

  /** R-1 with another stake: the same round id, other content. */
  static ContributionRequest r1WithOtherStake() {
    return new ContributionRequest("R-1", "bewitched", "p-1", 2_000_000, "EUR", 100_000L);
  }

  /** Operator demo's contributions through {@code service}, by a key speaking for {@code games}. */
  private static List<ContributionResult> answers(ContributionService service, Set<String> games, ContributionRequest... items) {
    return service.contribute(new Caller("demo", games), List.of(items)).toCompletableFuture().join();
  }

  /** Operator demo's contributions, against a ledger {@link #holdingR1()}. */
  private static List<ContributionResult> answersOfLedgerHoldingR1(RecordingClaims claims, ContributionRequest... items) {
    return answers(service(claims, holdingR1()), Set.of("bewitched"), items);
  }

  private static ContributionResult answerToR1(RecordingClaims claims) {
    return answersOfLedgerHoldingR1(claims, r1()).get(0);
  }

  /**
   * The game's retry of a round recorded with this very content, while a request with other
   * content for the same round id holds its claim (a game bug elsewhere): DUPLICATE, as recorded,
   * not ROUND_ID_CONFLICT, which a game could take as refused and refund.
   */
  @Test
  void aRoundRecordedWithThisContentIsADuplicateWhileAnotherContentHoldsItsClaim() {
    RecordingClaims claims = new RecordingClaims();
    claims.heldElsewhere = true;
    assertEquals(ContributionResult.Status.DUPLICATE, answerToR1(claims).status());
  }

  /**
   * One request with two contents for a round recorded with the second (a game resending it after
   * a bug): the first is the conflict, the second the recorded round's DUPLICATE.
   */
  @Test
  void aRepeatInOneRequestRecordedWithItsContentIsADuplicate() {
    List<ContributionResult> answers = answersOfLedgerHoldingR1(new RecordingClaims(), r1WithOtherStake(), r1());
    assertEquals(ErrorCode.ROUND_ID_CONFLICT, answers.get(0).errorCode());
    assertEquals(ContributionResult.Status.DUPLICATE, answers.get(1).status());
  }

  /**
   * A round the planner refuses now (here: its game unlinked from every jackpot) may have been
   * recorded before the change, its answer lost: sent again with the same content it is its
   * DUPLICATE, not a final REJECTED the game would take as "not applied" and void. Its claim, taken
   * only to look it up, is released.
   */
  @Test
  void aRoundRefusedNowButRecordedWithThisContentIsItsDuplicate() {
    RecordingClaims claims = new RecordingClaims();
    ContributionResult answer = answers(unlinkedBewitched(claims, holdingR1()), Set.of("bewitched"), r1()).get(0);
    assertEquals(ContributionResult.Status.DUPLICATE, answer.status());
    assertEquals(List.of("4:demo/R-1"), claims.released);
  }

  /** The service over the default catalogue without Bewitched's jackpot: its rounds are refused UNKNOWN_GAME. */
  private static ContributionService unlinkedBewitched(RecordingClaims claims, Ledger ledger) {
    var rest = DefaultCatalogue.create().all().stream().filter(j -> !j.games().contains("bewitched")).toList();
    return new ContributionService(new Catalogue(rest), new FxHolder("EUR"), claims, ledger, null,
        Clock.systemUTC());
  }

  /** A key that does not speak for the round's game learns nothing of it: not looked up, nor claimed. */
  @Test
  void aRoundOfAGameTheKeyDoesNotSpeakForIsNotLookedUp() {
    RecordingClaims claims = new RecordingClaims();
    ContributionResult answer = answers(service(claims, holdingR1()), Set.of("creepy-candy"), r1()).get(0);
    assertEquals(ErrorCode.GAME_NOT_LINKED, answer.errorCode());
    assertEquals(List.of(), claims.claimed);
  }

  /** Refused now and not recorded: the planner's own reason, and its claim released. */
  @Test
  void aRoundRefusedNowAndNotRecordedIsRefusedForItsReason() {
    RecordingClaims claims = new RecordingClaims();
    ContributionResult answer = answers(unlinkedBewitched(claims, holdingNothing()), Set.of("bewitched"), r1()).get(0);
    assertEquals(ErrorCode.UNKNOWN_GAME, answer.errorCode());
    assertEquals(List.of("4:demo/R-1"), claims.released);
  }

  /**
   * Refused now, not recorded yet, but on its way with this content (sent before the change by a
   * request still under way): ROUND_IN_PROGRESS, which the game retries, to hear the ledger's answer.
   */
  @Test
  void aRoundRefusedNowButOnItsWayWithThisContentIsInProgress() {
    RecordingClaims claims = new RecordingClaims();
    claims.onItsWay = true;
    ContributionResult answer = answers(unlinkedBewitched(claims, holdingNothing()), Set.of("bewitched"), r1()).get(0);
    assertEquals(ErrorCode.ROUND_IN_PROGRESS, answer.errorCode());
    assertEquals(List.of(), claims.released, "not this request's claim to release");
  }

  /** Of two refused items of one round id, the one with other content than that on its way is refused for its reason. */
  @Test
  void aRefusedItemWithOtherContentThanTheRoundOnItsWayIsRefusedForItsReason() {
    RecordingClaims claims = new RecordingClaims();
    claims.onItsWay = true;
    List<ContributionResult> answers = answers(unlinkedBewitched(claims, holdingNothing()), Set.of("bewitched"), r1(), r1WithOtherStake());
    assertEquals(List.of(ErrorCode.ROUND_IN_PROGRESS, ErrorCode.UNKNOWN_GAME), answers.stream().map(ContributionResult::errorCode).toList());
  }

  /** A release refused before it was sent does not turn the answered rounds into a failed request. */
  @Test
  void aReleaseThatThrowsLeavesTheAnswerAsItIs() {
    RecordingClaims claims = new RecordingClaims();
    claims.releaseThrows = true;
    assertEquals(ContributionResult.Status.DUPLICATE, answerToR1(claims).status());
  }

  @Test
  void twoOperatorsRoundsOfOneIdAreClaimedAndReleasedUnderTheirOwnKeys() {
    RecordingClaims claims = new RecordingClaims();
    List<String> lookups = new CopyOnWriteArrayList<>();
    ContributionService service = service(claims, unreadable(lookups));
    var round = r1();
    for (String operator : List.of("demo", "other")) {
      CompletableFuture<?> answered = service.contribute(new Caller(operator, Set.of("bewitched")), List.of(round)).toCompletableFuture();
      assertThrows(CompletionException.class, answered::join);
    }
    assertEquals(List.of("4:demo/R-1", "5:other/R-1"), claims.claimed);
    assertEquals(claims.claimed, claims.released, "each request releases the claims it took, under the same keys");
    assertEquals(List.of("demo: [R-1]", "other: [R-1]"), lookups, "the ledger is asked for the operator's round");
  }

  /**
   * A claim call that fails may have claimed some rounds all the same (one bucket answered and
   * another not, or the member that ran it died after claiming): the request releases every round
   * it asked for, under its own token, so the game's retry is not told ROUND_IN_PROGRESS until the
   * claims lapse.
   */
  @Test
  void aClaimCallThatFailsIsFollowedByTheReleaseOfEveryRoundItAskedFor() {
    RecordingClaims claims = new RecordingClaims();
    claims.failing = true;
    everyRoundAskedForIsReleased(claims);
  }

  /** Thrown instead of a failed call: the same. */
  @Test
  void aClaimCallThatThrowsIsFollowedByTheReleaseOfEveryRoundItAskedFor() {
    RecordingClaims claims = new RecordingClaims();
    claims.throwing = true;
    everyRoundAskedForIsReleased(claims);
  }

  private static void everyRoundAskedForIsReleased(RecordingClaims claims) {
    ContributionService service = service(claims, unreadable(new CopyOnWriteArrayList<>()));
    List<ContributionRequest> rounds = List.of(r1(),
        new ContributionRequest("R-2", "bewitched", "p-1", 1_000_000, "EUR", 100_000L));
    CompletableFuture<?> answered = service.contribute(new Caller("demo", Set.of("bewitched")), rounds).toCompletableFuture();
    assertThrows(CompletionException.class, answered::join);
    assertEquals(List.of("4:demo/R-1", "4:demo/R-2"), claims.claimed);
    assertEquals(Set.copyOf(claims.claimed), Set.copyOf(claims.released), "every round asked for is released");
    assertEquals(claims.claimTokens, claims.releaseTokens, "under the request's own token: nobody else's claims go");
  }
}
