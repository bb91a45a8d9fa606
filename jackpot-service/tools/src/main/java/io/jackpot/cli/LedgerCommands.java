package io.jackpot.cli;

import static io.jackpot.cli.Args.arg;
import static io.jackpot.cli.Args.encode;
import static io.jackpot.cli.Args.option;
import static io.jackpot.cli.Args.query;

import io.vertx.core.json.JsonObject;
import java.util.List;

/** jackpotctl's commands on what is recorded: audit, wins, round, reconcile. */
final class LedgerCommands {
  private final AdminApi api;

  LedgerCommands(AdminApi api) {
    this.api = api;
  }

  String audit(List<String> args) throws Exception {
    Table t = new Table("AT", "ACTOR", "ACTION", "TARGET", "BEFORE", "AFTER");
    for (JsonObject entry : api.everyPage("/v1/admin/audit" + query(args, "from", "to"), "entries")) {
      t.row(entry.getString("at"), entry.getString("actor"), entry.getString("action"), entry.getString("target"),
          brief(entry.getValue("before")), brief(entry.getValue("after")));
    }
    return t.render();
  }

  String wins(List<String> args) throws Exception {
    Table t = new Table("WON AT", "WIN", "JACKPOT", "POOL", "SEQ", "AMOUNT", "TRIGGER", "PLAYER", "OPERATOR");
    String path = "/v1/admin/wins" + query(args, "jackpot", "from", "to").replace("jackpot=", "jackpotId=");
    for (JsonObject win : api.everyPage(path, "wins")) {
      t.row(win.getString("wonAt"), win.getString("winId"), win.getString("jackpotId"), win.getString("poolKey"),
          win.getLong("sequence"), win.getString("amount"), win.getString("trigger"), win.getString("playerId"),
          win.getString("operatorId"));
    }
    return t.render();
  }

  /** {@code round <round id> [--operator <operator>]}: one recorded round as the service answers it. */
  String round(List<String> args) throws Exception {
    String operator = option(args, "--operator");
    String path = "/v1/admin/rounds?roundId=" + encode(arg(args, 0)) + (operator == null ? "" : "&operatorId=" + encode(operator));
    return Jackpotctl.pretty(api.call("GET", path, null));
  }

  String reconcile() throws Exception {
    JsonObject r = api.call("GET", "/v1/admin/reconciliation", null);
    Table t = new Table("JACKPOT", "POOL", "SEEDS", "CONTRIBUTIONS", "IN", "AWARDS", "OUT", "LEDGER", "LIVE", "OK");
    for (Object p : r.getJsonArray("pools")) {
      JsonObject pool = (JsonObject) p;
      t.row(pool.getString("jackpotId"), pool.getString("poolKey"), pool.getString("seeds"), pool.getString("contributions"),
          pool.getString("transfersIn"), pool.getString("awards"), pool.getString("transfersOut"), pool.getString("ledgerBalance"),
          pool.getString("liveBalance"), pool.getBoolean("balanced") && pool.getBoolean("matchesLive") ? "yes" : "NO");
    }
    JsonObject total = r.getJsonObject("totals");
    t.row("TOTAL", "", total.getString("seeds"), total.getString("contributions"), total.getString("transfersIn"),
        total.getString("awards"), total.getString("transfersOut"), total.getString("ledgerBalance"), total.getString("liveBalance"),
        r.getBoolean("balanced") ? "yes" : "NO");
    return t.render() + (r.getBoolean("balanced") ? "BALANCED\n" : "NOT BALANCED\n");
  }

  /** An audit entry's before or after in a cell: a pool's status and amount, or the value cut to 60 characters. */
  private static String brief(Object v) {
    if (v == null) {
      return null;
    }
    String s = v instanceof JsonObject o && o.containsKey("status") ? o.getString("status") + " " + o.getString("amount") : String.valueOf(v);
    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
  }
}
