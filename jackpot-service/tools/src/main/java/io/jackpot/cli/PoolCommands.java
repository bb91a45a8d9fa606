package io.jackpot.cli;

import static io.jackpot.cli.Args.arg;
import static io.jackpot.cli.Args.option;

import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** jackpotctl's commands on jackpots and pools: list, show, pause, resume, discontinue, define, fx. */
final class PoolCommands {
  private final AdminApi api;

  PoolCommands(AdminApi api) {
    this.api = api;
  }

  String list() throws Exception {
    Table t = new Table("JACKPOT", "POOL", "STATE", "AMOUNT", "SEED", "WINS", "TRIGGER", "HOT", "PENDING");
    for (Object j : api.call("GET", "/v1/admin/jackpots", null).getJsonArray("jackpots")) {
      JsonObject jackpot = (JsonObject) j;
      for (Object p : jackpot.getJsonArray("pools")) {
        JsonObject pool = (JsonObject) p;
        JsonObject pending = pool.getJsonObject("pendingChange");
        t.row(jackpot.getString("id"), pool.getString("key"), pool.getString("state"), pool.getString("amount"),
            pool.getString("seed"), pool.getLong("sequence"), trigger(pool.getJsonObject("trigger")), hot(pool),
            pending == null ? null : pendingTerms(pending));
      }
    }
    return t.render();
  }

  /** A trigger in one line: its type, and a must-drop pool's windows. */
  static String trigger(JsonObject t) {
    String type = t.getString("type");
    if (t.getString("every") != null) {
      return type + " every " + t.getString("every");
    }
    return t.getString("dailyAt") == null ? type : type + " daily " + t.getString("dailyAt") + " " + t.getString("zone");
  }

  /** A pool's hot indicators: its progress in percent, and a must-drop pool's window end. */
  static String hot(JsonObject pool) {
    String progress = pool.getString("progress");
    if (progress == null) {
      return null;
    }
    String percent = new BigDecimal(progress).movePointRight(2).stripTrailingZeros().toPlainString() + "%";
    String dropBy = pool.getJsonObject("trigger").getString("dropBy");
    return dropBy == null ? percent : percent + " by " + dropBy;
  }

  /** A pool's terms to come (its pendingChange), in one line: every term, ceiling and overflow when set. */
  static String pendingTerms(JsonObject pending) {
    StringBuilder s = new StringBuilder("seed ").append(pending.getString("seed"))
        .append(", rate ").append(pending.getString("rate"))
        .append(", reserve ").append(pending.getString("reserveRate"));
    if (pending.getString("ceiling") != null) {
      s.append(", ceiling ").append(pending.getString("ceiling"));
    }
    JsonObject overflow = pending.getJsonObject("overflowTo");
    if (overflow != null) {
      s.append(", overflow to ").append(overflow.getString("jackpotId")).append('/').append(overflow.getString("poolKey"));
    }
    return s.append(", ").append(pending.getJsonObject("trigger").getString("type")).toString();
  }

  String show(String jackpot) throws Exception {
    JsonObject j = api.call("GET", "/v1/admin/jackpots/" + jackpot, null);
    return j.getJsonObject("definition").encodePrettily() + "\n";
  }

  /** {@code pause} or {@code resume} of one pool, or of every pool of the jackpot when none is named. */
  String change(String what, List<String> args) throws Exception {
    return args.size() == 1 ? changeAll(what, arg(args, 0)) : change(what, arg(args, 0), arg(args, 1));
  }

  private String change(String what, String jackpot, String pool) throws Exception {
    JsonObject r = api.call("POST", "/v1/admin/jackpots/" + jackpot + "/pools/" + pool + "/" + what, null);
    return new Table("JACKPOT", "POOL", "STATE", "AMOUNT", "CHANGED")
        .row(jackpot, pool, r.getString("state"), r.getString("amount"), r.getBoolean("changed")).render();
  }

  private String changeAll(String what, String jackpot) throws Exception {
    Table t = new Table("JACKPOT", "POOL", "STATE", "AMOUNT", "CHANGED");
    for (Object p : api.call("POST", "/v1/admin/jackpots/" + jackpot + "/" + what, null).getJsonArray("pools")) {
      JsonObject pool = (JsonObject) p;
      t.row(jackpot, pool.getString("poolKey"), pool.getString("state"), pool.getString("amount"), pool.getBoolean("changed"));
    }
    return t.render();
  }

  String discontinue(List<String> args) throws Exception {
    JsonObject body = new JsonObject().put("reason", option(args, "--reason"));
    String to = option(args, "--to");
    if (args.contains("--hold") == (to != null)) {
      throw new IllegalArgumentException("give either --hold or --to <jackpot>/<pool>");
    }
    if (to != null) {
      String[] parts = to.split("/", 2);
      body.put("transferTo", new JsonObject().put("jackpotId", parts[0]).put("poolKey", parts.length > 1 ? parts[1] : ""));
    } else {
      body.put("hold", true);
    }
    String path = "/v1/admin/jackpots/" + arg(args, 0) + "/pools/" + arg(args, 1) + "/discontinue";
    return Jackpotctl.pretty(api.call("POST", path, body.encode()));
  }

  String define(String jackpot, String file) throws Exception {
    api.call("PUT", "/v1/admin/jackpots/" + jackpot, Files.readString(Path.of(file)));
    return list();
  }

  String fx(String file) throws Exception {
    return Jackpotctl.pretty(api.call("PUT", "/v1/admin/fx-rates", Files.readString(Path.of(file))));
  }
}
