package io.jackpot.config.env;

import java.util.Map;

/** JACKPOT_PROFILE: dev (public dev secrets allowed, lenient defaults) or production (neither). */
public enum Profile {
  DEV,
  PRODUCTION;

  /** The profile {@code env} names; refused unless it is dev or production. */
  public static Profile fromEnv(Map<String, String> env) {
    String profile = env.getOrDefault("JACKPOT_PROFILE", "dev").trim();
    if (profile.equalsIgnoreCase("production")) {
      return PRODUCTION;
    }
    if (profile.equalsIgnoreCase("dev")) {
      return DEV;
    }
    // A typo ("prod") must not quietly mean dev, with its public secrets.
    throw new IllegalArgumentException("JACKPOT_PROFILE must be 'dev' or 'production', got '" + profile + "'");
  }
}
