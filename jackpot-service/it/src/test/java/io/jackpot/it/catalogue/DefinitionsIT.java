package io.jackpot.it.catalogue;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.SimplePg;
import io.jackpot.money.Money;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** PUT /v1/admin/jackpots/{id}: validated definitions, new jackpots, changes that wait for the next win. */
public class DefinitionsIT extends OneNode {
  static final String ADMIN = "dev-admin-token";

  public static JsonObject spooky() {
    return new JsonObject().put("name", "Spooky Jackpots").put("currency", "EUR").put("owner", "demo")
        .put("games", new JsonArray().add("creepy-candy")).put("routing", "ALL")
        .put("pools", new JsonArray()
            .add(new JsonObject().put("key", "small").put("name", "Small").put("seed", "5.00").put("rate", "0.01")
                .put("reserveRate", "0.002").put("ceiling", "6.00").put("trigger", new JsonObject().put("type", "CLAIM")))
            .add(new JsonObject().put("key", "big").put("name", "Big").put("seed", "100.00").put("rate", "0.005")
                .put("ceiling", "200.00").put("trigger", new JsonObject().put("type", "MUST_HIT_BY")).put("drawWeight", "1")));
  }

  public static Api.Reply put(String id, JsonObject body, String token) {
    return AdminCalls.callAt(node.httpPort(), "PUT", "/v1/admin/jackpots/" + id, token, body.encode());
  }

  /** Rates that would take the whole stake or more (with the game's other jackpots), or over 100 pools: 400, nothing saved. */
  @Test
  void aDefinitionTakingTheWholeStakeOrWithTooManyPoolsIsRefused() {
    JsonObject greedy = spooky();
    greedy.getJsonArray("pools").getJsonObject(0).put("rate", "0.98"); // with candy's 3% on the same game
    Api.Reply r = put("greedy", greedy, ADMIN);
    assertEquals(400, r.status(), r.body());
    assertEquals("INVALID_DEFINITION", r.errorCode());
    assertTrue(r.body().contains("game creepy-candy") && r.body().contains("candy"), r.body());
    Matcher named = Pattern.compile("its jackpots \\[([^]]*)]").matcher(r.body());
    assertTrue(named.find() && List.of(named.group(1).split(", ")).containsAll(List.of("candy", "greedy")),
        "names the game's other jackpot too: " + r.body());
    assertEquals(404, AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/jackpots/greedy", ADMIN).status(), "nothing saved");
    JsonObject many = spooky();
    JsonArray pools = new JsonArray();
    for (int i = 0; i <= 100; i++) {
      pools.add(spooky().getJsonArray("pools").getJsonObject(0).copy().put("key", "p" + i).put("rate", "0.0001"));
    }
    Api.Reply tooMany = put("many", many.put("pools", pools), ADMIN);
    assertEquals(400, tooMany.status(), tooMany.body());
    assertTrue(tooMany.body().contains("at most 100 per jackpot, got 101"), tooMany.body());
  }

  /**
   * A change is checked against the version this member knows; if the ledger holds a newer one
   * (another member's PUT racing, a catalogue not caught up), nothing is saved: 409.
   */
  @Test
  void aChangeCheckedAgainstAnOlderVersionIsNotSaved() {
    assertEquals(200, put("raced", spooky(), ADMIN).status());
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      // Another writer's version, which this member's catalogue has not seen.
      sql.execute("INSERT INTO jackpot_definitions (id, version, definition, saved_at, saved_by) SELECT id, version + 1,"
          + " jsonb_set(definition, '{name}', '\"Renamed elsewhere\"'), now(), 'elsewhere' FROM jackpot_definitions"
          + " WHERE id = 'raced' ORDER BY version DESC LIMIT 1");
      Api.Reply r = put("raced", spooky().put("name", "Renamed here"), ADMIN);
      assertEquals(409, r.status(), r.body());
      assertEquals("DEFINITION_CHANGED", r.errorCode());
      assertEquals(2, sql.count("SELECT count(*) FROM jackpot_definitions WHERE id = 'raced'"), "nothing saved");
      assertEquals(1, sql.count("SELECT count(*) FROM audit_log WHERE target = 'raced'"), "nor audited");
      // A PUT saved but never run by the cluster (it failed after its save): sending it again completes it.
      sql.execute("INSERT INTO jackpot_definitions (id, version, definition, saved_at, saved_by) VALUES ('raced', 3, '"
          + spooky().put("id", "raced").put("name", "Renamed here").encode() + "'::jsonb, now(), 'failed-put')");
      Api.Reply retried = put("raced", spooky().put("name", "Renamed here"), ADMIN);
      assertEquals(200, retried.status(), retried.body());
      assertEquals("Renamed here", api.get("/v1/jackpots/raced").json().getString("name"));
      assertEquals(3, sql.count("SELECT max(version) FROM jackpot_definitions WHERE id = 'raced'"), "completed, not saved again");
    }
  }

