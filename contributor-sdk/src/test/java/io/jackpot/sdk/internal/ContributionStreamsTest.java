package io.jackpot.sdk.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Reading the stream's answers: the id and status the service writes first, or a full parse. */
class ContributionStreamsTest {
  @Test
  void anAnswerAsTheServiceWritesIt() throws Exception {
    String ok = "{\"id\":42,\"status\":200,\"results\":[{\"roundId\":\"r,1\",\"status\":\"APPLIED\"}]}";
    assertEquals(42, ContributionStreams.idOf(ok));
    assertEquals(new ContributionStreams.Answer(200, ok, -1), ContributionStreams.read(ok));

    String busy = "{\"id\":7,\"status\":503,\"retryAfter\":2,\"error\":{\"code\":\"OVERLOADED\",\"message\":\"retry, shortly\"}}";
    assertEquals(7, ContributionStreams.idOf(busy));
    assertEquals(new ContributionStreams.Answer(503, busy, 2000), ContributionStreams.read(busy));

    String refused = "{\"id\":8,\"status\":400,\"error\":{\"code\":\"EMPTY_BATCH\",\"message\":\"m\"}}";
    assertEquals(new ContributionStreams.Answer(400, refused, -1), ContributionStreams.read(refused));
  }

  @Test
  void anyOtherLayoutOfTheSameJson() throws Exception {
    String spaced = "{ \"status\": 200, \"id\": 9, \"results\": [] }";
    assertEquals(9, ContributionStreams.idOf(spaced));
    assertEquals(200, ContributionStreams.read(spaced).status());
  }
}
