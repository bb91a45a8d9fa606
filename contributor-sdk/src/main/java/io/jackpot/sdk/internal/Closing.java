package io.jackpot.sdk.internal;

import java.net.http.WebSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** How the client's WebSockets (the contribution streams, the jackpot-won ticker) are closed when it closes. */
final class Closing {
  private Closing() {}

  /**
   * Closes {@code ws} (normal closure); a peer that has not answered the close a second later (a
   * frozen server, which the JDK would wait for as long as it is frozen) is cut off. The second
   * counts from now, not from when the close is sent: behind a message a frozen peer no longer
   * reads, it never is.
   */
  static void closeOrAbort(WebSocket ws) {
    ws.sendClose(WebSocket.NORMAL_CLOSURE, "closed");
    new CompletableFuture<Void>().completeOnTimeout(null, 1, TimeUnit.SECONDS).thenRun(() -> {
      if (!ws.isInputClosed()) {
        ws.abort();
      }
    });
  }
}
