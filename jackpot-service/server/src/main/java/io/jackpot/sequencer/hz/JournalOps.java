package io.jackpot.sequencer.hz;

import com.hazelcast.map.EntryProcessor;
import com.hazelcast.query.Predicate;
import io.jackpot.pool.hz.OwnerChecked;
import java.util.Map;

/**
 * The step journal's operations on a member's entry, run where the entry lives (and again on its
 * backup, deciding the same from the same entry): so a note and a fence are ordered, and a note
 * sent after the fence is refused whatever its sender believes.
 */
final class JournalOps {
  private JournalOps() {}

  /**
   * Adds a note unless the entry is fenced or its sender is not a member where the entry lives (a
   * fence dropped after {@link HzStepJournal#FENCE_KEPT}, or lost with both replicas, must not let
   * a departed member's note in); answers whether it was added.
   */
  static final class WriteStep extends OwnerChecked implements EntryProcessor<String, SenderSteps, Boolean> {
    private final String stepId;
    private final byte[] note;
    private final boolean checked;

    WriteStep(String stepId, byte[] note, boolean checked) {
      this.stepId = stepId;
      this.note = note;
      this.checked = checked;
    }

    String stepId() {
      return stepId;
    }

    byte[] note() {
      return note;
    }

    boolean checked() {
      return checked;
    }

    @Override
    public Boolean process(Map.Entry<String, SenderSteps> entry) {
      SenderSteps now = entry.getValue() == null ? SenderSteps.NONE : entry.getValue();
      if (now.fenced() || !checked && !listed(entry.getKey())) {
        return false;
      }
      entry.setValue(now.with(stepId, note));
      return true;
    }

    @Override
    public EntryProcessor<String, SenderSteps, Boolean> getBackupProcessor() {
      return checked ? this : new WriteStep(stepId, note, true);
    }
  }

  /** Drops a note, fenced or not (a finished step's). */
  record DropStep(String stepId) implements EntryProcessor<String, SenderSteps, Boolean> {
    @Override
    public Boolean process(Map.Entry<String, SenderSteps> entry) {
      SenderSteps now = entry.getValue();
      if (now == null || !now.notes().containsKey(stepId)) {
        return false;
      }
      entry.setValue(now.without(stepId));
      return true;
    }
  }

  /** Fences the entry (making it if absent); answers how many notes it still holds. */
  record FenceSender(long now) implements EntryProcessor<String, SenderSteps, Integer> {
    @Override
    public Integer process(Map.Entry<String, SenderSteps> entry) {
      SenderSteps before = entry.getValue() == null ? SenderSteps.NONE : entry.getValue();
      if (!before.fenced()) {
        entry.setValue(before.fence(now));
      }
      return before.notes().size();
    }
  }

  /** Entries that hold notes. */
  record HasSteps() implements Predicate<String, SenderSteps> {
    @Override
    public boolean apply(Map.Entry<String, SenderSteps> entry) {
      return entry.getValue() != null && !entry.getValue().notes().isEmpty();
    }
  }

  /** Fenced entries without notes, fenced before {@code cutoff}: nothing can need them any more. */
  record FencedBefore(long cutoff) implements Predicate<String, SenderSteps> {
    @Override
    public boolean apply(Map.Entry<String, SenderSteps> entry) {
      SenderSteps s = entry.getValue();
      return s != null && s.fenced() && s.notes().isEmpty() && s.fencedAt() < cutoff;
    }
  }
}
