package io.jackpot.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** A WebSocket client written by hand, for tests of peers that read slowly, never, or answer nothing. */
final class RawWebSocket {
  private RawWebSocket() {}

  /** A connection to a member with a small receive buffer (4 KiB), so that what it sends backs up fast. */
  static Socket smallBuffer(int httpPort) throws Exception {
    Socket socket = new Socket();
    socket.setReceiveBufferSize(4096);
    socket.connect(new java.net.InetSocketAddress("127.0.0.1", httpPort), 5_000);
    return socket;
  }

  /** Sends the upgrade request for {@code path} (with a bearer {@code token} unless null); reads nothing. */
  static void handshake(Socket socket, String path, String token) throws Exception {
    OutputStream out = socket.getOutputStream();
    out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        + (token == null ? "" : "Authorization: Bearer " + token + "\r\n") + "\r\n").getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** The handshake, then its answer read up to the frames: 101, or the test fails. */
  static DataInputStream upgrade(Socket socket, String path, String token) throws Exception {
    handshake(socket, path, token);
    DataInputStream in = new DataInputStream(socket.getInputStream());
    String status = readLine(in);
    assertTrue(status.startsWith("HTTP/1.1 101"), status);
    while (!readLine(in).isEmpty()) {
      // the rest of the upgrade's headers
    }
    return in;
  }

  private static String readLine(DataInputStream in) throws Exception {
    StringBuilder line = new StringBuilder();
    for (int c = in.read(); c != '\n'; c = in.read()) {
      if (c < 0) {
        throw new EOFException("the connection ended mid-line: " + line);
      }
      if (c != '\r') {
        line.append((char) c);
      }
    }
    return line.toString();
  }
}
