package io.jackpot.ledger;

import java.time.Instant;

/**
 * One operator action on the record: who (the token's name, never its secret), what, on what,
 * the operator that owns it (operator-scoped tokens see only their own), and the state before
 * and after (JSON objects).
 */
public record AuditEntry(Instant at, String actor, String owner, String action, String target,
    String before, String after) {}
