package io.jackpot.it.api;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.claim;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.money.Decimals;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The public contract of docs/api.md against a real member, ledger and all. */
class ApiIT extends OneNode {

  /**
   * A path or query that is not valid percent-encoding, or a form body that is not (or a multipart
   * one without its boundary), is refused 400
   * with the API's error body, whoever sends it, not answered 500 (logged with a trace) or with a
   * plain-text "Bad Request".
   */
  @Test
  void malformedPercentEncodingIsRefused400WithTheErrorBody() {
    String viewer = "dev-viewer-token";
    List<Api.Reply> replies = List.of(
        api.raw("GET", "/v1/jackpots?currency=%ZZ", null, null, null),
        api.raw("GET", "/v1/ticker?jackpots=%", null, null, null),
        api.raw("GET", "/v1/wins?roundId=%ZZ", Api.GAME_KEY, null, null),
        api.raw("GET", "/v1/admin/audit?after=%", viewer, null, null),
        api.raw("GET", "/v1/jackpots/candy?currency=%ZZ", null, null, null),
        api.raw("GET", "/v1/wins/%ZZ", Api.GAME_KEY, null, null),
        api.raw("POST", "/v1/contributions", Api.GAME_KEY, "application/x-www-form-urlencoded", "a=%ZZ"),
        api.raw("POST", "/v1/wins", Api.GAME_KEY, "multipart/form-data; boundary", "x"), // no boundary's value
        api.raw("PUT", "/v1/admin/jackpots/candy", "dev-admin-token", "multipart/form-data; boundary", "x"));
    for (Api.Reply r : replies) {
      assertEquals(400, r.status(), r.body());
      assertEquals("MALFORMED_REQUEST", r.errorCode(), r.body());
    }
  }

  @Test
  void aContributionMovesItsPoolAndAClaimPaysAndReseedsIt() {
    assertEquals("200.000000", api.amount("bewitched", "cv-0.10"));
    String item = batch(contribution("BW-20261121-134501-000001", "bewitched", "2.00", "0.10"));
    Api.Reply first = api.post("/v1/contributions", item);
    assertEquals(200, first.status());
    JsonObject result = Api.results(first).getJsonObject(0);
    assertEquals("APPLIED", result.getString("status"));
    assertEquals("0.010000", result.getJsonArray("contributions").getJsonObject(0).getString("amount"));
    assertEquals("200.010000", result.getJsonArray("contributions").getJsonObject(0).getString("poolAmount"));
    assertEquals("200.010000", api.amount("bewitched", "cv-0.10"));

    Api.Reply again = api.post("/v1/contributions", item);
    assertEquals("DUPLICATE", Api.results(again).getJsonObject(0).getString("status"));
    assertEquals(result.getJsonArray("contributions"), Api.results(again).getJsonObject(0).getJsonArray("contributions"));
    assertEquals("200.010000", api.amount("bewitched", "cv-0.10"));

    Api.Reply won = api.post("/v1/wins", claim("BW-20261121-134502-000002", "bewitched", "cv-0.10"));
    assertEquals(200, won.status());
    assertEquals("200.010000", won.json().getString("amount"));
    assertEquals(1, won.json().getInteger("sequence"));
    assertEquals("200.000000", won.json().getString("seed"));
    assertEquals("0.010000", won.json().getString("contributedSinceReset"));
    JsonObject pool = api.pool("bewitched", "cv-0.10");
    assertEquals("200.000000", pool.getString("amount"));
    assertEquals(1, pool.getInteger("sequence"));
    assertEquals(won.json().getString("winId"), pool.getJsonObject("lastWin").getString("winId"));

    Api.Reply claimAgain = api.post("/v1/wins", claim("BW-20261121-134502-000002", "bewitched", "cv-0.10"));
    assertEquals(won.json(), claimAgain.json());
    assertEquals("200.000000", api.amount("bewitched", "cv-0.10"));
    assertEquals(1, api.pool("bewitched", "cv-0.10").getInteger("sequence"));

    assertEquals(won.json(), api.get("/v1/wins/" + won.json().getString("winId")).json());
    assertEquals(won.json(), api.get("/v1/wins?roundId=BW-20261121-134502-000002").json().getJsonArray("wins").getJsonObject(0));
    assertEquals(400, api.get("/v1/wins?roundId=BW%00").status(), "a round id no round can have is refused before the database sees it");
    assertEquals(404, api.get("/v1/wins/w-%00").status(), "so is a win id no win can have");
  }

