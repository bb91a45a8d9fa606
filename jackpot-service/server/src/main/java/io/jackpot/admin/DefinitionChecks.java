package io.jackpot.admin;

import io.jackpot.access.Admin;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.GameCurrencies;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.StakeShares;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.pool.PoolId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * What a new jackpot definition must pass before it is saved: the token's scope, what may change
 * of the version before, its overflow targets, and (under the ledger's lock) the rules across
 * jackpots against the versions in force.
 */
public final class DefinitionChecks {
  private final Catalogue catalogue;
  private final Ownership ownership;
  private final Function<String, Set<String>> gamesOf;
  private final StoredForms forms;

  /**
   * {@code gamesOf} names the games an operator's game keys speak for: a scoped token may link only
   * games its operator alone plays, and change no jackpot such a game of another operator feeds.
   */
  public DefinitionChecks(Catalogue catalogue, Ownership ownership, Function<String, Set<String>> gamesOf, StoredForms forms) {
    this.catalogue = catalogue;
    this.ownership = ownership;
    this.gamesOf = gamesOf;
    this.forms = forms;
  }

  /**
   * Refuses {@code next} if the token may not save it over {@code before} (null: a new jackpot).
   * Answers its overflow targets (each with the field naming it) for the live check that none is
   * discontinued.
   */
  Map<PoolId, String> check(Admin admin, JackpotDefinition before, JackpotDefinition next) {
    if (!admin.covers(next.owner())) {
      throw new Rejection(Kind.FORBIDDEN, ErrorCode.OTHER_OPERATOR, "token " + admin.name() + " may only define jackpots owned by " + admin.operatorScope());
    }
    if (before != null) {
      checkChange(admin, before, next);
    }
    Map<PoolId, String> overflowTargets = checkOverflowTargets(admin, next);
    if (admin.operatorScope() != null) {
      checkScoped(admin, before, next);
    }
    return overflowTargets;
  }

  private static void checkChange(Admin admin, JackpotDefinition before, JackpotDefinition next) {
    if (!admin.covers(before.owner())) {
      throw new Rejection(Kind.FORBIDDEN, ErrorCode.OTHER_OPERATOR, "jackpot " + before.id() + " belongs to another operator");
    }
    if (!before.currency().equals(next.currency())) {
      throw Rejection.invalid(ErrorCode.CURRENCY_CHANGE, "currency: jackpot " + before.id() + " is kept in " + before.currency()
          + "; a jackpot's currency cannot change");
    }
    for (PoolDefinition p : before.pools()) {
      if (next.pool(p.key()).isEmpty()) {
        throw Rejection.invalid(ErrorCode.POOL_REMOVAL, "pools: pool " + p.key() + " is missing; discontinue a pool instead of removing it");
      }
    }
  }

  /** Every overflowTo names an existing pool (of this definition or another jackpot) in the same currency, not itself. */
  private Map<PoolId, String> checkOverflowTargets(Admin admin, JackpotDefinition next) {
    Map<PoolId, String> targets = new LinkedHashMap<>();
    for (PoolDefinition p : next.pools()) {
      PoolId to = p.overflowTo();
      if (to == null) {
        continue;
      }
      if (to.equals(next.poolId(p))) {
        throw Rejection.invalid(ErrorCode.INVALID_DEFINITION, "pools." + p.key() + ".overflowTo: a pool cannot overflow into itself");
      }
      JackpotDefinition target = to.jackpotId().equals(next.id()) ? next : catalogue.jackpot(to.jackpotId()).orElse(null);
      if (target == null || target.pool(to.poolKey()).isEmpty()) {
        throw Rejection.invalid(ErrorCode.INVALID_DEFINITION, "pools." + p.key() + ".overflowTo: no pool " + to);
      }
      if (!target.currency().equals(next.currency())) {
        throw Rejection.invalid(ErrorCode.INVALID_DEFINITION, "pools." + p.key() + ".overflowTo: pool " + to + " is kept in " + target.currency());
      }
      if (!admin.covers(target.owner())) {
        throw new Rejection(Kind.FORBIDDEN, ErrorCode.OTHER_OPERATOR, "pools." + p.key() + ".overflowTo: pool " + to + " belongs to another operator");
      }
      targets.putIfAbsent(to, "pools." + p.key() + ".overflowTo");
    }
    return targets;
  }

  /**
   * A scoped token links only its operator's games, and no game other operators play too: every
   * operator's contributions for a game feed every jackpot linking it (a wide-area network), and
   * linking a shared game would take their players' money into this operator's jackpot, or refuse
   * their rounds (another currency, coin values). Only an unscoped (network) token may link one.
   */
  private void checkScoped(Admin admin, JackpotDefinition before, JackpotDefinition next) {
    String scope = admin.operatorScope();
    if (!gamesOf.apply(scope).containsAll(next.games())) {
      throw new Rejection(Kind.FORBIDDEN, ErrorCode.GAME_NOT_LINKED, "games: a token scoped to " + scope
          + " may only link its operator's games " + new TreeSet<>(gamesOf.apply(scope)));
    }
    for (String game : next.games()) {
      Set<String> others = ownership.otherOperators(admin, game);
      if (!others.isEmpty() && (before == null || !before.games().contains(game))) {
        throw new Rejection(Kind.FORBIDDEN, ErrorCode.GAME_SHARED, "games: " + game + " is also played by operators " + others
            + "; only a network (unscoped) admin token may link it");
      }
    }
    if (next.equals(before)) { // the definition in force sent again changes nothing: idempotent
      return;
    }
    if (before != null) {
      // Its pools hold other operators' players' stakes: an extra pool or a raised rate would take
      // more of them into a jackpot this operator's players can win, or send them elsewhere.
      ownership.refuseShared(admin, before, "", "change its terms, pools or games");
    }
    for (PoolDefinition p : next.pools()) {
      PoolId to = p.overflowTo();
      boolean named = to != null && !to.jackpotId().equals(next.id())
          && (before == null || before.pool(p.key()).map(PoolDefinition::overflowTo).filter(to::equals).isEmpty());
      if (named) {
        catalogue.jackpot(to.jackpotId()).ifPresent(target ->
            ownership.refuseShared(admin, target, "pools." + p.key() + ".overflowTo: ", "overflow into its pool " + to));
      }
    }
  }

  /**
   * The rules across jackpots, checked under the lock every definition save takes, against the
   * versions in force in the ledger. This member's catalogue may lag another member's save, and
   * two PUTs linking one game at once must see each other.
   * Checked: the version the change was made on is still in force, one currency per game
   * (GameCurrencies), and a game's jackpots take less than the whole stake (StakeShares;
   * {@code takesNow} reads what each running pool takes until its next win).
   * Scope checks come first, so a scoped token hears only of jackpots for games it may link.
   * Answers false when {@code next} already is in force: the same definition sent again.
   */
  boolean checkInForce(Map<String, String> inForce, JackpotDefinition before, JackpotDefinition next,
      ToLongFunction<PoolId> takesNow) {
    String latestJson = inForce.get(next.id());
    JackpotDefinition latest = latestJson == null ? null : forms.definition(next.id(), latestJson);
    if (next.equals(latest)) {
      return false;
    }
    if (!Objects.equals(latest, before)) {
      throw new Rejection(Kind.CONFLICT, ErrorCode.DEFINITION_CHANGED, "jackpot " + next.id() + " was changed meanwhile (or this member has"
          + " not seen the latest version yet); nothing was saved: read it again and retry");
    }
    List<JackpotDefinition> others = new ArrayList<>();
    inForce.forEach((id, json) -> {
      if (!id.equals(next.id())) {
        others.add(forms.definition(id, json));
      }
    });
    List<String> currencies = GameCurrencies.problems(others, next);
    if (!currencies.isEmpty()) {
      throw Rejection.invalid(ErrorCode.INVALID_DEFINITION, "games: " + String.join("; ", currencies));
    }
    others.add(next);
    List<String> tooMuch = StakeShares.problems(others, next.games(), takesNow);
    if (!tooMuch.isEmpty()) {
      throw Rejection.invalid(ErrorCode.INVALID_DEFINITION, String.join("; ", tooMuch));
    }
    return true;
  }
}
