package io.jackpot.cli;

import io.vertx.core.json.JsonObject;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** jackpotctl's HTTP calls to the admin API: JSON in and out, busy reads sent again. */
final class AdminApi {
  /**
   * How often a read refused 503 BUSY is sent again, after its Retry-After each time. BUSY means
   * another read of its kind (a reconciliation, a count, a page) is running on the member.
   */
  static final int BUSY_TRIES = 30;

  /** A request the service refused: its status and error body. */
  static final class Failed extends RuntimeException {
    Failed(String message) {
      super(message, null, false, false);
    }
  }

  private final String base;
  private final String token;
  private final HttpClient http = HttpClient.newHttpClient();
  /** Where notes about waiting go (standard error): never the command's output. */
  private final Consumer<String> notes;

  AdminApi(String base, String token, Consumer<String> notes) {
    this.base = base;
    this.token = token;
    this.notes = notes;
  }

  JsonObject call(String method, String path, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", "Bearer " + token)
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      b.header("Content-Type", "application/json");
    }
    HttpResponse<String> r = sendWhileBusy(method, path, b.build());
    if (r.statusCode() >= 400) {
      JsonObject error = new JsonObject(r.body()).getJsonObject("error");
      throw new Failed(method + " " + path + " -> " + r.statusCode() + " " + error.getString("code") + ": " + error.getString("message"));
    }
    return new JsonObject(r.body());
  }

  private HttpResponse<String> sendWhileBusy(String method, String path, HttpRequest request) throws Exception {
    for (int tries = 1; ; tries++) {
      HttpResponse<String> r;
      try {
        r = http.send(request, HttpResponse.BodyHandlers.ofString());
      } catch (ConnectException e) {
        throw new Failed("cannot reach the service at " + base + " (set JACKPOT_URL)");
      }
      long wait = busyWait(method, r);
      if (wait < 0 || tries == BUSY_TRIES) {
        return r;
      }
      notes.accept(method + " " + path + ": the member is busy with another read of its kind; trying again in " + wait + " s");
      Thread.sleep(wait * 1000);
    }
  }

  /** Every item of a paged listing: its pages in turn, each continuing after the last ({@code next}). */
  List<JsonObject> everyPage(String path, String items) throws Exception {
    List<JsonObject> all = new ArrayList<>();
    String after = null;
    do {
      String page = path + (after == null ? "" : (path.contains("?") ? "&" : "?") + "after=" + URLEncoder.encode(after, StandardCharsets.UTF_8));
      JsonObject answer = call("GET", page, null);
      answer.getJsonArray(items).forEach(o -> all.add((JsonObject) o));
      after = answer.getString("next");
    } while (after != null);
    return all;
  }

  /**
   * Seconds to wait before sending a read again that the member refused 503 BUSY (its Retry-After,
   * 1 to 10), or -1: anything else is final, and a change (not a GET) is never sent again by itself.
   */
  static long busyWait(String method, HttpResponse<String> r) {
    if (!"GET".equals(method) || r.statusCode() != 503) {
      return -1;
    }
    try {
      if (!"BUSY".equals(new JsonObject(r.body()).getJsonObject("error").getString("code"))) {
        return -1;
      }
    } catch (RuntimeException notOurs) {
      return -1;
    }
    long after;
    try {
      after = r.headers().firstValueAsLong("Retry-After").orElse(1);
    } catch (NumberFormatException aDate) {
      after = 1;
    }
    return Math.max(1, Math.min(10, after));
  }
}
