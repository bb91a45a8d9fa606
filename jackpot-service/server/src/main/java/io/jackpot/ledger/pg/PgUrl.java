package io.jackpot.ledger.pg;

import io.vertx.pgclient.PgConnectOptions;
import java.util.regex.Pattern;

/** The ledger's database URL (JACKPOT_PG_URL): read into connect options, and shown in logs without its password. */
public final class PgUrl {
  /** Hosts (with ports, comma-separated), then the path, the query or the end. */
  private static final Pattern HOST_AFTER = Pattern.compile("[A-Za-z0-9.\\-\\[\\]:,%_]*(?=[/?#]|$)");

  private PgUrl() {}

  /** The client's parse error quotes the whole URL, password included: it must not reach a log. */
  public static PgConnectOptions options(String url) {
    PgTls.checkUrlParameters(url);
    try {
      return PgConnectOptions.fromUri(url);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("JACKPOT_PG_URL is not a valid postgresql:// URL (percent-encode any special"
          + " characters of the user and password); the URL is not repeated here, as it may hold a password");
    }
  }

  /**
   * A database URL fit for logs: its password (user:password@, or ?password=) replaced whole. A
   * password may hold '@', '/', '?' or '&' unencoded, so its userinfo ends at the last '@' followed
   * by a host (or none: a socket directory); where a query's '@' could pass for one, more is hidden, never less.
   */
  public static String redacted(String url) {
    String out = url;
    int start = url.indexOf("//");
    if (start >= 0) {
      start += 2;
      for (int at = url.lastIndexOf('@'); at >= start; at = url.lastIndexOf('@', at - 1)) {
        if (HOST_AFTER.matcher(url).region(at + 1, url.length()).lookingAt()) {
          int colon = url.indexOf(':', start);
          if (colon >= 0 && colon < at) {
            out = url.substring(0, colon + 1) + "***" + url.substring(at);
          }
          break;
        }
      }
    }
    // A query's password runs to the next parameter ("&name="), or the end.
    return out.replaceAll("(?i)([?&]password=).*?(?=&[A-Za-z_][A-Za-z0-9_]*=|$)", "$1***");
  }
}
