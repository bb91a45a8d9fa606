package io.jackpot.award.http;

import io.jackpot.award.PublicWins;
import io.jackpot.fx.Display;
import io.jackpot.money.Money;
import io.jackpot.pool.MustDrop;
import io.jackpot.pool.Win;
import io.vertx.core.json.JsonObject;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** A win as the API shows it (docs/api.md "POST /v1/wins" response). */
public final class WinJson {
  public static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private WinJson() {}

  /** {@code win} (made by {@code of}) as a public read shows it under {@code publicity}. */
  public static JsonObject shown(JsonObject win, PublicWins publicity) {
    if (publicity == PublicWins.ANONYMOUS) {
      win.remove("playerId");
      win.remove("roundId");
    }
    return win;
  }

  /**
   * {@code currency} is the pool's; amountInCurrency is the amount in it, rounded down to cents.
   * {@code trigger} says what won it; a must-hit pool's win reveals the cycle's hit point and salt
   * with the commitment published before play (verify: SHA-256 of "hitPoint:salt").
   */
  public static JsonObject of(Win w, String currency) {
    return of(w, currency, Display.identity(currency));
  }

  /** As an operator reads it (admin endpoints): with the operator whose round won. */
  public static JsonObject admin(Win w, String currency) {
    return of(w, currency).put("operatorId", w.operatorId());
  }

  /**
   * The win of a pool kept in {@code poolCurrency}, with {@code amountInCurrency} in the display's
   * currency, {@code currency} naming it; in the pool's own when the display cannot show it.
   */
  public static JsonObject of(Win w, String poolCurrency, Display display) {
    Display shown = display.shows(poolCurrency) ? display : Display.identity(poolCurrency);
    String currency = shown.currency();
    JsonObject json = new JsonObject()
        .put("winId", w.winId())
        .put("jackpotId", w.pool().jackpotId())
        .put("poolKey", w.pool().poolKey())
        .put("sequence", w.sequence())
        .put("roundId", w.roundId())
        .put("playerId", w.playerId())
        .put("gameId", w.gameId())
        .put("amount", w.amount().toPlainString())
        .put("currency", currency)
        .put("amountInCurrency", shown.of(w.amount(), poolCurrency))
        .put("seed", Money.ofMicros(w.seedMicros()).toPlainString())
        .put("contributedSinceReset", w.contributedSinceReset().toPlainString())
        .put("wonAt", TIMESTAMP.format(w.wonAt()))
        .put("trigger", w.how().name());
    if (w.revealed() != null) {
      json.put("hitPoint", w.revealed().hitPoint()).put("salt", w.revealed().salt()).put("commitment", w.revealed().commitment());
    }
    if (w.dropped() != null) {
      json.put("dropAt", MustDrop.iso(w.dropped().dropAt())).put("dropBy", MustDrop.iso(w.dropped().dropBy()))
          .put("salt", w.dropped().salt()).put("commitment", w.dropped().commitment());
    }
    return json;
  }
}
