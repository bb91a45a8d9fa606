package io.jackpot.cli;

import java.util.List;
import java.util.function.Consumer;

/** Lets tests run jackpotctl in-process. */
public final class JackpotctlAccess {
  private JackpotctlAccess() {}

  public static String run(String url, String token, List<String> args) throws Exception {
    return new Jackpotctl(url, token).run(args);
  }

  /** As {@link #run(String, String, List)}, its notes about waiting given to {@code notes}. */
  public static String run(String url, String token, List<String> args, Consumer<String> notes) throws Exception {
    return new Jackpotctl(url, token, notes).run(args);
  }
}
