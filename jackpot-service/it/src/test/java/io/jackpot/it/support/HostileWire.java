package io.jackpot.it.support;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How the hostile battery's requests go out: the JDK client for well-formed HTTP, a socket of its
 * own for requests written byte for byte, and a hand-written WebSocket client for frames no
 * library would send. Every answer is read down to an {@link Outcome}.
 */
public final class HostileWire {
  private HostileWire() {}

  /** What came back: the HTTP status (or a WebSocket close code, or the stream answer's status) and the error code. */
  public record Outcome(int status, String code) {
    @Override
    public String toString() {
      return status + " " + code;
    }

    /**
     * The error body's code; for a contributions answer its first item's refusal (or status); for
     * a listing OK and its size; OK for any other JSON.
     */
    static Outcome of(int status, String body) {
      if (body == null || body.isBlank()) {
        return new Outcome(status, "EMPTY_BODY");
      }
      JsonObject json;
      try {
        json = new JsonObject(body);
      } catch (RuntimeException notJson) {
        return new Outcome(status, "NOT_JSON");
      }
      JsonObject error = json.getValue("error") instanceof JsonObject e ? e : null;
      if (error != null) {
        return new Outcome(status, String.valueOf(error.getValue("code")));
      }
      if (json.getValue("results") instanceof JsonArray results && !results.isEmpty() && results.getValue(0) instanceof JsonObject first) {
        JsonObject itemError = first.getValue("error") instanceof JsonObject e ? e : null;
        return new Outcome(status, itemError != null ? String.valueOf(itemError.getValue("code")) : "item " + first.getValue("status"));
      }
      // A listing says how much it gave: a hostile read must not see more than its own.
      for (String listing : List.of("wins", "entries", "jackpots", "pools")) {
        if (json.getValue(listing) instanceof JsonArray items) {
          return new Outcome(status, "OK " + listing + "=" + items.size());
        }
      }
      return new Outcome(status, json.getValue("rounds") instanceof Number n ? "OK rounds=" + n : "OK");
    }
  }

  /** One request to send. */
  public sealed interface Send permits Http, Raw, Ws {}

  /** Well-formed HTTP through the JDK client; {@code headers} besides Authorization (from {@code token}) and Content-Type. */
  public record Http(String method, String target, String token, String contentType, String body, Map<String, String> headers)
      implements Send {
    Http(String method, String target, String token, String body) {
      this(method, target, token, body == null ? null : "application/json", body, Map.of());
    }
  }

  /** A request written byte for byte on a socket of its own (it should say Connection: close). */
  public record Raw(byte[] request) implements Send {}

  /**
   * A WebSocket upgrade of {@code path} with {@code handshake} as its header lines (CRLF each); when
   * it is answered 101, {@code frames} are sent (already framed) and the first message or close
   * frame read.
   */
  public record Ws(String path, String handshake, List<byte[]> frames) implements Send {}

  private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();

  public static Outcome send(int port, Send send) throws Exception {
    if (send instanceof Http h) {
      return http(port, h);
    }
    return send instanceof Raw r ? raw(port, r.request()) : ws(port, (Ws) send);
  }

