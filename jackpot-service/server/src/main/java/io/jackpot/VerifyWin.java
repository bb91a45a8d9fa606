package io.jackpot;

import io.jackpot.pool.MustHit;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Checks a must-hit or must-drop win against the commitment published before play:
 * SHA-256("hitPoint:salt") or SHA-256("dropAt:salt") must equal the win's commitment (compare it
 * with the one the pool showed). A must-hit win must pay its hit point; a must-drop win must come
 * at or after its drop time. Reads the win's JSON from a file or standard input. Exit 0 when verified.
 */
public final class VerifyWin {
  private VerifyWin() {}

  public static void main(String[] args) throws IOException {
    String text = args.length > 0 ? Files.readString(Path.of(args[0])) : new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
    JsonObject win = new JsonObject(text);
    if (!win.containsKey("commitment")) {
      System.out.println("NOT VERIFIABLE: win " + win.getString("winId") + " is not from a must-hit or must-drop pool (no commitment)");
      System.exit(2);
    }
    boolean dropped = win.containsKey("dropAt");
    String secret = win.getString(dropped ? "dropAt" : "hitPoint");
    String salt = win.getString("salt");
    String commitment = win.getString("commitment");
    boolean commitmentOk = MustHit.verify(secret, salt, commitment);
    String trigger = win.getString("trigger");
    boolean paidOk = dropped ? !"MUST_DROP_BY".equals(trigger) || !Instant.parse(win.getString("wonAt")).isBefore(Instant.parse(secret))
        : !"MUST_HIT_BY".equals(trigger) || secret.equals(win.getString("amount"));
    System.out.printf("win %s on %s/%s, %s, amount %s, won at %s%n", win.getString("winId"), win.getString("jackpotId"),
        win.getString("poolKey"), trigger, win.getString("amount"), win.getString("wonAt"));
    System.out.printf("  SHA-256(\"%s:%s\") = %s%n", secret, salt, MustHit.commit(secret, salt));
    System.out.printf("  commitment         = %s  %s%n", commitment, commitmentOk ? "MATCHES" : "DOES NOT MATCH");
    if (!paidOk) {
      System.out.println(dropped ? "  a must-drop win must come at or after its drop time, but wonAt < dropAt"
          : "  a must-hit win must pay its hit point, but amount != hitPoint");
    }
    System.out.println(commitmentOk && paidOk ? "VERIFIED" : "FAILED");
    System.exit(commitmentOk && paidOk ? 0 : 1);
  }
}
