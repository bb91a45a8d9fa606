package io.jackpot.it.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;

/**
 * A loopback TCP relay to PostgreSQL that can freeze one connection like a network cut without a
 * reset: nothing passes and nothing closes, yet both sockets still buffer what they are sent.
 * Other connections pass as before.
 *
 * <p>{@link #freezeTransactionAt} names bytes (a round id) sent inside a transaction. Those bytes
 * reach the server; its answers never reach the client. It scans the protocol bytes: a test device,
 * not a parser.
 */
public final class FreezingProxy implements AutoCloseable {
  private static final byte[] BEGIN = bytes("BEGIN");
  private static final byte[] COMMIT = bytes("COMMIT");
  private static final byte[] ROLLBACK = bytes("ROLLBACK");

  private final ServerSocket server;
  private final int target;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicReference<byte[]> marker = new AtomicReference<>();
  private final AtomicInteger frozen = new AtomicInteger();
  private volatile boolean all;
  private final AtomicInteger openedSinceAll = new AtomicInteger();

  public FreezingProxy(int targetPort) throws IOException {
    this.target = targetPort;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    start("proxy-accept", this::accept);
  }

  public int port() {
    return server.getLocalPort();
  }

  /** The next connection that sends {@code text} inside a transaction is frozen once it has sent it. */
  public void freezeTransactionAt(String text) {
    marker.set(bytes(text));
  }

  /** From now on nothing passes on any connection, open or new (the server has gone silent). */
  public void freezeAll() {
    all = true;
  }

  /** How many connections were opened since {@link #freezeAll} (each left hanging from its first byte). */
  public int openedSinceFreezingAll() {
    return openedSinceAll.get();
  }

  /** How many connections have been frozen. */
  public int frozen() {
    return frozen.get();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        if (all) {
          openedSinceAll.incrementAndGet();
        }
        Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
        sockets.add(client);
        sockets.add(upstream);
        Link link = new Link();
        start("proxy-up", () -> link.up(client, upstream));
        start("proxy-down", () -> link.down(upstream, client));
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  /** What a pump does with a chunk it read: pass it on, pass it on and then freeze, or freeze at once. */
  private enum Next { PASS, PASS_THEN_FREEZE, FREEZE }

  /** One relayed connection. */
  private final class Link {
    private volatile boolean stopped;
    private boolean inTransaction;

    void up(Socket from, Socket to) {
      pump(from, to, (buffer, n) -> {
        if (all) {
          stopped = true;
          return Next.FREEZE;
        }
        if (contains(buffer, n, BEGIN)) {
          inTransaction = true;
        }
        byte[] m = marker.get();
        if (inTransaction && m != null && contains(buffer, n, m) && marker.compareAndSet(m, null)) {
          stopped = true; // before the server can answer
          frozen.incrementAndGet();
          return Next.PASS_THEN_FREEZE;
        }
        if (contains(buffer, n, COMMIT) || contains(buffer, n, ROLLBACK)) {
          inTransaction = false;
        }
        return Next.PASS;
      });
    }

    void down(Socket from, Socket to) {
      pump(from, to, (buffer, n) -> stopped || all ? Next.FREEZE : Next.PASS);
    }
  }

  /**
   * Relays {@code from} to {@code to} chunk by chunk as {@code look} says. Frozen, it reads no more
   * and closes nothing. Not try-with-resources: closing a socket's stream closes the socket.
   */
  private static void pump(Socket from, Socket to, BiFunction<byte[], Integer, Next> look) {
    byte[] buffer = new byte[64 * 1024];
    try {
      InputStream in = from.getInputStream();
      OutputStream out = to.getOutputStream();
      for (int n; (n = in.read(buffer)) >= 0; ) {
        Next next = look.apply(buffer, n);
        if (next != Next.FREEZE) {
          out.write(buffer, 0, n);
        }
        if (next != Next.PASS) {
          out.flush();
          return;
        }
      }
      to.shutdownOutput();
    } catch (IOException e) {
      closeQuietly(to);
    }
  }

  private static boolean contains(byte[] buffer, int length, byte[] wanted) {
    outer:
    for (int i = 0; i + wanted.length <= length; i++) {
      for (int j = 0; j < wanted.length; j++) {
        if (buffer[i + j] != wanted[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static void start(String name, Runnable body) {
    Thread t = new Thread(body, name);
    t.setDaemon(true);
    t.start();
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // already gone
    }
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException ignored) {
      // already closed
    }
    sockets.forEach(FreezingProxy::closeQuietly);
  }
}
