package io.jackpot.admin.http;

import io.jackpot.admin.StoredForms;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.http.DefinitionJson;
import io.jackpot.fx.FxRates;
import io.jackpot.fx.hz.HzFxRates;

/** Definitions and exchange rates saved as the JSON the API and the cluster use (DefinitionJson, HzFxRates). */
public final class JsonStoredForms implements StoredForms {
  @Override
  public String definition(JackpotDefinition definition) {
    return DefinitionJson.of(definition).encode();
  }

  @Override
  public JackpotDefinition definition(String id, String stored) {
    return DefinitionJson.parseStored(id, stored);
  }

  @Override
  public String rates(FxRates rates) {
    return HzFxRates.json(rates).encode();
  }

  @Override
  public FxRates rates(String stored) {
    return HzFxRates.parse(stored);
  }
}
