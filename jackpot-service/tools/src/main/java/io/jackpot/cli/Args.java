package io.jackpot.cli;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A jackpotctl command's arguments: plain ones by position, {@code --name value} options, query strings. */
final class Args {
  private Args() {}

  /** The {@code i}-th argument that is neither an option nor an option's value. */
  static String arg(List<String> args, int i) {
    List<String> plain = new ArrayList<>();
    for (int k = 0; k < args.size(); k++) {
      if (args.get(k).startsWith("--")) {
        k += args.get(k).equals("--hold") ? 0 : 1;
        continue;
      }
      plain.add(args.get(k));
    }
    if (i >= plain.size()) {
      throw new IllegalArgumentException("missing argument\n" + Jackpotctl.USAGE);
    }
    return plain.get(i);
  }

  static String option(List<String> args, String name) {
    int i = args.indexOf(name);
    return i < 0 || i + 1 >= args.size() ? null : args.get(i + 1);
  }

  /** The named options that are given, as a query string ("" if none). */
  static String query(List<String> args, String... names) {
    StringBuilder q = new StringBuilder();
    for (String n : names) {
      String v = option(args, "--" + n);
      if (v != null) {
        q.append(q.length() == 0 ? "?" : "&").append(n).append('=').append(encode(v));
      }
    }
    return q.toString();
  }

  static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
