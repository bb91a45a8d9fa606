package io.jackpot.access;

/**
 * An admin token's holder: its name (for the audit log, never the secret), its role, and the
 * operator it is scoped to (null: all operators).
 */
public record Admin(String name, Role role, String operatorScope) {
  /** {@code ADMIN} reads and writes; {@code VIEWER} only reads. */
  public enum Role { ADMIN, VIEWER }

  public boolean mayWrite() {
    return role == Role.ADMIN;
  }

  /** Whether this token may see or change what belongs to {@code operatorId}. */
  public boolean covers(String operatorId) {
    return operatorScope == null || operatorScope.equals(operatorId);
  }
}
