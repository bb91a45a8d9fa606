package io.jackpot.catalogue;

/** How many of a jackpot's tiers one round's contribution may win: any that trigger, or only the highest. */
public enum WinsPerRound {
  /** Every tier whose trigger the contribution sets off pays it. */
  ANY,
  /** Only the highest tier set off pays; the others take their share and stay un-won. */
  ONE
}
