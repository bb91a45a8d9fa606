package io.jackpot.it.support;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Headless Chromium (Debian's package) driven over the DevTools protocol with the JDK's WebSocket
 * client: navigate, evaluate JavaScript, take screenshots. Started with the flags this closed
 * network needs (no background networking, no component updates).
 */
public final class Chromium implements AutoCloseable {
  static final Path BINARY = Path.of("/usr/bin/chromium");

  private final Process process;
  private final Path profile;
  private final WebSocket page;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonObject>> calls = new ConcurrentHashMap<>();

  private Chromium(Process process, Path profile, WebSocket page) {
    this.process = process;
    this.profile = profile;
    this.page = page;
  }

  public static boolean available() {
    return Files.isExecutable(BINARY);
  }

  public static Chromium start() throws Exception {
    Path profile = ScratchDirs.create("chromium-profile");
    Process p = new ProcessBuilder(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", "--window-size=1280,900", "--remote-debugging-port=0",
        "--user-data-dir=" + profile, "about:blank")
        .redirectErrorStream(true).redirectOutput(profile.resolve("chromium.log").toFile()).start();
    Path portFile = profile.resolve("DevToolsActivePort");
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!Files.exists(portFile) || Files.readAllLines(portFile).isEmpty()) {
      if (!p.isAlive() || System.nanoTime() > end) {
        throw new IllegalStateException("chromium did not start: " + Files.readString(profile.resolve("chromium.log")));
      }
      p.waitFor(100, TimeUnit.MILLISECONDS);
    }
    int port = Integer.parseInt(Files.readAllLines(portFile).get(0).trim());
    HttpClient http = HttpClient.newHttpClient();
    JsonArray targets = new JsonArray(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list")).build(),
        HttpResponse.BodyHandlers.ofString()).body());
    String wsUrl = targets.stream().map(JsonObject.class::cast).filter(t -> "page".equals(t.getString("type")))
        .findFirst().orElseThrow().getString("webSocketDebuggerUrl");
    Chromium[] self = new Chromium[1];
    WebSocket ws = http.newWebSocketBuilder().buildAsync(URI.create(wsUrl), new JsonMessages(m -> {
      CompletableFuture<JsonObject> call = m.containsKey("id") ? self[0].calls.remove(m.getInteger("id")) : null;
      if (call != null) {
        call.complete(m);
      }
    })).join();
    self[0] = new Chromium(p, profile, ws);
    return self[0];
  }

  JsonObject call(String method, JsonObject params) throws Exception {
    int id = ids.incrementAndGet();
    CompletableFuture<JsonObject> reply = new CompletableFuture<>();
    calls.put(id, reply);
    page.sendText(new JsonObject().put("id", id).put("method", method).put("params", params).encode(), true).join();
    JsonObject m = reply.get(30, TimeUnit.SECONDS);
    if (m.containsKey("error")) {
      throw new IllegalStateException(method + ": " + m.getJsonObject("error").encode());
    }
    return m.getJsonObject("result");
  }

  public void navigate(String url) throws Exception {
    call("Page.navigate", new JsonObject().put("url", url));
  }

  /** The value of a JavaScript expression in the page (JSON-compatible values). */
  public Object eval(String expression) throws Exception {
    JsonObject r = call("Runtime.evaluate", new JsonObject().put("expression", expression).put("returnByValue", true));
    return r.getJsonObject("result").getValue("value");
  }

  public void screenshot(Path file) throws Exception {
    String data = call("Page.captureScreenshot", new JsonObject().put("format", "png")).getString("data");
    Files.createDirectories(file.getParent());
    Files.write(file, Base64.getDecoder().decode(data));
  }

  @Override
  public void close() throws Exception {
    page.abort();
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
