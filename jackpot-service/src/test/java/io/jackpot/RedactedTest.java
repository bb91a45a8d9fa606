package io.jackpot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A database URL is logged without its password, in either place a URL may carry one. */
class RedactedTest {
  @Test
  void passwordsAreReplaced() {
    assertEquals("postgresql://app:***@db:5432/ledger", JackpotNode.redacted("postgresql://app:s3cret@db:5432/ledger"));
    assertEquals("postgresql://db:5432/ledger?user=app&password=***&sslmode=require",
        JackpotNode.redacted("postgresql://db:5432/ledger?user=app&password=s3cret&sslmode=require"));
    assertEquals("postgresql://postgres@127.0.0.1:5432/postgres", JackpotNode.redacted("postgresql://postgres@127.0.0.1:5432/postgres"));
  }

  @Test
  void anUnparseableUrlIsRefusedWithoutQuotingIt() {
    String url = "postgresql://app:pa$$w#rd=1@db:5432/ledger";
    var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> JackpotNode.pgOptions(url));
    org.junit.jupiter.api.Assertions.assertFalse(e.getMessage().contains("pa$$w"), e.getMessage());
  }
}
