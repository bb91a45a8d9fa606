package io.jackpot.admin.http;

import io.jackpot.admin.Listings;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.http.JsonFields;
import io.jackpot.http.QueryParams;
import io.vertx.ext.web.RoutingContext;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** The query parameters of admin reads, blank like absent (docs/admin.md writes "after=", API.md "jackpotId=&from=&to="). */
final class AdminQuery {
  private static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");
  private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

  private AdminQuery() {}

  /** {@code after}: the cursor of the page to read; absent: the first page. */
  static String after(RoutingContext ctx) {
    return given(ctx, "after");
  }

  /** A parameter as given, or null if absent or blank. */
  static String given(RoutingContext ctx, String name) {
    String raw = ctx.queryParams().get(name);
    return raw == null || raw.isBlank() ? null : raw;
  }

  /** {@code limit}: how many a page holds at most, 1 to {@link Listings#PAGE_LIMIT} (the default). */
  static int limit(RoutingContext ctx) {
    return QueryParams.limit(ctx, Listings.PAGE_LIMIT, Listings.PAGE_LIMIT);
  }

  static Instant instant(RoutingContext ctx, String name, Instant fallback) {
    String raw = given(ctx, name);
    if (raw == null) {
      return fallback;
    }
    Instant at;
    try {
      at = Instant.parse(raw);
    } catch (DateTimeParseException e) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, name + " must be an ISO-8601 UTC time like 2026-11-21T13:45:01Z");
    }
    // What the ledger's timestamps hold (as the page cursors): a year beyond gave a database error, 500.
    if (at.isBefore(EARLIEST) || at.isAfter(LATEST)) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, name + " must be between years 0001 and 9999");
    }
    return at;
  }

  /**
   * {@code roundId} (required) checked before the database sees it: ids are printable by rule, and
   * PostgreSQL refuses a NUL in text.
   */
  static String roundId(RoutingContext ctx) {
    return JsonFields.roundIdParam(ctx.queryParams().get("roundId"));
  }

  /** {@code operatorId}, trimmed; null if absent or blank. */
  static String operatorId(RoutingContext ctx) {
    String named = given(ctx, "operatorId");
    if (named != null && !JsonFields.isPrintable(named.trim())) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, "query parameter operatorId must be 1–128 printable ASCII characters");
    }
    return named == null ? null : named.trim();
  }
}
