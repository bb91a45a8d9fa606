package io.jackpot.it.api;

import static io.jackpot.it.support.HostileCases.ADMIN;
import static io.jackpot.it.support.HostileCases.DEMO_ADMIN;
import static io.jackpot.it.support.HostileCases.DEMO_GAMES;
import static io.jackpot.it.support.HostileCases.OTHER_ADMIN;
import static io.jackpot.it.support.HostileCases.OTHER_GAMES;
import static io.jackpot.it.support.HostileCases.VIEWER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.access.Admin;
import io.jackpot.access.Credentials;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.game.Caller;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.HostileCases.Case;
import io.jackpot.it.support.HostileCases;
import io.jackpot.it.support.HostileWire.Outcome;
import io.jackpot.it.support.HostileWire;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.pool.hz.HzPools;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hostile input against a real member with two operators (demo, other) and
 * JACKPOT_CLAIM_ROUNDS=recorded: every case of {@link HostileCases} is answered its status and
 * code, and afterwards pools, audit, exchange rates and definitions are exactly as before.
 */
class HostileBatteryIT {
  /**
   * Cases whose expected answer is what the service is to answer once a change under way lands:
   * not asserted, their reason printed with today's answer. Remove a name once the change is in.
   */
  static final Map<String, String> PENDING = Map.of();

  /**
   * Cases answered today with a 2xx (or without the API's error body) though hostile: each expects
   * today's answer so the battery passes, and is printed as a finding. Flip the case's expectation
   * and drop it here once the service refuses it.
   */
  static final Map<String, String> FINDINGS = findings();

  private static Map<String, String> findings() {
    Map<String, String> f = new LinkedHashMap<>();
    String bare = "refused by Vert.x's HTTP decoder before the router: the status without the API's error body";
    for (String n : List.of("garbage request line", "request line without version", "binary request line", "header without colon",
        "header 20 KiB", "request line 10 KiB", "path raw space", "content-length negative", "content-length not a number",
        "two content lengths", "bearer with control byte")) {
      f.put("framing " + n, bare);
    }
    f.put("framing HTTP/9.9", "answered 501 Not Implemented (a 5xx for the client's error) by Vert.x's decoder, with HTTP/9.9 in the"
        + " status line and no error body");
    f.put("framing chunked body malformed", "a chunk size that is not hex: the connection is closed without any answer");
    return f;
  }

  private static JackpotNode node;
  private static int port;
  private static String pgUrl;

