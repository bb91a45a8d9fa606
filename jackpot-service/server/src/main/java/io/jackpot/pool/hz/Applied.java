package io.jackpot.pool.hz;

import io.jackpot.pool.PoolOutcome;
import java.util.List;

/** What {@link ApplyBatch} answers: the outcomes, one per command (its own type, so it has its own serializer). */
record Applied(List<PoolOutcome> outcomes) {}
