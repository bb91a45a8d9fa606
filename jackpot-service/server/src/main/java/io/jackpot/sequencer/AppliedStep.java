package io.jackpot.sequencer;

import io.jackpot.pool.PoolOutcome;
import java.util.List;

/** A step applied to the pools and waiting for its commit: its submissions, note, each one's outcomes, its commands. */
record AppliedStep(List<Submission> submissions, StepNote note, List<List<PoolOutcome>> outcomes, int commands) {}
