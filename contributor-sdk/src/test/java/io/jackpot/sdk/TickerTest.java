package io.jackpot.sdk;

import static io.jackpot.sdk.Clients.config;
import static io.jackpot.sdk.LoopbackWebSocket.headerLine;
import static io.jackpot.sdk.LoopbackWebSocket.upgrade;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** The jackpot-won subscription as the contributor runs it: its stages and its closing. */
class TickerTest {
  /**
   * A service frozen after it took the jackpot-won listener's ticker connection (its kernel still
   * accepts data; nothing answers, not even the close): the contributor's close() does not leave
   * the connection open behind it. (The contribution stream is closed the same way.)
   */
  @Test
  void closingCutsOffATickerWhosePeerNeverAnswersTheClose() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      CountDownLatch upgraded = new CountDownLatch(1);
      CountDownLatch ended = new CountDownLatch(1);
      silentTicker(server, upgraded, ended);
      // Time enough to read the upgrade's answer however busy the machine (it bounds the upgrade too).
      JackpotContributor sdk = JackpotContributor.of(config("http://127.0.0.1:" + server.getLocalPort())
          .requestTimeout(Duration.ofSeconds(3)).build());
      sdk.onJackpotWon(w -> { });
      assertTrue(upgraded.await(10, TimeUnit.SECONDS), "the ticker was opened");
      sdk.close();
      assertTrue(ended.await(10, TimeUnit.SECONDS), "the connection is closed, though the peer never answered the close");
    }
  }

  /**
   * Each onJackpotWon call gets a stage of its own: one caller that bounds its wait for the first
   * snapshot (orTimeout, cancel) fails only its own, not the later callers' (they shared one).
   */
  @Test
  void oneCallersTimedOutSubscriptionLeavesTheOthersStagesPending() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      CountDownLatch upgraded = new CountDownLatch(1);
      silentTicker(server, upgraded, new CountDownLatch(1));
      JackpotContributor sdk = JackpotContributor.of(config("http://127.0.0.1:" + server.getLocalPort())
          .requestTimeout(Duration.ofSeconds(3)).build());
      try {
        var first = sdk.onJackpotWon(w -> { }).toCompletableFuture();
        assertTrue(upgraded.await(10, TimeUnit.SECONDS), "the ticker was opened");
        first.completeExceptionally(new TimeoutException("the first caller stopped waiting"));
        var second = sdk.onJackpotWon(w -> { }).toCompletableFuture();
        assertFalse(second.isDone(), "the second caller's stage waits for the snapshot, not failed by the first's timeout");
      } finally {
        sdk.close();
      }
    }
  }

  /**
   * A ticker on {@code server} that accepts one connection, answers its upgrade ({@code upgraded}),
   * then sends nothing (no snapshot) and answers nothing (not even a close) until the client cuts
   * the connection ({@code ended}).
   */
  private static void silentTicker(ServerSocket server, CountDownLatch upgraded,
      CountDownLatch ended) {
    Thread silent = new Thread(() -> {
      try (Socket s = server.accept()) {
        InputStream in = s.getInputStream();
        String key = null;
        for (String line = headerLine(in); !line.isEmpty(); line = headerLine(in)) {
          if (line.toLowerCase(Locale.ROOT).startsWith("sec-websocket-key:")) {
            key = line.substring(18).trim();
          }
        }
        upgrade(s.getOutputStream(), key);
        upgraded.countDown();
        while (in.read() >= 0) {
          // reads what comes (the close frame), answers nothing
        }
        ended.countDown(); // the client cut the connection
      } catch (Exception e) {
        ended.countDown(); // reset: cut too
      }
    });
    silent.setDaemon(true);
    silent.start();
  }
}
