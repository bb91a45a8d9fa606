package io.jackpot.it.support;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;

/** A plain HTTP client for the API, the way a game or an outside tool would call it. */
public final class Api {
  public static final String GAME_KEY = "dev-game-key";
  // HTTP/1.1: the JDK client's default, HTTP/2 by cleartext upgrade, once got the 70 KB
  // /openapi.yaml back unframed from the service (Vert.x 5.0.10; contributor-sdk/README.md).
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
  private final String base;

  public Api(int port) {
    this.base = "http://127.0.0.1:" + port;
  }

  public record Reply(int status, String body) {
    public JsonObject json() {
      return new JsonObject(body);
    }

    public String errorCode() {
      return json().getJsonObject("error").getString("code");
    }
  }

  public Reply get(String path) {
    return send(HttpRequest.newBuilder(URI.create(base + path)).GET().header("Authorization", "Bearer " + GAME_KEY));
  }

  public Reply post(String path, String body) {
    return post(path, body, "application/json", GAME_KEY);
  }

  public Reply post(String path, String body, String contentType, String key) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).POST(HttpRequest.BodyPublishers.ofString(body));
    if (contentType != null) {
      b.header("Content-Type", contentType);
    }
    if (key != null) {
      b.header("Authorization", "Bearer " + key);
    }
    return send(b);
  }

  private Reply send(HttpRequest.Builder b) {
    try {
      HttpResponse<String> r = http.send(b.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
      return new Reply(r.statusCode(), r.body());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A request sent as written, over a socket of its own: {@code target} (path and query) goes out
   * byte for byte, where the JDK client would refuse a malformed escape before sending. The answer
   * is read to the end (the connection is closed after it); chunked bodies are not decoded.
   */
  public Reply raw(String method, String target, String token, String contentType, String body) {
    return rawBytes(method, target, token, contentType, body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8));
  }

  /** {@link #raw(String, String, String, String, String)} with a body of any bytes (not UTF-8, say). */
  public Reply rawBytes(String method, String target, String token, String contentType, byte[] content) {
    URI uri = URI.create(base);
    try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
      socket.setSoTimeout(30_000);
      StringBuilder head = new StringBuilder().append(method).append(' ').append(target).append(" HTTP/1.1\r\nHost: ")
          .append(uri.getHost()).append("\r\nConnection: close\r\nContent-Length: ").append(content.length).append("\r\n");
      if (token != null) {
        head.append("Authorization: Bearer ").append(token).append("\r\n");
      }
      if (contentType != null) {
        head.append("Content-Type: ").append(contentType).append("\r\n");
      }
      var out = socket.getOutputStream();
      out.write(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
      out.write(content);
      out.flush();
      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int status = Integer.parseInt(answer.substring(answer.indexOf(' ') + 1, answer.indexOf(' ') + 4));
      int bodyAt = answer.indexOf("\r\n\r\n");
      return new Reply(status, bodyAt < 0 ? "" : answer.substring(bodyAt + 4));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The exact amount of a pool as the public API shows it. */
  public String amount(String jackpot, String pool) {
    return get("/v1/jackpots/" + jackpot + "/pools/" + pool).json().getString("amount");
  }

  public JsonObject pool(String jackpot, String pool) {
    return get("/v1/jackpots/" + jackpot + "/pools/" + pool).json();
  }

  public static String contribution(String round, String game, String stake, String coinValue) {
    JsonObject item = new JsonObject().put("roundId", round).put("gameId", game).put("playerId", "p-1")
        .put("stake", stake).put("currency", "EUR");
    if (coinValue != null) {
      item.put("coinValue", coinValue);
    }
    return item.encode();
  }

  public static String batch(String... items) {
    return "{\"contributions\":[" + String.join(",", items) + "]}";
  }

  public static String claim(String round, String jackpot, String pool) {
    return new JsonObject().put("roundId", round).put("gameId", "bewitched").put("playerId", "p-" + round)
        .put("jackpotId", jackpot).put("poolKey", pool).put("currency", "EUR").encode();
  }

  /** See {@link MetricsText#sum}. */
  public static OptionalDouble metric(String metrics, String prefix) {
    return MetricsText.sum(metrics, prefix);
  }

  public static JsonArray results(Reply r) {
    return r.json().getJsonArray("results");
  }

  /** The contributions of a round's result to {@code jackpot}'s pools (other tests' jackpots may link its game too). */
  public static List<JsonObject> sharesOf(JsonObject result, String jackpot) {
    return result.getJsonArray("contributions").stream().map(JsonObject.class::cast)
        .filter(c -> jackpot.equals(c.getString("jackpotId"))).toList();
  }

  /** A claim without pool key (the jackpot game) of creepy-candy's player p-1, in EUR; add a poolKey for a pool's claim. */
  public static JsonObject jackpotGame(String round, String jackpot) {
    return new JsonObject().put("roundId", round).put("gameId", "creepy-candy").put("playerId", "p-1")
        .put("jackpotId", jackpot).put("currency", "EUR");
  }

  /** A round's result's contribution to one pool. */
  public static JsonObject shareOf(JsonObject result, String jackpot, String pool) {
    return sharesOf(result, jackpot).stream().filter(c -> pool.equals(c.getString("poolKey"))).findFirst()
        .orElseThrow(() -> new AssertionError("no share of " + jackpot + "/" + pool + " in " + result.encode()));
  }
}
