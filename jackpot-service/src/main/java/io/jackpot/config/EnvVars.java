package io.jackpot.config;

import java.util.Map;

/** Whole-number settings from the environment, with a default and bounds; bad values are named. */
public final class EnvVars {
  private EnvVars() {}

  public static long whole(Map<String, String> env, String name, long fallback, long min, long max) {
    String raw = env.get(name);
    if (raw == null || raw.isBlank()) {
      return fallback;
    }
    try {
      long v = Long.parseLong(raw.trim());
      if (v < min || v > max) {
        throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", got " + raw);
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a whole number, got '" + raw + "'");
    }
  }
}
