package io.jackpot.it.admin;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.access.Admin;
import io.jackpot.access.Credentials;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.game.Caller;
import io.jackpot.it.catalogue.DefinitionsIT;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The admin API with configured credentials: who may do what, pause/resume, audit, scoped reads. */
public class AdminIT {
  static final String DEMO_GAMES = "demo-games-key-0001";
  static final String OTHER_GAMES = "other-games-key-0002";
  static final String ADMIN = "admin-token-00000001";
  static final String VIEWER = "viewer-token-0000002";
  static final String OTHER_ADMIN = "other-admin-token-03";
  static final String DEMO_ADMIN = "demo-admin-token-004";
  static JackpotNode node;
  static String base;

  @BeforeAll
  static void start() throws Exception {
    Credentials credentials = Credentials.configured()
        .withGameKeyHash(Credentials.sha256(DEMO_GAMES), new Caller("demo", Set.of("bewitched", "creepy-candy", "dont-eat-the-candy")))
        .withGameKeyHash(Credentials.sha256(OTHER_GAMES), new Caller("other", Set.of("bewitched", "cluster-bear-sweet-wins")))
        .withAdminHash(Credentials.sha256(ADMIN), new Admin("ops-alice", Admin.Role.ADMIN, null))
        .withAdminHash(Credentials.sha256(VIEWER), new Admin("auditor-bob", Admin.Role.VIEWER, null))
        .withAdminHash(Credentials.sha256(OTHER_ADMIN), new Admin("other-ops", Admin.Role.ADMIN, "other"))
        .withAdminHash(Credentials.sha256(DEMO_ADMIN), new Admin("demo-ops", Admin.Role.ADMIN, "demo"));
    ServiceConfig config = ServiceConfig.fromEnv(Map.of()).withHttpPort(TestNodes.freePort())
        .withPgUrl(TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster());
    node = JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create(), credentials);
    base = "http://127.0.0.1:" + node.httpPort();
  }

  @AfterAll
  static void stop() throws Exception {
    try {
      Api.Reply r = call("GET", "/v1/admin/reconciliation", VIEWER, null);
      assertTrue(r.json().getBoolean("balanced"), r.body());
    } finally {
      node.close();
    }
  }

  @Test
  void aScopedTokenDefinesOnlyItsOwnOperatorsJackpots() {
    JsonObject theirs = DefinitionsIT.spooky().put("owner", "other").put("games", new JsonArray().add("cluster-bear-sweet-wins"));
    assertEquals(200, call("PUT", "/v1/admin/jackpots/other-bears", OTHER_ADMIN, theirs.encode()).status());
    assertEquals(403, call("PUT", "/v1/admin/jackpots/demo-more", OTHER_ADMIN, theirs.copy().put("owner", "demo").encode()).status());
    Api.Reply foreignGame = call("PUT", "/v1/admin/jackpots/other-candy", OTHER_ADMIN,
        DefinitionsIT.spooky().put("owner", "other").encode());
    assertEquals("GAME_NOT_LINKED", foreignGame.errorCode(), "a scoped token links only its operator's games");
    // bewitched is also played by demo: linking it would take demo's players' stakes into other's
    // jackpot (or refuse them), so only a network token may link it.
    JsonObject shared = bewitchedByCoinValue().put("owner", "other");
    Api.Reply sharedGame = call("PUT", "/v1/admin/jackpots/other-bewitched", OTHER_ADMIN, shared.encode());
    assertEquals(403, sharedGame.status(), sharedGame.body());
    assertEquals("GAME_SHARED", sharedGame.errorCode());
    assertEquals(1, call("GET", "/v1/admin/jackpots", OTHER_ADMIN, null).json().getJsonArray("jackpots").size());
    assertEquals(200, call("PUT", "/v1/admin/jackpots/network-bewitched", ADMIN, shared.copy().put("owner", "demo").encode()).status(),
        "a network token may");
  }

  /**
   * A jackpot of operator demo linking a game other plays too (a network token linked it): a win by
   * other's player shows in demo's reads without the player and round ids, as the public sees it
   * anonymised; the network token sees it whole.
   */
  @Test
  void aScopedTokenSeesAnotherOperatorsLastWinWithoutItsPlayer() {
    JsonObject shared = bewitchedByCoinValue();
    assertEquals(200, call("PUT", "/v1/admin/jackpots/demo-shared", ADMIN, shared.encode()).status());
    assertEquals("APPLIED", Api.results(call("POST", "/v1/contributions", OTHER_GAMES, batch(contribution("SHARED-1", "bewitched", "2.00",
        "0.10")))).getJsonObject(0).getString("status"));
    assertEquals(200, call("POST", "/v1/wins", OTHER_GAMES, Api.claim("SHARED-1", "demo-shared", "small")).status());

    JsonObject theirs = lastWinOfSmall(call("GET", "/v1/admin/jackpots/demo-shared", DEMO_ADMIN, null).json());
    assertTrue(!theirs.containsKey("playerId") && !theirs.containsKey("roundId"), theirs.encode());
    assertEquals("bewitched", theirs.getString("gameId"));
    JsonObject listed = call("GET", "/v1/admin/jackpots", DEMO_ADMIN, null).json().getJsonArray("jackpots").stream()
        .map(JsonObject.class::cast).filter(j -> "demo-shared".equals(j.getString("id"))).findFirst().orElseThrow();
    assertTrue(!lastWinOfSmall(listed).containsKey("playerId"), listed.encode());
    JsonObject whole = lastWinOfSmall(call("GET", "/v1/admin/jackpots/demo-shared", ADMIN, null).json());
    assertEquals("SHARED-1", whole.getString("roundId"));
    assertEquals("p-SHARED-1", whole.getString("playerId"));
  }

  /**
   * Bewitched (owner demo) is fed by operator other's players too: a token scoped to demo may not
   * change its terms, pools or games, overflow or transfer into it, or discontinue its pools (each
   * would move other's players' stakes), 403 GAME_SHARED, nothing changed. Sent again unchanged it
   * is accepted (a PUT is idempotent); a network token may change a shared jackpot.
   */
  @Test
  void aScopedTokenMayNotMoveTheMoneyOfAJackpotOtherOperatorsGamesFeed() {
    JsonObject inForce = call("GET", "/v1/admin/jackpots/bewitched", DEMO_ADMIN, null).json().getJsonObject("definition");
    JsonObject extraPool = inForce.copy();
    extraPool.getJsonArray("pools").add(DefinitionsIT.pool(DefinitionsIT.spooky(), 0).copy().put("key", "siphon").put("rate", "0.9")
        .put("coinValue", "9.99"));
    JsonObject raised = inForce.copy();
    DefinitionsIT.pool(raised, 0).put("rate", "0.05");
    JsonObject unlinked = inForce.copy().put("games", new JsonArray().add("creepy-candy"));
    JsonObject renamed = inForce.copy().put("name", "Bewitched, renamed");
    for (JsonObject change : List.of(extraPool, raised, unlinked, renamed)) {
      Api.Reply refused = call("PUT", "/v1/admin/jackpots/bewitched", DEMO_ADMIN, change.encode());
      assertEquals(403, refused.status(), refused.body());
      assertEquals("GAME_SHARED", refused.errorCode(), refused.body());
    }
    assertEquals(inForce, call("GET", "/v1/admin/jackpots/bewitched", DEMO_ADMIN, null).json().getJsonObject("definition"), "nothing changed");
    Api.Reply again = call("PUT", "/v1/admin/jackpots/bewitched", DEMO_ADMIN, inForce.encode());
    assertEquals(200, again.status(), "the definition in force sent again: " + again.body());

    JsonObject overflowing = DefinitionsIT.spooky().put("games", new JsonArray().add("dont-eat-the-candy"));
    DefinitionsIT.pool(overflowing, 0).put("overflowTo", new JsonObject().put("jackpotId", "bewitched").put("poolKey", "cv-0.01"));
    Api.Reply overflow = call("PUT", "/v1/admin/jackpots/demo-overflowing", DEMO_ADMIN, overflowing.encode());
    assertEquals(List.of(403, "GAME_SHARED"), List.of(overflow.status(), overflow.errorCode()), overflow.body());
    assertEquals(404, call("GET", "/v1/admin/jackpots/demo-overflowing", DEMO_ADMIN, null).status(), "nothing created");
    JsonObject own = DefinitionsIT.spooky().put("games", new JsonArray().add("dont-eat-the-candy")).put("routing", "COIN_VALUE");
    DefinitionsIT.pool(own, 0).put("coinValue", "8.80"); // coin values no test plays: no share of other tests' rounds
    DefinitionsIT.pool(own, 1).put("coinValue", "8.90");
    assertEquals(200, call("PUT", "/v1/admin/jackpots/demo-own", DEMO_ADMIN, own.encode()).status(), "a game demo alone plays");
    Api.Reply transfer = call("POST", "/v1/admin/jackpots/demo-own/pools/small/discontinue", DEMO_ADMIN, new JsonObject().put("reason", "move")
        .put("transferTo", new JsonObject().put("jackpotId", "bewitched").put("poolKey", "cv-0.01")).encode());
    assertEquals(List.of(403, "GAME_SHARED"), List.of(transfer.status(), transfer.errorCode()), transfer.body());
    assertEquals("ACTIVE", call("GET", "/v1/admin/jackpots/demo-own", DEMO_ADMIN, null).json().getJsonArray("pools").getJsonObject(0)
        .getString("state"));
    Api.Reply discontinued = call("POST", "/v1/admin/jackpots/bewitched/pools/cv-0.01/discontinue", DEMO_ADMIN,
        new JsonObject().put("reason", "siphon").put("hold", true).encode());
    assertEquals(List.of(403, "GAME_SHARED"), List.of(discontinued.status(), discontinued.errorCode()), discontinued.body());
    assertEquals(200, call("POST", "/v1/admin/jackpots/bewitched/pools/cv-0.01/pause", DEMO_ADMIN, null).status(), "pausing moves no money");
    assertEquals(200, call("POST", "/v1/admin/jackpots/bewitched/pools/cv-0.01/resume", DEMO_ADMIN, null).status());

    // A shared jackpot of pools at coin values no other test plays (they take no share of its rounds).
    JsonObject shared = bewitchedByCoinValue();
    DefinitionsIT.pool(shared, 0).put("coinValue", "7.70");
    DefinitionsIT.pool(shared, 1).put("coinValue", "7.90");
    assertEquals(200, call("PUT", "/v1/admin/jackpots/demo-network-only", ADMIN, shared.encode()).status());
    JsonObject higher = shared.copy();
    DefinitionsIT.pool(higher, 0).put("rate", "0.02");
    assertEquals("GAME_SHARED", call("PUT", "/v1/admin/jackpots/demo-network-only", DEMO_ADMIN, higher.encode()).errorCode());
    Api.Reply byNetwork = call("PUT", "/v1/admin/jackpots/demo-network-only", ADMIN, higher.encode());
    assertEquals(200, byNetwork.status(), "a network token may: " + byNetwork.body());
    assertEquals("0.02", DefinitionsIT.pool(call("GET", "/v1/admin/jackpots/demo-network-only", DEMO_ADMIN, null).json()
        .getJsonObject("definition"), 0).getString("rate"));
  }

  /** DefinitionsIT's spooky jackpot (owner demo) linking bewitched, its two pools at coin values 0.10 and 0.20. */
  private static JsonObject bewitchedByCoinValue() {
    JsonObject d = DefinitionsIT.spooky().put("games", new JsonArray().add("bewitched")).put("routing", "COIN_VALUE");
    DefinitionsIT.pool(d, 0).put("coinValue", "0.10");
    DefinitionsIT.pool(d, 1).put("coinValue", "0.20");
    return d;
  }

  private static JsonObject lastWinOfSmall(JsonObject jackpot) {
    return jackpot.getJsonArray("pools").stream().map(JsonObject.class::cast).filter(p -> "small".equals(p.getString("key")))
        .findFirst().orElseThrow().getJsonObject("lastWin");
  }

  /** An operator answering a player: the round as recorded, each share as the game was answered, and its wins. */
  @Test
  void aRoundIsLookedUpAsRecordedWithItsSharesAndWinsByItsOperatorOnly() {
    Api.Reply answered = call("POST", "/v1/contributions", DEMO_GAMES, batch(contribution("LOOKUP-1", "bewitched", "2.00", "0.10")));
    // Bewitched's own share: other tests' jackpots linking bewitched (demo-shared, network-bewitched) may have shares too.
    JsonObject share = Api.sharesOf(Api.results(answered).getJsonObject(0), "bewitched").get(0);
    assertEquals(200, call("POST", "/v1/wins", DEMO_GAMES, Api.claim("LOOKUP-1", "bewitched", "cv-0.10")).status());

    Api.Reply found = call("GET", "/v1/admin/rounds?roundId=LOOKUP-1&operatorId=demo", VIEWER, null);
    assertEquals(200, found.status(), found.body());
    JsonObject round = found.json();
    assertEquals("bewitched", round.getString("gameId"));
    assertEquals("p-1", round.getString("playerId"));
    assertEquals("APPLIED", round.getString("status"));
    assertEquals("2.000000", round.getString("stake"));
    assertEquals("EUR", round.getString("sentCurrency"));
    assertEquals("0.100000", round.getString("coinValue"));
    JsonObject recorded = Api.sharesOf(round, "bewitched").get(0);
    assertEquals("cv-0.10", recorded.getString("poolKey"));
    assertEquals(share.getString("amount"), recorded.getString("amount"), "the share the game was answered with");
    assertEquals(share.getString("poolAmount"), recorded.getString("poolAmount"));
    assertEquals(1, round.getJsonArray("wins").size());
    assertEquals("LOOKUP-1", round.getJsonArray("wins").getJsonObject(0).getString("roundId"));

    assertEquals("MISSING_FIELD", call("GET", "/v1/admin/rounds?roundId=LOOKUP-1", VIEWER, null).errorCode(),
        "a network token names the operator: round ids are each operator's own");
    assertEquals(404, call("GET", "/v1/admin/rounds?roundId=LOOKUP-2&operatorId=demo", VIEWER, null).status());
    assertEquals(404, call("GET", "/v1/admin/rounds?roundId=LOOKUP-1", OTHER_ADMIN, null).status(), "its own operator has none");
    assertEquals(403, call("GET", "/v1/admin/rounds?roundId=LOOKUP-1&operatorId=demo", OTHER_ADMIN, null).status());
    assertEquals(403, call("GET", "/v1/admin/rounds?roundId=LOOKUP-1&operatorId=demo", DEMO_GAMES, null).status(), "not a game key");
    assertEquals(400, call("GET", "/v1/admin/rounds?roundId=LOOKUP%001&operatorId=demo", VIEWER, null).status(), "no such id can exist");
    assertTrue(recorded.containsKey("reserve") && recorded.containsKey("overflow"), "a network token sees every pool's parts");

    // Operator other plays bewitched too, whose jackpot demo owns: other's admin sees its round's
    // shares there, not the reserve and overflow of a jackpot it does not own.
    call("POST", "/v1/contributions", OTHER_GAMES, batch(contribution("LOOKUP-O", "bewitched", "2.00", "0.10")));
    JsonObject theirs = Api.sharesOf(call("GET", "/v1/admin/rounds?roundId=LOOKUP-O", OTHER_ADMIN, null).json(), "bewitched").get(0);
    assertEquals("cv-0.10", theirs.getString("poolKey"), theirs.encode());
    assertTrue(!theirs.containsKey("reserve") && !theirs.containsKey("overflow"), theirs.encode());
  }

  @Test
  void reconciliationAddsUpToTheMicroAndScopesByOperator() {
    call("POST", "/v1/contributions", DEMO_GAMES, batch(contribution("REC-1", "creepy-candy", "123.45", null)));
    call("POST", "/v1/wins", DEMO_GAMES, Api.claim("REC-W", "bewitched", "cv-0.20"));
    JsonObject r = call("GET", "/v1/admin/reconciliation", VIEWER, null).json();
    assertTrue(r.getBoolean("balanced"), r.encode());
    assertTrue(r.getJsonArray("pools").size() >= 14);
    JsonObject totals = r.getJsonObject("totals");
    assertEquals(totals.getString("ledgerBalance"), totals.getString("balance"));
    assertEquals(totals.getString("ledgerBalance"), totals.getString("liveBalance"));
    assertTrue(totals.getLong("winCount") >= 1);
    for (Object p : call("GET", "/v1/admin/reconciliation", OTHER_ADMIN, null).json().getJsonArray("pools")) {
      assertEquals("other-bears", ((JsonObject) p).getString("jackpotId"), "a scoped token reconciles only its own");
    }
  }

  static Api.Reply call(String method, String path, String token, String body) {
    return AdminCalls.send(base, method, path, token, body);
  }

  static Stream<Arguments> matrix() {
    String pause = "/v1/admin/jackpots/bewitched/pools/cv-5.00/pause";
    String resume = "/v1/admin/jackpots/bewitched/pools/cv-5.00/resume";
    String contribute = batch(contribution("AUTHZ-" + System.nanoTime(), "bewitched", "5.00", "5.00"));
    return Stream.of(
        // endpoint, method, token, body, expected status
        Arguments.of("GET", "/v1/admin/jackpots", null, null, 401),
        Arguments.of("GET", "/v1/admin/jackpots", "nope-nope-nope-nope", null, 401),
        Arguments.of("GET", "/v1/admin/jackpots", DEMO_GAMES, null, 403),
        Arguments.of("GET", "/v1/admin/jackpots", VIEWER, null, 200),
        Arguments.of("GET", "/v1/admin/jackpots", ADMIN, null, 200),
        Arguments.of("GET", "/v1/admin/jackpots", OTHER_ADMIN, null, 200),
        Arguments.of("GET", "/v1/admin/jackpots/candy", OTHER_ADMIN, null, 403),
        Arguments.of("GET", "/v1/admin/jackpots/candy", VIEWER, null, 200),
        Arguments.of("GET", "/v1/admin/jackpots/nope", ADMIN, null, 404),
        Arguments.of("POST", pause, null, null, 401),
        Arguments.of("POST", pause, VIEWER, null, 403),
        Arguments.of("POST", pause, DEMO_GAMES, null, 403),
        Arguments.of("POST", pause, OTHER_ADMIN, null, 403),
        Arguments.of("POST", resume, VIEWER, null, 403),
        Arguments.of("GET", "/v1/admin/wins", null, null, 401),
        Arguments.of("GET", "/v1/admin/wins", VIEWER, null, 200),
        Arguments.of("GET", "/v1/admin/audit", VIEWER, null, 200),
        Arguments.of("GET", "/v1/admin/audit", DEMO_GAMES, null, 403),
        Arguments.of("GET", "/v1/admin/audit?from=yesterday", ADMIN, null, 400),
        Arguments.of("POST", "/v1/contributions", ADMIN, contribute, 403),
        Arguments.of("POST", "/v1/contributions", VIEWER, contribute, 403),
        Arguments.of("POST", "/v1/contributions", "nope-nope-nope-nope", contribute, 401),
        Arguments.of("POST", "/v1/wins", ADMIN, Api.claim("AUTHZ-W", "bewitched", "cv-5.00"), 403),
        Arguments.of("POST", "/v1/wins", OTHER_GAMES, Api.claim("AUTHZ-W2", "candy", "mini").replace("\"bewitched\"", "\"creepy-candy\""), 403),
        Arguments.of("GET", "/v1/jackpots", null, null, 200),
        Arguments.of("GET", "/health/ready", null, null, 200));
  }

  @ParameterizedTest(name = "{0} {1} as {2} -> {4}")
  @MethodSource("matrix")
  void authorisationMatrix(String method, String path, String token, String body, int expected) {
    Api.Reply r = call(method, path, token, body);
    assertEquals(expected, r.status(), r.body());
    if (expected >= 400) {
      assertTrue(r.json().getJsonObject("error").getString("code").matches("[A-Z_]+"), r.body());
    }
  }

  /** Wins and the audit log come a page at a time: following {@code next} yields exactly the whole listing, in order. */
  @Test
  void winsAndTheAuditLogArePagedWithoutGapsOrRepeats() {
    for (String pool : List.of("cv-0.01", "cv-0.02", "cv-0.05", "cv-0.10", "cv-0.20")) {
      assertEquals(200, call("POST", "/v1/wins", DEMO_GAMES, Api.claim("PAGE-" + pool, "bewitched", pool)).status());
      assertEquals(200, call("POST", "/v1/admin/jackpots/candy/pools/mini/pause", ADMIN, null).status());
      assertEquals(200, call("POST", "/v1/admin/jackpots/candy/pools/mini/resume", ADMIN, null).status());
    }
    for (String[] listing : new String[][] {{"/v1/admin/wins?jackpotId=bewitched", "wins"}, {"/v1/admin/audit", "entries"}}) {
      JsonObject whole = call("GET", listing[0], VIEWER, null).json();
      assertNull(whole.getValue("next"), "one page holds it all: " + listing[0]);
      JsonArray paged = new JsonArray();
      String after = null;
      int pages = 0;
      do {
        JsonObject page = call("GET", listing[0] + (listing[0].contains("?") ? "&" : "?") + "limit=2"
            + (after == null ? "" : "&after=" + after), VIEWER, null).json();
        assertTrue(page.getJsonArray(listing[1]).size() <= 2);
        page.getJsonArray(listing[1]).forEach(paged::add);
        after = page.getString("next");
        pages++;
      } while (after != null && pages < 1000);
      assertTrue(whole.getJsonArray(listing[1]).size() >= 5, listing[0]);
      assertEquals(whole.getJsonArray(listing[1]), paged, listing[0] + " in pages of 2 is the whole listing, in order");
    }
    assertEquals(call("GET", "/v1/admin/wins", VIEWER, null).json(),
        call("GET", "/v1/admin/wins?jackpotId=&from=&to=&limit=&after=", VIEWER, null).json(),
        "blank parameters, as API.md and docs/admin.md write them, mean none");
    assertEquals(call("GET", "/v1/admin/audit", VIEWER, null).json(), call("GET", "/v1/admin/audit?from=&to=&limit=&after=", VIEWER, null).json());
    assertEquals(400, call("GET", "/v1/admin/wins?after=bm90LWEtY3Vyc29y", VIEWER, null).status(), "not a cursor of this listing");
    String auditCursor = call("GET", "/v1/admin/audit?limit=1", VIEWER, null).json().getString("next");
    assertEquals(400, call("GET", "/v1/admin/wins?after=" + auditCursor, VIEWER, null).status(), "another listing's cursor");
    assertEquals(400, call("GET", "/v1/admin/audit?limit=0", VIEWER, null).status());
    assertEquals(400, call("GET", "/v1/admin/audit?from=-5000-01-01T00:00:00Z", VIEWER, null).status(), "a year the ledger cannot hold");
    assertEquals(400, call("GET", "/v1/admin/wins?to=%2B300000-01-01T00:00:00Z", VIEWER, null).status());
    assertEquals(400, call("GET", "/v1/admin/audit?limit=10001", VIEWER, null).status());
  }

  @Test
  void aScopedTokenSeesOnlyItsOperatorsJackpotsAndWins() {
    assertTrue(call("GET", "/v1/admin/jackpots", OTHER_ADMIN, null).json().getJsonArray("jackpots").stream()
        .allMatch(j -> "other".equals(((JsonObject) j).getString("owner"))));
    assertTrue(call("GET", "/v1/admin/jackpots", ADMIN, null).json().getJsonArray("jackpots").size() >= 2);
    Api.Reply demoWon = call("POST", "/v1/wins", DEMO_GAMES, Api.claim("SCOPE-DEMO", "bewitched", "cv-2.00"));
    assertEquals(200, demoWon.status());
    Api.Reply otherWon = call("POST", "/v1/wins", OTHER_GAMES, Api.claim("SCOPE-OTHER", "bewitched", "cv-2.00"));
    assertEquals(200, otherWon.status());
    String demoWin = demoWon.json().getString("winId");
    String otherWin = otherWon.json().getString("winId");
    // Bewitched is demo's: other's token reads none of its listings, as it reads no other of demo's jackpot reads.
    Api.Reply notTheirs = call("GET", "/v1/admin/wins?jackpotId=bewitched", OTHER_ADMIN, null);
    assertEquals(403, notTheirs.status(), notTheirs.body());
    assertEquals("OTHER_OPERATOR", notTheirs.errorCode());
    assertEquals(404, call("GET", "/v1/admin/wins?jackpotId=nope", OTHER_ADMIN, null).status());
    // Without a jackpot: its players' wins (on demo's jackpot too) and its own jackpots' wins.
    JsonArray theirs = call("GET", "/v1/admin/wins", OTHER_ADMIN, null).json().getJsonArray("wins");
    assertTrue(theirs.stream().allMatch(w -> "other".equals(((JsonObject) w).getString("operatorId"))), theirs.encode());
    assertEquals(List.of(otherWin), winIds(theirs, demoWin, otherWin));
    // The owner lists every win of its jackpot, other's player's without player and round ids (as its lastWin shows).
    JsonArray owners = call("GET", "/v1/admin/wins?jackpotId=bewitched", DEMO_ADMIN, null).json().getJsonArray("wins");
    assertEquals(List.of(demoWin, otherWin), winIds(owners, demoWin, otherWin));
    JsonObject ofOther = owners.stream().map(JsonObject.class::cast).filter(w -> otherWin.equals(w.getString("winId"))).findFirst().orElseThrow();
    assertEquals("other", ofOther.getString("operatorId"));
    assertTrue(!ofOther.containsKey("playerId") && !ofOther.containsKey("roundId"), ofOther.encode());
    assertEquals("SCOPE-DEMO", owners.stream().map(JsonObject.class::cast).filter(w -> demoWin.equals(w.getString("winId"))).findFirst()
        .orElseThrow().getString("roundId"));
    // The unscoped token sees both whole (other tests of this class may have added bewitched wins of their own).
    assertEquals(2, call("GET", "/v1/admin/wins?jackpotId=bewitched", ADMIN, null).json().getJsonArray("wins").stream()
        .filter(w -> ((JsonObject) w).getString("roundId").startsWith("SCOPE-")).count());
    assertEquals(403, call("GET", "/v1/wins/" + otherWin, DEMO_GAMES, null).status(), "another operator's win");
  }

  /** The ids among {@code wins} of those of {@code ids}, in the listing's order. */
  private static List<String> winIds(JsonArray wins, String... ids) {
    return wins.stream().map(w -> ((JsonObject) w).getString("winId")).filter(List.of(ids)::contains).toList();
  }

  @Test
  void roundIdsAreEachOperatorsOwn() {
    // Two operators' games chose the same round id for rounds of their own: both are applied, each
    // is answered DUPLICATE with its own outcome when sent again, and only a change of content
    // within one operator is a conflict.
    String mine = contribution("SHARED-ROUND-1", "bewitched", "1.00", "0.10");
    String theirs = contribution("SHARED-ROUND-1", "bewitched", "2.00", "0.20");
    JsonObject first = Api.results(call("POST", "/v1/contributions", DEMO_GAMES, batch(mine))).getJsonObject(0);
    JsonObject second = Api.results(call("POST", "/v1/contributions", OTHER_GAMES, batch(theirs))).getJsonObject(0);
    assertEquals("APPLIED", first.getString("status"), first.encode());
    assertEquals("APPLIED", second.getString("status"), second.encode());
    JsonObject again = Api.results(call("POST", "/v1/contributions", OTHER_GAMES, batch(theirs))).getJsonObject(0);
    assertEquals("DUPLICATE", again.getString("status"), again.encode());
    assertEquals(second.getJsonArray("contributions"), again.getJsonArray("contributions"), "the other operator's own outcome");
    JsonObject mineAgain = Api.results(call("POST", "/v1/contributions", DEMO_GAMES, batch(mine))).getJsonObject(0);
    assertEquals(first.getJsonArray("contributions"), mineAgain.getJsonArray("contributions"));
    assertEquals("DUPLICATE", mineAgain.getString("status"));
    JsonObject changed = Api.results(call("POST", "/v1/contributions", OTHER_GAMES, batch(mine))).getJsonObject(0);
    assertEquals("ROUND_ID_CONFLICT", changed.getJsonObject("error").getString("code"), changed.encode());
    assertEquals(2, call("GET", "/v1/admin/rounds/count?prefix=SHARED-ROUND-", VIEWER, null).json().getLong("rounds"));

    // The same for wins: each operator's round "SHARED-WIN" wins the pool once, for itself.
    Api.Reply demoWin = call("POST", "/v1/wins", DEMO_GAMES, Api.claim("SHARED-WIN", "bewitched", "cv-1.00"));
    Api.Reply otherWin = call("POST", "/v1/wins", OTHER_GAMES, Api.claim("SHARED-WIN", "bewitched", "cv-1.00"));
    assertEquals(200, demoWin.status(), demoWin.body());
    assertEquals(200, otherWin.status(), otherWin.body());
    assertNotEquals(demoWin.json().getString("winId"), otherWin.json().getString("winId"));
    Api.Reply repeat = call("POST", "/v1/wins", DEMO_GAMES, Api.claim("SHARED-WIN", "bewitched", "cv-1.00"));
    assertEquals(demoWin.json().getString("winId"), repeat.json().getString("winId"), "a repeated claim: the same win");
    JsonArray found = call("GET", "/v1/wins?roundId=SHARED-WIN", OTHER_GAMES, null).json().getJsonArray("wins");
    assertEquals(1, found.size(), found.encode());
    assertEquals(otherWin.json().getString("winId"), found.getJsonObject(0).getString("winId"));
    JsonArray demoFound = call("GET", "/v1/wins?roundId=SHARED-WIN", DEMO_GAMES, null).json().getJsonArray("wins");
    assertEquals(List.of(demoWin.json().getString("winId")), demoFound.stream().map(w -> ((JsonObject) w).getString("winId")).toList());
  }

  @Test
  void twoOperatorsSendingTheSameRoundIdsAtOnceAreBothApplied() throws Exception {
    // While a request holds its rounds' claims, another operator's request for the same ids claims
    // rounds of its own: it is neither ROUND_ID_CONFLICT nor ROUND_IN_PROGRESS.
    var pool = Executors.newFixedThreadPool(2);
    try {
      for (int attempt = 0; attempt < 5; attempt++) {
        String[] mine = new String[200], theirs = new String[200];
        for (int i = 0; i < 200; i++) {
          mine[i] = contribution("RACE-" + attempt + "-" + i, "bewitched", "1.00", "0.10");
          theirs[i] = contribution("RACE-" + attempt + "-" + i, "bewitched", "2.00", "0.20");
        }
        var a = CompletableFuture.supplyAsync(() -> call("POST", "/v1/contributions", DEMO_GAMES, batch(mine)), pool);
        var b = CompletableFuture.supplyAsync(() -> call("POST", "/v1/contributions", OTHER_GAMES, batch(theirs)), pool);
        for (Api.Reply r : List.of(a.get(), b.get())) {
          assertEquals(200, r.status(), r.body());
          List<String> notApplied = Api.results(r).stream().map(o -> (JsonObject) o)
              .filter(o -> !"APPLIED".equals(o.getString("status"))).map(JsonObject::encode).toList();
          assertEquals(List.of(), notApplied, "attempt " + attempt);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(2000, call("GET", "/v1/admin/rounds/count?prefix=RACE-", VIEWER, null).json().getLong("rounds"));
  }

  @Test
  void pauseStopsContributionsAndClaimsAndResumeGivesBackTheSameAmount() {
    String pool = "/v1/admin/jackpots/candy/pools/major";
    call("POST", "/v1/contributions", DEMO_GAMES, batch(contribution("PAUSE-0", "creepy-candy", "3.33", null)));
    String before = new Api(node.httpPort()).amount("candy", "major");
    JsonObject paused = call("POST", pool + "/pause", ADMIN, null).json();
    assertEquals("PAUSED", paused.getString("state"));
    assertEquals(before, paused.getString("amount"));
    assertEquals(false, call("POST", pool + "/pause", ADMIN, null).json().getBoolean("changed"), "pausing again changes nothing");

    JsonObject result = Api.results(call("POST", "/v1/contributions", DEMO_GAMES,
        batch(contribution("PAUSE-1", "creepy-candy", "7.77", null)))).getJsonObject(0);
    assertEquals("APPLIED", result.getString("status"), "the other tiers still take their share");
    assertTrue(result.getJsonArray("contributions").stream().noneMatch(c -> "major".equals(((JsonObject) c).getString("poolKey"))));
    Api.Reply claim = call("POST", "/v1/wins", DEMO_GAMES, Api.claim("PAUSE-W", "candy", "major").replace("\"bewitched\"", "\"creepy-candy\""));
    assertEquals(409, claim.status());
    assertEquals("POOL_PAUSED", claim.errorCode());
    assertEquals("PAUSED", new Api(node.httpPort()).pool("candy", "major").getString("state"));
    assertEquals(before, new Api(node.httpPort()).amount("candy", "major"));

    JsonObject resumed = call("POST", pool + "/resume", ADMIN, null).json();
    assertEquals("ACTIVE", resumed.getString("state"));
    assertEquals(before, resumed.getString("amount"));

    JsonArray audit = call("GET", "/v1/admin/audit", VIEWER, null).json().getJsonArray("entries");
    JsonObject last = audit.getJsonObject(audit.size() - 1);
    assertEquals("pool.resume", last.getString("action"));
    assertEquals("ops-alice", last.getString("actor"));
    assertEquals("candy/major", last.getString("target"));
    assertEquals("PAUSED", last.getJsonObject("before").getString("status"));
    assertEquals("ACTIVE", last.getJsonObject("after").getString("status"));
    assertEquals(before, last.getJsonObject("after").getString("amount"));
    assertEquals("pool.pause", audit.getJsonObject(audit.size() - 2).getString("action"));
    assertTrue(audit.stream().noneMatch(e -> ((JsonObject) e).encode().contains(ADMIN)), "no secret in the audit log");
  }
}
