package io.jackpot.it.support;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Calls to any endpoint of a service on a port, with a bearer token, the way an operator's tool would. */
public final class AdminCalls {
  private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private AdminCalls() {}

  public static Api.Reply callAt(int port, String method, String path, String token) {
    return send("http://127.0.0.1:" + port, method, path, token, null);
  }

  public static Api.Reply callAt(int port, String method, String path, String token, String body) {
    return send("http://127.0.0.1:" + port, method, path, token, body);
  }

  public static Api.Reply send(String base, String method, String path, String token, String body) {
    try {
      HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
          .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
          .header("Content-Type", "application/json").timeout(Duration.ofSeconds(60));
      if (token != null) {
        b.header("Authorization", "Bearer " + token);
      }
      HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
      return new Api.Reply(r.statusCode(), r.body());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
