package io.jackpot.sequencer.hz;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One member's entry in the step journal: its notes by step id, each as serialised bytes, and
 * whether it is fenced. A fenced entry takes no more notes: its member has left, and the cluster
 * may release its round claims once the notes already there are finished.
 *
 * @param fencedAt when the fence was put (the fencer's clock), meaningful only if {@code fenced}
 */
public record SenderSteps(boolean fenced, long fencedAt, Map<String, byte[]> notes) {
  static final SenderSteps NONE = new SenderSteps(false, 0, Map.of());

  public SenderSteps {
    notes = Map.copyOf(notes);
  }

  /** With the note of {@code stepId}; unchanged if fenced (the caller tells the writer). */
  SenderSteps with(String stepId, byte[] note) {
    if (fenced) {
      return this;
    }
    Map<String, byte[]> more = new LinkedHashMap<>(notes);
    more.put(stepId, note);
    return new SenderSteps(false, 0, more);
  }

  SenderSteps without(String stepId) {
    if (!notes.containsKey(stepId)) {
      return this;
    }
    Map<String, byte[]> fewer = new LinkedHashMap<>(notes);
    fewer.remove(stepId);
    return new SenderSteps(fenced, fencedAt, fewer);
  }

  /** Fenced, keeping the first fence's time. */
  SenderSteps fence(long now) {
    return fenced ? this : new SenderSteps(true, now, notes);
  }
}
