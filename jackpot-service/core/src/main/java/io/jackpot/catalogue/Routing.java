package io.jackpot.catalogue;

/** How a jackpot's contributions reach its pools. */
public enum Routing {
  /** Every contribution feeds every pool at the pool's rate. */
  ALL,
  /** Each pool has a coin value and takes only contributions made at that coin value. */
  COIN_VALUE
}
