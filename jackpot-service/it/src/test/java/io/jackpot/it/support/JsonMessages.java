package io.jackpot.it.support;

import io.vertx.core.json.JsonObject;
import java.net.http.WebSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * A JDK WebSocket listener for the tests: joins each text message's frames and hands the whole
 * message, as JSON, to {@code onMessage}; remembers the close code the other side sent.
 */
public class JsonMessages implements WebSocket.Listener {
  private final StringBuilder partial = new StringBuilder();
  private final Consumer<JsonObject> onMessage;
  public final CompletableFuture<Integer> closed = new CompletableFuture<>();

  public JsonMessages(Consumer<JsonObject> onMessage) {
    this.onMessage = onMessage;
  }

  @Override
  public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
    partial.append(data);
    if (last) {
      JsonObject m = new JsonObject(partial.toString());
      partial.setLength(0);
      onMessage.accept(m);
    }
    ws.request(1);
    return null;
  }

  @Override
  public CompletionStage<?> onClose(WebSocket ws, int code, String reason) {
    closed.complete(code);
    return null;
  }
}
