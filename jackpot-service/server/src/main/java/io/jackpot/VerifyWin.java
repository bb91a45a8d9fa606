package io.jackpot;

import io.jackpot.pool.MustHit;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks a must-hit win against the commitment published before play: SHA-256("hitPoint:salt")
 * must equal the win's commitment (compare it with the one the pool showed), and the amount must
 * be the hit point. Reads the win's JSON from a file or standard input. Exit 0 when verified.
 */
public final class VerifyWin {
  private VerifyWin() {}

  public static void main(String[] args) throws IOException {
    String text = args.length > 0 ? Files.readString(Path.of(args[0])) : new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
    JsonObject win = new JsonObject(text);
    if (!win.containsKey("commitment")) {
      System.out.println("NOT VERIFIABLE: win " + win.getString("winId") + " is not from a must-hit pool (no commitment)");
      System.exit(2);
    }
    String hit = win.getString("hitPoint");
    String salt = win.getString("salt");
    String commitment = win.getString("commitment");
    boolean commitmentOk = MustHit.verify(hit, salt, commitment);
    boolean amountOk = !"MUST_HIT_BY".equals(win.getString("trigger")) || hit.equals(win.getString("amount"));
    System.out.printf("win %s on %s/%s, %s, amount %s%n", win.getString("winId"), win.getString("jackpotId"),
        win.getString("poolKey"), win.getString("trigger"), win.getString("amount"));
    System.out.printf("  SHA-256(\"%s:%s\") = %s%n", hit, salt, MustHit.commit(hit, salt));
    System.out.printf("  commitment         = %s  %s%n", commitment, commitmentOk ? "MATCHES" : "DOES NOT MATCH");
    if (!amountOk) {
      System.out.println("  a must-hit win must pay its hit point, but amount != hitPoint");
    }
    System.out.println(commitmentOk && amountOk ? "VERIFIED" : "FAILED");
    System.exit(commitmentOk && amountOk ? 0 : 1);
  }
}
