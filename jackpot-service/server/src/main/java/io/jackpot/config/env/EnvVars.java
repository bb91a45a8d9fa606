package io.jackpot.config.env;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Settings from the environment (whole numbers within bounds, one of a set of names), with a default; bad values are named. */
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

  /**
   * One of an enum's constants, named in any case (the documentation writes them in lower case);
   * null or blank: {@code fallback}. Anything else names the setting and the accepted values.
   */
  public static <E extends Enum<E>> E choice(String name, String raw, E fallback) {
    if (raw == null || raw.isBlank()) {
      return fallback;
    }
    E[] all = fallback.getDeclaringClass().getEnumConstants();
    for (E e : all) {
      if (e.name().equalsIgnoreCase(raw.trim())) {
        return e;
      }
    }
    List<String> names = new ArrayList<>();
    for (E e : all) {
      names.add(e.name().toLowerCase(Locale.ROOT));
    }
    throw new IllegalArgumentException(name + " must be " + String.join(" or ", names) + ", got '" + raw + "'");
  }
}
