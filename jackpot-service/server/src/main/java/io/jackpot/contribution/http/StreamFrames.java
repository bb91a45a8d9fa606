package io.jackpot.contribution.http;

import io.jackpot.http.JsonBody;
import io.jackpot.http.StrictJson;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.core.http.WebSocketFrame;
import java.nio.charset.CharacterCodingException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Assembles one connection's text messages from their frames, up to {@link JsonBody#LIMIT}, and hands
 * each whole, well-formed UTF-8 message to its stream. Frames, not Vert.x' text messages: it decodes
 * them replacing malformed UTF-8, where a message that is not UTF-8 must close the connection (RFC 6455, 1007).
 */
final class StreamFrames {
  private static final Logger log = LoggerFactory.getLogger(ContributionStream.class); // the name its log lines always had
  private final ServerWebSocket socket;
  private final String peer;
  private final StreamConnection stream;
  /** The text message being received, frame by frame; null between messages. */
  private Buffer partial;

  StreamFrames(ServerWebSocket socket, String peer, StreamConnection stream) {
    this.socket = socket;
    this.peer = peer;
    this.stream = stream;
  }

  /**
   * A message over the limit can never be answered (its id is in what was refused): the connection
   * is closed (1009) rather than left with a batch waiting for ever.
   */
  void onFrame(WebSocketFrame frame) {
    if (socket.isClosed() || !(frame.isText() || frame.isBinary() || frame.isContinuation())) {
      return; // pings, pongs and the close are handled by Vert.x
    }
    if (frame.isBinary() || frame.isContinuation() && partial == null) {
      socket.close((short) 1003, "send text messages");
      return;
    }
    if (frame.isText()) {
      partial = Buffer.buffer();
    }
    Buffer data = frame.binaryData();
    if ((long) partial.length() + data.length() > JsonBody.LIMIT) {
      partial = null;
      log.warn("contribution stream from {}: a message over 1 MiB; closing it (1009)", peer);
      socket.close((short) 1009, "a message is at most 1 MiB; nothing in it was applied");
      return;
    }
    partial.appendBuffer(data);
    if (frame.isFinal()) {
      byte[] bytes = partial.getBytes();
      partial = null;
      decode(bytes);
    }
  }

  private void decode(byte[] bytes) {
    String text;
    try {
      text = StrictJson.utf8(bytes);
    } catch (CharacterCodingException e) {
      log.info("contribution stream from {}: a message that is not well-formed UTF-8; closing it (1007)", peer);
      socket.close((short) 1007, "messages must be well-formed UTF-8; nothing in it was applied");
      return;
    }
    stream.onMessage(text);
  }
}
