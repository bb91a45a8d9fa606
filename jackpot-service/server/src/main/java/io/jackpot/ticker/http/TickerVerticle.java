package io.jackpot.ticker.http;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;

/** Broadcasts the ticker while deployed: its sampler reads the pools and pings the subscribers on this verticle's context. */
public final class TickerVerticle extends VerticleBase {
  private final TickerSampler sampler;

  public TickerVerticle(TickerSampler sampler) {
    this.sampler = sampler;
  }

  @Override
  public Future<?> start() {
    sampler.start();
    return Future.succeededFuture();
  }

  /** The public reads still waiting, and those asked later, are refused 503 (TickerSampler.stop). */
  @Override
  public Future<?> stop() {
    sampler.stop();
    return Future.succeededFuture();
  }
}
