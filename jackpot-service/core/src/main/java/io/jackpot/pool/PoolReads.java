package io.jackpot.pool;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** The public reads of the live pools (GET /v1/jackpots…, the ticker's snapshot), kept off the calls that apply contributions. */
@FunctionalInterface
public interface PoolReads {
  /**
   * The pools {@code ids} as read at a moment after this call, so a contribution acknowledged before
   * it is in the answer; in the order asked, pools not live left out (as {@link Pools#getAll}).
   */
  CompletionStage<List<Pool>> read(Collection<PoolId> ids);
}
