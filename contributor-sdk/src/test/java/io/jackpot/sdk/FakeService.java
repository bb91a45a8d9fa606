package io.jackpot.sdk;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A scripted stand-in for the service's HTTP API (the JDK's HttpServer on loopback): each request
 * is answered by the next scripted reply, or by the default once the script is used up.
 */
final class FakeService implements AutoCloseable {
  record Reply(int status, String body, String retryAfter) {}

  final HttpServer server;
  final Deque<Reply> script = new ArrayDeque<>();
  final AtomicInteger requests = new AtomicInteger();
  final AtomicInteger items = new AtomicInteger();
  final List<String> bodies = new CopyOnWriteArrayList<>();
  volatile Function<String, Reply> otherwise;

  FakeService(Function<String, Reply> otherwise) throws IOException {
    this.otherwise = otherwise;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private void handle(HttpExchange ex) throws IOException {
    String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    requests.incrementAndGet();
    bodies.add(body);
    items.addAndGet(body.split("\"roundId\"", -1).length - 1);
    Reply reply;
    synchronized (script) {
      reply = script.isEmpty() ? otherwise.apply(body) : script.poll();
    }
    if (reply.retryAfter() != null) {
      ex.getResponseHeaders().add("Retry-After", reply.retryAfter());
    }
    byte[] out = reply.body().getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", "application/json");
    ex.sendResponseHeaders(reply.status(), out.length);
    ex.getResponseBody().write(out);
    ex.close();
  }

  /** Answers every item of a contributions request APPLIED (or with the given status and error code). */
  static Reply answerAll(String request, String status, String code) {
    StringBuilder results = new StringBuilder("{\"results\":[");
    var m = Pattern.compile("\"roundId\":\"([^\"]+)\"").matcher(request);
    boolean first = true;
    while (m.find()) {
      results.append(first ? "" : ",").append("{\"roundId\":\"").append(m.group(1)).append("\",\"status\":\"").append(status)
          .append("\",\"contributions\":[],\"triggers\":[]").append(code == null ? "" : ",\"error\":{\"code\":\"" + code
              + "\",\"message\":\"m\"}").append("}");
      first = false;
    }
    return new Reply(200, results.append("]}").toString(), null);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