  /**
   * PUT is idempotent: the definition in force sent again (a deployment tool applying its files
   * again, a retry) saves no version and no audit entry, whatever the order of its fields; a change
   * after it is saved as the next version.
   */
  @Test
  void theDefinitionInForceSentAgainIsNotSavedAgain() {
    assertEquals(200, put("again", spooky(), ADMIN).status());
    JsonObject reordered = new JsonObject();
    List<String> fields = new ArrayList<>(spooky().fieldNames());
    Collections.reverse(fields);
    fields.forEach(f -> reordered.put(f, spooky().getValue(f)));
    for (JsonObject same : List.of(spooky(), reordered)) {
      Api.Reply r = put("again", same, ADMIN);
      assertEquals(200, r.status(), r.body());
      assertEquals("Spooky Jackpots", r.json().getString("name"), r.body());
    }
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      assertEquals(1, sql.count("SELECT count(*) FROM jackpot_definitions WHERE id = 'again'"), "one version");
      assertEquals(1, sql.count("SELECT count(*) FROM audit_log WHERE action = 'jackpot.define' AND target = 'again'"), "one entry");
      assertEquals(200, put("again", spooky().put("name", "Spookier"), ADMIN).status());
      assertEquals(2, sql.count("SELECT max(version) FROM jackpot_definitions WHERE id = 'again'"), "a change is saved");
      assertEquals(2, sql.count("SELECT count(*) FROM audit_log WHERE action = 'jackpot.define' AND target = 'again'"));
    }
  }

  /** Another member's save this member's catalogue has not caught up with still counts for a game's stake shares and currency. */
  @Test
  void theChecksAcrossJackpotsSeeSavesThisMemberHasNotHeardOf() {
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      for (String[] unheard : new String[][] {{"0.95", "EUR", "the whole stake"}, {"0.01", "USD", "one currency"}}) {
        // Candy's tiers again (they link creepy-candy), saved elsewhere: the first at unheard[0] of the stake, in unheard[1].
        sql.execute("INSERT INTO jackpot_definitions (id, version, definition, saved_at, saved_by) SELECT 'unheard', 1,"
            + " jsonb_set(jsonb_set(definition, '{pools,0,rate}', to_jsonb('" + unheard[0] + "'::text)), '{currency}', to_jsonb('"
            + unheard[1] + "'::text)), now(), 'elsewhere' FROM jackpot_definitions WHERE id = 'candy' ORDER BY version DESC LIMIT 1");
        try {
          Api.Reply r = put("spooky-late", spooky(), ADMIN);
          assertEquals(400, r.status(), unheard[2] + ": " + r.body());
          assertEquals("INVALID_DEFINITION", r.errorCode());
          assertTrue(r.body().contains("unheard"), r.body());
          assertEquals(0, sql.count("SELECT count(*) FROM jackpot_definitions WHERE id = 'spooky-late'"), "nothing saved");
        } finally {
          sql.execute("ALTER TABLE jackpot_definitions DISABLE TRIGGER USER; DELETE FROM jackpot_definitions WHERE id = 'unheard';"
              + " ALTER TABLE jackpot_definitions ENABLE TRIGGER USER");
        }
      }
    }
    assertEquals(200, put("spooky-late", spooky(), ADMIN).status(), "once it is gone");
  }

  /**
   * A running pool takes its terms in force until its next win, a lowered rate included: the limit on
   * a game's stake counts it at the larger rate until then. Lowering one pool from 90% to 5% and
   * adding another at 90% would otherwise take 180% of every stake (plus candy's 3%) until that win.
   */
  @Test
  void aRateLoweredButNotYetInForceStillCountsAgainstTheWholeStake() {
    JsonObject one = new JsonObject().put("name", "Lowered").put("currency", "EUR").put("owner", "demo")
        .put("games", new JsonArray().add("cluster-bear-sweet-wins")).put("routing", "ALL")
        .put("pools", new JsonArray().add(new JsonObject().put("key", "p1").put("name", "P1").put("seed", "1.00").put("rate", "0.9")
            .put("trigger", new JsonObject().put("type", "CLAIM"))));
    assertEquals(200, put("lowered", one, ADMIN).status());
    JsonObject lowered = one.copy();
    pool(lowered, 0).put("rate", "0.05");
    JsonObject withSecond = lowered.copy();
    withSecond.getJsonArray("pools").add(pool(one, 0).copy().put("key", "p2").put("name", "P2"));

    Api.Reply refused = put("lowered", withSecond, ADMIN);
    assertEquals(400, refused.status(), refused.body());
    assertEquals("INVALID_DEFINITION", refused.errorCode());
    Matcher share = Pattern.compile("game cluster-bear-sweet-wins: .* would take up to ([0-9.]+)%")
        .matcher(refused.body());
    assertTrue(share.find() && Double.parseDouble(share.group(1)) >= 180, "p1 counted at the 90% it takes until won: " + refused.body());
    assertEquals(1, AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/jackpots/lowered", ADMIN).json().getJsonObject("definition")
        .getJsonArray("pools").size(), "nothing saved");

    assertEquals(200, put("lowered", lowered, ADMIN).status(), "the lowering alone");
    Api.Reply stillRefused = put("lowered", withSecond, ADMIN);
    assertEquals(400, stillRefused.status(), "p1 still takes 90% until it is won: " + stillRefused.body());

    JsonObject claim = Api.jackpotGame("LOW-W", "lowered").put("poolKey", "p1").put("gameId", "cluster-bear-sweet-wins");
    assertEquals(200, api.post("/v1/wins", claim.encode()).status());
    assertEquals(200, put("lowered", withSecond, ADMIN).status(), "once p1 takes 5%: 95% and candy's 3% stay below the stake");
  }

  static JsonObject half(String rate) {
    return new JsonObject().put("name", "Half").put("currency", "EUR").put("owner", "demo")
        .put("games", new JsonArray().add("creepy-candy")).put("routing", "ALL")
        .put("pools", new JsonArray().add(new JsonObject().put("key", "half").put("name", "Half").put("seed", "1.00").put("rate", rate)
            .put("trigger", new JsonObject().put("type", "CLAIM"))));
  }

  /**
   * Two PUTs of different jackpots linking one game, each taking 49% of its stake: either alone is
   * fine, together (with candy's 3%) they take the whole stake. Both reach the ledger before either
   * is saved (the audit log is locked meanwhile, so a save in progress cannot finish): the saves'
   * one lock makes the second check the first.
   */
  @Test
  void twoJackpotsSavedAtOnceCannotTogetherTakeAGamesWholeStake() throws Exception {
    Map<String, CompletableFuture<Api.Reply>> puts = new TreeMap<>();
    try (SimplePg holder = SimplePg.of(pgUrl); SimplePg sql = SimplePg.of(pgUrl)) {
      holder.execute("BEGIN; LOCK TABLE audit_log IN EXCLUSIVE MODE");
      for (String id : List.of("half-a", "half-b")) {
        puts.put(id, CompletableFuture.supplyAsync(() -> put(id, half("0.49"), ADMIN)));
      }
      Await.until(() -> sql.waitingOnLocks() >= 2,
          Duration.ofSeconds(10), () -> "both PUTs reach the ledger and wait there");
      holder.execute("COMMIT");
      List<Integer> statuses = new ArrayList<>();
      for (var put : puts.values()) {
        statuses.add(put.get(30, TimeUnit.SECONDS).status());
      }
      assertEquals(List.of(200, 400), statuses.stream().sorted().toList(), "one saved, the other refused");
      assertEquals(1, sql.count("SELECT count(*) FROM jackpot_definitions WHERE id LIKE 'half-%'"));
    } finally {
      // The saved one takes next to nothing again, for the other tests linking creepy-candy; the
      // refused one is not created by it (a PUT not answered, the test failing, is taken as saved).
      puts.forEach((id, reply) -> {
        if (!reply.isDone() || reply.isCompletedExceptionally() || reply.join().status() == 200) {
          put(id, half("0.000001"), ADMIN);
        }
      });
    }
  }

  @Test
  void aNewJackpotStartsAtItsSeedsAndItsGamesFeedIt() {
    Api.Reply r = put("spooky", spooky(), ADMIN);
    assertEquals(200, r.status(), r.body());
    assertEquals("5.000000", api.amount("spooky", "small"));
    assertEquals("MUST_HIT_BY", api.pool("spooky", "big").getJsonObject("trigger").getString("type"));
    JsonObject result = Api.results(api.post("/v1/contributions", batch(contribution("SPOOK-1", "creepy-candy", "50.00", null))))
        .getJsonObject(0);
    assertEquals(2, Api.sharesOf(result, "spooky").size(), "both spooky pools take a share");
    assertEquals("5.500000", api.amount("spooky", "small"));
    api.post("/v1/contributions", batch(contribution("SPOOK-2", "creepy-candy", "100.00", null)));
    assertEquals("6.000000", api.amount("spooky", "small"), "capped at the ceiling; the rest went to the reserve");
    JsonArray audit = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/audit", ADMIN).json().getJsonArray("entries");
    assertTrue(audit.stream().map(JsonObject.class::cast)
        .anyMatch(e -> "jackpot.define".equals(e.getString("action")) && "spooky".equals(e.getString("target"))
            && e.getValue("before") == null && "Spooky Jackpots".equals(e.getJsonObject("after").getString("name"))));
  }

  /**
   * A game unlinked from a jackpot after it won: its claims sent again (a retry after a lost answer)
   * get their wins, by pool and by jackpot game; a new claim of that game is refused.
   */
  @Test
  void aPaidClaimSentAgainAfterItsGameWasUnlinkedGetsItsWin() {
    assertEquals(200, put("unlinked", spooky(), ADMIN).status());
    String byPool = Api.jackpotGame("UNL-1", "unlinked").put("poolKey", "small").encode();
    String byDraw = Api.jackpotGame("UNL-2", "unlinked").encode();
    Api.Reply pool = api.post("/v1/wins", byPool);
    Api.Reply drawn = api.post("/v1/wins", byDraw);
    assertEquals(List.of(200, 200), List.of(pool.status(), drawn.status()), pool.body() + drawn.body());
    assertEquals("big", drawn.json().getString("poolKey"), "the only tier with a draw weight");

    assertEquals(200, put("unlinked", spooky().put("games", new JsonArray().add("dont-eat-the-candy")), ADMIN).status());
    Api.Reply poolAgain = api.post("/v1/wins", byPool);
    Api.Reply drawnAgain = api.post("/v1/wins", byDraw);
    assertEquals(List.of(200, 200), List.of(poolAgain.status(), drawnAgain.status()), poolAgain.body() + drawnAgain.body());
    assertEquals(List.of(pool.json().getString("winId"), drawn.json().getString("winId")),
        List.of(poolAgain.json().getString("winId"), drawnAgain.json().getString("winId")));
    Api.Reply fresh = api.post("/v1/wins", new JsonObject(byPool).put("roundId", "UNL-3").encode());
    assertEquals(List.of(403, "GAME_NOT_LINKED"), List.of(fresh.status(), fresh.errorCode()), fresh.body());
    Api.Reply otherPlayer = api.post("/v1/wins", new JsonObject(byPool).put("playerId", "p-2").encode());
    assertEquals(List.of(403, "GAME_NOT_LINKED"), List.of(otherPlayer.status(), otherPlayer.errorCode()),
        "not the same claim: checked in full " + otherPlayer.body());
  }

  @Test
  void aChangedRunningPoolKeepsItsTermsUntilItsNextWinAndShowsThePendingChange() {
    JsonObject candy = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/jackpots/candy", ADMIN).json().getJsonObject("definition");
    JsonObject mini = candy.getJsonArray("pools").getJsonObject(0);
    assertEquals("mini", mini.getString("key"));
    mini.put("seed", "20.00").put("ceiling", "80.00");
    candy.getJsonArray("pools").getJsonObject(3).put("rate", "0.011");
    assertEquals(200, put("candy", candy, ADMIN).status());
    JsonObject pending = api.pool("candy", "grand").getJsonObject("pendingChange");
    assertEquals("0.011", pending.getString("rate"));
    // The whole of the terms to come, in the definition's fields (ceilings, reserve and overflow included).
    JsonObject miniPending = api.pool("candy", "mini").getJsonObject("pendingChange");
    assertEquals("20.000000", miniPending.getString("seed"));
    assertEquals("80.000000", miniPending.getString("ceiling"));
    assertEquals("MUST_HIT_BY", miniPending.getJsonObject("trigger").getString("type"));
    assertTrue(miniPending.containsKey("reserveRate") && miniPending.containsKey("overflowTo"), miniPending.encode());
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      // The pending terms are recorded with the definition version they are of: a pool takes no older ones after them.
      assertEquals(sql.count("SELECT max(version) FROM jackpot_definitions WHERE id = 'candy'"),
          sql.count("SELECT max(terms_version) FROM pool_events WHERE jackpot_id = 'candy' AND pool_key = 'grand' AND kind = 'TERMS_PENDING'"));
    }
    String before = api.amount("candy", "grand");
    JsonObject share = Api.shareOf(Api.results(api.post("/v1/contributions", batch(contribution("CHG-1", "creepy-candy", "1.00", null))))
        .getJsonObject(0), "candy", "grand");
    assertEquals("0.010000", share.getString("amount"), "the old rate until the next win");
    assertTrue(!before.equals(api.amount("candy", "grand")));

    String claim = Api.claim("CHG-W", "candy", "grand").replace("\"bewitched\"", "\"creepy-candy\"");
    assertEquals(200, api.post("/v1/wins", claim).status());
    assertNull(api.pool("candy", "grand").getJsonObject("pendingChange"), "in force after the win");
    JsonObject after = Api.shareOf(Api.results(api.post("/v1/contributions", batch(contribution("CHG-2", "creepy-candy", "1.00", null))))
        .getJsonObject(0), "candy", "grand");
    assertEquals("0.011000", after.getString("amount"));
    assertEquals("20.000000", api.pool("candy", "mini").getJsonObject("pendingChange").getString("seed"));
  }

  static Stream<Arguments> invalid() {
    return Stream.of(
        bad("no name", d -> { d.remove("name"); return d; }, "name"),
        bad("bad currency", d -> d.put("currency", "euro"), "currency"),
        bad("unknown game", d -> d.put("games", new JsonArray().add("solitaire")), "games[0]"),
        bad("no games", d -> d.put("games", new JsonArray()), "games"),
        bad("bad routing", d -> d.put("routing", "SOME"), "routing"),
        bad("no pools", d -> d.put("pools", new JsonArray()), "pools"),
        bad("negative seed", d -> pool(d, 0).put("seed", "-5.00") != null ? d : d, "pools[0].seed"),
        bad("zero seed", d -> pool(d, 0).put("seed", "0") != null ? d : d, "pools[0].seed"),
        bad("rate of 1", d -> pool(d, 0).put("rate", "1") != null ? d : d, "pools[0].rate"),
        bad("rate of 0", d -> pool(d, 0).put("rate", "0") != null ? d : d, "pools[0].rate"),
        bad("rate as number", d -> pool(d, 0).put("rate", 0.01) != null ? d : d, "pools[0].rate"),
        bad("ceiling below seed", d -> pool(d, 1).put("ceiling", "50.00") != null ? d : d, "pools[1].ceiling"),
        bad("pool name too long", d -> pool(d, 0).put("name", "n".repeat(101)) != null ? d : d, "pools[0].name"),
        bad("pool name with a NUL", d -> pool(d, 0).put("name", "Small\u0000") != null ? d : d, "pools[0].name"),
        bad("name with a control character", d -> d.put("name", "Spooky\u001b[31m"), "name"),
        bad("name on two lines", d -> d.put("name", "Spooky\nJackpots"), "name"),
        bad("a game whose jackpots would be in two currencies", d -> d.put("currency", "GBP"), "games"),
        bad("name shown reversed", d -> d.put("name", "\u202eSpooky"), "name"),
        bad("must-hit without ceiling", d -> { pool(d, 1).remove("ceiling"); return d; }, "pools[1].ceiling"),
        bad("random without stakePerHit", d -> pool(d, 1).put("trigger", new JsonObject().put("type", "RANDOM")) != null ? d : d,
            "pools[1].trigger.stakePerHit"),
        bad("unknown trigger", d -> pool(d, 1).put("trigger", new JsonObject().put("type", "SOMETIMES")) != null ? d : d,
            "pools[1].trigger.type"),
        bad("duplicate key", d -> pool(d, 1).put("key", "small") != null ? d : d, "pools[1].key"),
        bad("bad key", d -> pool(d, 1).put("key", "Big!") != null ? d : d, "pools[1].key"),
        bad("rate + reserve >= 1", d -> pool(d, 0).put("reserveRate", "0.99") != null ? d : d, "pools[0]"),
        bad("negative weight", d -> pool(d, 1).put("drawWeight", "-1") != null ? d : d, "pools[1].drawWeight"),
        bad("coin value with ALL", d -> pool(d, 0).put("coinValue", "0.10") != null ? d : d, "pools[0].coinValue"),
        bad("COIN_VALUE without coin values", d -> d.put("routing", "COIN_VALUE"), "pools[0].coinValue"),
        bad("overflowTo without ceiling", d -> { pool(d, 0).remove("ceiling"); pool(d, 0).put("overflowTo",
            new JsonObject().put("jackpotId", "candy").put("poolKey", "mini")); return d; }, "pools[0].overflowTo"),
        bad("overflowTo malformed", d -> pool(d, 0).put("overflowTo", "candy/mini") != null ? d : d, "pools[0].overflowTo"),
        bad("overflowTo a pool that does not exist", d -> pool(d, 0).put("overflowTo",
            new JsonObject().put("jackpotId", "candy").put("poolKey", "nope")) != null ? d : d, "pools.small.overflowTo"),
        bad("overflowTo itself", d -> pool(d, 0).put("overflowTo",
            new JsonObject().put("jackpotId", "INVALID").put("poolKey", "small")) != null ? d : d, "pools.small.overflowTo"));
  }

  /**
   * Half a surrogate pair, sent as a JSON escape (UTF-8 cannot carry it raw): PostgreSQL would keep
   * a "?" where the cluster's copy keeps the character, and every later change of the jackpot would
   * be refused as made on another version.
   */
  @Test
  void aNameWithHalfASurrogatePairIsRefused() {
    String body = spooky().encode().replace("\"Big\"", "\"Big\\ud800\"");
    assertTrue(body.contains("Big\\ud800"), body);
    Api.Reply r = AdminCalls.callAt(node.httpPort(), "PUT", "/v1/admin/jackpots/surrogate", ADMIN, body);
    assertEquals(400, r.status(), r.body());
    assertTrue(r.body().contains("pools[1].name"), r.body());
  }

  public static JsonObject pool(JsonObject d, int i) {
    return d.getJsonArray("pools").getJsonObject(i);
  }

  static Arguments bad(String what, UnaryOperator<JsonObject> change, String field) {
    JsonObject d = change.apply(spooky());
    // "INVALID" in an overflowTo stands for the jackpot being defined (each case gets its own id).
    boolean hasPools = d.getValue("pools") instanceof JsonArray a && !a.isEmpty();
    JsonObject to = hasPools && pool(d, 0).getValue("overflowTo") instanceof JsonObject o ? o : null;
    if (to != null && "INVALID".equals(to.getString("jackpotId"))) {
      to.put("jackpotId", "invalid-" + Math.abs(what.hashCode()));
    }
    return Arguments.of(what, d, field);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void anInvalidDefinitionIsRefusedWithTheFieldNamed(String what, JsonObject definition, String field) {
    Api.Reply r = put("invalid-" + Math.abs(what.hashCode()), definition, ADMIN);
    assertEquals(400, r.status(), r.body());
    assertEquals("INVALID_DEFINITION", r.errorCode());
    assertTrue(r.json().getJsonObject("error").getString("message").contains(field), r.body());
    assertEquals(404, api.get("/v1/jackpots/invalid-" + Math.abs(what.hashCode())).status(), "nothing was created");
  }

  @Test
  void overflowAboveTheCeilingIsSentToTheOverflowPool() throws Exception {
    JsonObject flowing = spooky().put("games", new JsonArray().add("dont-eat-the-candy"));
    pool(flowing, 0).put("overflowTo", new JsonObject().put("jackpotId", "flowing").put("poolKey", "big"));
    // big won by claim only: as a must-hit pool its hit point, drawn from [100, 200], could fall
    // below the 101.00 the bets bring it to, and the win would reset it (1 run in 100 failed so).
    pool(flowing, 1).put("trigger", new JsonObject().put("type", "CLAIM"));
    assertEquals(200, put("flowing", flowing, ADMIN).status());
    Money big = Money.parse(api.amount("flowing", "big"));
    // small: seed 5.00, 1% (+ 0.2% reserve), ceiling 6.00. Two bets of 100.00: the first fills it to
    // 6.00, the second's 1.00 share overflows to big, which also takes 0.5% of each bet.
    api.post("/v1/contributions", batch(contribution("FLOW-1", "dont-eat-the-candy", "100.00", null),
        contribution("FLOW-2", "dont-eat-the-candy", "100.00", null)));
    assertEquals("6.000000", api.amount("flowing", "small"));
    Money expected = big.plus(Money.ofMicros(1_000_000)).plus(Money.ofMicros(1_000_000));
    Await.until(() -> Money.parse(api.amount("flowing", "big")).equals(expected), Duration.ofSeconds(20),
        () -> "the overflow reached the overflow pool: " + api.amount("flowing", "big"));
    // The live pool shows the transfer once applied; the ledger once its step is committed, a
    // moment later (the sweeper's transfer has no caller waiting for the commit).
    Await.until(() -> AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/reconciliation", "dev-viewer-token").json().getBoolean("balanced"),
        Duration.ofSeconds(20), () -> "the ledger caught up with the live pools");
    OneNode.assertBalanced(node.httpPort());
  }

  @Test
  void coinValuesKeepEveryDecimalTheyWereGiven() {
    JsonObject fine = spooky().put("routing", "COIN_VALUE").put("games", new JsonArray().add("bewitched"));
    pool(fine, 0).put("coinValue", "0.005");
    pool(fine, 1).put("coinValue", "2.015");
    assertEquals(200, put("fine-coins", fine, ADMIN).status());
    JsonObject stored = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/jackpots/fine-coins", ADMIN).json().getJsonObject("definition");
    assertEquals("0.005", pool(stored, 0).getString("coinValue"));
    assertEquals("2.015", pool(stored, 1).getString("coinValue"));
    // and so the pools themselves, where games and pages tell them apart (were cut to "0.00" and "2.01")
    JsonObject live = AdminCalls.callAt(node.httpPort(), "GET", "/v1/jackpots/fine-coins", ADMIN).json();
    assertEquals("0.005", pool(live, 0).getString("coinValue"), live.encode());
    assertEquals("2.015", pool(live, 1).getString("coinValue"));
  }

  @Test
  void poolsCannotBeRemovedNorTheCurrencyChanged() {
    JsonObject candy = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/jackpots/candy", ADMIN).json().getJsonObject("definition");
    JsonObject fewer = candy.copy();
    fewer.getJsonArray("pools").remove(3);
    assertEquals("POOL_REMOVAL", put("candy", fewer, ADMIN).errorCode());
    assertEquals("CURRENCY_CHANGE", put("candy", candy.copy().put("currency", "GBP"), ADMIN).errorCode());
    assertEquals(403, put("candy", candy, "dev-viewer-token").status());
    assertEquals(401, put("candy", candy, null).status());
  }
}
