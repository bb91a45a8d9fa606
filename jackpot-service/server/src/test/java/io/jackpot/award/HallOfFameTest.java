package io.jackpot.award;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.ledger.WinHistory;
import io.jackpot.money.Money;
import io.jackpot.paging.Cursors;
import io.jackpot.paging.Page;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Trigger;
import io.jackpot.pool.Win;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class HallOfFameTest {
  private static final PoolId POOL = new PoolId("candy", "mini");

  /** What the ledger was asked, and the stages it answered (completed by the test). */
  private final List<Object[]> asked = new ArrayList<>();
  private final List<CompletableFuture<List<Win>>> answers = new ArrayList<>();
  private final WinHistory ledger = (WinHistory) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {WinHistory.class},
      (proxy, method, args) -> {
        if (!method.getName().equals("findLatestWins")) {
          throw new UnsupportedOperationException(method.getName());
        }
        asked.add(args);
        CompletableFuture<List<Win>> answer = new CompletableFuture<>();
        answers.add(answer);
        return answer;
      });
  private final HallOfFame hallOfFame = new HallOfFame(ledger);

  private static Win win(long sequence, String at) {
    return new Win(Win.idFor(POOL, sequence), POOL, sequence, sequence, "r", "p", "g", "op", Money.ofMicros(1), 1, Instant.parse(at),
        Trigger.Kind.CLAIM, null, null, null);
  }

  private static <T> T done(CompletionStage<T> stage) {
    return stage.toCompletableFuture().join();
  }

  @Test
  void aPageAsksForOneMoreAndItsNextIsThePlaceOfItsOldestWin() {
    CompletionStage<Page<Win>> first = hallOfFame.page("candy", null, 2);
    assertEquals(Arrays.asList("candy", null, 3), Arrays.asList(asked.get(0)), "one more than the page holds, from the newest");
    Win newest = win(3, "2026-11-21T13:45:03Z");
    Win older = win(2, "2026-11-21T13:45:02Z");
    answers.get(0).complete(List.of(newest, older, win(1, "2026-11-21T13:45:01Z")));
    Page<Win> page = done(first);
    assertEquals(List.of(newest, older), page.items());
    assertEquals(Cursors.of(older), page.next());

    CompletionStage<Page<Win>> second = hallOfFame.page("candy", page.next(), 2);
    assertEquals(new WinHistory.WinCursor(older.wonAt(), older.winId()), asked.get(1)[1], "the next page begins before it");
    answers.get(1).complete(List.of(win(1, "2026-11-21T13:45:01Z")));
    assertNull(done(second).next(), "the last page");
  }

  @Test
  void aCursorThatNoPageGaveIsRefusedBeforeTheLedgerIsAsked() {
    Rejection r = assertThrows(Rejection.class, () -> hallOfFame.page("candy", "garbage", 20));
    assertEquals(ErrorCode.INVALID_FIELD, r.code());
    assertEquals(List.of(), asked);
  }

  @Test
  void onlyAFewPagesAreReadAtOnceAndAFinishedOneMakesRoom() {
    for (int i = 0; i < HallOfFame.READS_AT_ONCE; i++) {
      hallOfFame.page("candy", null, 20);
    }
    assertEquals(ErrorCode.BUSY, assertThrows(Rejection.class, () -> hallOfFame.page("candy", null, 20)).code());
    answers.get(0).completeExceptionally(new IllegalStateException("the ledger failed"));
    hallOfFame.page("candy", null, 20); // a failed read gives its place back too
    assertEquals(HallOfFame.READS_AT_ONCE + 1, asked.size());
  }
}