  @BeforeAll
  static void start() throws Exception {
    Credentials credentials = Credentials.configured()
        .withGameKeyHash(Credentials.sha256(DEMO_GAMES), new Caller("demo", Set.of("bewitched", "creepy-candy", "dont-eat-the-candy")))
        .withGameKeyHash(Credentials.sha256(OTHER_GAMES), new Caller("other", Set.of("bewitched", "cluster-bear-sweet-wins")))
        .withAdminHash(Credentials.sha256(ADMIN), new Admin("hb-ops", Admin.Role.ADMIN, null))
        .withAdminHash(Credentials.sha256(VIEWER), new Admin("hb-auditor", Admin.Role.VIEWER, null))
        .withAdminHash(Credentials.sha256(DEMO_ADMIN), new Admin("hb-demo-ops", Admin.Role.ADMIN, "demo"))
        .withAdminHash(Credentials.sha256(OTHER_ADMIN), new Admin("hb-other-ops", Admin.Role.ADMIN, "other"));
    ServiceConfig config = ServiceConfig.fromEnv(Map.of("JACKPOT_CLAIM_ROUNDS", "recorded",
        // Hundreds of claims in two seconds with one key: the limit itself is ClaimRoundsIT's.
        "JACKPOT_CLAIMS_PER_SECOND", "100000")).withHttpPort(TestNodes.freePort())
        .withPgUrl(pgUrl = TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster());
    node = JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create(), credentials);
    port = node.httpPort();
  }

  @AfterAll
  static void stop() throws Exception {
    if (node != null) {
      node.close();
    }
  }

  private static Api.Reply call(String method, String path, String token, String body) {
    return AdminCalls.callAt(port, method, path, token, body);
  }

  private static JsonObject ok(Api.Reply r) {
    assertEquals(200, r.status(), r.body());
    return r.json();
  }

  /** A win of each operator, exchange rates, a jackpot of other's, and pages to take cursors from. */
  private static HostileCases.Setup setUp() {
    ok(call("PUT", "/v1/admin/fx-rates", ADMIN, new JsonObject().put("base", "EUR")
        .put("rates", new JsonObject().put("GBP", "0.85").put("USD", "1.08")).encode()));
    JsonObject bears = new JsonObject().put("name", "Other Bears").put("currency", "EUR").put("owner", "other")
        .put("games", new JsonArray().add("cluster-bear-sweet-wins")).put("routing", "ALL")
        .put("pools", new JsonArray().add(new JsonObject().put("key", "small").put("name", "Small").put("seed", "5.00")
            .put("rate", "0.001")));
    ok(call("PUT", "/v1/admin/jackpots/other-bears", OTHER_ADMIN, bears.encode()));
    String demoWin = wonBy(DEMO_GAMES, "HB-SETUP-D");
    contributed(DEMO_GAMES, HostileCases.FED_ROUND);
    String otherWin = wonBy(OTHER_GAMES, "HB-SETUP-O");
    String winsCursor = ok(call("GET", "/v1/admin/wins?limit=1", VIEWER, null)).getString("next");
    String auditCursor = ok(call("GET", "/v1/admin/audit?limit=1", VIEWER, null)).getString("next");
    assertTrue(winsCursor != null && auditCursor != null, "pages of one with more to follow");
    return new HostileCases.Setup(demoWin, otherWin, winsCursor, auditCursor, definition("candy"), definition("bewitched"));
  }

  private static void contributed(String key, String round) {
    JsonObject item = new JsonObject().put("roundId", round).put("gameId", "bewitched").put("playerId", "p-hb").put("stake", "1.00")
        .put("currency", "EUR").put("coinValue", "0.10");
    Api.Reply contributed = call("POST", "/v1/contributions", key, Api.batch(item.encode()));
    assertEquals("APPLIED", Api.results(contributed).getJsonObject(0).getString("status"), contributed.body());
  }

  private static String wonBy(String key, String round) {
    contributed(key, round);
    JsonObject claim = new JsonObject().put("roundId", round).put("gameId", "bewitched").put("playerId", "p-hb")
        .put("jackpotId", "bewitched").put("poolKey", "cv-0.10").put("currency", "EUR");
    return ok(call("POST", "/v1/wins", key, claim.encode())).getString("winId");
  }

  private static JsonObject definition(String jackpot) {
    return ok(call("GET", "/v1/admin/jackpots/" + jackpot, ADMIN, null)).getJsonObject("definition");
  }

  /** What no refused request may change: every pool (as admins and the cluster see it), definition, rate, audit entry, win and round. */
  private static Map<String, Object> state() throws Exception {
    Map<String, Object> s = new LinkedHashMap<>();
    JsonObject jackpots = ok(call("GET", "/v1/admin/jackpots", ADMIN, null));
    s.put("admin jackpots", jackpots);
    for (Object j : jackpots.getJsonArray("jackpots")) {
      String id = ((JsonObject) j).getString("id");
      s.put("definition " + id, definition(id));
    }
    s.put("fx", ok(call("GET", "/v1/admin/fx-rates", ADMIN, null)));
    s.put("audit", ok(call("GET", "/v1/admin/audit", ADMIN, null)));
    s.put("wins", ok(call("GET", "/v1/admin/wins", ADMIN, null)));
    s.put("setup rounds", ok(call("GET", "/v1/admin/rounds/count?prefix=HB-SETUP", ADMIN, null)));
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      s.put("ledger rounds", sql.count("SELECT count(*) FROM rounds"));
    }
    Map<String, String> live = new TreeMap<>();
    node.hazelcast().getMap(HzPools.MAP).forEach((k, v) -> live.put(String.valueOf(k), String.valueOf(v)));
    s.put("hazelcast pools", live);
    return s;
  }

  @Test
  void everyHostileRequestIsRefusedWithItsCodeAndChangesNothing() throws Exception {
    HostileCases.Setup setup = setUp();
    Map<String, Object> before = state();
    List<Case> cases = HostileCases.all(setup);
    Map<String, List<String>> bySent = new LinkedHashMap<>();
    cases.forEach(c -> bySent.computeIfAbsent(fingerprint(c.send()), k -> new ArrayList<>()).add(c.name()));
    assertEquals(List.of(), bySent.values().stream().filter(names -> names.size() > 1).toList(), "cases sending the same");
    List<String> failed = new ArrayList<>();
    int passed = 0;
    int pending = 0;
    long started = System.nanoTime();
    for (Case c : cases) {
      String reason = PENDING.get(c.name());
      if (reason != null) {
        pending++;
        Outcome today = sent(c);
        String told = c.expected().equals(today) ? "ANSWERS IT NOW: take it out of PENDING" : "answers " + today + " today";
        System.out.println("BATTERY pending: " + c.name() + " (expects " + c.expected() + "; " + told + "): " + reason);
        continue;
      }
      Outcome got = sent(c);
      if (got.equals(c.expected())) {
        passed++;
        if (FINDINGS.containsKey(c.name())) {
          System.out.println("BATTERY finding: " + c.name() + " -> " + got + ": " + FINDINGS.get(c.name()));
        }
      } else {
        failed.add(c.name() + ": expected " + c.expected() + ", got " + got);
      }
    }
    System.out.printf("BATTERY cases=%d passed=%d pending=%d%n", cases.size(), passed, pending);
    System.out.printf("BATTERY findings=%d, sent in %d ms%n", FINDINGS.size(), (System.nanoTime() - started) / 1_000_000);
    failed.forEach(f -> System.out.println("BATTERY failed: " + f));
    Set<String> names = new HashSet<>(cases.stream().map(Case::name).toList());
    assertTrue(names.containsAll(PENDING.keySet()) && names.containsAll(FINDINGS.keySet()), "every pending case and finding is a case");
    Map<String, Object> after = state();
    JsonObject books = ok(call("GET", "/v1/admin/reconciliation", VIEWER, null));
    Assertions.assertAll(
        () -> assertEquals(List.of(), failed),
        () -> assertEquals(List.of(), before.keySet().stream().filter(k -> !before.get(k).equals(after.get(k)))
            .map(k -> k + ": " + before.get(k) + " -> " + after.get(k)).toList(), "nothing hostile changed anything"),
        () -> assertTrue(books.getBoolean("balanced"), books.encode()));
  }

  private static Outcome sent(Case c) {
    try {
      return HostileWire.send(port, c.send());
    } catch (Exception e) {
      return new Outcome(-2, e.toString());
    }
  }

  private static String fingerprint(HostileWire.Send send) {
    if (send instanceof HostileWire.Http h) {
      return String.join("\u0000", "http", h.method(), h.target(), String.valueOf(h.token()),
          String.valueOf(h.contentType()), String.valueOf(h.body()), new TreeMap<>(h.headers()).toString());
    }
    if (send instanceof HostileWire.Raw r) {
      return "raw\u0000" + HexFormat.of().formatHex(r.request());
    }
    HostileWire.Ws w = (HostileWire.Ws) send;
    return "ws\u0000" + w.path() + "\u0000" + w.handshake() + "\u0000"
        + w.frames().stream().map(HexFormat.of()::formatHex).toList();
  }
}
