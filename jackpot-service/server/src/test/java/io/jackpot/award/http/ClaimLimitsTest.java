package io.jackpot.award.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ClaimLimitsTest {
  @Test
  void aKeyPastItsClaimsPerPeriodIsRefusedAndOtherKeysAreNot() {
    ClaimLimits limits = new ClaimLimits(2, Duration.ofHours(1)); // a period no test run outlasts
    limits.take("key-a");
    limits.take("key-a");
    Rejection third = assertThrows(Rejection.class, () -> limits.take("key-a"));
    assertEquals(Rejection.Kind.TOO_MANY, third.kind());
    assertEquals(ErrorCode.TOO_MANY_CLAIMS, third.code());
    limits.take("key-b");
  }
}
