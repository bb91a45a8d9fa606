package io.jackpot.cli;

import java.util.List;

/** Lets tests run jackpotctl in-process. */
public final class JackpotctlAccess {
  private JackpotctlAccess() {}

  public static String run(String url, String token, List<String> args) throws Exception {
    return new Jackpotctl(url, token).run(args);
  }
}
