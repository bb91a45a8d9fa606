package io.jackpot.catalogue.http;

import io.jackpot.money.Decimals;
import io.jackpot.money.Rate;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/** Reads a definition's plain fields, collecting every problem in order; never throws for bad input. */
final class FieldReader {
  private final List<String> problems = new ArrayList<>();

  void problem(String p) {
    problems.add(p);
  }

  List<String> problems() {
    return problems;
  }

  /** How many problems so far: a part read without adding any is whole. */
  int count() {
    return problems.size();
  }

  String text(JsonObject o, String field, int max) {
    Object v = o.getValue(field);
    if (!(v instanceof String s) || s.isBlank()) {
      problem(field + " is required (a string)");
      return null;
    }
    if (s.length() > max) {
      problem(field + " is longer than " + max + " characters");
    }
    return s;
  }

  /** The field as one of {@code type}'s names; {@code absent} when missing, and when wrong (noted: it must be {@code names}). */
  <E extends Enum<E>> E choice(JsonObject o, String field, Class<E> type, E absent, String names) {
    Object v = o.getValue(field, absent.name());
    try {
      return Enum.valueOf(type, String.valueOf(v));
    } catch (IllegalArgumentException e) {
      problem(field + " must be " + names);
      return absent;
    }
  }

  /** The field as a decimal string, or null (with the problem noted when it is required or not a string). */
  String decimal(JsonObject o, String path, String field, boolean required, String example) {
    Object v = o.getValue(field);
    if (v == null) {
      if (required) {
        problem(path + field + " is required");
      }
      return null;
    }
    if (!(v instanceof String s)) {
      problem(path + field + " must be a decimal string like \"" + example + "\"");
      return null;
    }
    return s;
  }

  Long money(JsonObject o, String path, String field, boolean required) {
    String s = decimal(o, path, field, required, "10.00");
    if (s == null) {
      return null;
    }
    try {
      return Decimals.parsePositiveMicros(s);
    } catch (IllegalArgumentException e) {
      problem(path + field + " " + e.getMessage());
      return null;
    }
  }

  Long ppm(JsonObject o, String path, String field, boolean required, boolean zeroAllowed) {
    String s = decimal(o, path, field, required, "0.005");
    if (s == null) {
      return null;
    }
    try {
      long ppm = Decimals.parseScaled(s, 6);
      if ((ppm == 0 && !zeroAllowed) || ppm >= Rate.ONE) {
        problem(path + field + " must be in " + (zeroAllowed ? "[0, 1)" : "(0, 1)") + ", got '" + s + "'");
        return null;
      }
      return ppm;
    } catch (IllegalArgumentException e) {
      problem(path + field + " " + e.getMessage());
      return null;
    }
  }
}
