package io.jackpot.sequencer.hz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import io.jackpot.cluster.ClusterSettings;
import io.jackpot.cluster.HazelcastConfigs;
import io.jackpot.sequencer.MutableClock;
import io.jackpot.sequencer.StepJournal;
import io.jackpot.sequencer.StepNote;
import java.net.ServerSocket;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The journal on three real members: a fenced sender's notes are refused wherever they are sent
 * from and whoever holds its entry, the notes already there stay to be finished, and old fences go.
 */
class HzStepJournalIT {
  /** The member that is paused (still listed here, but fenced by the others). */
  private String sender;
  private final ExecutorService threads = Executors.newFixedThreadPool(2);
  private final MutableClock clock = new MutableClock(Instant.ofEpochSecond(1_000_000));
  private final List<HazelcastInstance> members = new ArrayList<>();

  @AfterEach
  void stop() {
    members.forEach(m -> m.getLifecycleService().terminate());
    threads.shutdownNow();
  }

  @Test
  void aNoteOfASenderThatIsNotAMemberIsRefusedUnfenced() throws Exception {
    start(2);
    StepJournal stranger = journal(members.get(0), "not-a-member");
    ExecutionException refused = assertThrows(ExecutionException.class, () -> get(stranger.write(note("not-a-member", 1))));
    assertInstanceOf(StepJournal.Fenced.class, refused.getCause());
    assertEquals(Set.of(), get(journal(members.get(1), "finisher").senders()), "nothing written");
  }

  @Test
  void aFencedSendersNoteIsRefusedAndItsEarlierNotesStayToBeFinished() throws Exception {
    start(2);
    String pausedId = sender = uuid(members.get(0));
    StepJournal sender = journal(members.get(0), pausedId);
    StepJournal finisher = journal(members.get(1), "finisher");
    get(sender.write(note(1)));
    assertEquals(Set.of(pausedId), get(finisher.senders()));

    assertEquals(1, get(finisher.fence(pausedId)), "one note is left to finish");
    ExecutionException late = assertThrows(ExecutionException.class, () -> get(sender.write(note(2))),
        "the sender, unaware it was fenced, writes its next note");
    assertInstanceOf(StepJournal.Fenced.class, late.getCause());
    assertEquals(List.of("step-1"), get(finisher.stepsOf(pausedId)).stream().map(StepNote::stepId).toList(), "only the note before the fence");

    get(finisher.forget(note(1)));
    assertEquals(Set.of(), get(finisher.senders()), "a fenced member without notes is no sender");
    assertEquals(0, get(finisher.fence(pausedId)), "nothing left: its claims may be released");
    assertThrows(ExecutionException.class, () -> get(sender.write(note(3))), "still fenced");
  }

  @Test
  void theFenceAndTheNotesSurviveTheLossOfTheMemberHoldingThem() throws Exception {
    start(3);
    // A sender whose entry another member holds: that one dies, the sender stays.
    HazelcastInstance paused = members.stream().filter(m -> ownerOf(uuid(m)) != m).findFirst().orElseThrow();
    String pausedId = sender = uuid(paused);
    HazelcastInstance owner = ownerOf(pausedId);
    HazelcastInstance other = paused;
    get(journal(other, pausedId).write(note(1)));
    assertEquals(1, get(journal(other, "finisher").fence(pausedId)));

    owner.getLifecycleService().terminate();
    members.remove(owner);
    for (HazelcastInstance m : members) {
      assertThrows(ExecutionException.class, () -> get(journal(m, pausedId).write(note(2))), "the backup kept the fence");
    }
    assertEquals(List.of("step-1"), get(journal(members.get(0), "finisher").stepsOf(pausedId)).stream().map(StepNote::stepId).toList());
  }

  @Test
  void aFenceWithoutNotesGoesAfterADayAndOneWithNotesStays() throws Exception {
    start(2);
    String pausedId = sender = uuid(members.get(0));
    String gone = uuid(members.get(1));
    HzStepJournal finisher = journal(members.get(1), "finisher");
    get(journal(members.get(0), gone).write(note(gone, 1)));
    get(finisher.fence(pausedId));
    get(finisher.fence(gone));

    clock.now = clock.now.plus(HzStepJournal.FENCE_KEPT);
    get(finisher.dropOldFences());
    assertThrows(ExecutionException.class, () -> get(journal(members.get(0), pausedId).write(note(2))), "a day exactly: still fenced");

    clock.now = clock.now.plusSeconds(60);
    get(finisher.dropOldFences());
    get(journal(members.get(0), pausedId).write(note(2)));
    assertEquals(Set.of(pausedId, gone), get(finisher.senders()), "the fence with a note to finish stays, and so does its note");
    assertThrows(ExecutionException.class, () -> get(journal(members.get(0), gone).write(note(gone, 3))));
  }

  private void start(int n) throws Exception {
    int port;
    try (ServerSocket probe = new ServerSocket(0)) {
      port = probe.getLocalPort();
    }
    String cluster = "journal-" + UUID.randomUUID();
    List<String> addresses = List.of("127.0.0.1:" + port, "127.0.0.1:" + (port + 1), "127.0.0.1:" + (port + 2));
    for (int i = 0; i < n; i++) {
      members.add(Hazelcast.newHazelcastInstance(HazelcastConfigs.of(new ClusterSettings(cluster, port + i, addresses, "127.0.0.1", 600))));
    }
    for (HazelcastInstance m : members) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (m.getCluster().getMembers().size() < n || !m.getPartitionService().isClusterSafe()) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("the cluster of " + n + " did not form");
        }
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
      }
    }
  }

  private HazelcastInstance ownerOf(String key) {
    Member owner = members.get(0).getPartitionService().getPartition(key).getOwner();
    return members.stream().filter(m -> m.getCluster().getLocalMember().equals(owner)).findFirst().orElseThrow();
  }

  private HzStepJournal journal(HazelcastInstance member, String identity) {
    return new HzStepJournal(member.getMap(HzStepJournal.MAP), HzStepJournal.codecOf(member), threads, threads, clock, () -> identity);
  }

  private StepNote note(int step) {
    return note(sender, step);
  }

  private static String uuid(HazelcastInstance member) {
    return member.getCluster().getLocalMember().getUuid().toString();
  }

  private static StepNote note(String sender, int step) {
    return new StepNote(sender, "step-" + step, step, List.of(), Map.of());
  }

  private static <T> T get(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
  }
}
