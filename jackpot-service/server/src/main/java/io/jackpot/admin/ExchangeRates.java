package io.jackpot.admin;

import io.jackpot.access.Admin;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.fx.FxHolder;
import io.jackpot.fx.FxRates;
import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.Ledger;
import io.jackpot.money.Decimals;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;

/**
 * Puts new exchange rates in force for the whole network: only an unscoped admin may, since rates
 * apply to every operator. Saved with the audit entry, then published to every member.
 */
public final class ExchangeRates {
  private final Ledger ledger;
  private final FxHolder fx;
  private final BiFunction<FxRates, Long, CompletionStage<Boolean>> publish;
  private final StoredForms forms;
  private final AuditTrail audits;

  /**
   * {@code fx}: the rates in force on this member; {@code publish} puts a saved set (with the
   * version the ledger gave it) in force on every member, answering whether it is (false: a newer set is).
   */
  public ExchangeRates(Ledger ledger, FxHolder fx, BiFunction<FxRates, Long, CompletionStage<Boolean>> publish,
      StoredForms forms, AuditTrail audits) {
    this.ledger = ledger;
    this.fx = fx;
    this.publish = publish;
    this.forms = forms;
    this.audits = audits;
  }

  /** The rates in force on this member. */
  public FxRates current() {
    return fx.get();
  }

  /** Refuses a token that may not set rates: a viewer (403 READ_ONLY_TOKEN), or one scoped to an operator (403 NETWORK_WIDE). */
  public static void requireNetworkWriter(Admin admin) {
    Ownership.requireWriter(admin);
    if (admin.operatorScope() != null) {
      throw new Rejection(Kind.FORBIDDEN, ErrorCode.NETWORK_WIDE, "exchange rates apply to every operator: a token scoped to "
          + admin.operatorScope() + " may not set them");
    }
  }

  /**
   * Puts {@code next} (against this member's base, checked whole) in force; {@code confirmed}: a
   * rate jump is meant ({@link #madeOnNewest}). Answers {@code next}.
   */
  public CompletionStage<FxRates> set(Admin admin, FxRates next, boolean confirmed) {
    requireNetworkWriter(admin);
    FxRates current = fx.get();
    String after = forms.rates(next);
    AuditEntry audit = audits.entry(admin, null, "fx.rates", "fx-rates", forms.rates(current), after);
    // Saved, then shared: a set saved but not shared is in the ledger (and used for wins' display
    // from its time on) while members convert at the old one; sending it again shares it.
    return ledger.saveFxRates(after, admin.name(), audit, saved -> madeOnNewest(saved, current, next, confirmed))
        .thenCompose(version -> publish.apply(next, version).thenApply(inForce -> SavedChanges.inForceOrRefused(inForce,
            ErrorCode.FX_RATES_CHANGED, "the rates were saved as set " + version + ", but a newer set was saved meanwhile and is in force"))
            .handle((done, failed) -> {
              if (failed != null) {
                throw SavedChanges.incomplete("the rates were saved as set " + version + " but not shared with the cluster",
                    "send the same set again to put it in force", failed);
              }
              return done;
            }))
        .thenApply(v -> next);
  }

  /**
   * Saves the set only if the rates it was made on are still the newest in the ledger (read under
   * the saving lock); else two racing PUTs could leave the older set in force. The newest set sent
   * again is only shared, which completes a PUT saved but not shared.
   * A rate moving more than {@link FxRates#JUMP_FACTOR} times needs confirming ({@code FX_RATE_JUMP}),
   * against the rate in force or, for a withdrawn currency, the last it had.
   */
  private boolean madeOnNewest(Ledger.FxSaved saved, FxRates current, FxRates next, boolean confirmed) {
    String latestJson = saved.newestJson();
    FxRates latest = latestJson == null ? FxRates.none(current.base()) : forms.rates(latestJson);
    if (latest.equals(next)) {
      return false;
    }
    if (!latest.equals(current)) {
      throw new Rejection(Kind.CONFLICT, ErrorCode.FX_RATES_CHANGED, "the exchange rates were changed meanwhile (or this member has not"
          + " seen the newest set yet); nothing was saved: read them again and retry");
    }
    Map<String, Long> lastRates = new HashMap<>();
    saved.lastRates().forEach((currency, rate) -> lastRates.put(currency, Decimals.parseScaled(rate, 6)));
    List<String> jumps = latest.jumpsTo(next, lastRates);
    if (!jumps.isEmpty() && !confirmed) {
      throw Rejection.invalid(ErrorCode.FX_RATE_JUMP, String.join("; ", jumps) + ": more than " + FxRates.JUMP_FACTOR
          + " times up or down; nothing saved. If that is meant, send the set again with \"confirm\": true");
    }
    return true;
  }
}
