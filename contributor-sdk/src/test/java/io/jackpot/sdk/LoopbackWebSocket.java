package io.jackpot.sdk;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

/** The server side of a WebSocket upgrade on a raw socket: the JDK has no WebSocket server. */
final class LoopbackWebSocket {
  private LoopbackWebSocket() {}

  /** Answers a WebSocket upgrade whose Sec-WebSocket-Key was {@code key}. */
  static void upgrade(OutputStream out, String key) throws Exception {
    String accept = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-1")
        .digest((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").getBytes(StandardCharsets.ISO_8859_1)));
    out.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: "
        + accept + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }

  /** One line of a request's head, without its CRLF; empty at the head's end. */
  static String headerLine(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new EOFException();
      }
      if (b != '\r') {
        line.append((char) b);
      }
    }
    return line.toString();
  }
}
