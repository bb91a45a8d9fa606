package io.jackpot.paging;

import java.util.List;
import java.util.function.Function;

/** A page of a listing, and where the next begins (null: this was the last). */
public record Page<T>(List<T> items, String next) {
  /** The first {@code limit} of {@code found} (asked for one more), and a cursor after the last if there was more. */
  public static <T> Page<T> of(List<T> found, int limit, Function<T, String> cursorAfter) {
    List<T> items = found.subList(0, Math.min(limit, found.size()));
    return new Page<>(items, found.size() > limit ? cursorAfter.apply(items.get(items.size() - 1)) : null);
  }

  public <U> Page<U> map(Function<T, U> f) {
    return new Page<>(items.stream().map(f).toList(), next);
  }
}