  @Test
  void fiveHundredCentBetsAddExactlyTwoAndAHalfCents() {
    List<String> items = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      items.add(contribution("CENT-" + i, "bewitched", "0.01", "0.01"));
    }
    Api.Reply r = api.post("/v1/contributions", batch(items.toArray(String[]::new)));
    assertEquals(200, r.status());
    Api.results(r).forEach(o -> assertEquals("APPLIED", ((JsonObject) o).getString("status")));
    assertEquals("20.025000", api.amount("bewitched", "cv-0.01"));
    api.post("/v1/contributions", batch(items.toArray(String[]::new)));
    assertEquals("20.025000", api.amount("bewitched", "cv-0.01"));
  }

  @Test
  void aCandyStakeFeedsAllFourTiersWithThreePercent() {
    Api.Reply r = api.post("/v1/contributions", batch(contribution("DETC-1", "dont-eat-the-candy", "10.00", null)));
    var shares = Api.results(r).getJsonObject(0).getJsonArray("contributions");
    assertEquals(4, shares.size());
    long total = shares.stream().mapToLong(s -> Decimals.parseScaled(((JsonObject) s).getString("amount"), 6)).sum();
    assertEquals(300_000, total);
  }

  @Test
  void aBatchWithSomeBadItemsAppliesTheGoodOnesAndSaysWhyNotTheOthers() {
    Api.Reply r = api.post("/v1/contributions", batch(
        contribution("MIX-1", "creepy-candy", "1.00", null),
        contribution("MIX-2", "bewitched", "1.50", "0.03")));
    assertEquals(200, r.status());
    assertEquals("APPLIED", Api.results(r).getJsonObject(0).getString("status"));
    JsonObject bad = Api.results(r).getJsonObject(1);
    assertEquals("REJECTED", bad.getString("status"));
    assertEquals("NO_POOL_FOR_COIN_VALUE", bad.getJsonObject("error").getString("code"));
  }

  @Test
  void aSecondClaimRightAfterTheFirstGetsTheSeedPlusWhatCameInBetween() {
    api.post("/v1/contributions", batch(contribution("SEQ-0", "bewitched", "10.00", "1.00")));
    JsonObject first = api.post("/v1/wins", claim("SEQ-W1", "bewitched", "cv-1.00")).json();
    api.post("/v1/contributions", batch(contribution("SEQ-1", "bewitched", "4.00", "1.00")));
    JsonObject second = api.post("/v1/wins", claim("SEQ-W2", "bewitched", "cv-1.00")).json();
    assertEquals("2000.050000", first.getString("amount"));
    assertEquals("2000.020000", second.getString("amount"));
    assertEquals("0.020000", second.getString("contributedSinceReset"));
    assertEquals(2, second.getInteger("sequence"));
  }

  static Stream<Arguments> badRequests() {
    String item = contribution("BAD-1", "bewitched", "1.00", "0.10");
    String many = batch(Collections.nCopies(1001, item).toArray(String[]::new));
    String huge = batch(contribution("BAD-HUGE", "bewitched", "1.00", "0.10").replace("p-1", "x".repeat(1_100_000)));
    return Stream.of(
        Arguments.of("malformed JSON", "{\"contributions\": [", 400, "MALFORMED_JSON"),
        Arguments.of("not an object", "[1,2]", 400, "MALFORMED_JSON"),
        Arguments.of("missing list", "{}", 400, "MISSING_FIELD"),
        Arguments.of("empty list", "{\"contributions\": []}", 400, "EMPTY_BATCH"),
        Arguments.of("more than 1000 items", many, 400, "TOO_MANY_ITEMS"),
        Arguments.of("oversized body", huge, 413, "PAYLOAD_TOO_LARGE"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badRequests")
  void badInputIsRefusedWithAReasonAndChangesNothing(String what, String body, int status, String code) {
    String before = api.get("/v1/jackpots").body();
    Api.Reply r = api.post("/v1/contributions", body);
    assertEquals(status, r.status(), r.body());
    assertEquals(code, r.errorCode());
    assertEquals(before, api.get("/v1/jackpots").body());
  }

  static Stream<Arguments> badItems() {
    String ok = contribution("BAD-1", "bewitched", "1.00", "0.10");
    return Stream.of(
        Arguments.of("number", "1", null, "INVALID_FIELD"),
        Arguments.of("stake as number", ok.replace("\"1.00\"", "1.00"), "BAD-1", "INVALID_FIELD"),
        Arguments.of("missing stake", ok.replace("\"stake\":\"1.00\",", ""), "BAD-1", "MISSING_FIELD"),
        Arguments.of("negative stake", ok.replace("\"1.00\"", "\"-1.00\""), "BAD-1", "INVALID_AMOUNT"),
        Arguments.of("zero stake", ok.replace("\"1.00\"", "\"0.00\""), "BAD-1", "INVALID_AMOUNT"),
        Arguments.of("NaN stake", ok.replace("\"1.00\"", "\"NaN\""), "BAD-1", "INVALID_AMOUNT"),
        Arguments.of("exponent stake", ok.replace("\"1.00\"", "\"1e2\""), "BAD-1", "INVALID_AMOUNT"),
        Arguments.of("overlong stake", ok.replace("\"1.00\"", "\"1.0000001\""), "BAD-1", "INVALID_AMOUNT"),
        Arguments.of("huge stake", ok.replace("\"1.00\"", "\"99999999999999.00\""), "BAD-1", "INVALID_AMOUNT"),
        Arguments.of("unknown game", ok.replace("bewitched", "solitaire"), "BAD-1", "UNKNOWN_GAME"),
        Arguments.of("bad game id", ok.replace("bewitched", "Bewitched!"), "BAD-1", "INVALID_FIELD"),
        Arguments.of("unknown currency", ok.replace("EUR", "XYZ"), "BAD-1", "UNSUPPORTED_CURRENCY"),
        Arguments.of("lower-case currency", ok.replace("EUR", "eur"), "BAD-1", "INVALID_FIELD"),
        Arguments.of("coin value without pool", ok.replace("\"0.10\"", "\"0.03\""), "BAD-1", "NO_POOL_FOR_COIN_VALUE"),
        Arguments.of("missing coin value", ok.replace(",\"coinValue\":\"0.10\"", ""), "BAD-1", "COIN_VALUE_REQUIRED"),
        Arguments.of("impossible bet", ok.replace("\"1.00\"", "\"14.90\""), "BAD-1", "INVALID_STAKE"),
        Arguments.of("overlong round id", ok.replace("BAD-1", "R".repeat(129)), null, "INVALID_FIELD"),
        Arguments.of("non-ASCII round id", ok.replace("BAD-1", "rund-ä"), null, "INVALID_FIELD"));
  }

  /** docs/api.md: one result per item; a bad item is REJECTED with its reason and feeds nothing, the good one beside it is applied. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("badItems")
  void aBadItemIsRejectedWithAReasonAndTheOthersApplied(String what, String item, String roundId, String code) {
    String before = api.pool("bewitched", "cv-0.20").getString("amount");
    String good = contribution("GOOD-" + Math.abs(what.hashCode()), "bewitched", "2.00", "0.20");
    Api.Reply r = api.post("/v1/contributions", batch(item, good));
    assertEquals(200, r.status(), r.body());
    JsonObject bad = r.json().getJsonArray("results").getJsonObject(0);
    assertEquals("REJECTED", bad.getString("status"));
    assertEquals(roundId, bad.getString("roundId"));
    assertEquals(code, bad.getJsonObject("error").getString("code"), r.body());
    assertTrue(bad.getJsonArray("contributions").isEmpty());
    assertNull(bad.getValue("retryable"));
    assertEquals("APPLIED", r.json().getJsonArray("results").getJsonObject(1).getString("status"));
    assertEquals(new BigDecimal(before).add(new BigDecimal("0.01")),
        new BigDecimal(api.pool("bewitched", "cv-0.20").getString("amount")).stripTrailingZeros().setScale(6));
    assertEquals(200, api.post("/v1/contributions", batch(item)).status(), "alone, the bad item is a 200 with its REJECTED too");
  }

  @Test
  void requestsWithoutAKnownKeyOrAsNonJsonAreRefused() {
    String ok = batch(contribution("AUTH-1", "bewitched", "1.00", "0.10"));
    assertEquals(401, api.post("/v1/contributions", ok, "application/json", null).status());
    assertEquals(401, api.post("/v1/contributions", ok, "application/json", "not-a-key").status());
    assertEquals(415, api.post("/v1/contributions", ok, "text/plain", Api.GAME_KEY).status());
    assertEquals(401, api.post("/v1/wins", claim("AUTH-W", "bewitched", "cv-0.10"), "application/json", "nope").status());
    // The key is checked before the body is read: a stranger's megabyte is not taken in first.
    String huge = batch(contribution("AUTH-HUGE", "bewitched", "1.00", "0.10").replace("p-1", "x".repeat(1_100_000)));
    assertEquals(401, api.post("/v1/contributions", huge, "application/json", null).status());
    assertEquals(401, api.post("/v1/wins", huge, "application/json", "not-a-key").status());
  }

  /** Only application/json (any case, with parameters or not) is read as JSON; a type that merely starts with it is not. */
  @Test
  void aBodyIsJsonOnlyWhenItsTypeIsExactlyApplicationJson() {
    for (String type : List.of("application/jsonx", "application/json-seq", "application/json+x; charset=utf-8", "application/jsonp")) {
      Api.Reply r = api.post("/v1/contributions", batch(contribution("CT-" + type.length(), "bewitched", "1.00", "0.10")), type,
          Api.GAME_KEY);
      assertEquals(415, r.status(), type + ": " + r.body());
      assertEquals("UNSUPPORTED_MEDIA_TYPE", r.errorCode(), type);
    }
    for (String type : List.of("application/json", "Application/JSON", "application/json; charset=utf-8", "application/json;charset=UTF-8")) {
      Api.Reply r = api.post("/v1/contributions", batch(contribution("CT-OK", "nope", "1.00", "0.10")), type, Api.GAME_KEY);
      assertEquals(200, r.status(), type + ": " + r.body());
    }
  }

  /** A control character in a query parameter is refused, not trimmed away with the request then served. */
  @Test
  void aControlCharacterInAQueryParameterIsRefused() {
    String viewer = "dev-viewer-token";
    List<Api.Reply> replies = List.of(
        AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/wins?jackpotId=candy%00", viewer),
        AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/wins?jackpotId=%0Dcandy", viewer),
        AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/rounds?roundId=R-1&operatorId=demo%0D", viewer),
        AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/audit?limit=5%09", viewer),
        api.get("/v1/jackpots?currency=EUR%0A"),
        api.get("/v1/wins?roundId=BW%00"),
        api.get("/v1/jackpots?x%7F=1"));
    for (Api.Reply r : replies) {
      assertEquals(400, r.status(), r.body());
      assertEquals("INVALID_FIELD", r.errorCode(), r.body());
    }
    assertEquals(200, AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/wins?jackpotId=candy", viewer).status());
  }

  @Test
  void claimsOnUnknownPoolsOrWithOtherGamesAreRefused() {
    assertEquals(404, api.post("/v1/wins", claim("CW-1", "bewitched", "cv-0.03")).status());
    Api.Reply unknownJackpot = api.post("/v1/wins", claim("CW-2", "nope", "cv-0.10"));
    assertEquals(404, unknownJackpot.status());
    assertEquals("UNKNOWN_POOL", unknownJackpot.errorCode(), "API.md names 404 UNKNOWN_POOL for claims");
    String candyGameOnBewitched = claim("CW-3", "bewitched", "cv-0.10").replace("\"gameId\":\"bewitched\"", "\"gameId\":\"creepy-candy\"");
    assertEquals("GAME_NOT_LINKED", api.post("/v1/wins", candyGameOnBewitched).errorCode());
    assertEquals(404, api.get("/v1/wins/w-nope~x~1").status());
    assertNull(api.pool("bewitched", "cv-0.02").getJsonObject("lastWin"));
  }

  @Test
  void anUnknownPathIs404WhateverTheMethodAndAKnownOneWithAnotherMethod405() {
    Api.Reply post = api.post("/v1/no-such-thing", "{}");
    assertEquals(404, post.status(), post.body());
    assertEquals("NOT_FOUND", post.errorCode());
    assertEquals(404, api.get("/v1/no-such-thing").status());
    Api.Reply wrongMethod = api.post("/v1/jackpots", "{}");
    assertEquals(405, wrongMethod.status(), wrongMethod.body());
    assertEquals("METHOD_NOT_ALLOWED", wrongMethod.errorCode());
  }
}
