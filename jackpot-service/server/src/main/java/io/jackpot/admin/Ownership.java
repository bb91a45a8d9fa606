package io.jackpot.admin;

import io.jackpot.access.Admin;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Which jackpots a token may see (its operator's; a network token every one) and which of them it
 * may move money of: a scoped token none that other operators' games feed too.
 */
public final class Ownership {
  private final Catalogue catalogue;
  private final Function<String, Set<String>> operatorsOf;

  /** {@code operatorsOf}: the operators whose game keys speak for a game. */
  public Ownership(Catalogue catalogue, Function<String, Set<String>> operatorsOf) {
    this.catalogue = catalogue;
    this.operatorsOf = operatorsOf;
  }

  /** The jackpot, if this token may see it: unknown → 404, another operator's → 403. */
  public JackpotDefinition visible(Admin admin, String jackpotId) {
    JackpotDefinition j = catalogue.jackpot(jackpotId)
        .orElseThrow(() -> new Rejection(Kind.NOT_FOUND, ErrorCode.UNKNOWN_JACKPOT, "no jackpot " + jackpotId));
    if (!admin.covers(j.owner())) {
      throw new Rejection(Kind.FORBIDDEN, ErrorCode.OTHER_OPERATOR, "jackpot " + jackpotId + " belongs to another operator");
    }
    return j;
  }

  public List<JackpotDefinition> visibleJackpots(Admin admin) {
    return catalogue.jackpots().stream().filter(j -> admin.covers(j.owner())).toList();
  }

  /** The operators other than the token's own whose keys speak for {@code game}. */
  Set<String> otherOperators(Admin admin, String game) {
    Set<String> others = new TreeSet<>(operatorsOf.apply(game));
    others.remove(admin.operatorScope());
    return others;
  }

  /**
   * Refuses (403 GAME_SHARED) a scoped token's {@code what} on a shared jackpot: one linking a game
   * other operators' keys speak for too, whose pools their players' stakes feed. Only a network
   * (unscoped) token moves such a jackpot's money.
   */
  void refuseShared(Admin admin, JackpotDefinition j, String field, String what) {
    if (admin.operatorScope() == null) {
      return;
    }
    Set<String> others = new TreeSet<>();
    j.games().forEach(game -> others.addAll(operatorsOf.apply(game)));
    others.remove(admin.operatorScope());
    if (!others.isEmpty()) {
      throw new Rejection(Kind.FORBIDDEN, ErrorCode.GAME_SHARED, field + "jackpot " + j.id() + " is fed by games operators " + others
          + " play too; only a network (unscoped) admin token may " + what);
    }
  }

  /** Refuses (403 READ_ONLY_TOKEN) a change asked for by a viewer token. */
  static void requireWriter(Admin admin) {
    if (!admin.mayWrite()) {
      throw new Rejection(Kind.FORBIDDEN, ErrorCode.READ_ONLY_TOKEN, "token " + admin.name() + " has the viewer role: it may only read");
    }
  }
}
