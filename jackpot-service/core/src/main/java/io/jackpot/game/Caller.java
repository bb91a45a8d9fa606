package io.jackpot.game;

import java.util.Set;

/** A game key's holder: the operator it is bound to and the games it may speak for. */
public record Caller(String operatorId, Set<String> games) {
  public Caller {
    games = Set.copyOf(games);
  }

  public boolean speaksFor(String gameId) {
    return games.contains(gameId);
  }
}
