package io.jackpot.ticker.http;

import io.vertx.core.Context;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.core.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One ticker connection: what it follows, and when it last answered a ping. Until its snapshot is
 * sent, messages for it wait in {@code pending}. Touched on its own context only.
 */
public final class Subscriber {
  /** A message that came before the snapshot; {@code at} is when its content was read. */
  record Pending(long at, boolean win, String message) {}

  List<Pending> pending = new ArrayList<>();
  final ServerWebSocket socket;
  /** The connection underneath, to be cut if the socket's close frame cannot get through. */
  final HttpConnection connection;
  final Context context;
  /** The client's address (its IP), counted against the bound per client. */
  final String client;
  /** The jackpots it follows; null: all, those defined later included. */
  final Set<String> jackpots;
  /** The currency its amounts are also shown in, at the rate in force when each message is made (null: none). */
  final String currency;
  long lastPing;
  long lastPong;
  /** The event loop it was added on (null: not added), whose group in the hub holds it. */
  Thread loop;

  /** {@code jackpots}: null for all; {@code currency}: the one its amounts are also shown in (null: none). */
  public Subscriber(ServerWebSocket socket, HttpConnection connection, Context context, Set<String> jackpots,
      String currency, long now) {
    this.socket = socket;
    this.connection = connection;
    this.context = context;
    this.client = clientOf(socket.remoteAddress());
    this.jackpots = jackpots == null ? null : Set.copyOf(jackpots);
    this.currency = currency;
    this.lastPing = now;
    this.lastPong = now;
  }

  /**
   * Sends the snapshot (read from {@code readAt} on), then what waited: every win, and the updates
   * read after the snapshot's read began; older updates are already in the snapshot.
   */
  public void start(String snapshot, long readAt) {
    List<Pending> waiting = pending;
    pending = null;
    if (socket.isClosed()) {
      return; // gone while its snapshot was read
    }
    try {
      socket.writeTextMessage(snapshot);
      for (Pending p : waiting) {
        if (p.win() || p.at() >= readAt) {
          socket.writeTextMessage(p.message());
        }
      }
    } catch (IllegalStateException closing) {
      // Vert.x throws once the peer's close frame has come: it is leaving, and the hub drops it.
    }
  }

  /** A peer's address as the bound per client counts it: its IP, without the port. */
  public static String clientOf(SocketAddress peer) {
    return peer == null ? "" : String.valueOf(peer.hostAddress());
  }
}
