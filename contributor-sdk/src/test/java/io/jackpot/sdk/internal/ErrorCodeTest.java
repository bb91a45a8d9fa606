package io.jackpot.sdk.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.sdk.JackpotException;
import org.junit.jupiter.api.Test;

class ErrorCodeTest {
  @Test
  void aCodeThisSdkDoesNotKnowIsAPlainRefusal() {
    assertEquals(ErrorCode.OTHER, ErrorCode.of("SOMETHING_NEW"));
    assertEquals(ErrorCode.OTHER, ErrorCode.of(null));
    assertEquals(ErrorCode.OTHER, ErrorCode.of("overloaded"), "codes are matched as the service writes them");
    assertFalse(ErrorCode.of("SOMETHING_NEW").asksAgain());
    assertFalse(ErrorCode.of("SOMETHING_NEW").wrongEndpoint());
  }

  @Test
  void notJustNowAndWrongEndpointCodesAreToldApart() {
    assertTrue(ErrorCode.of("OVERLOADED").asksAgain());
    assertTrue(ErrorCode.of("ROUND_IN_PROGRESS").asksAgain());
    for (String code : new String[] {"NOT_FOUND", "METHOD_NOT_ALLOWED", "WEBSOCKET_REQUIRED"}) {
      assertTrue(ErrorCode.of(code).wrongEndpoint(), code);
      assertFalse(ErrorCode.of(code).asksAgain(), code);
    }
  }

  @Test
  void theServicesOwnRefusalIsFinalAndAWrongEndpointsIsNot() {
    JackpotException refused = ServiceAnswers.finalRefusal(400, "{\"error\":{\"code\":\"UNKNOWN_POOL\",\"message\":\"no such pool\"}}");
    assertEquals("UNKNOWN_POOL", refused.code(), "an unknown code reaches the caller as the service wrote it");
    assertEquals("400 UNKNOWN_POOL: no such pool", refused.getMessage());
    assertNull(ServiceAnswers.finalRefusal(404, "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"m\"}}"));
    assertNull(ServiceAnswers.finalRefusal(400, "<html>a proxy</html>"));
    assertEquals("PAYLOAD_TOO_LARGE", ServiceAnswers.finalRefusal(413, "<html>too large</html>").code());
  }
}
