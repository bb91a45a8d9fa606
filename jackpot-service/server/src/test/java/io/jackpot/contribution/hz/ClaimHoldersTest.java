package io.jackpot.contribution.hz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.hazelcast.cluster.Cluster;
import com.hazelcast.cluster.Member;
import io.jackpot.sequencer.MutableClock;
import io.jackpot.sequencer.ReadOnlyJournal;
import io.jackpot.sequencer.StepJournal;
import io.jackpot.sequencer.StepNote;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Which departed members' claims are released: seen before, gone from the member list, fenced, no notes left. */
class ClaimHoldersTest {
  private static final UUID A = UUID.randomUUID();
  private static final UUID B = UUID.randomUUID();
  private final Set<UUID> members = new CopyOnWriteArraySet<>(List.of(A, B));
  private final Set<String> senders = new CopyOnWriteArraySet<>();
  private final MutableClock clock = new MutableClock(Instant.ofEpochSecond(1_000));
  private final ClaimHolders holders = new ClaimHolders(cluster(), journal(), clock, 600_000);
  private final Set<String> fenced = new CopyOnWriteArraySet<>();
  private volatile UUID dieDuringNextScan;
  private volatile boolean fenceFails;

  @Test
  void aDepartedMemberIsReleasedOnlyOnceTheJournalHasNoNotesOfIt() throws Exception {
    assertEquals(Set.of(), holders.released(), "before the first scan nobody is released");
    scan();
    assertEquals(Set.of(), holders.released(), "both are members");

    members.remove(B);
    senders.add(B.toString());
    scan();
    assertEquals(Set.of(), holders.released(), "B left steps unrecorded: its claims stand");

    senders.remove(B.toString());
    scan();
    assertEquals(Set.of(B.toString()), holders.released(), "B's steps are finished: its claims count as absent");

    scan();
    assertEquals(Set.of(B.toString()), holders.released());
  }

  @Test
  void aHolderReleasedLongerThanTheClaimTtlIsForgottenAsItsClaimsHaveAllLapsed() throws Exception {
    scan();
    members.remove(B);
    scan();
    assertEquals(Set.of(B.toString()), holders.released());
    clock.now = clock.now.plusMillis(600_000);
    scan();
    assertEquals(Set.of(B.toString()), holders.released(), "still within the TTL of its release");
    clock.now = clock.now.plusMillis(1);
    scan();
    assertEquals(Set.of(), holders.released(), "past the TTL: none of its claims can stand, so it need not be sent");
    scan();
    assertEquals(Set.of(), holders.released(), "and it is not picked up again");
  }

  @Test
  void aMemberThatDiesDuringAScanIsNotReleasedByThatScan() throws Exception {
    scan();
    dieDuringNextScan = B; // B dies after the member list was taken, before any fence
    scan();
    assertEquals(Set.of(), holders.released(), "B was a member when the scan began: it is not fenced yet");
    assertEquals(Set.of(), fenced, "nor is it fenced by that scan");
    scan();
    assertEquals(Set.of(B.toString()), holders.released(), "the next scan fences B and finds it with no notes");
  }

  @Test
  void aDepartedMemberIsFencedBeforeItIsReleasedAndNoMemberIsFenced() throws Exception {
    scan();
    assertEquals(Set.of(), fenced);
    members.remove(B);
    scan();
    assertEquals(Set.of(B.toString()), fenced, "B is fenced: a note it sends now is refused");
    assertEquals(Set.of(B.toString()), holders.released());
  }

  @Test
  void aHolderWhoseFenceFailsIsNotReleased() throws Exception {
    scan();
    members.remove(B);
    fenceFails = true;
    assertThrows(ExecutionException.class, this::scan, "the scan says it could not fence");
    assertEquals(Set.of(), holders.released(), "not fenced: B might still write a note and apply it");
    fenceFails = false;
    scan();
    assertEquals(Set.of(B.toString()), holders.released());
  }

  private void scan() throws Exception {
    holders.rescan().toCompletableFuture().get();
  }

  private Cluster cluster() {
    return (Cluster) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Cluster.class}, (proxy, method, args) -> {
      if (method.getName().equals("getMembers")) {
        Object list = members.stream().map(ClaimHoldersTest::member).collect(Collectors.toCollection(LinkedHashSet::new));
        if (dieDuringNextScan != null) {
          members.remove(dieDuringNextScan); // dies just after the scan took the member list
          dieDuringNextScan = null;
        }
        return list;
      }
      throw new UnsupportedOperationException(method.getName());
    });
  }

  private static Member member(UUID id) {
    return (Member) Proxy.newProxyInstance(ClaimHoldersTest.class.getClassLoader(), new Class<?>[] {Member.class}, (proxy, method, args) -> {
      switch (method.getName()) {
        case "getUuid":
          return id;
        case "hashCode":
          return id.hashCode();
        case "equals":
          return proxy == args[0];
        default:
          break;
      }
      throw new UnsupportedOperationException(method.getName());
    });
  }

  private StepJournal journal() {
    return new ReadOnlyJournal() {
      @Override
      public CompletionStage<Set<String>> senders() {
        throw new UnsupportedOperationException("claims are released by fencing, not by reading the senders");
      }

      @Override
      public CompletionStage<Integer> fence(String senderId) {
        if (fenceFails) {
          return CompletableFuture.failedFuture(new IllegalStateException("no quorum"));
        }
        fenced.add(senderId);
        return CompletableFuture.completedFuture(senders.contains(senderId) ? 1 : 0);
      }

      @Override
      public CompletionStage<List<StepNote>> stepsOf(String senderId) {
        return CompletableFuture.completedFuture(List.of());
      }
    };
  }
}
