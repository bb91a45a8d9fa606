package io.jackpot.admin;

import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.fx.FxRates;

/**
 * The text definitions and exchange rates are saved in (the ledger keeps it, audit entries show it
 * before and after a change), and read back from.
 */
public interface StoredForms {
  String definition(JackpotDefinition definition);

  /** A definition as saved (checked before it was): one that no longer reads is a fault, not a refusal. */
  JackpotDefinition definition(String id, String stored);

  String rates(FxRates rates);

  FxRates rates(String stored);
}
