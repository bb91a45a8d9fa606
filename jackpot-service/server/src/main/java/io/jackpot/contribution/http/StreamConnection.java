package io.jackpot.contribution.http;

import io.jackpot.game.Caller;
import io.jackpot.http.Errors;
import io.jackpot.http.WebSockets;
import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.ServerWebSocket;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection of the contribution stream: its pings, its flow control and how it ends. Its fields
 * are touched on its own context only. When the service stops (the HTTP server's shutdown), batches
 * already taken are answered, later ones are refused with a retryable 503, and the connection is
 * closed with 1001 once nothing is pending, so the game moves to another member at once instead of
 * the stop waiting for it.
 */
final class StreamConnection {
  private static final Logger log = LoggerFactory.getLogger(ContributionStream.class); // the name its log lines always had
  private final ServerWebSocket socket;
  /** The connection underneath, to be cut if the close frame cannot get through. */
  private final HttpConnection connection;
  private final Context context;
  private final String peer;
  /** The hash of the game key the stream was opened with: each batch is taken for the caller it speaks for then. */
  private final String keyHash;
  /** A game key's hash → the caller it speaks for under the credentials in force now, if it still does. */
  private final Function<String, Optional<Caller>> callers;
  private final StreamMessages messages;
  private final long pingMillis;
  /** Whether the stream's game key was found revoked: every later batch is refused, and the stream closed (1008). */
  private boolean revoked;
  private int pending;
  private boolean paused;
  private boolean stopping;
  private short closeCode = 1001;
  private String closeReason = "the service is stopping; reconnect";
  /** Whether anything (a message, a pong) came since the last ping. */
  private boolean heard = true;
  /** Pings in a row that found reading paused, the write queue full and no answer taken since the last. */
  private int unreadTicks;
  /** Whether an answer went out to the kernel since the last ping: the game reads, if slowly. */
  private boolean taken;

  StreamConnection(ServerWebSocket socket, HttpConnection connection, Context context, String peer, String keyHash,
      Function<String, Optional<Caller>> callers, StreamMessages messages, long pingMillis) {
    this.socket = socket;
    this.connection = connection;
    this.context = context;
    this.peer = peer;
    this.keyHash = keyHash;
    this.callers = callers;
    this.messages = messages;
    this.pingMillis = pingMillis;
  }

  Context context() {
    return context;
  }

  boolean stopping() {
    return stopping;
  }

  void heard() {
    heard = true;
  }

  void onMessage(String text) {
    heard = true;
    messages.take(this, text);
    throttle(); // refusals written at once count against the write queue too
  }

  /**
   * The caller the stream's key speaks for under the credentials in force, not those of the
   * stream's opening: a key revoked since (LiveCredentials) takes nothing more, and a changed list
   * of games applies at once.
   */
  Optional<Caller> caller() {
    return revoked ? Optional.empty() : callers.apply(keyHash);
  }

  void close(int code, String reason) {
    socket.close((short) code, reason);
  }

  void reply(long id, Errors.Failure f) {
    write(StreamAnswers.refusal(id, f));
  }

  /**
   * A socket closed meanwhile loses the answer; the game sends the batch again (same round ids:
   * DUPLICATE). An answer handed to the kernel means the game is reading (see {@link #ping}).
   */
  void write(String text) {
    if (!socket.isClosed()) {
      socket.writeTextMessage(text).onSuccess(v -> taken = true);
    }
  }

  /** A batch was taken: it is pending until {@link #answered}. */
  void started() {
    pending++;
    throttle();
  }

  void answered() {
    pending--;
  }

  /** After an answer: the connection may close now, or read again. */
  void settled() {
    closeIfDone();
    throttle();
  }

  /**
   * Closes the connection if nothing came since the previous ping and none of its answers went
   * out (its pong may be behind answers it is still reading), else pings again. While reading is
   * paused only if the game took none of its answers through two pings: then it is gone or stuck.
   * The pings also keep an idle connection warm, so a load balancer or NAT on the way does not drop it silently.
   */
  void ping() {
    if (socket.isClosed()) {
      return;
    }
    if (!revoked && callers.apply(keyHash).isEmpty()) {
      revoke(); // an idle stream whose key was revoked is not kept open
      closeIfDone();
      return;
    }
    boolean readSince = taken;
    taken = false;
    if (paused) {
      pingPaused(readSince);
      return;
    }
    unreadTicks = 0;
    if (!heard && !readSince) {
      log.warn("contribution stream from {}: no answer to a ping within {} ms; closing it", peer, pingMillis);
      WebSockets.closeOrAbort(context.owner(), socket, connection, (short) 1001, "no answer to ping");
      return;
    }
    heard = false;
    try {
      socket.writePing(Buffer.buffer("c"));
    } catch (IllegalStateException closedMeanwhile) {
      // the connection went just now: its close handler stops the timer
    }
  }

  private void pingPaused(boolean readSince) {
    unreadTicks = socket.writeQueueFull() && !readSince ? unreadTicks + 1 : 0;
    if (unreadTicks == 2) { // once: the close that follows needs no repeating
      log.warn("contribution stream from {}: its answers went unread through two pings ({} ms apart); closing it", peer, pingMillis);
      WebSockets.closeOrAbort(context.owner(), socket, connection, (short) 1001, "answers not read");
    }
  }

  void stop() {
    context.runOnContext(v -> {
      stopping = true;
      closeIfDone();
    });
  }

  /**
   * This member cannot take the game's batches now (no quorum, or not ready): the connection is
   * closed once what it took is answered (1013, try again later). A game keeps its stream for as
   * long as it is open, and a load balancer sends only new connections elsewhere: without this
   * it would keep retrying on the same member, for good if that member never recovers.
   */
  void leave(String why) {
    if (!stopping) {
      stopping = true;
      closeCode = 1013;
      closeReason = why + "; reconnect";
    }
    closeIfDone();
  }

  /** The stream's key is no longer accepted: later batches are refused, and the stream closes (1008) once nothing is pending. */
  void revoke() {
    if (!revoked) {
      revoked = true;
      log.warn("{}: the stream's game key is no longer accepted; refusing its batches and closing it (1008)", ContributionStream.PATH);
    }
    stopping = true;
    closeCode = 1008;
    closeReason = "the game key is no longer accepted";
  }

  void closeIfDone() {
    if (stopping && pending == 0 && !socket.isClosed()) {
      socket.close(closeCode, closeReason);
    }
  }

  /**
   * Reads no further batches while {@link ContributionStream#MAX_PENDING} are under way or the answers
   * are not being read (the socket's write queue is full): a game that pipelines without reading
   * answers must not grow this member's heap without bound. TCP then holds the game's sends back.
   */
  private void throttle() {
    if (socket.isClosed()) {
      return; // the game went away: nothing to read or hold back (and Vert.x refuses the calls)
    }
    boolean full = pending >= ContributionStream.MAX_PENDING || socket.writeQueueFull();
    if (full && !paused) {
      paused = true;
      socket.pause();
      socket.drainHandler(v -> throttle());
    } else if (!full && paused) {
      paused = false;
      heard = true; // a pong may still be behind what the game sent while it was not read
      socket.resume();
    }
  }
}
