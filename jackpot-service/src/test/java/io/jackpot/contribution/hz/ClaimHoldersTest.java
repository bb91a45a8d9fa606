package io.jackpot.contribution.hz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.hazelcast.cluster.Cluster;
import com.hazelcast.cluster.Member;
import io.jackpot.sequencer.StepJournal;
import io.jackpot.sequencer.StepNote;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Which departed members' claims are released: seen before, gone from the member list, no notes left. */
class ClaimHoldersTest {
  private static final UUID A = UUID.randomUUID();
  private static final UUID B = UUID.randomUUID();
  private final Set<UUID> members = new CopyOnWriteArraySet<>(List.of(A, B));
  private final Set<String> senders = new CopyOnWriteArraySet<>();
  private final io.jackpot.sequencer.MutableClock clock = new io.jackpot.sequencer.MutableClock(java.time.Instant.ofEpochSecond(1_000));
  private final ClaimHolders holders = new ClaimHolders(cluster(), journal(), clock, 600_000);
  private volatile UUID dieDuringNextJournalRead;

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
  void aMemberThatDiesWhileTheJournalIsReadIsNotReleasedByThatScan() throws Exception {
    scan();
    dieDuringNextJournalRead = B; // B dies after the member list was taken, before its notes are read
    scan();
    assertEquals(Set.of(), holders.released(), "B was a member when the scan began: its notes may not be visible yet");
    scan();
    assertEquals(Set.of(B.toString()), holders.released(), "the next scan sees B gone with no notes");
  }

  private void scan() throws Exception {
    holders.rescan().toCompletableFuture().get();
  }

  private Cluster cluster() {
    return (Cluster) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Cluster.class}, (proxy, method, args) -> {
      if (method.getName().equals("getMembers")) {
        return members.stream().map(ClaimHoldersTest::member).collect(Collectors.toCollection(java.util.LinkedHashSet::new));
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
    return new io.jackpot.sequencer.ReadOnlyJournal() {
      @Override
      public CompletionStage<Set<String>> senders() {
        if (dieDuringNextJournalRead != null) {
          members.remove(dieDuringNextJournalRead);
          dieDuringNextJournalRead = null;
        }
        return CompletableFuture.completedFuture(Set.copyOf(senders));
      }

      @Override
      public CompletionStage<List<StepNote>> stepsOf(String senderId) {
        return CompletableFuture.completedFuture(List.of());
      }
    };
  }
}
