package io.jackpot.ledger.pg;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** A database URL is logged without its password, in either place a URL may carry one. */
class PgUrlTest {
  @Test
  void passwordsAreReplaced() {
    assertEquals("postgresql://app:***@db:5432/ledger", PgUrl.redacted("postgresql://app:s3cret@db:5432/ledger"));
    assertEquals("postgresql://db:5432/ledger?user=app&password=***&sslmode=require",
        PgUrl.redacted("postgresql://db:5432/ledger?user=app&password=s3cret&sslmode=require"));
    assertEquals("postgresql://postgres@127.0.0.1:5432/postgres", PgUrl.redacted("postgresql://postgres@127.0.0.1:5432/postgres"));
  }

  /** A password holding '@', '/', '?' or '&' unencoded is hidden whole: its userinfo ends at the last '@' before the host. */
  @Test
  void aPasswordWithSeparatorsIsHiddenWhole() {
    assertEquals("postgresql://u:***@host/db", PgUrl.redacted("postgresql://u:p@ss@host/db"));
    assertEquals("postgresql://u:***@host:5432/db", PgUrl.redacted("postgresql://u:p/ss@w/rd@host:5432/db"));
    assertEquals("postgresql://u:***@host/db?sslmode=require", PgUrl.redacted("postgresql://u:a&b?c=d@e@host/db?sslmode=require"));
    assertEquals("postgresql://u:***@h1:5432,h2:5433/db", PgUrl.redacted("postgresql://u:x@y@h1:5432,h2:5433/db"));
    assertEquals("postgresql://u:***@/db?host=/var/run/postgresql", PgUrl.redacted("postgresql://u:p@q@/db?host=/var/run/postgresql"));
    assertEquals("postgresql://db/ledger?user=app&password=***&sslmode=require",
        PgUrl.redacted("postgresql://db/ledger?user=app&password=p@ss/w&rd&sslmode=require"));
    assertEquals("postgresql://db/ledger?password=***", PgUrl.redacted("postgresql://db/ledger?password=a&b/c@d"));
    assertEquals("postgresql://db/ledger?user=app&PASSWORD=***", PgUrl.redacted("postgresql://db/ledger?user=app&PASSWORD=x&y"));
  }

  @Test
  void anUnparseableUrlIsRefusedWithoutQuotingIt() {
    String url = "postgresql://app:pa$$w#rd=1@db:5432/ledger";
    var e = Assertions.assertThrows(IllegalArgumentException.class, () -> PgUrl.options(url));
    Assertions.assertFalse(e.getMessage().contains("pa$$w"), e.getMessage());
  }
}
