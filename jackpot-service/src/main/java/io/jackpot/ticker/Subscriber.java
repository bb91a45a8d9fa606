package io.jackpot.ticker;

import io.vertx.core.Context;
import io.vertx.core.http.ServerWebSocket;
import java.util.Set;

/**
 * One ticker connection: what it follows, and when it last answered a ping. Until its snapshot is
 * sent, messages for it wait in {@code pending}. Touched on its own context only.
 */
public final class Subscriber {
  /** A message that came before the snapshot; {@code at} is when its content was read. */
  record Pending(long at, boolean win, String message) {}

  java.util.List<Pending> pending = new java.util.ArrayList<>();
  final ServerWebSocket socket;
  final Context context;
  final Set<String> jackpots;
  final io.jackpot.fx.Display display;
  long lastPing;
  long lastPong;

  /** {@code display}: the currency its amounts are also shown in (null: none). */
  public Subscriber(ServerWebSocket socket, Context context, Set<String> jackpots, io.jackpot.fx.Display display, long now) {
    this.socket = socket;
    this.context = context;
    this.jackpots = Set.copyOf(jackpots);
    this.display = display;
    this.lastPing = now;
    this.lastPong = now;
  }

  /**
   * Sends the snapshot (read from {@code readAt} on), then what waited: every win, and the updates
   * read after the snapshot's read began; older updates are already in the snapshot.
   */
  public void start(String snapshot, long readAt) {
    socket.writeTextMessage(snapshot);
    for (Pending p : pending) {
      if (p.win() || p.at() >= readAt) {
        socket.writeTextMessage(p.message());
      }
    }
    pending = null;
  }
}