  private static Outcome http(int port, Http h) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + h.target()))
        .method(h.method(), h.body() == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(h.body()))
        .timeout(Duration.ofSeconds(30));
    if (h.contentType() != null) {
      b.header("Content-Type", h.contentType());
    }
    if (h.token() != null) {
      b.header("Authorization", "Bearer " + h.token());
    }
    h.headers().forEach(b::header);
    HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    return Outcome.of(r.statusCode(), r.body());
  }

  /** An HTTP request as bytes: the request line, the header lines (each without CRLF), the body. */
  static byte[] request(String requestLine, List<String> headers, byte[] body) {
    StringBuilder head = new StringBuilder(requestLine).append("\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    headers.forEach(h -> head.append(h).append("\r\n"));
    if (body != null) {
      head.append("Content-Length: ").append(body.length).append("\r\n");
    }
    byte[] start = head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(start);
    if (body != null) {
      out.writeBytes(body);
    }
    return out.toByteArray();
  }

  private static Outcome raw(int port, byte[] request) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      try {
        out.write(request);
        out.flush();
      } catch (IOException closedWhileSending) {
        // the member may answer and close before taking the whole request: its answer is read below
      }
      return answer(new DataInputStream(socket.getInputStream()));
    } catch (SocketTimeoutException e) {
      return new Outcome(-1, "NO_ANSWER");
    }
  }

  /** An HTTP answer read up to the end of its body (by Content-Length or chunks, else to the end of the connection). */
  private static Outcome answer(DataInputStream in) throws IOException {
    String status;
    try {
      status = line(in);
    } catch (EOFException | SocketException e) {
      return new Outcome(-1, "CLOSED_WITHOUT_ANSWER");
    }
    if (!status.startsWith("HTTP/") || status.length() < 12) {
      return new Outcome(-1, "NOT_HTTP " + status);
    }
    int code = Integer.parseInt(status.substring(9, 12));
    int length = -1;
    boolean chunked = false;
    for (String header = line(in); !header.isEmpty(); header = line(in)) {
      String h = header.toLowerCase(Locale.ROOT);
      if (h.startsWith("content-length:")) {
        length = Integer.parseInt(h.substring(15).trim());
      }
      chunked |= h.startsWith("transfer-encoding:") && h.contains("chunked");
    }
    if (code == 101) {
      return new Outcome(101, "SWITCHED");
    }
    byte[] body = length >= 0 ? in.readNBytes(length) : in.readAllBytes();
    String text = new String(body, StandardCharsets.UTF_8);
    return Outcome.of(code, chunked ? unchunked(text) : text);
  }

  private static String unchunked(String body) {
    StringBuilder out = new StringBuilder();
    int at = 0;
    while (true) {
      int line = body.indexOf("\r\n", at);
      if (line < 0) {
        return out.toString();
      }
      int size = Integer.parseInt(body.substring(at, line).trim(), 16);
      if (size == 0) {
        return out.toString();
      }
      out.append(body, line + 2, line + 2 + size);
      at = line + 2 + size + 2;
    }
  }

  /** The handshake header lines of a well-formed upgrade (version 13), with a bearer {@code token} unless null. */
  static String upgrade(String token) {
    return "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        + (token == null ? "" : "Authorization: Bearer " + token + "\r\n");
  }

  /** A client frame: masked (as RFC 6455 requires of clients) unless {@code masked} is false. */
  static byte[] frame(int firstByte, byte[] payload, boolean masked) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(firstByte);
    int mask = masked ? 0x80 : 0;
    if (payload.length < 126) {
      out.write(mask | payload.length);
    } else if (payload.length < 65_536) {
      out.write(mask | 126);
      out.write(payload.length >>> 8);
      out.write(payload.length & 0xff);
    } else {
      out.write(mask | 127);
      for (int shift = 56; shift >= 0; shift -= 8) {
        out.write((int) (((long) payload.length >>> shift) & 0xff));
      }
    }
    byte[] key = {0x12, 0x34, 0x56, 0x78};
    if (masked) {
      out.writeBytes(key);
    }
    for (int i = 0; i < payload.length; i++) {
      out.write(masked ? payload[i] ^ key[i % 4] : payload[i]);
    }
    return out.toByteArray();
  }

  static byte[] text(String message) {
    return frame(0x81, message.getBytes(StandardCharsets.UTF_8), true);
  }

  private static Outcome ws(int port, Ws w) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(("GET " + w.path() + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + w.handshake() + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      DataInputStream in = new DataInputStream(socket.getInputStream());
      Outcome upgraded = answer(in);
      if (upgraded.status() != 101) {
        return upgraded;
      }
      try {
        for (byte[] f : w.frames()) {
          out.write(f);
        }
        out.flush();
      } catch (IOException closedWhileSending) {
        // the member may close before taking all of a message too large: its close frame is read below
      }
      return firstAnswer(in);
    }
  }

  /** The first text message (a stream answer, a ticker snapshot) or close frame; pings are passed over. */
  private static Outcome firstAnswer(InputStream stream) throws IOException {
    DataInputStream in = new DataInputStream(stream);
    try {
      while (true) {
        int first = in.readUnsignedByte();
        int second = in.readUnsignedByte();
        long length = second & 0x7f;
        if (length == 126) {
          length = in.readUnsignedShort();
        } else if (length == 127) {
          length = in.readLong();
        }
        byte[] payload = in.readNBytes((int) length);
        int opcode = first & 0x0f;
        if (opcode == 0x8) {
          return new Outcome(payload.length >= 2 ? ((payload[0] & 0xff) << 8) | (payload[1] & 0xff) : 1005, "CLOSE");
        }
        if (opcode == 0x1) {
          JsonObject message = new JsonObject(new String(payload, StandardCharsets.UTF_8));
          if (message.containsKey("type")) {
            return new Outcome(101, "TICKER_" + message.getString("type").toUpperCase(Locale.ROOT));
          }
          return Outcome.of(message.getInteger("status", -1), message.encode());
        }
      }
    } catch (EOFException | SocketTimeoutException | SocketException e) {
      return new Outcome(-1, e instanceof SocketTimeoutException ? "NO_ANSWER" : "CLOSED_WITHOUT_FRAME");
    }
  }

  private static String line(DataInputStream in) throws IOException {
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
