package io.jackpot.it.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** A WebSocket client written by hand, for tests of peers that read slowly, never, or answer nothing. */
public final class RawWebSocket {
  private RawWebSocket() {}

  /** A connection to a member with a small receive buffer (4 KiB), so that what it sends backs up fast. */
  public static Socket smallBuffer(int httpPort) throws Exception {
    Socket socket = new Socket();
    socket.setReceiveBufferSize(4096);
    socket.connect(new InetSocketAddress("127.0.0.1", httpPort), 5_000);
    return socket;
  }

  /** Sends the upgrade request for {@code path} (with a bearer {@code token} unless null); reads nothing. */
  public static void handshake(Socket socket, String path, String token) throws Exception {
    OutputStream out = socket.getOutputStream();
    out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        + (token == null ? "" : "Authorization: Bearer " + token + "\r\n") + "\r\n").getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** The handshake, then its answer read up to the frames: 101, or the test fails. */
  public static DataInputStream upgrade(Socket socket, String path, String token) throws Exception {
    handshake(socket, path, token);
    DataInputStream in = new DataInputStream(socket.getInputStream());
    String status = readLine(in);
    assertTrue(status.startsWith("HTTP/1.1 101"), status);
    while (!readLine(in).isEmpty()) {
      // the rest of the upgrade's headers
    }
    return in;
  }

  /**
   * The whole answer (status line, headers in lower case, body) to a GET of {@code path} with
   * {@code headers} (each line ending CRLF) on a connection of its own.
   */
  public static String answer(int httpPort, String path, String headers) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", httpPort)) {
      socket.setSoTimeout(5_000);
      OutputStream out = socket.getOutputStream();
      out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      DataInputStream in = new DataInputStream(socket.getInputStream());
      StringBuilder answer = new StringBuilder(readLine(in)).append('\n');
      int length = 0;
      for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
        String header = line.toLowerCase(Locale.ROOT);
        answer.append(header).append('\n');
        if (header.startsWith("content-length:")) {
          length = Integer.parseInt(header.substring("content-length:".length()).trim());
        }
      }
      byte[] body = new byte[length];
      in.readFully(body);
      return answer.append('\n').append(new String(body, StandardCharsets.UTF_8)).toString();
    }
  }

  /** A client's frame (masked, as RFC 6455 requires, with a zero key so the bytes go as they are): {@code first} is FIN and opcode. */
  public static void frame(OutputStream out, int first, byte[] payload) throws Exception {
    ByteArrayOutputStream frame = new ByteArrayOutputStream();
    frame.write(first);
    if (payload.length < 126) {
      frame.write(0x80 | payload.length);
    } else if (payload.length < 65_536) {
      frame.write(0x80 | 126);
      frame.write(payload.length >> 8);
      frame.write(payload.length & 0xff);
    } else {
      frame.write(0x80 | 127);
      for (int shift = 56; shift >= 0; shift -= 8) {
        frame.write((int) ((long) payload.length >> shift) & 0xff);
      }
    }
    frame.write(new byte[4]);
    frame.write(payload);
    out.write(frame.toByteArray());
    out.flush();
  }

  /** A whole text message in one frame. */
  public static void text(OutputStream out, byte[] payload) throws Exception {
    frame(out, 0x81, payload);
  }

  /** A server's frame: FIN, opcode and payload (server frames are unmasked). */
  public record Frame(boolean fin, int opcode, byte[] payload) {
    public String text() {
      return new String(payload, StandardCharsets.UTF_8);
    }

    /** The close code of a close frame. */
    public int closeCode() {
      return ((payload[0] & 0xff) << 8) | (payload[1] & 0xff);
    }
  }

  public static Frame read(DataInputStream in) throws Exception {
    int first = in.readUnsignedByte();
    int length = in.readUnsignedByte() & 0x7f;
    long size = length == 126 ? in.readUnsignedShort() : length == 127 ? in.readLong() : length;
    return new Frame((first & 0x80) != 0, first & 0x0f, in.readNBytes((int) size));
  }

  public static String readLine(DataInputStream in) throws Exception {
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
