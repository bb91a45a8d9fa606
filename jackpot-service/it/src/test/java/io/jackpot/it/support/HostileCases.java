package io.jackpot.it.support;

import io.jackpot.it.support.HostileWire.Http;
import io.jackpot.it.support.HostileWire.Outcome;
import io.jackpot.it.support.HostileWire.Raw;
import io.jackpot.it.support.HostileWire.Send;
import io.jackpot.it.support.HostileWire.Ws;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The hostile battery's cases: from each valid request shape of openapi.yaml, one thing wrong at a
 * time (a field, a type, a bound, a credential, the framing), each with the status and code the
 * service answers. Case names are unique; so is what each case sends.
 */
public final class HostileCases {
  public static final String DEMO_GAMES = "hb-demo-games-key-01";
  public static final String OTHER_GAMES = "hb-other-games-key-2";
  public static final String ADMIN = "hb-admin-token-00001";
  public static final String VIEWER = "hb-viewer-token-0002";
  public static final String DEMO_ADMIN = "hb-demo-admin-token3";
  public static final String OTHER_ADMIN = "hb-other-admin-tok-4";
  public static final String GARBAGE = "not-a-configured-secret";
  /** A round of demo's recorded before the battery (it fed bewitched cv-0.10) and never claimed. */
  public static final String FED_ROUND = "HB-FED-D";

  /** What the cases are built on, made before the battery: a win of each operator, the cursors of real pages, two definitions in force. */
  public record Setup(String demoWin, String otherWin, String winsCursor, String auditCursor, JsonObject candy, JsonObject bewitched) {}

  public record Case(String name, Send send, Outcome expected) {}

  private final Map<String, Case> cases = new LinkedHashMap<>();
  private final Setup setup;
  private int rounds;

  private HostileCases(Setup setup) {
    this.setup = setup;
  }

  public static List<Case> all(Setup setup) {
    HostileCases c = new HostileCases(setup);
    c.credentials();
    c.contributions();
    c.claims();
    c.gameReads();
    c.publicReads();
    c.hallOfFame();
    c.adminReads();
    c.definitions();
    c.fxRates();
    c.poolWrites();
    c.framing();
    c.streams();
    return List.copyOf(c.cases.values());
  }

  private void add(String name, Send send, int status, String code) {
    if (cases.put(name, new Case(name, send, new Outcome(status, code))) != null) {
      throw new IllegalStateException("two cases named " + name);
    }
  }

  private String round() {
    return "HB-" + (++rounds);
  }

  private static String repeat(char c, int n) {
    return String.valueOf(c).repeat(n);
  }

  // --- request shapes (openapi.yaml's examples) ---

  private JsonObject item() {
    return new JsonObject().put("roundId", round()).put("gameId", "bewitched").put("playerId", "p-hb").put("stake", "1.00")
        .put("currency", "EUR").put("coinValue", "0.10");
  }

  private static String batchOf(Object... items) {
    JsonArray a = new JsonArray();
    for (Object i : items) {
      a.add(i);
    }
    return new JsonObject().put("contributions", a).encode();
  }

  private JsonObject claim() {
    return new JsonObject().put("roundId", round()).put("gameId", "bewitched").put("playerId", "p-hb").put("jackpotId", "bewitched")
        .put("poolKey", "cv-0.10").put("currency", "EUR");
  }

  private static JsonObject definition() {
    return new JsonObject().put("name", "Hostile Jackpots").put("currency", "EUR").put("owner", "demo")
        .put("games", new JsonArray().add("creepy-candy")).put("routing", "ALL")
        .put("pools", new JsonArray()
            .add(new JsonObject().put("key", "small").put("name", "Small").put("seed", "5.00").put("rate", "0.001")
                .put("reserveRate", "0.001").put("ceiling", "6.00").put("trigger", new JsonObject().put("type", "CLAIM")))
            .add(new JsonObject().put("key", "big").put("name", "Big").put("seed", "100.00").put("rate", "0.001")
                .put("ceiling", "200.00").put("trigger", new JsonObject().put("type", "MUST_HIT_BY")).put("drawWeight", "1")));
  }

  private static JsonObject fx() {
    return new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.85").put("USD", "1.08"));
  }

  private static JsonObject discontinue() {
    return new JsonObject().put("reason", "hostile").put("transferTo", new JsonObject().put("jackpotId", "candy").put("poolKey", "grand"));
  }

  private static Http get(String target, String token) {
    return new Http("GET", target, token, null);
  }

  private static Http post(String target, String token, String body) {
    return new Http("POST", target, token, escaped(body));
  }

  private static Http put(String target, String token, String body) {
    return new Http("PUT", target, token, escaped(body));
  }

