package io.jackpot.contribution;

import io.jackpot.plan.ContributionRequest;
import io.jackpot.pool.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/** A short hash of a round's content: equal rounds, equal fingerprints. */
final class Fingerprint {
  private Fingerprint() {}

  static String of(String operatorId, ContributionRequest r) {
    String canonical = String.join("\u0000", operatorId, r.gameId(), r.playerId(),
        Long.toString(r.stakeMicros()), r.currency(), String.valueOf(r.coinValueMicros()));
    byte[] digest = Sha256.of(canonical.getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(digest, 0, 16);
  }
}