  /**
   * JSON with every UTF-16 surrogate written as a \\u escape: sent as UTF-8, a lone surrogate
   * would go out as '?', a valid character, and the case would test nothing.
   */
  static String escaped(String json) {
    if (json == null) {
      return null;
    }
    StringBuilder b = new StringBuilder(json.length());
    for (char c : json.toCharArray()) {
      if (Character.isSurrogate(c)) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static Http withType(String method, String target, String token, String contentType, String body) {
    return new Http(method, target, token, contentType, body, Map.of());
  }

  private static Raw raw(String requestLine, List<String> headers, byte[] body) {
    return new Raw(HostileWire.request(requestLine, headers, body));
  }

  private static Raw rawJson(String method, String target, String token, byte[] body) {
    List<String> headers = new ArrayList<>(List.of("Content-Type: application/json"));
    if (token != null) {
      headers.add("Authorization: Bearer " + token);
    }
    return raw(method + " " + target + " HTTP/1.1", headers, body);
  }

  private static String cursor(String text) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  // --- every endpoint with every credential of the wrong kind ---

  private record Endpoint(String name, String method, String path, String body, boolean admin, boolean write) {}

  private List<Endpoint> endpoints() {
    String pool = "/v1/admin/jackpots/bewitched/pools/cv-5.00";
    return List.of(
        new Endpoint("contribute", "POST", "/v1/contributions", batchOf(item()), false, true),
        new Endpoint("claim", "POST", "/v1/wins", claim().encode(), false, true),
        new Endpoint("wins-by-round", "GET", "/v1/wins?roundId=HB-SETUP-D", null, false, false),
        new Endpoint("win", "GET", "/v1/wins/" + setup.demoWin(), null, false, false),
        new Endpoint("admin-jackpots", "GET", "/v1/admin/jackpots", null, true, false),
        new Endpoint("admin-jackpot", "GET", "/v1/admin/jackpots/bewitched", null, true, false),
        new Endpoint("define", "PUT", "/v1/admin/jackpots/hb-new", definition().encode(), true, true),
        new Endpoint("pause-jackpot", "POST", "/v1/admin/jackpots/bewitched/pause", null, true, true),
        new Endpoint("resume-jackpot", "POST", "/v1/admin/jackpots/bewitched/resume", null, true, true),
        new Endpoint("pause-pool", "POST", pool + "/pause", null, true, true),
        new Endpoint("resume-pool", "POST", pool + "/resume", null, true, true),
        new Endpoint("discontinue", "POST", pool + "/discontinue", discontinue().encode(), true, true),
        new Endpoint("fx-get", "GET", "/v1/admin/fx-rates", null, true, false),
        new Endpoint("fx-put", "PUT", "/v1/admin/fx-rates", fx().encode(), true, true),
        new Endpoint("admin-wins", "GET", "/v1/admin/wins", null, true, false),
        new Endpoint("audit", "GET", "/v1/admin/audit", null, true, false),
        new Endpoint("reconciliation", "GET", "/v1/admin/reconciliation", null, true, false),
        new Endpoint("rounds", "GET", "/v1/admin/rounds?roundId=HB-SETUP-D&operatorId=demo", null, true, false),
        new Endpoint("rounds-count", "GET", "/v1/admin/rounds/count?prefix=HB-SETUP", null, true, false));
  }

  private void credentials() {
    for (Endpoint e : endpoints()) {
      String n = "auth " + e.name() + " ";
      add(n + "no credential", new Http(e.method(), e.path(), null, e.body()), 401, "UNAUTHENTICATED");
      add(n + "garbage bearer", new Http(e.method(), e.path(), GARBAGE, e.body()), 401, "UNAUTHENTICATED");
      add(n + "basic scheme", new Http(e.method(), e.path(), null, e.body() == null ? null : "application/json", e.body(),
          Map.of("Authorization", "Basic " + Base64.getEncoder().encodeToString((e.admin() ? ADMIN : DEMO_GAMES).getBytes()))),
          401, "UNAUTHENTICATED");
      add(n + "empty bearer", new Http(e.method(), e.path(), null, e.body() == null ? null : "application/json", e.body(),
          Map.of("Authorization", "Bearer ")), 401, "UNAUTHENTICATED");
      if (e.admin()) {
        add(n + "demo game key", new Http(e.method(), e.path(), DEMO_GAMES, e.body()), 403, "FORBIDDEN");
        add(n + "other game key", new Http(e.method(), e.path(), OTHER_GAMES, e.body()), 403, "FORBIDDEN");
        if (e.write()) {
          add(n + "viewer token", new Http(e.method(), e.path(), VIEWER, e.body()), 403, "READ_ONLY_TOKEN");
        }
      } else {
        add(n + "admin token", new Http(e.method(), e.path(), ADMIN, e.body()), 403, "FORBIDDEN");
        add(n + "viewer token", new Http(e.method(), e.path(), VIEWER, e.body()), 403, "FORBIDDEN");
        add(n + "other operator's admin token", new Http(e.method(), e.path(), OTHER_ADMIN, e.body()), 403, "FORBIDDEN");
        add(n + "demo operator's admin token", new Http(e.method(), e.path(), DEMO_ADMIN, e.body()), 403, "FORBIDDEN");
      }
    }
    // The other operator's credentials on what is demo's.
    add("other operator: game key on demo's win", get("/v1/wins/" + setup.demoWin(), OTHER_GAMES), 403, "OTHER_OPERATOR");
    add("other operator: demo's game key on other's win", get("/v1/wins/" + setup.otherWin(), DEMO_GAMES), 403, "OTHER_OPERATOR");
    add("other operator: claim of a game it does not play", post("/v1/wins", OTHER_GAMES,
        claim().put("gameId", "creepy-candy").put("jackpotId", "candy").put("poolKey", "mini").encode()), 403, "GAME_NOT_LINKED");
    add("other operator: contribution of a game it does not play", post("/v1/contributions", OTHER_GAMES,
        batchOf(item().put("gameId", "creepy-candy").putNull("coinValue"))), 200, "GAME_NOT_LINKED");
    add("other operator: claim of demo's recorded round", post("/v1/wins", OTHER_GAMES,
        claim().put("roundId", "HB-SETUP-D").encode()), 409, "ROUND_NOT_RECORDED");
    add("other operator: game key lists the wins of demo's round id", get("/v1/wins?roundId=HB-SETUP-D", OTHER_GAMES), 200, "OK wins=0");
    add("other operator: admin counts demo's rounds", get("/v1/admin/rounds/count?prefix=HB-SETUP-D", OTHER_ADMIN), 200, "OK rounds=0");
    // A scoped token's listings hold its operator's only: other-bears, its pool, its definition's entry, its win and round.
    add("other operator: admin lists jackpots", get("/v1/admin/jackpots", OTHER_ADMIN), 200, "OK jackpots=1");
    add("other operator: admin reconciles", get("/v1/admin/reconciliation", OTHER_ADMIN), 200, "OK pools=1");
    add("other operator: admin reads the audit", get("/v1/admin/audit", OTHER_ADMIN), 200, "OK entries=1");
    add("other operator: admin lists wins", get("/v1/admin/wins", OTHER_ADMIN), 200, "OK wins=1");
    add("other operator: admin counts setup rounds", get("/v1/admin/rounds/count?prefix=HB-SETUP", OTHER_ADMIN), 200, "OK rounds=1");
    add("other operator: admin reads demo's jackpot", get("/v1/admin/jackpots/candy", OTHER_ADMIN), 403, "OTHER_OPERATOR");
    add("other operator: demo admin reads other's jackpot", get("/v1/admin/jackpots/other-bears", DEMO_ADMIN), 403, "OTHER_OPERATOR");
    for (String w : List.of("pause", "resume")) {
      add("other operator: admin " + w + "s demo's jackpot", post("/v1/admin/jackpots/candy/" + w, OTHER_ADMIN, null), 403,
          "OTHER_OPERATOR");
      add("other operator: admin " + w + "s demo's pool", post("/v1/admin/jackpots/candy/pools/mini/" + w, OTHER_ADMIN, null), 403,
          "OTHER_OPERATOR");
      add("other operator: demo admin " + w + "s other's pool", post("/v1/admin/jackpots/other-bears/pools/small/" + w, DEMO_ADMIN,
          null), 403, "OTHER_OPERATOR");
    }
    add("other operator: admin discontinues demo's pool", post("/v1/admin/jackpots/candy/pools/mini/discontinue", OTHER_ADMIN,
        new JsonObject().put("reason", "hostile").put("hold", true).encode()), 403, "OTHER_OPERATOR");
    add("other operator: admin transfers into demo's pool", post("/v1/admin/jackpots/other-bears/pools/small/discontinue", OTHER_ADMIN,
        discontinue().encode()), 403, "OTHER_OPERATOR");
    add("other operator: admin redefines demo's jackpot", put("/v1/admin/jackpots/candy", OTHER_ADMIN,
        setup.candy().copy().put("owner", "other").encode()), 403, "OTHER_OPERATOR");
    add("other operator: admin defines a jackpot owned by demo", put("/v1/admin/jackpots/hb-theirs", OTHER_ADMIN,
        definition().encode()), 403, "OTHER_OPERATOR");
    add("other operator: admin links demo's game", put("/v1/admin/jackpots/hb-theirs", OTHER_ADMIN,
        definition().put("owner", "other").encode()), 403, "GAME_NOT_LINKED");
    add("other operator: admin links a shared game", put("/v1/admin/jackpots/hb-theirs", OTHER_ADMIN,
        definition().put("owner", "other").put("games", new JsonArray().add("bewitched")).encode()), 403, "GAME_SHARED");
    add("other operator: admin sets fx rates", put("/v1/admin/fx-rates", OTHER_ADMIN, fx().encode()), 403, "NETWORK_WIDE");
    add("other operator: admin reads demo's round", get("/v1/admin/rounds?roundId=HB-SETUP-D&operatorId=demo", OTHER_ADMIN), 403,
        "OTHER_OPERATOR");
    add("other operator: demo admin names other's round", get("/v1/admin/rounds?roundId=HB-SETUP-O&operatorId=other", DEMO_ADMIN), 403,
        "OTHER_OPERATOR");
    add("other operator: admin's own round of demo's id", get("/v1/admin/rounds?roundId=HB-SETUP-D", OTHER_ADMIN), 404,
        "UNKNOWN_ROUND");
    add("other operator: admin lists wins of demo's jackpot", get("/v1/admin/wins?jackpotId=candy", OTHER_ADMIN), 403,
        "OTHER_OPERATOR");
    // A scoped token may pause and resume a jackpot that links a game another operator plays (bewitched), not end its pools.
    add("scoped token discontinues a shared jackpot's pool", post("/v1/admin/jackpots/bewitched/pools/cv-5.00/discontinue", DEMO_ADMIN,
        new JsonObject().put("reason", "hostile").put("hold", true).encode()), 403, "GAME_SHARED");
    add("scoped token lists wins of another operator's jackpot", get("/v1/admin/wins?jackpotId=bewitched", OTHER_ADMIN), 403,
        "OTHER_OPERATOR");
  }

  // --- POST /v1/contributions, one field of one item wrong at a time ---

  private static final Object ABSENT = new Object();

  private void item(String what, String field, Object value, String code) {
    JsonObject i = item();
    if (value == ABSENT) {
      i.remove(field);
    } else {
      i.put(field, value);
    }
    add("contribution " + field + " " + what, post("/v1/contributions", DEMO_GAMES, batchOf(i)), 200, code);
  }

  private void contributions() {
    for (String field : List.of("roundId", "playerId")) {
      item("missing", field, ABSENT, "MISSING_FIELD");
      item("null", field, null, "MISSING_FIELD");
      item("a number", field, 17, "INVALID_FIELD");
      item("a boolean", field, true, "INVALID_FIELD");
      item("an array", field, new JsonArray().add("x"), "INVALID_FIELD");
      item("an object", field, new JsonObject().put("x", 1), "INVALID_FIELD");
      item("empty", field, "", "INVALID_FIELD");
      item("129 chars", field, "HB-" + repeat('r', 126), "INVALID_FIELD");
      item("NUL", field, "HB-\u0000", "INVALID_FIELD");
      item("line feed", field, "HB-\nx", "INVALID_FIELD");
      item("tab", field, "HB-\tx", "INVALID_FIELD");
      item("DEL", field, "HB-\u007f", "INVALID_FIELD");
      item("latin-1", field, "HB-é", "INVALID_FIELD");
      item("emoji", field, "HB-\uD83C\uDFB0", "INVALID_FIELD");
      item("lone surrogate", field, "HB-\uD800", "INVALID_FIELD");
      item("bidi override", field, "HB-\u202Ex", "INVALID_FIELD");
    }
    item("missing", "gameId", ABSENT, "MISSING_FIELD");
    item("null", "gameId", null, "MISSING_FIELD");
    item("a number", "gameId", 1, "INVALID_FIELD");
    item("empty", "gameId", "", "INVALID_FIELD");
    item("upper case", "gameId", "Bewitched", "INVALID_FIELD");
    item("leading dash", "gameId", "-bewitched", "INVALID_FIELD");
    item("65 chars", "gameId", "b" + repeat('x', 64), "INVALID_FIELD");
    item("64 chars unknown", "gameId", "b" + repeat('x', 63), "UNKNOWN_GAME");
    item("unknown", "gameId", "nope", "UNKNOWN_GAME");
    item("space", "gameId", "bew itched", "INVALID_FIELD");
    item("non-ascii", "gameId", "bewítched", "INVALID_FIELD");
    item("another operator's game", "gameId", "cluster-bear-sweet-wins", "GAME_NOT_LINKED");

    item("missing", "stake", ABSENT, "MISSING_FIELD");
    item("null", "stake", null, "MISSING_FIELD");
    item("a JSON number", "stake", 1.5, "INVALID_FIELD");
    item("a JSON integer", "stake", 1, "INVALID_FIELD");
    for (String[] bad : new String[][] {{"empty", ""}, {"zero", "0"}, {"zero decimals", "0.000000"}, {"negative", "-1.00"},
        {"plus sign", "+1.00"}, {"exponent", "1e2"}, {"seven decimals", "1.0000001"}, {"leading zero", "01.00"},
        {"no integer part", ".50"}, {"trailing dot", "1."}, {"spaces", " 1.00 "}, {"comma", "1,00"}, {"NaN", "NaN"},
        {"Infinity", "Infinity"}, {"hex", "0x10"}, {"13 digits", "1000000000000"}, {"400 digits", repeat('9', 400)},
        {"over a million", "1000000.10"}, {"arabic digits", "١٫٠٠"}, {"fullwidth digits", "１.００"}}) {
      item(bad[0], "stake", bad[1], "INVALID_AMOUNT");
    }
    item("not a multiple of the coin value", "stake", "1.05", "INVALID_STAKE");
    item("one micro", "stake", "0.000001", "INVALID_STAKE");
    item("the most, not a multiple", "stake", "999999.999999", "INVALID_STAKE");
    item("a JSON number 1e400", "stake", new BigDecimal("1e400"), "INVALID_FIELD");
    item("a JSON number -0", "stake", -0.0, "INVALID_FIELD");
    item("below the coin value", "stake", "0.01", "INVALID_STAKE");

    item("missing", "currency", ABSENT, "MISSING_FIELD");
    item("null", "currency", null, "MISSING_FIELD");
    item("a number", "currency", 978, "INVALID_FIELD");
    item("lower case", "currency", "eur", "INVALID_FIELD");
    item("four letters", "currency", "EURO", "INVALID_FIELD");
    item("empty", "currency", "", "INVALID_FIELD");
    item("symbol", "currency", "€", "INVALID_FIELD");
    item("without a rate", "currency", "XXX", "UNSUPPORTED_CURRENCY");
    item("with a rate, for a coin-value jackpot", "currency", "GBP", "UNSUPPORTED_CURRENCY");

    item("missing", "coinValue", ABSENT, "COIN_VALUE_REQUIRED");
    item("null", "coinValue", null, "COIN_VALUE_REQUIRED");
    item("a JSON number", "coinValue", 0.1, "INVALID_FIELD");
    item("no such pool", "coinValue", "0.03", "NO_POOL_FOR_COIN_VALUE");
    item("negative", "coinValue", "-0.10", "INVALID_AMOUNT");
    item("zero", "coinValue", "0", "INVALID_AMOUNT");
    item("letters", "coinValue", "ten", "INVALID_AMOUNT");
    item("huge", "coinValue", "999999999999.999999", "INVALID_AMOUNT");
    item("one micro", "coinValue", "0.000001", "NO_POOL_FOR_COIN_VALUE");
    item("a pool's with trailing zeros", "coinValue", "0.1000000", "INVALID_AMOUNT");

    String c = "contribution batch ";
    add(c + "item a number", post("/v1/contributions", DEMO_GAMES, batchOf(5)), 200, "INVALID_FIELD");
    add(c + "item a string", post("/v1/contributions", DEMO_GAMES, batchOf("x")), 200, "INVALID_FIELD");
    add(c + "item null", post("/v1/contributions", DEMO_GAMES, "{\"contributions\":[null]}"), 200, "INVALID_FIELD");
    add(c + "item an array", post("/v1/contributions", DEMO_GAMES, batchOf(new JsonArray())), 200, "INVALID_FIELD");
    add(c + "item empty object", post("/v1/contributions", DEMO_GAMES, batchOf(new JsonObject())), 200, "MISSING_FIELD");
    add(c + "contributions missing", post("/v1/contributions", DEMO_GAMES, "{}"), 400, "MISSING_FIELD");
    add(c + "contributions null", post("/v1/contributions", DEMO_GAMES, "{\"contributions\":null}"), 400, "MISSING_FIELD");
    add(c + "contributions an object", post("/v1/contributions", DEMO_GAMES, "{\"contributions\":{}}"), 400, "INVALID_FIELD");
    add(c + "contributions a string", post("/v1/contributions", DEMO_GAMES, "{\"contributions\":\"x\"}"), 400, "INVALID_FIELD");
    add(c + "contributions empty", post("/v1/contributions", DEMO_GAMES, "{\"contributions\":[]}"), 400, "EMPTY_BATCH");
    JsonArray many = new JsonArray();
    for (int i = 0; i < 1001; i++) {
      many.add(new JsonObject().put("roundId", "HB-MANY-" + i).put("gameId", "nope"));
    }
    add(c + "1001 items", post("/v1/contributions", DEMO_GAMES, new JsonObject().put("contributions", many).encode()), 400,
        "TOO_MANY_ITEMS");
    add(c + "over 1 MiB", post("/v1/contributions", DEMO_GAMES, batchOf(item().put("playerId", repeat('x', 1_100_000)))), 413,
        "PAYLOAD_TOO_LARGE");
    add("contribution content type application/jsonx", withType("POST", "/v1/contributions", DEMO_GAMES, "application/jsonx",
        batchOf(item().put("gameId", "nope"))), 415, "UNSUPPORTED_MEDIA_TYPE");
    add("contribution content type application/json-seq", withType("POST", "/v1/contributions", DEMO_GAMES, "application/json-seq",
        batchOf(item().put("gameId", "nope"))), 415, "UNSUPPORTED_MEDIA_TYPE");
    add("contribution content type upper case", withType("POST", "/v1/contributions", DEMO_GAMES, "APPLICATION/JSON",
        batchOf(item().put("gameId", "nope"))), 200, "UNKNOWN_GAME");
    add("contribution content type json, charset utf-16", withType("POST", "/v1/contributions", DEMO_GAMES,
        "application/json; charset=utf-16", batchOf(item().put("gameId", "nope"))), 200, "UNKNOWN_GAME");
    body("contribution", "/v1/contributions", DEMO_GAMES);
  }

  /** The body itself wrong, for an endpoint taking JSON. */
  private void body(String what, String path, String token) {
    String m = what + " body ";
    String method = path.startsWith("/v1/admin/jackpots/hb") || path.equals("/v1/admin/fx-rates") ? "PUT" : "POST";
    add(m + "empty", withType(method, path, token, "application/json", ""), 400, "MALFORMED_JSON");
    add(m + "not JSON", withType(method, path, token, "application/json", "contributions please"), 400, "MALFORMED_JSON");
    add(m + "truncated", withType(method, path, token, "application/json", "{\"contributions\":[{"), 400, "MALFORMED_JSON");
    add(m + "a JSON array", withType(method, path, token, "application/json", "[]"), 400, "MALFORMED_JSON");
    add(m + "JSON null", withType(method, path, token, "application/json", "null"), 400, "MALFORMED_JSON");
    add(m + "a JSON string", withType(method, path, token, "application/json", "\"x\""), 400, "MALFORMED_JSON");
    add(m + "two objects", withType(method, path, token, "application/json", "{}{}"), 400, "MALFORMED_JSON");
    add(m + "nested 5000 deep", withType(method, path, token, "application/json", "{\"a\":" + "[".repeat(5000) + "]".repeat(5000) + "}"),
        400, "MALFORMED_JSON");
    add(m + "text/plain", withType(method, path, token, "text/plain", "{}"), 415, "UNSUPPORTED_MEDIA_TYPE");
    add(m + "no content type", withType(method, path, token, null, "{}"), 415, "UNSUPPORTED_MEDIA_TYPE");
    add(m + "form", withType(method, path, token, "application/x-www-form-urlencoded", "a=1"), 415, "UNSUPPORTED_MEDIA_TYPE");
    add(m + "form not percent-encoded", withType(method, path, token, "application/x-www-form-urlencoded", "a=%zz"), 400,
        "MALFORMED_REQUEST");
    // Lenient JSON: comments, single quotes, trailing commas, NaN, duplicate keys, malformed UTF-8.
    add(m + "comment", withType(method, path, token, "application/json", "{/* hi */}"), 400, "MALFORMED_JSON");
    add(m + "single quotes", withType(method, path, token, "application/json", "{'a':1}"), 400, "MALFORMED_JSON");
    add(m + "trailing comma", withType(method, path, token, "application/json", "{\"a\":1,}"), 400, "MALFORMED_JSON");
    add(m + "NaN", withType(method, path, token, "application/json", "{\"a\":NaN}"), 400, "MALFORMED_JSON");
    add(m + "duplicate keys", withType(method, path, token, "application/json", "{\"a\":1,\"a\":2}"), 400, "MALFORMED_JSON");
    ByteArrayBuilder overlong = new ByteArrayBuilder().ascii("{\"a\":\"").bytes(0xc0, 0xaf).ascii("\"}");
    add(m + "overlong utf-8", rawJson(method, path, token, overlong.build()), 400, "MALFORMED_JSON");
    add(m + "lone 0xff byte", rawJson(method, path, token, new ByteArrayBuilder().ascii("{\"a\":\"").bytes(0xff).ascii("\"}").build()),
        400, "MALFORMED_JSON");
  }

  // --- POST /v1/wins (JACKPOT_CLAIM_ROUNDS=recorded: made-up rounds are not paid) ---

  private void claim(String what, String field, Object value, int status, String code) {
    JsonObject c = claim();
    if (value == ABSENT) {
      c.remove(field);
    } else {
      c.put(field, value);
    }
    add("claim " + field + " " + what, post("/v1/wins", DEMO_GAMES, c.encode()), status, code);
  }

  private void claims() {
    add("claim of a made-up round", post("/v1/wins", DEMO_GAMES, claim().encode()), 409, "ROUND_NOT_RECORDED");
    claim("SQL quote", "roundId", "HB-' OR '1'='1", 409, "ROUND_NOT_RECORDED");
    claim("SQL comment", "playerId", "p-hb'; --", 409, "ROUND_NOT_RECORDED");
    claim("LIKE wildcards", "roundId", "HB-SETUP-%", 409, "ROUND_NOT_RECORDED");
    claim("dotless i", "jackpotId", "bew\u0131tched", 400, "INVALID_FIELD");
    claim("128 chars", "roundId", "HB-" + repeat('c', 125), 409, "ROUND_NOT_RECORDED");
    for (String field : List.of("roundId", "playerId")) {
      claim("missing", field, ABSENT, 400, "MISSING_FIELD");
      claim("null", field, null, 400, "MISSING_FIELD");
      claim("a number", field, 7, 400, "INVALID_FIELD");
      claim("empty", field, "", 400, "INVALID_FIELD");
      claim("129 chars", field, "HB-" + repeat('c', 126), 400, "INVALID_FIELD");
      claim("NUL", field, "HB-\u0000", 400, "INVALID_FIELD");
      claim("carriage return", field, "HB-\r", 400, "INVALID_FIELD");
      claim("non-ascii", field, "HB-ü", 400, "INVALID_FIELD");
    }
    for (String field : List.of("gameId", "jackpotId")) {
      claim("missing", field, ABSENT, 400, "MISSING_FIELD");
      claim("a number", field, 3, 400, "INVALID_FIELD");
      claim("empty", field, "", 400, "INVALID_FIELD");
      claim("upper case", field, "BEWITCHED", 400, "INVALID_FIELD");
      claim("65 chars", field, "b" + repeat('y', 64), 400, "INVALID_FIELD");
      claim("slash", field, "bewitched/x", 400, "INVALID_FIELD");
    }
    claim("unknown", "gameId", "nope", 403, "GAME_NOT_LINKED");
    claim("not linked to the jackpot", "gameId", "creepy-candy", 403, "GAME_NOT_LINKED");
    claim("unknown", "jackpotId", "nope", 404, "UNKNOWN_POOL");
    claim("64 chars unknown", "jackpotId", "b" + repeat('y', 63), 404, "UNKNOWN_POOL");
    claim("unknown", "poolKey", "cv-0.03", 404, "UNKNOWN_POOL");
    claim("64 chars unknown", "poolKey", "c" + repeat('k', 63), 404, "UNKNOWN_POOL");
    claim("65 chars", "poolKey", "c" + repeat('k', 64), 400, "INVALID_FIELD");
    claim("a number", "poolKey", 10, 400, "INVALID_FIELD");
    claim("upper case", "poolKey", "CV-0.10", 400, "INVALID_FIELD");
    claim("empty", "poolKey", "", 400, "INVALID_FIELD");
    claim("missing (no draw weights)", "poolKey", ABSENT, 400, "POOL_KEY_REQUIRED");
    claim("null (no draw weights)", "poolKey", null, 400, "POOL_KEY_REQUIRED");
    claim("missing", "currency", ABSENT, 400, "MISSING_FIELD");
    claim("lower case", "currency", "eur", 400, "INVALID_FIELD");
    claim("a number", "currency", 978, 400, "INVALID_FIELD");
    claim("without a rate", "currency", "XXX", 400, "UNSUPPORTED_CURRENCY");
    claim("with a rate, made-up round", "currency", "GBP", 409, "ROUND_NOT_RECORDED");
    add("claim jackpot game of a made-up round", post("/v1/wins", DEMO_GAMES,
        claim().put("gameId", "creepy-candy").put("jackpotId", "candy").putNull("poolKey").encode()), 409, "ROUND_NOT_RECORDED");
    add("claim of a recorded round by another player", post("/v1/wins", DEMO_GAMES, claim().put("roundId", "HB-SETUP-D")
        .put("playerId", "p-someone-else").encode()), 409, "ROUND_ID_CONFLICT");
    add("claim of a won round on another pool", post("/v1/wins", DEMO_GAMES, claim().put("roundId", "HB-SETUP-D")
        .put("poolKey", "cv-5.00").encode()), 409, "ROUND_ALREADY_WON");
    add("claim of a recorded round on a pool it did not feed", post("/v1/wins", DEMO_GAMES, claim().put("roundId", FED_ROUND)
        .put("poolKey", "cv-5.00").encode()), 409, "ROUND_DID_NOT_FEED_POOL");
    add("claim over 1 MiB", post("/v1/wins", DEMO_GAMES, claim().put("playerId", repeat('p', 1_100_000)).encode()), 413,
        "PAYLOAD_TOO_LARGE");
    body("claim", "/v1/wins", DEMO_GAMES);
  }

  // --- GET /v1/wins and /v1/wins/{winId} ---

  private void gameReads() {
    String w = "wins by round ";
    add(w + "roundId missing", get("/v1/wins", DEMO_GAMES), 400, "MISSING_FIELD");
    add(w + "roundId empty", get("/v1/wins?roundId=", DEMO_GAMES), 400, "MISSING_FIELD");
    add(w + "roundId 129 chars", get("/v1/wins?roundId=HB-" + repeat('q', 126), DEMO_GAMES), 400, "MISSING_FIELD");
    add(w + "roundId 128 chars", get("/v1/wins?roundId=HB-" + repeat('q', 125), DEMO_GAMES), 200, "OK wins=0");
    add(w + "roundId NUL", get("/v1/wins?roundId=HB-%00", DEMO_GAMES), 400, "INVALID_FIELD");
    add(w + "roundId line feed", get("/v1/wins?roundId=HB-%0A", DEMO_GAMES), 400, "INVALID_FIELD");
    add(w + "roundId non-ascii", get("/v1/wins?roundId=HB-%C3%A9", DEMO_GAMES), 400, "MISSING_FIELD");
    add(w + "roundId bad escape", raw("GET /v1/wins?roundId=HB-%zz HTTP/1.1", List.of("Authorization: Bearer " + DEMO_GAMES), null), 400,
        "MALFORMED_REQUEST");
    add(w + "roundId truncated escape", raw("GET /v1/wins?roundId=HB-%4 HTTP/1.1", List.of("Authorization: Bearer " + DEMO_GAMES), null),
        400, "MALFORMED_REQUEST");
    add(w + "currency lower case", get("/v1/wins?roundId=HB-1&currency=eur", DEMO_GAMES), 400, "INVALID_FIELD");
    add(w + "currency four letters", get("/v1/wins?roundId=HB-1&currency=EURO", DEMO_GAMES), 400, "INVALID_FIELD");
    add(w + "roundId SQL quote", get("/v1/wins?roundId=HB-SETUP-D%27%20OR%20%271%27%3D%271", DEMO_GAMES), 200, "OK wins=0");
    add(w + "roundId LIKE wildcard", get("/v1/wins?roundId=HB-SETUP-%25", DEMO_GAMES), 200, "OK wins=0");
    add(w + "roundId twice", get("/v1/wins?roundId=HB-1&roundId=HB-2", DEMO_GAMES), 200, "OK wins=0");
    String o = "win by id ";
    add(o + "unknown", get("/v1/wins/w-bewitched~cv-0.10~999999", DEMO_GAMES), 404, "UNKNOWN_WIN");
    add(o + "not a win id", get("/v1/wins/nope", DEMO_GAMES), 404, "UNKNOWN_WIN");
    add(o + "sequence past a long", get("/v1/wins/w-bewitched~cv-0.10~99999999999999999999", DEMO_GAMES), 404, "UNKNOWN_WIN");
    add(o + "500 chars", get("/v1/wins/w-" + repeat('z', 500), DEMO_GAMES), 404, "UNKNOWN_WIN");
    add(o + "NUL", get("/v1/wins/w-bewitched~cv-0.10~1%00", DEMO_GAMES), 404, "UNKNOWN_WIN");
    add(o + "bad escape", raw("GET /v1/wins/w-%zz HTTP/1.1", List.of("Authorization: Bearer " + DEMO_GAMES), null), 400,
        "MALFORMED_REQUEST");
    add(o + "currency lower case", get("/v1/wins/" + setup.demoWin() + "?currency=gbp", DEMO_GAMES), 400, "INVALID_FIELD");
    add(o + "currency digits", get("/v1/wins/" + setup.demoWin() + "?currency=978", DEMO_GAMES), 400, "INVALID_FIELD");
  }

  // --- public reads and the ticker over plain HTTP ---

  private void publicReads() {
    String p = "public ";
    add(p + "jackpots currency without a rate", get("/v1/jackpots?currency=XXX", null), 400, "UNSUPPORTED_CURRENCY");
    add(p + "jackpots currency lower case", get("/v1/jackpots?currency=gbp", null), 400, "UNSUPPORTED_CURRENCY");
    add(p + "jackpots currency 300 chars", get("/v1/jackpots?currency=" + repeat('G', 300), null), 400, "UNSUPPORTED_CURRENCY");
    add(p + "jackpots currency bad escape", raw("GET /v1/jackpots?currency=%G0 HTTP/1.1", List.of(), null), 400, "MALFORMED_REQUEST");
    add(p + "jackpots currency line feed", get("/v1/jackpots?currency=EUR%0A", null), 400, "INVALID_FIELD");
    add(p + "jackpots parameter name DEL", get("/v1/jackpots?x%7F=1", null), 400, "INVALID_FIELD");
    add(p + "jackpot unknown", get("/v1/jackpots/nope", null), 404, "UNKNOWN_JACKPOT");
    add(p + "jackpot upper case", get("/v1/jackpots/BEWITCHED", null), 404, "UNKNOWN_JACKPOT");
    add(p + "jackpot 65 chars", get("/v1/jackpots/b" + repeat('j', 64), null), 404, "UNKNOWN_JACKPOT");
    add(p + "jackpot 64 chars", get("/v1/jackpots/b" + repeat('j', 63), null), 404, "UNKNOWN_JACKPOT");
    add(p + "jackpot 4000 chars", get("/v1/jackpots/b" + repeat('j', 4000), null), 404, "UNKNOWN_JACKPOT");
    add(p + "jackpot encoded slash", get("/v1/jackpots/bewitched%2Fpools", null), 404, "UNKNOWN_JACKPOT");
    add(p + "jackpot dot dot", raw("GET /v1/jackpots/../admin/jackpots HTTP/1.1", List.of(), null), 401, "UNAUTHENTICATED");
    add(p + "jackpot currency without a rate", get("/v1/jackpots/candy?currency=XXX", null), 400, "UNSUPPORTED_CURRENCY");
    add(p + "pool unknown", get("/v1/jackpots/bewitched/pools/cv-0.03", null), 404, "UNKNOWN_POOL");
    add(p + "pool of unknown jackpot", get("/v1/jackpots/nope/pools/mini", null), 404, "UNKNOWN_JACKPOT");
    add(p + "pool key NUL", get("/v1/jackpots/candy/pools/mini%00", null), 404, "UNKNOWN_POOL");
    add(p + "pool key bad escape", raw("GET /v1/jackpots/candy/pools/%ZZ HTTP/1.1", List.of(), null), 400, "MALFORMED_REQUEST");
    add(p + "pool currency without a rate", get("/v1/jackpots/candy/pools/mini?currency=XXX", null), 400, "UNSUPPORTED_CURRENCY");
    add(p + "ticker over plain HTTP", get("/v1/ticker", null), 400, "WEBSOCKET_REQUIRED");
    add(p + "stream over plain HTTP", get("/v1/contributions/stream", DEMO_GAMES), 400, "WEBSOCKET_REQUIRED");
    add(p + "stream over plain HTTP without a key", get("/v1/contributions/stream", null), 401, "UNAUTHENTICATED");
    add(p + "stream over plain HTTP with an admin token", get("/v1/contributions/stream", ADMIN), 403, "FORBIDDEN");
    add(p + "POST to the stream", post("/v1/contributions/stream", DEMO_GAMES, batchOf(item())), 405, "METHOD_NOT_ALLOWED");
    add(p + "unknown path under v1", get("/v1/nope", null), 404, "NOT_FOUND");
    add(p + "unknown admin path", get("/v1/admin/nope", ADMIN), 404, "NOT_FOUND");
    add(p + "POST to an unknown path under v1", post("/v1/nope", null, "{}"), 404, "NOT_FOUND");
    add(p + "DELETE contributions", new Http("DELETE", "/v1/contributions", DEMO_GAMES, null), 405, "METHOD_NOT_ALLOWED");
    add(p + "PUT wins", put("/v1/wins", DEMO_GAMES, "{}"), 405, "METHOD_NOT_ALLOWED");
    add(p + "POST jackpots", post("/v1/jackpots", null, "{}"), 405, "METHOD_NOT_ALLOWED");
    add(p + "DELETE an admin jackpot", new Http("DELETE", "/v1/admin/jackpots/candy", ADMIN, null), 405, "METHOD_NOT_ALLOWED");
    add(p + "GET pause", get("/v1/admin/jackpots/candy/pause", ADMIN), 405, "METHOD_NOT_ALLOWED");
    add(p + "POST fx rates", post("/v1/admin/fx-rates", ADMIN, fx().encode()), 405, "METHOD_NOT_ALLOWED");
    add(p + "POST health", post("/health/ready", null, "{}"), 405, "METHOD_NOT_ALLOWED");
    add(p + "PATCH outside v1", new Http("PATCH", "/nope", null, "{}"), 405, "METHOD_NOT_ALLOWED");
  }

  /** A listing's {@code limit} out of 1 to {@code most}, or not digits: {@code path} ends with "?" or "&". */
  private void badLimits(String n, String path, String token, int most) {
    add(n + "limit zero", get(path + "limit=0", token), 400, "INVALID_FIELD");
    add(n + "limit negative", get(path + "limit=-1", token), 400, "INVALID_FIELD");
    add(n + "limit " + (most + 1), get(path + "limit=" + (most + 1), token), 400, "INVALID_FIELD");
    add(n + "limit past a long", get(path + "limit=99999999999999999999", token), 400, "INVALID_FIELD");
    add(n + "limit decimal", get(path + "limit=1.5", token), 400, "INVALID_FIELD");
    add(n + "limit exponent", get(path + "limit=1e3", token), 400, "INVALID_FIELD");
    add(n + "limit letters", get(path + "limit=ten", token), 400, "INVALID_FIELD");
    add(n + "limit hex", get(path + "limit=0x10", token), 400, "INVALID_FIELD");
    add(n + "limit with a plus", get(path + "limit=%2B5", token), 400, "INVALID_FIELD");
    add(n + "limit bad escape", raw("GET " + path + "limit=%%31 HTTP/1.1", token == null ? List.of() : List.of("Authorization: Bearer " + token),
        null), 400, "MALFORMED_REQUEST");
  }

  // --- a jackpot's wins, read by anyone: its limit, its cursor ---

  private void hallOfFame() {
    String h = "hall of fame ";
    String wins = "/v1/jackpots/bewitched/wins";
    add(h + "unknown jackpot", get("/v1/jackpots/nope/wins", null), 404, "UNKNOWN_JACKPOT");
    add(h + "jackpot upper case", get("/v1/jackpots/BEWITCHED/wins", null), 404, "UNKNOWN_JACKPOT");
    add(h + "jackpot 4000 chars", get("/v1/jackpots/b" + repeat('j', 4000) + "/wins", null), 404, "UNKNOWN_JACKPOT");
    add(h + "jackpot NUL", get("/v1/jackpots/bewitched%00/wins", null), 404, "UNKNOWN_JACKPOT");
    add(h + "every setup win", get(wins + "?limit=100", null), 200, "OK wins=2");
    badLimits(h, wins + "?", null, 100);
    add(h + "limit line feed", get(wins + "?limit=5%0A", null), 400, "INVALID_FIELD");
    add(h + "after not base64", get(wins + "?after=!!!", null), 400, "INVALID_FIELD");
    add(h + "after the audit's cursor", get(wins + "?after=" + setup.auditCursor(), null), 400, "INVALID_FIELD");
    add(h + "after win id with sql", get(wins + "?after=" + cursor("w:1700000000000000:w-a~b~1' OR '1'='1"), null), 400,
        "INVALID_FIELD");
    add(h + "after micros past year 9999", get(wins + "?after=" + cursor("w:253402300800000000:w-bewitched~cv-0.10~1"), null), 400,
        "INVALID_FIELD");
    add(h + "after a real cursor with a byte more", get(wins + "?after=" + setup.winsCursor() + "A", null), 400, "INVALID_FIELD");
    add(h + "after 2000 chars", get(wins + "?after=" + repeat('A', 2000), null), 400, "INVALID_FIELD");
    add(h + "well-formed, made up, at year 1", get(wins + "?after=" + cursor("w:-62135596800000000:w-bewitched~cv-0.10~1"), null),
        200, "OK wins=0");
    add(h + "currency without a rate", get(wins + "?currency=XXX", null), 400, "UNSUPPORTED_CURRENCY");
    add(h + "POST", post(wins, null, "{}"), 405, "METHOD_NOT_ALLOWED");
  }

  // --- the admin reads' parameters, cursors included ---

  private void adminReads() {
    for (String listing : List.of("wins", "audit")) {
      String path = "/v1/admin/" + listing + "?";
      String n = "admin " + listing + " ";
      add(n + "from not a date", get(path + "from=yesterday", VIEWER), 400, "INVALID_FIELD");
      add(n + "from without zone", get(path + "from=2026-11-21T00:00:00", VIEWER), 400, "INVALID_FIELD");
      add(n + "from a date only", get(path + "from=2026-11-21", VIEWER), 400, "INVALID_FIELD");
      add(n + "from year -5000", get(path + "from=-5000-01-01T00:00:00Z", VIEWER), 400, "INVALID_FIELD");
      add(n + "to year 300000", get(path + "to=%2B300000-01-01T00:00:00Z", VIEWER), 400, "INVALID_FIELD");
      add(n + "to month 13", get(path + "to=2026-13-01T00:00:00Z", VIEWER), 400, "INVALID_FIELD");
      add(n + "to epoch millis", get(path + "to=1700000000000", VIEWER), 400, "INVALID_FIELD");
      add(n + "from after to", get(path + "from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z", VIEWER), 200,
          "OK " + (listing.equals("wins") ? "wins" : "entries") + "=0");
      badLimits(n, path, VIEWER, 10_000);
      add(n + "after not base64", get(path + "after=!!!", VIEWER), 400, "INVALID_FIELD");
      // An audit cursor with base64 padding is the same cursor: a page (no forgery); the wins listing's is another listing's.
      add(n + "after padded base64", get(path + "after=" + Base64.getUrlEncoder().encodeToString("a:10".getBytes()), VIEWER),
          listing.equals("audit") ? 200 : 400, listing.equals("audit") ? "OK entries=0" : "INVALID_FIELD");
      add(n + "after empty kind", get(path + "after=" + cursor(":"), VIEWER), 400, "INVALID_FIELD");
      add(n + "after 2000 chars", get(path + "after=" + repeat('A', 2000), VIEWER), 400, "INVALID_FIELD");
    }
    String w = "admin wins after ";
    add(w + "the audit's cursor", get("/v1/admin/wins?after=" + setup.auditCursor(), VIEWER), 400, "INVALID_FIELD");
    add(w + "w: alone", get("/v1/admin/wins?after=" + cursor("w:"), VIEWER), 400, "INVALID_FIELD");
    add(w + "no win id", get("/v1/admin/wins?after=" + cursor("w:1700000000000000"), VIEWER), 400, "INVALID_FIELD");
    add(w + "micros not a number", get("/v1/admin/wins?after=" + cursor("w:abc:w-bewitched~cv-0.10~1"), VIEWER), 400, "INVALID_FIELD");
    add(w + "micros past a long", get("/v1/admin/wins?after=" + cursor("w:99999999999999999999:w-bewitched~cv-0.10~1"), VIEWER), 400,
        "INVALID_FIELD");
    add(w + "micros before year 1", get("/v1/admin/wins?after=" + cursor("w:-62135596800000001:w-bewitched~cv-0.10~1"), VIEWER), 400,
        "INVALID_FIELD");
    add(w + "micros past year 9999", get("/v1/admin/wins?after=" + cursor("w:253402300800000000:w-bewitched~cv-0.10~1"), VIEWER), 400,
        "INVALID_FIELD");
    add(w + "long.min micros", get("/v1/admin/wins?after=" + cursor("w:" + Long.MIN_VALUE + ":w-bewitched~cv-0.10~1"), VIEWER), 400,
        "INVALID_FIELD");
    add(w + "win id malformed", get("/v1/admin/wins?after=" + cursor("w:1700000000000000:bewitched"), VIEWER), 400, "INVALID_FIELD");
    add(w + "win id with sql", get("/v1/admin/wins?after=" + cursor("w:1700000000000000:w-a~b~1' OR '1'='1"), VIEWER), 400,
        "INVALID_FIELD");
    add(w + "win id sequence 20 digits", get("/v1/admin/wins?after=" + cursor("w:1700000000000000:w-a~b~12345678901234567890"), VIEWER),
        400, "INVALID_FIELD");
    add(w + "win id NUL", get("/v1/admin/wins?after=" + cursor("w:1700000000000000:w-a~b~1\u0000"), VIEWER), 400, "INVALID_FIELD");
    add(w + "well-formed, made up, at year 9999", get("/v1/admin/wins?after=" + cursor("w:253402300799000000:w-bewitched~cv-0.10~1"),
        VIEWER), 200, "OK wins=0");
    add(w + "a real cursor with a byte more", get("/v1/admin/wins?after=" + setup.winsCursor() + "A", VIEWER), 400, "INVALID_FIELD");
    String a = "admin audit after ";
    add(a + "the wins' cursor", get("/v1/admin/audit?after=" + setup.winsCursor(), VIEWER), 400, "INVALID_FIELD");
    add(a + "a: alone", get("/v1/admin/audit?after=" + cursor("a:"), VIEWER), 400, "INVALID_FIELD");
    add(a + "id letters", get("/v1/admin/audit?after=" + cursor("a:abc"), VIEWER), 400, "INVALID_FIELD");
    add(a + "id past a long", get("/v1/admin/audit?after=" + cursor("a:99999999999999999999"), VIEWER), 400, "INVALID_FIELD");
    add(a + "id decimal", get("/v1/admin/audit?after=" + cursor("a:1.5"), VIEWER), 400, "INVALID_FIELD");
    add(a + "id with a space", get("/v1/admin/audit?after=" + cursor("a: 1"), VIEWER), 400, "INVALID_FIELD");
    add(a + "id negative", get("/v1/admin/audit?after=" + cursor("a:-1"), VIEWER), 400, "INVALID_FIELD");
    add(a + "id with a plus", get("/v1/admin/audit?after=" + cursor("a:+1"), VIEWER), 400, "INVALID_FIELD");
    add(a + "id arabic-indic digit", get("/v1/admin/audit?after=" + cursor("a:\u0661"), VIEWER), 400, "INVALID_FIELD");

    String j = "admin wins jackpotId ";
    add(j + "unknown", get("/v1/admin/wins?jackpotId=nope", VIEWER), 404, "UNKNOWN_JACKPOT");
    add(j + "upper case", get("/v1/admin/wins?jackpotId=NOPE", VIEWER), 404, "UNKNOWN_JACKPOT");
    add(j + "65 chars", get("/v1/admin/wins?jackpotId=b" + repeat('w', 64), VIEWER), 404, "UNKNOWN_JACKPOT");
    add(j + "NUL", get("/v1/admin/wins?jackpotId=candy%00", VIEWER), 400, "INVALID_FIELD");
    add(j + "carriage return first", get("/v1/admin/wins?jackpotId=%0Dcandy", VIEWER), 400, "INVALID_FIELD");

    String r = "admin rounds ";
    add(r + "roundId missing", get("/v1/admin/rounds?operatorId=demo", VIEWER), 400, "MISSING_FIELD");
    add(r + "roundId empty", get("/v1/admin/rounds?roundId=&operatorId=demo", VIEWER), 400, "MISSING_FIELD");
    add(r + "roundId 129 chars", get("/v1/admin/rounds?operatorId=demo&roundId=" + repeat('r', 129), VIEWER), 400, "MISSING_FIELD");
    add(r + "roundId NUL", get("/v1/admin/rounds?operatorId=demo&roundId=HB%00", VIEWER), 400, "INVALID_FIELD");
    add(r + "roundId SQL quote", get("/v1/admin/rounds?operatorId=demo&roundId=HB-SETUP-D%27--", VIEWER), 404, "UNKNOWN_ROUND");
    add(r + "roundId unknown", get("/v1/admin/rounds?operatorId=demo&roundId=HB-NEVER", VIEWER), 404, "UNKNOWN_ROUND");
    add(r + "roundId 128 chars unknown", get("/v1/admin/rounds?operatorId=demo&roundId=" + repeat('r', 128), VIEWER), 404,
        "UNKNOWN_ROUND");
    add(r + "operatorId missing with a network token", get("/v1/admin/rounds?roundId=HB-SETUP-D", VIEWER), 400, "MISSING_FIELD");
    add(r + "operatorId 129 chars", get("/v1/admin/rounds?roundId=HB-SETUP-D&operatorId=" + repeat('o', 129), VIEWER), 400,
        "INVALID_FIELD");
    add(r + "operatorId control", get("/v1/admin/rounds?roundId=HB-SETUP-D&operatorId=demo%0D", VIEWER), 400,
        "INVALID_FIELD");
    add(r + "operatorId unknown", get("/v1/admin/rounds?roundId=HB-SETUP-D&operatorId=nobody", VIEWER), 404, "UNKNOWN_ROUND");
    String k = "admin rounds count ";
    add(k + "prefix missing", get("/v1/admin/rounds/count", VIEWER), 400, "INVALID_FIELD");
    add(k + "prefix 3 chars", get("/v1/admin/rounds/count?prefix=HB-", VIEWER), 400, "INVALID_FIELD");
    add(k + "prefix 65 chars", get("/v1/admin/rounds/count?prefix=" + repeat('P', 65), VIEWER), 400, "INVALID_FIELD");
    add(k + "prefix percent", get("/v1/admin/rounds/count?prefix=HB-%25%25", VIEWER), 400, "INVALID_FIELD");
    add(k + "prefix underscore wildcard is literal", get("/v1/admin/rounds/count?prefix=____", VIEWER), 200, "OK rounds=0");
    add(k + "prefix space", get("/v1/admin/rounds/count?prefix=HB-+x", VIEWER), 400, "INVALID_FIELD");
    add(k + "prefix non-ascii", get("/v1/admin/rounds/count?prefix=HB-%C3%A9x", VIEWER), 400, "INVALID_FIELD");
    String g = "admin jackpot ";
    add(g + "unknown", get("/v1/admin/jackpots/nope", VIEWER), 404, "UNKNOWN_JACKPOT");
    add(g + "upper case", get("/v1/admin/jackpots/NOPE", VIEWER), 404, "UNKNOWN_JACKPOT");
    add(g + "NUL", get("/v1/admin/jackpots/candy%00", VIEWER), 404, "UNKNOWN_JACKPOT");
  }

  // --- PUT /v1/admin/jackpots/{id}, one field wrong at a time ---

  private void definition(String what, Consumer<JsonObject> change, String code) {
    JsonObject d = definition();
    change.accept(d);
    add("define " + what, put("/v1/admin/jackpots/hb-new", ADMIN, d.encode()), 400, code);
  }

  private static JsonObject pool0(JsonObject d) {
    return d.getJsonArray("pools").getJsonObject(0);
  }

  private void definitions() {
    String bad = "INVALID_DEFINITION";
    definition("name missing", d -> d.remove("name"), bad);
    definition("name empty", d -> d.put("name", ""), bad);
    definition("name 101 chars", d -> d.put("name", repeat('n', 101)), bad);
    definition("name a number", d -> d.put("name", 5), bad);
    definition("name with a line feed", d -> d.put("name", "Hostile\nJackpots"), bad);
    definition("name with a bidi override", d -> d.put("name", "Hostile \u202Estopkcaj"), bad);
    definition("name with NUL", d -> d.put("name", "Hostile\u0000"), bad);
    definition("currency missing", d -> d.remove("currency"), bad);
    definition("currency lower case", d -> d.put("currency", "eur"), bad);
    definition("currency another, for games in EUR", d -> d.put("currency", "USD"), bad);
    definition("owner missing", d -> d.remove("owner"), bad);
    definition("owner upper case", d -> d.put("owner", "DEMO"), bad);
    definition("games missing", d -> d.remove("games"), bad);
    definition("games empty", d -> d.put("games", new JsonArray()), bad);
    definition("games a string", d -> d.put("games", "creepy-candy"), bad);
    definition("games unknown", d -> d.put("games", new JsonArray().add("nope")), bad);
    definition("games a number", d -> d.put("games", new JsonArray().add(1)), bad);
    definition("routing unknown", d -> d.put("routing", "RANDOM"), bad);
    definition("routing lower case", d -> d.put("routing", "all"), bad);
    definition("pools missing", d -> d.remove("pools"), bad);
    definition("pools empty", d -> d.put("pools", new JsonArray()), bad);
    definition("pools an object", d -> d.put("pools", new JsonObject()), bad);
    definition("pool null", d -> d.put("pools", new JsonArray().addNull()), bad);
    definition("pool key missing", d -> pool0(d).remove("key"), bad);
    definition("pool key upper case", d -> pool0(d).put("key", "SMALL"), bad);
    definition("pool key 65 chars", d -> pool0(d).put("key", "s" + repeat('k', 64)), bad);
    definition("pool keys repeated", d -> pool0(d).put("key", "big"), bad);
    definition("pool name empty", d -> pool0(d).put("name", ""), bad);
    definition("pool name NUL", d -> pool0(d).put("name", "Small\u0000"), bad);
    definition("pool name lone surrogate", d -> pool0(d).put("name", "Small\uDBFF"), bad);
    definition("pool name line break", d -> pool0(d).put("name", "Sm\r\nall"), bad);
    definition("pool seed missing", d -> pool0(d).remove("seed"), bad);
    definition("pool seed zero", d -> pool0(d).put("seed", "0"), bad);
    definition("pool seed negative", d -> pool0(d).put("seed", "-5.00"), bad);
    definition("pool seed a number", d -> pool0(d).put("seed", 5), bad);
    definition("pool seed 13 digits", d -> pool0(d).put("seed", "1000000000000"), bad);
    definition("pool seed seven decimals", d -> pool0(d).put("seed", "5.0000001"), bad);
    definition("pool rate missing", d -> pool0(d).remove("rate"), bad);
    definition("pool rate zero", d -> pool0(d).put("rate", "0"), bad);
    definition("pool rate one", d -> pool0(d).put("rate", "1"), bad);
    definition("pool rate seven decimals", d -> pool0(d).put("rate", "0.0000001"), bad);
    definition("pool rate a number", d -> pool0(d).put("rate", 0.01), bad);
    definition("pool rate plus reserve at one", d -> pool0(d).put("rate", "0.5").put("reserveRate", "0.5"), bad);
    definition("pool reserveRate negative", d -> pool0(d).put("reserveRate", "-0.1"), bad);
    definition("pool ceiling below the seed", d -> pool0(d).put("ceiling", "4.00"), bad);
    definition("pool ceiling letters", d -> pool0(d).put("ceiling", "lots"), bad);
    definition("pool trigger type unknown", d -> pool0(d).put("trigger", new JsonObject().put("type", "ALWAYS")), bad);
    definition("pool trigger a string", d -> pool0(d).put("trigger", "CLAIM"), bad);
    definition("pool random without stakePerHit", d -> pool0(d).put("trigger", new JsonObject().put("type", "RANDOM")), bad);
    definition("pool random stakePerHit zero", d -> pool0(d).put("trigger", new JsonObject().put("type", "RANDOM")
        .put("stakePerHit", "0")), bad);
    definition("pool must-hit without ceiling", d -> {
      pool0(d).remove("ceiling");
      pool0(d).put("trigger", new JsonObject().put("type", "MUST_HIT_BY"));
    },
        bad);
    definition("pool drawWeight negative", d -> pool0(d).put("drawWeight", "-1"), bad);
    definition("pool drawWeight over a million", d -> pool0(d).put("drawWeight", "1000001"), bad);
    definition("pool drawWeight letters", d -> pool0(d).put("drawWeight", "heavy"), bad);
    definition("pool drawWeight decimal number", d -> pool0(d).put("drawWeight", 1.5), bad);
    definition("pool drawWeight integer over a million", d -> pool0(d).put("drawWeight", 1_000_001), bad);
    definition("pool drawWeight 1e300", d -> pool0(d).put("drawWeight", new BigDecimal("1e300")), bad);
    definition("pool drawWeight past a long", d -> pool0(d).put("drawWeight", "99999999999999999999"), bad);
    definition("pool seed tiny, ceiling tinier", d -> pool0(d).put("seed", "0.000002").put("ceiling", "0.000001"), bad);
    definition("pool random stakePerHit 13 digits", d -> pool0(d).put("trigger", new JsonObject().put("type", "RANDOM")
        .put("stakePerHit", "1000000000000")), bad);
    definition("pool coinValue with routing ALL", d -> pool0(d).put("coinValue", "0.10"), bad);
    definition("routing COIN_VALUE without coin values", d -> d.put("routing", "COIN_VALUE"), bad);
    definition("pool overflowTo unknown", d -> pool0(d).put("overflowTo", new JsonObject().put("jackpotId", "nope").put("poolKey", "x")),
        bad);
    definition("pool overflowTo itself", d -> pool0(d).put("overflowTo", new JsonObject().put("jackpotId", "hb-new")
        .put("poolKey", "small")), bad);
    definition("pool overflowTo a string", d -> pool0(d).put("overflowTo", "candy/grand"), bad);
    definition("rates taking the whole stake", d -> pool0(d).put("rate", "0.98"), bad);
    definition("101 pools", d -> {
      JsonArray pools = new JsonArray();
      for (int i = 0; i < 101; i++) {
        pools.add(new JsonObject().put("key", "p" + i).put("name", "P" + i).put("seed", "1.00").put("rate", "0.0001"));
      }
      d.put("pools", pools);
    }, bad);
    add("define id upper case", put("/v1/admin/jackpots/HB-NEW", ADMIN, definition().encode()), 400, "INVALID_DEFINITION");
    add("define id 65 chars", put("/v1/admin/jackpots/h" + repeat('d', 64), ADMIN, definition().encode()), 400, "INVALID_DEFINITION");
    add("define candy in another currency", put("/v1/admin/jackpots/candy", ADMIN, setup.candy().copy().put("currency", "USD").encode()),
        400, "CURRENCY_CHANGE");
    JsonObject fewer = setup.candy().copy();
    fewer.put("pools", new JsonArray().add(fewer.getJsonArray("pools").getJsonObject(0)));
    add("define candy without three of its pools", put("/v1/admin/jackpots/candy", ADMIN, fewer.encode()), 400, "POOL_REMOVAL");
    add("define over 256 KiB", put("/v1/admin/jackpots/hb-new", ADMIN, definition().put("name", repeat('n', 270_000)).encode()), 413,
        "PAYLOAD_TOO_LARGE");
    add("define as scoped token, shared game", put("/v1/admin/jackpots/hb-new", DEMO_ADMIN,
        definition().put("games", new JsonArray().add("bewitched")).encode()), 403, "GAME_SHARED");
    add("scoped token redefines a shared jackpot", put("/v1/admin/jackpots/bewitched", DEMO_ADMIN,
        setup.bewitched().copy().put("name", "Renamed").encode()), 403,
        "GAME_SHARED");
    body("define", "/v1/admin/jackpots/hb-new", ADMIN);
  }

  // --- PUT /v1/admin/fx-rates ---

  private void fx(String what, Consumer<JsonObject> change, String code) {
    JsonObject f = fx();
    change.accept(f);
    add("fx " + what, put("/v1/admin/fx-rates", ADMIN, f.encode()), 400, code);
  }

  private void fxRates() {
    String bad = "INVALID_FIELD";
    fx("base missing", f -> f.remove("base"), bad);
    fx("base another currency", f -> f.put("base", "USD"), bad);
    fx("base lower case", f -> f.put("base", "eur"), bad);
    fx("base a number", f -> f.put("base", 978), bad);
    fx("rates missing", f -> f.remove("rates"), bad);
    fx("rates empty", f -> f.put("rates", new JsonObject()), bad);
    fx("rates an array", f -> f.put("rates", new JsonArray().add("0.85")), bad);
    fx("rate zero", f -> f.getJsonObject("rates").put("GBP", "0"), bad);
    fx("rate negative", f -> f.getJsonObject("rates").put("GBP", "-0.85"), bad);
    fx("rate a number", f -> f.getJsonObject("rates").put("GBP", 0.85), bad);
    fx("rate seven decimals", f -> f.getJsonObject("rates").put("GBP", "0.8500001"), bad);
    fx("rate over a million", f -> f.getJsonObject("rates").put("GBP", "1000000.01"), bad);
    fx("rate exponent", f -> f.getJsonObject("rates").put("GBP", "8.5e-1"), bad);
    fx("rate null", f -> f.getJsonObject("rates").putNull("GBP"), bad);
    fx("rate of the base", f -> f.getJsonObject("rates").put("EUR", "1"), bad);
    fx("code lower case", f -> f.getJsonObject("rates").put("jpy", "160"), bad);
    fx("code four letters", f -> f.getJsonObject("rates").put("JPYY", "160"), bad);
    fx("code empty", f -> f.getJsonObject("rates").put("", "160"), bad);
    fx("code non-ascii", f -> f.getJsonObject("rates").put("JPÝ", "160"), bad);
    fx("confirm a string", f -> f.put("confirm", "yes"), bad);
    fx("rate jumping tenfold", f -> f.getJsonObject("rates").put("GBP", "8.5"), "FX_RATE_JUMP");
    fx("rate falling tenfold", f -> f.getJsonObject("rates").put("USD", "0.108"), "FX_RATE_JUMP");
    fx("rate one micro", f -> f.getJsonObject("rates").put("GBP", "0.000001"), "FX_RATE_JUMP");
    fx("rate a million", f -> f.getJsonObject("rates").put("GBP", "1000000"), "FX_RATE_JUMP");
    fx("rate 1e400 as a number", f -> f.getJsonObject("rates").put("GBP", new BigDecimal("1e400")), bad);
    add("fx over 64 KiB", put("/v1/admin/fx-rates", ADMIN, fx().put("padding", repeat('x', 70_000)).encode()), 413, "PAYLOAD_TOO_LARGE");
    body("fx", "/v1/admin/fx-rates", ADMIN);
  }

  // --- pause, resume and discontinue ---

  private void discontinue(String what, Consumer<JsonObject> change, int status, String code) {
    JsonObject d = discontinue();
    change.accept(d);
    add("discontinue " + what, post("/v1/admin/jackpots/candy/pools/mini/discontinue", ADMIN, d.encode()), status, code);
  }

  private static JsonObject withoutTransfer(JsonObject d) {
    d.remove("transferTo");
    return d;
  }

  private void poolWrites() {
    for (String w : List.of("pause", "resume")) {
      add(w + " unknown jackpot", post("/v1/admin/jackpots/nope/" + w, ADMIN, null), 404, "UNKNOWN_JACKPOT");
      add(w + " unknown pool", post("/v1/admin/jackpots/candy/pools/nope/" + w, ADMIN, null), 404, "UNKNOWN_POOL");
      add(w + " pool of unknown jackpot", post("/v1/admin/jackpots/nope/pools/mini/" + w, ADMIN, null), 404, "UNKNOWN_JACKPOT");
      add(w + " jackpot id 65 chars", post("/v1/admin/jackpots/c" + repeat('x', 64) + "/" + w, ADMIN, null), 404, "UNKNOWN_JACKPOT");
      add(w + " pool key NUL", post("/v1/admin/jackpots/candy/pools/mini%00/" + w, ADMIN, null), 404, "UNKNOWN_POOL");
    }
    discontinue("reason missing", d -> d.remove("reason"), 400, "MISSING_FIELD");
    discontinue("reason empty", d -> d.put("reason", ""), 400, "INVALID_FIELD");
    discontinue("reason 501 chars", d -> d.put("reason", repeat('r', 501)), 400, "INVALID_FIELD");
    discontinue("reason a number", d -> d.put("reason", 5), 400, "INVALID_FIELD");
    discontinue("reason NUL", d -> d.put("reason", "bad\u0000"), 400, "INVALID_FIELD");
    discontinue("reason lone surrogate", d -> d.put("reason", "bad\uDC00"), 400, "INVALID_FIELD");
    discontinue("neither transferTo nor hold", d -> d.remove("transferTo"), 400, "INVALID_FIELD");
    discontinue("both transferTo and hold", d -> d.put("hold", true), 400, "INVALID_FIELD");
    discontinue("hold false alone", d -> withoutTransfer(d).put("hold", false), 400, "INVALID_FIELD");
    discontinue("hold a string", d -> withoutTransfer(d).put("hold", "true"), 400, "INVALID_FIELD");
    discontinue("transferTo a string", d -> d.put("transferTo", "candy/grand"), 400, "INVALID_FIELD");
    discontinue("transferTo without poolKey", d -> d.getJsonObject("transferTo").remove("poolKey"), 400, "MISSING_FIELD");
    discontinue("transferTo without jackpotId", d -> d.getJsonObject("transferTo").remove("jackpotId"), 400, "MISSING_FIELD");
    discontinue("transferTo upper case", d -> d.getJsonObject("transferTo").put("poolKey", "GRAND"), 400, "INVALID_FIELD");
    discontinue("transferTo unknown pool", d -> d.getJsonObject("transferTo").put("poolKey", "nope"), 400, "UNKNOWN_TARGET");
    discontinue("transferTo unknown jackpot", d -> d.getJsonObject("transferTo").put("jackpotId", "nope"), 400, "UNKNOWN_TARGET");
    discontinue("transferTo itself", d -> d.getJsonObject("transferTo").put("poolKey", "mini"), 400, "INVALID_TARGET");
    // A network token may move a pool's value into any operator's pool; an operator's token only into its own.
    // candy links cluster-bear-sweet-wins, which other plays too: demo's token may not end its pools at all.
    add("discontinue as demo's token, shared source, into another operator's pool", post("/v1/admin/jackpots/candy/pools/mini/discontinue",
        DEMO_ADMIN, discontinue().put("transferTo", new JsonObject().put("jackpotId", "other-bears").put("poolKey", "small")).encode()),
        403, "GAME_SHARED");
    add("discontinue unknown pool", post("/v1/admin/jackpots/candy/pools/nope/discontinue", ADMIN,
        new JsonObject().put("reason", "hostile").put("hold", true).encode()), 404, "UNKNOWN_POOL");
    add("discontinue over 16 KiB", post("/v1/admin/jackpots/candy/pools/mini/discontinue", ADMIN,
        discontinue().put("reason", repeat('r', 17_000)).encode()), 413, "PAYLOAD_TOO_LARGE");
    body("discontinue", "/v1/admin/jackpots/candy/pools/mini/discontinue", ADMIN);
  }

  // --- byte-level HTTP on raw sockets ---

  private void framing() {
    String f = "framing ";
    add(f + "garbage request line", new Raw("GARBAGE\r\n\r\n".getBytes(StandardCharsets.US_ASCII)), 400, "EMPTY_BODY");
    add(f + "request line without version", new Raw("GET /v1/jackpots\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII)), 400,
        "EMPTY_BODY");
    add(f + "HTTP/9.9", raw("GET /v1/jackpots HTTP/9.9", List.of(), null), 501, "EMPTY_BODY");
    add(f + "binary request line", new Raw(new byte[] {0x16, 0x03, 0x01, 0x00, (byte) 0xa5, 0x01, 0x00, 0x00, '\r', '\n', '\r', '\n'}),
        400, "EMPTY_BODY");
    add(f + "header without colon", raw("GET /v1/jackpots HTTP/1.1", List.of("NoColonHere"), null), 400, "EMPTY_BODY");
    add(f + "header 20 KiB", raw("GET /v1/jackpots HTTP/1.1", List.of("X-Big: " + repeat('h', 20_000)), null), 431,
        "EMPTY_BODY");
    add(f + "request line 10 KiB", raw("GET /v1/jackpots?x=" + repeat('u', 10_000) + " HTTP/1.1", List.of(), null), 414, "EMPTY_BODY");
    add(f + "path bad escape", raw("GET /v1/jackpots/%zz HTTP/1.1", List.of(), null), 400, "MALFORMED_REQUEST");
    add(f + "path raw space", raw("GET /v1/jack pots HTTP/1.1", List.of(), null), 400, "EMPTY_BODY");
    add(f + "path raw utf-8", new Raw(HostileWire.request("GET /v1/jackpots/caf\u00c3\u00a9 HTTP/1.1", List.of(), null)), 404,
        "UNKNOWN_JACKPOT");
    add(f + "path raw control byte", raw("GET /v1/jackpots/\u0001 HTTP/1.1", List.of(), null), 404, "UNKNOWN_JACKPOT");
    add(f + "HTTP/1.0", raw("GET /v1/jackpots/nope HTTP/1.0", List.of(), null), 404, "UNKNOWN_JACKPOT");
    add(f + "no Host header", new Raw("GET /v1/jackpots/nope HTTP/1.1\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII)),
        400, "MALFORMED_REQUEST");
    // An obsolete folded header is joined with a space, as RFC 9112 lets a server do: the token is the admin's.
    add(f + "header folded over two lines", raw("GET /v1/admin/jackpots HTTP/1.1", List.of("Authorization: Bearer", " " + ADMIN), null),
        200, "OK jackpots=3");
    add(f + "unknown method", raw("BREW /v1/jackpots HTTP/1.1", List.of(), null), 405, "METHOD_NOT_ALLOWED");
    add(f + "TRACE", raw("TRACE /v1/jackpots HTTP/1.1", List.of(), null), 405, "METHOD_NOT_ALLOWED");
    add(f + "absolute-form target", raw("GET http://127.0.0.1/v1/jackpots/nope HTTP/1.1", List.of(), null), 404, "UNKNOWN_JACKPOT");
    add(f + "asterisk target", raw("OPTIONS * HTTP/1.1", List.of(), null), 404, "NOT_FOUND");
    add(f + "content-length negative", raw("POST /v1/contributions HTTP/1.1", List.of("Content-Length: -5",
        "Content-Type: application/json", "Authorization: Bearer " + DEMO_GAMES), null), 400, "EMPTY_BODY");
    add(f + "content-length not a number", raw("POST /v1/contributions HTTP/1.1", List.of("Content-Length: lots",
        "Content-Type: application/json", "Authorization: Bearer " + DEMO_GAMES), null), 400, "EMPTY_BODY");
    add(f + "content-length 2 GiB declared", raw("POST /v1/contributions HTTP/1.1", List.of("Content-Length: 2147483648",
        "Content-Type: application/json", "Authorization: Bearer " + DEMO_GAMES), null), 413, "PAYLOAD_TOO_LARGE");
    add(f + "chunked body malformed", new Raw(("POST /v1/contributions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        + "Transfer-Encoding: chunked\r\nContent-Type: application/json\r\nAuthorization: Bearer " + DEMO_GAMES
        + "\r\n\r\nzz\r\n{}\r\n0\r\n\r\n").getBytes(StandardCharsets.US_ASCII)), -1, "CLOSED_WITHOUT_ANSWER");
    add(f + "two content lengths", raw("POST /v1/contributions HTTP/1.1", List.of("Content-Length: 2", "Content-Length: 3",
        "Content-Type: application/json", "Authorization: Bearer " + DEMO_GAMES), "{}".getBytes()), 400, "EMPTY_BODY");
    add(f + "bearer with control byte", raw("GET /v1/admin/jackpots HTTP/1.1", List.of("Authorization: Bearer " + ADMIN + "\u0001"),
        null), 400, "EMPTY_BODY");
    add(f + "bearer 8000 chars", raw("GET /v1/admin/jackpots HTTP/1.1", List.of("Authorization: Bearer " + repeat('t', 8000)), null),
        401, "UNAUTHENTICATED");
    add(f + "bearer lower-case scheme", raw("GET /v1/admin/jackpots HTTP/1.1", List.of("Authorization: bearer " + GARBAGE), null),
        401, "UNAUTHENTICATED");
    add(f + "two authorization headers", raw("GET /v1/admin/jackpots HTTP/1.1", List.of("Authorization: Bearer " + GARBAGE,
        "Authorization: Bearer " + ADMIN), null), 401, "UNAUTHENTICATED");
    add(f + "body with raw control chars in an id", rawJson("POST", "/v1/contributions", DEMO_GAMES,
        batchOf(item().put("roundId", "HB-\u0007\u001b[31m")).getBytes(StandardCharsets.UTF_8)), 200, "INVALID_FIELD");
    add(f + "body with a raw lone surrogate byte sequence", rawJson("POST", "/v1/contributions", DEMO_GAMES, new ByteArrayBuilder()
        .ascii("{\"contributions\":[{\"roundId\":\"HB-").bytes(0xed, 0xa0, 0x80).ascii("\"}]}").build()), 400, "MALFORMED_JSON");
    add(f + "utf-16 body", rawJson("POST", "/v1/contributions", DEMO_GAMES,
        batchOf(item().put("gameId", "nope")).getBytes(StandardCharsets.UTF_16)), 400, "MALFORMED_JSON");
    add(f + "body a single NUL", rawJson("POST", "/v1/contributions", DEMO_GAMES, new byte[] {0}), 400, "MALFORMED_JSON");
  }

  // --- WebSockets: the upgrades, and the contribution stream's frames ---

  private Ws stream(String... messages) {
    List<byte[]> frames = new ArrayList<>();
    for (String m : messages) {
      frames.add(HostileWire.text(escaped(m)));
    }
    return new Ws("/v1/contributions/stream", HostileWire.upgrade(DEMO_GAMES), frames);
  }

  private Ws streamFrames(byte[]... frames) {
    return new Ws("/v1/contributions/stream", HostileWire.upgrade(DEMO_GAMES), List.of(frames));
  }

  /** A text message of {@code size} bytes in frames of 64 KiB (a frame's most by default). */
  private static List<byte[]> fragments(int size) {
    byte[] whole = ("{\"id\":1,\"contributions\":[],\"pad\":\"" + repeat('x', size) + "\"}").substring(0, size)
        .getBytes(StandardCharsets.US_ASCII);
    List<byte[]> frames = new ArrayList<>();
    for (int at = 0; at < whole.length; at += 65_536) {
      byte[] part = Arrays.copyOfRange(whole, at, Math.min(whole.length, at + 65_536));
      boolean last = at + 65_536 >= whole.length;
      frames.add(HostileWire.frame((last ? 0x80 : 0) | (at == 0 ? 0x1 : 0x0), part, true));
    }
    return frames;
  }

  private String message(long id, String batch) {
    return new JsonObject(batch).put("id", id).encode();
  }

  private void streams() {
    String u = "ws upgrade stream ";
    String path = "/v1/contributions/stream";
    add(u + "no credential", new Ws(path, HostileWire.upgrade(null), List.of()), 401, "UNAUTHENTICATED");
    add(u + "garbage key", new Ws(path, HostileWire.upgrade(GARBAGE), List.of()), 401, "UNAUTHENTICATED");
    add(u + "admin token", new Ws(path, HostileWire.upgrade(ADMIN), List.of()), 403, "FORBIDDEN");
    add(u + "viewer token", new Ws(path, HostileWire.upgrade(VIEWER), List.of()), 403, "FORBIDDEN");
    add(u + "other operator's admin token", new Ws(path, HostileWire.upgrade(OTHER_ADMIN), List.of()), 403, "FORBIDDEN");
    add(u + "version 8", new Ws(path, HostileWire.upgrade(DEMO_GAMES).replace("Version: 13", "Version: 8"), List.of()), 426,
        "UNSUPPORTED_WEBSOCKET_VERSION");
    add(u + "version letters", new Ws(path, HostileWire.upgrade(DEMO_GAMES).replace("Version: 13", "Version: thirteen"), List.of()), 426,
        "UNSUPPORTED_WEBSOCKET_VERSION");
    add(u + "no version", new Ws(path, HostileWire.upgrade(DEMO_GAMES).replace("Sec-WebSocket-Version: 13\r\n", ""), List.of()), 426,
        "UNSUPPORTED_WEBSOCKET_VERSION");
    add(u + "no key", new Ws(path, HostileWire.upgrade(DEMO_GAMES).replace("Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n", ""),
        List.of()), 400, "WEBSOCKET_REQUIRED");
    add(u + "no connection upgrade", new Ws(path, HostileWire.upgrade(DEMO_GAMES).replace("Connection: Upgrade", "Connection: keep-alive"),
        List.of()), 400, "WEBSOCKET_REQUIRED");
    add(u + "upgrade to another protocol", new Ws(path, HostileWire.upgrade(DEMO_GAMES).replace("Upgrade: websocket", "Upgrade: chat"),
        List.of()), 400,
        "WEBSOCKET_REQUIRED");
    String t = "ws upgrade ticker ";
    add(t + "version 12", new Ws("/v1/ticker", HostileWire.upgrade(null).replace("Version: 13", "Version: 12"), List.of()), 426,
        "UNSUPPORTED_WEBSOCKET_VERSION");
    add(t + "currency without a rate", new Ws("/v1/ticker?currency=XXX", HostileWire.upgrade(null), List.of()), 400,
        "UNSUPPORTED_CURRENCY");
    add(t + "currency lower case", new Ws("/v1/ticker?currency=gbp", HostileWire.upgrade(null), List.of()), 400, "UNSUPPORTED_CURRENCY");
    add(t + "unknown jackpot", new Ws("/v1/ticker?jackpots=candy,nope", HostileWire.upgrade(null), List.of()), 404, "UNKNOWN_JACKPOT");
    add(t + "jackpot 65 chars", new Ws("/v1/ticker?jackpots=c" + repeat('t', 64), HostileWire.upgrade(null), List.of()), 404,
        "UNKNOWN_JACKPOT");
    add(t + "jackpot upper case", new Ws("/v1/ticker?jackpots=CANDY", HostileWire.upgrade(null), List.of()), 404, "UNKNOWN_JACKPOT");
    add(t + "jackpots 2000 commas", new Ws("/v1/ticker?jackpots=" + ",".repeat(2000), HostileWire.upgrade(null), List.of()), 101,
        "TICKER_SNAPSHOT");
    add(t + "jackpots bad escape", new Ws("/v1/ticker?jackpots=%zz", HostileWire.upgrade(null), List.of()), 400, "MALFORMED_REQUEST");
    add(t + "binary frame from a subscriber, snapshot first", new Ws("/v1/ticker?jackpots=candy", HostileWire.upgrade(null),
        List.of(HostileWire.frame(0x82, new byte[] {1, 2, 3}, true))), 101, "TICKER_SNAPSHOT");

    String s = "ws stream ";
    add(s + "binary frame", streamFrames(HostileWire.frame(0x82, "{}".getBytes(), true)), 1003, "CLOSE");
    add(s + "not JSON", stream("hello"), 1007, "CLOSE");
    add(s + "JSON array", stream("[1,2]"), 1007, "CLOSE");
    add(s + "JSON string", stream("\"x\""), 1007, "CLOSE");
    add(s + "no id", stream(batchOf(item())), 1007, "CLOSE");
    add(s + "id a string", stream(new JsonObject(batchOf(item())).put("id", "1").encode()), 1007, "CLOSE");
    add(s + "id a decimal", stream(new JsonObject(batchOf(item())).put("id", 1.5).encode()), 1007, "CLOSE");
    add(s + "id null", stream(new JsonObject(batchOf(item())).putNull("id").encode()), 1007, "CLOSE");
    add(s + "id past a long", stream("{\"id\":99999999999999999999,\"contributions\":[]}"), 1007, "CLOSE");
    add(s + "overlong utf-8", streamFrames(HostileWire.frame(0x81,
        new ByteArrayBuilder().ascii("{\"id\":1,\"contributions\":[],\"x\":\"").bytes(0xc0, 0xaf).ascii("\"}").build(), true)), 1007,
        "CLOSE");
    add(s + "over 1 MiB", new Ws("/v1/contributions/stream", HostileWire.upgrade(DEMO_GAMES), fragments(1024 * 1024 + 1)), 1009,
        "CLOSE");
    add(s + "unmasked frame", streamFrames(HostileWire.frame(0x81, "{\"id\":1}".getBytes(), false)), -1, "CLOSED_WITHOUT_FRAME");
    add(s + "reserved opcode", streamFrames(HostileWire.frame(0x83, "{}".getBytes(), true)), -1, "CLOSED_WITHOUT_FRAME");
    add(s + "reserved bits", streamFrames(HostileWire.frame(0xC1, "{}".getBytes(), true)), -1, "CLOSED_WITHOUT_FRAME");
    add(s + "continuation without a start", streamFrames(HostileWire.frame(0x80, "{}".getBytes(), true)), -1, "CLOSED_WITHOUT_FRAME");
    add(s + "fragmented control frame", streamFrames(HostileWire.frame(0x09, "ping".getBytes(), true)), -1, "CLOSED_WITHOUT_FRAME");
    add(s + "close frame code 999", streamFrames(HostileWire.frame(0x88, new byte[] {0x03, (byte) 0xe7}, true)), -1,
        "CLOSED_WITHOUT_FRAME");
    add(s + "contributions empty", stream("{\"id\":1,\"contributions\":[]}"), 400, "EMPTY_BATCH");
    add(s + "contributions missing", stream("{\"id\":2}"), 400, "MISSING_FIELD");
    add(s + "contributions a string", stream("{\"id\":3,\"contributions\":\"x\"}"), 400, "INVALID_FIELD");
    JsonArray many = new JsonArray();
    for (int i = 0; i < 1001; i++) {
      many.add(new JsonObject().put("roundId", "HB-WSMANY-" + i).put("gameId", "nope"));
    }
    add(s + "1001 items", stream(new JsonObject().put("id", 4).put("contributions", many).encode()), 400, "TOO_MANY_ITEMS");
    add(s + "item stake a number", stream(message(5, batchOf(item().put("stake", 1)))), 200, "INVALID_FIELD");
    add(s + "item stake negative", stream(message(6, batchOf(item().put("stake", "-1")))), 200, "INVALID_AMOUNT");
    add(s + "item round id 129 chars", stream(message(7, batchOf(item().put("roundId", "HB-" + repeat('w', 126))))), 200,
        "INVALID_FIELD");
    add(s + "item round id NUL", stream(message(8, batchOf(item().put("roundId", "HB-\u0000")))), 200, "INVALID_FIELD");
    add(s + "item game unknown", stream(message(9, batchOf(item().put("gameId", "nope")))), 200, "UNKNOWN_GAME");
    add(s + "item coin value missing", stream(message(10, batchOf(item().putNull("coinValue")))), 200, "COIN_VALUE_REQUIRED");
    add(s + "item currency without a rate", stream(message(11, batchOf(item().put("currency", "XXX")))), 200, "UNSUPPORTED_CURRENCY");
    add(s + "item another operator's game", stream(message(12, batchOf(item().put("gameId", "cluster-bear-sweet-wins")))), 200,
        "GAME_NOT_LINKED");
    add(s + "id negative, item invalid", stream(message(-1, batchOf(item().put("stake", "0")))), 200, "INVALID_AMOUNT");
    add(s + "id long.max, item invalid", stream(message(Long.MAX_VALUE, batchOf(item().put("stake", "0")))), 200, "INVALID_AMOUNT");
    // Lenient JSON with an id the stream can read: answered for that id, the stream stays open.
    add(s + "comment", stream("{\"id\":20,/* hi */\"contributions\":[]}"), 400, "MALFORMED_JSON");
    add(s + "duplicate id", stream("{\"id\":21,\"id\":22,\"contributions\":[]}"), 400, "MALFORMED_JSON");
  }

  /** Builds a byte array from text and single bytes (for malformed UTF-8). */
  static final class ByteArrayBuilder {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    ByteArrayBuilder ascii(String s) {
      out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
      return this;
    }

    ByteArrayBuilder bytes(int... bs) {
      for (int b : bs) {
        out.write(b);
      }
      return this;
    }

    byte[] build() {
      return out.toByteArray();
    }
  }
}
