package io.jackpot.it;

import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.ProcessCluster;
import io.jackpot.it.support.ScratchDirs;
import io.jackpot.it.support.SimplePg;
import io.jackpot.local.LocalPostgres;
import io.jackpot.sim.LoadRun;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * scripts/drill: three member processes on a real PostgreSQL under load through the SDK, one fault
 * at a time; after each, every acknowledged round must be in the ledger exactly once, no win paid
 * twice, and every pool reconciled with the ledger.
 */
public final class Drill {
  /** The drills, in the order they run. */
  static final List<String> ALL = List.of("member-kill", "member-stop", "db-freeze", "db-backend-kill", "db-restart",
      "cluster-cold", "partition");
  /** The members' heartbeat timeout (the smallest the service takes), so that a stopped member is dropped soon. */
  static final int HEARTBEAT_SECONDS = 10;
  static final int DB_FREEZE_SECONDS = 15;
  static final int MERGE_DELAY_SECONDS = 10;
  private static final int MEMBERS = 3;

  /** One drill's outcome; status PASS, FAIL or SKIPPED. */
  record Result(String drill, String status, long acknowledged, long unknown, long lost, long paidTwice, long worstAckMicros,
      String detail) {
    String line() {
      if (status.equals("SKIPPED")) {
        return String.format("DRILL %-16s SKIPPED %s", drill, detail);
      }
      return String.format("DRILL %-16s %s acknowledged=%d unknown=%d lost=%d paid_twice=%d worst_ack_ms=%.1f%s", drill, status,
          acknowledged, unknown, lost, paidTwice, worstAckMicros / 1000.0, detail.isEmpty() ? "" : " " + detail);
    }
  }

  record Totals(List<Result> results) {
    long passed() {
      return results.stream().filter(r -> r.status().equals("PASS")).count();
    }

    long failed() {
      return results.stream().filter(r -> r.status().equals("FAIL")).count();
    }

    long lost() {
      return results.stream().mapToLong(Result::lost).sum();
    }

    long paidTwice() {
      return results.stream().mapToLong(Result::paidTwice).sum();
    }

    String line() {
      return String.format("DRILLS passed=%d failed=%d lost=%d paid_twice=%d", passed(), failed(), lost(), paidTwice());
    }
  }

  private final int seconds;
  private final PrintStream out;
  /** Processes this drill stopped (SIGSTOP) and has not let go yet: let go whatever happens. */
  private final Set<Long> stopped = ConcurrentHashMap.newKeySet();
  private Path pgData;
  private String pgUrl;
  private ProcessCluster cluster;
  /** The partition drill's network namespace and relays, while it runs. */
  private Partition partition;

  Drill(int seconds, PrintStream out) {
    this.seconds = seconds;
    this.out = out;
  }

  public static void main(String[] args) throws Exception {
    int seconds = 20;
    List<String> drills = ALL;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--seconds") && i + 1 < args.length && args[i + 1].matches("[1-9][0-9]{0,3}")) {
        seconds = Integer.parseInt(args[++i]);
      } else if (args[i].equals("--only") && i + 1 < args.length && ALL.containsAll(List.of(args[i + 1].split(",")))) {
        drills = List.of(args[++i].split(","));
      } else {
        System.err.println("usage: scripts/drill [--seconds N] [--only " + String.join(",", ALL) + "]");
        System.exit(2);
      }
    }
    Totals totals = new Drill(seconds, System.out).run(drills);
    System.exit(totals.failed() > 0 ? 1 : 0);
  }

  /**
   * Runs the drills in turn on one PostgreSQL, each on a database and a cluster of its own (what one
   * drill leaves wrong does not fail the next), printing a line for each and the totals last.
   */
  Totals run(List<String> drills) throws Exception {
    List<Result> results = new ArrayList<>();
    Path dir = ScratchDirs.create("drill-pg");
    pgData = dir.resolve("pg");
    // Whatever happens (Ctrl-C included), nothing stays stopped and no member outlives the run.
    Thread cleanUp = new Thread(this::cleanUp, "drill-clean-up");
    Runtime.getRuntime().addShutdownHook(cleanUp);
    try (LocalPostgres pg = LocalPostgres.start(pgData)) {
      out.printf("drill: %d members on PostgreSQL at 127.0.0.1:%d, load %d s a drill%n", MEMBERS, pg.port(), seconds);
      for (String drill : drills) {
        Result r;
        try {
          r = onNewCluster(drill, pg.port());
        } catch (Exception | AssertionError e) {
          r = new Result(drill, "FAIL", 0, 0, 0, 0, 0, "could not run: " + e);
        }
        results.add(r);
        out.println(r.line());
      }
    } finally {
      cleanUp();
      try {
        Runtime.getRuntime().removeShutdownHook(cleanUp);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs anyway
      }
    }
    Totals totals = new Totals(results);
    out.println(totals.line());
    return totals;
  }

  private Result onNewCluster(String name, int pgPort) throws Exception {
    String unavailable = name.equals("partition") ? Partition.unavailable() : null;
    if (unavailable != null) {
      return new Result(name, "SKIPPED", 0, 0, 0, 0, 0, unavailable);
    }
    String database = "drill_" + name.replace('-', '_');
    try (SimplePg admin = new SimplePg(pgPort, "postgres")) {
      admin.execute("CREATE DATABASE " + database);
    }
    pgUrl = "postgresql://postgres@127.0.0.1:" + pgPort + "/" + database;
    // A member dropped while stopped merges back (and restarts, exit code 3) within seconds, not Hazelcast's default 5 minutes.
    cluster = new ProcessCluster(pgUrl, MEMBERS, Map.of("JACKPOT_HZ_HEARTBEAT_TIMEOUT_SECONDS", Integer.toString(HEARTBEAT_SECONDS)),
        List.of("-Dhazelcast.merge.first.run.delay.seconds=" + MERGE_DELAY_SECONDS,
            "-Dhazelcast.merge.next.run.delay.seconds=" + MERGE_DELAY_SECONDS));
    Result r;
    try {
      try {
        startCluster(name);
      } catch (Exception | AssertionError e) {
        r = new Result(name, "FAIL", 0, 0, 0, 0, 0, "the cluster did not start: " + e);
        keepLogs(name);
        return r;
      }
      r = drill(name);
      if (r.status().equals("FAIL")) {
        keepLogs(name);
      }
      return r;
    } finally {
      letGo();
      cluster.close();
      if (partition != null) {
        partition.close();
        partition = null;
      }
    }
  }

  /** On a failure, the members' warnings and errors go to a file (their directories go with this process). */
  private void keepLogs(String name) {
    try {
      Path file = Path.of(System.getProperty("drill.logs", "target"), "drill-" + name + ".log").toAbsolutePath();
      Files.createDirectories(file.getParent());
      Files.writeString(file, cluster.whatHappened());
      out.println("drill " + name + ": the members' warnings and errors are in " + file);
    } catch (IOException | RuntimeException e) {
      out.println("drill " + name + ": could not keep the members' logs: " + e);
    }
  }

  private void cleanUp() {
    letGo();
    if (cluster != null) {
      try {
        cluster.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (partition != null) {
      partition.close();
    }
  }

  /** One drill: the load, the fault during it, the cluster healed, then the checks. */
  Result drill(String name) throws Exception {
    Map<String, Integer> acknowledged = new ConcurrentHashMap<>();
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    LoadRun load = new LoadRun(new LoadRun.Settings(cluster.endpoints(), "dev-game-key", "dev-viewer-token", 6, 0, seconds, 100, 200, 150),
        new PrintStream(progress, true)).onAcknowledged(acknowledged::put);
    CompletableFuture<LoadRun.Summary> running = cluster.load(load);
    List<String> problems = new ArrayList<>();
    try {
      TimeUnit.MILLISECONDS.sleep(Math.max(1000, seconds * 250L));
      fault(name);
    } catch (Exception | AssertionError e) {
      problems.add("the fault went wrong: " + e);
    } finally {
      letGo();
    }
    LoadRun.Summary s;
    try {
      s = running.get(seconds + 600L, TimeUnit.SECONDS);
    } catch (Exception e) {
      return new Result(name, "FAIL", load.acknowledgedSoFar(), 0, 0, 0, 0, "the load did not end: " + e);
    }
    try {
      heal();
    } catch (Exception | AssertionError e) {
      problems.add("the cluster did not heal: " + e);
    }
    if (s.stalled()) {
      problems.add("no round was answered for 120 s");
    }
    long[] lostAndTwice = check(s, acknowledged, problems);
    if (!problems.isEmpty()) {
      String lines = progress.toString(StandardCharsets.UTF_8).lines().reduce((a, b) -> b).orElse("");
      out.println("drill " + name + ": the load's last line: " + lines);
    }
    return new Result(name, problems.isEmpty() ? "PASS" : "FAIL", s.acknowledged(), s.failed(), lostAndTwice[0], lostAndTwice[1],
        s.maxMicros(), String.join("; ", problems));
  }

  private void startCluster(String name) throws Exception {
    if (name.equals("partition")) {
      partition = Partition.start(cluster, 2);
    } else {
      cluster.startAll();
    }
    Await.until(this::wholeCluster, Duration.ofSeconds(90), () -> MEMBERS + " members in one cluster");
  }

  private void fault(String name) throws Exception {
    switch (name) {
      case "member-kill" -> {
        Process p = cluster.process(1);
        p.destroyForcibly();
        p.waitFor(30, TimeUnit.SECONDS);
        TimeUnit.SECONDS.sleep(2);
        cluster.start(1);
        cluster.awaitReady(1);
      }
      case "member-stop" -> {
        Process member = cluster.process(2);
        stop(List.of(member.pid()));
        TimeUnit.SECONDS.sleep(HEARTBEAT_SECONDS + 5);
        letGo();
        // Dropped meanwhile, it merges back under a new identity and then stops (code 3) to start
        // again as a new member; until it has, it may still look ready.
        long resumed = System.nanoTime();
        if (member.waitFor(MERGE_DELAY_SECONDS * 6L, TimeUnit.SECONDS)) {
          out.printf("drill: member 3 exited (code %d) %d s after it was let go%n", member.exitValue(),
              TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - resumed));
        }
      }
      case "db-freeze" -> {
        List<Long> pids = new ArrayList<>(List.of(postmaster()));
        pids.addAll(children(postmaster()).keySet());
        stop(pids);
        TimeUnit.SECONDS.sleep(DB_FREEZE_SECONDS);
        letGo();
      }
      case "db-backend-kill" -> {
        long backend = children(postmaster()).entrySet().stream().filter(e -> e.getValue().contains(" " + database() + " "))
            .map(Map.Entry::getKey).findFirst().orElseThrow(() -> new IllegalStateException("no backend of the members' database"));
        signal("KILL", List.of(backend));
        awaitDatabase();
      }
      case "db-restart" -> {
        pgCtl("stop", "-m", "fast");
        TimeUnit.SECONDS.sleep(3);
        pgCtlStart();
        awaitDatabase();
      }
      case "cluster-cold" -> {
        for (int i = 0; i < MEMBERS; i++) {
          cluster.process(i).destroy();
        }
        for (int i = 0; i < MEMBERS; i++) {
          if (!cluster.process(i).waitFor(60, TimeUnit.SECONDS)) {
            cluster.process(i).destroyForcibly().waitFor(30, TimeUnit.SECONDS);
          }
        }
        TimeUnit.SECONDS.sleep(2);
        cluster.startAll();
      }
      case "partition" -> {
        Process member = cluster.process(2);
        partition.cut();
        TimeUnit.SECONDS.sleep(HEARTBEAT_SECONDS + 5);
        partition.heal();
        long healed = System.nanoTime();
        if (member.waitFor(MERGE_DELAY_SECONDS * 6L, TimeUnit.SECONDS)) {
          out.printf("drill: member 3 exited (code %d) %d s after the cut healed%n", member.exitValue(),
              TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - healed));
        }
      }
      default -> throw new IllegalArgumentException(name);
    }
  }

  /**
   * Every member running and in one cluster again: a member that is gone (one that resumed after it
   * was dropped exits with code 3, by design) is started again.
   */
  private void heal() throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
    int healthy = 0;
    while (true) {
      for (int i = 0; i < MEMBERS; i++) {
        if (!cluster.process(i).isAlive()) {
          out.printf("drill: member %d had exited (code %d); starting it again%n", i + 1, cluster.process(i).exitValue());
          cluster.start(i);
        }
      }
      if (allReady() && wholeCluster()) {
        if (++healthy >= 3) { // three looks a second apart: not a moment before a member notices it was dropped
          return;
        }
      } else {
        healthy = 0;
      }
      if (System.nanoTime() > end) {
        throw new IllegalStateException("the members were not all ready in one cluster of " + MEMBERS + " within 240 s");
      }
      TimeUnit.SECONDS.sleep(1);
    }
  }

  private boolean allReady() {
    for (int i = 0; i < MEMBERS; i++) {
      try {
        if (AdminCalls.callAt(cluster.http(i), "GET", "/health/ready", null).status() != 200) {
          return false;
        }
      } catch (RuntimeException notAnswering) {
        return false;
      }
    }
    return true;
  }

  private boolean wholeCluster() {
    for (int i = 0; i < MEMBERS; i++) {
      try {
        if (Api.metric(new Api(cluster.http(i)).get("/metrics").body(), "jackpot_cluster_members ").orElse(-1) != MEMBERS) {
          return false;
        }
      } catch (RuntimeException notAnswering) {
        return false;
      }
    }
    return true;
  }

  /**
   * The checks after a drill: each acknowledged round in the ledger once with the shares it was
   * answered with, no win recorded twice, no round paid two tiers of a jackpot by claims, and the
   * reconciliation balanced at every member. Returns {lost, paid twice}.
   */
  private long[] check(LoadRun.Summary s, Map<String, Integer> acknowledged, List<String> problems) throws Exception {
    String like = s.prefix() + "-%";
    long lost = 0;
    long wrongShares = 0;
    long paidTwice;
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      Map<String, Integer> ledger = new HashMap<>();
      for (Row r : sql.query("SELECT round_id, cardinality(share_jackpots) FROM rounds WHERE round_id LIKE $1", like)) {
        ledger.put(r.getString(0), r.getInteger(1));
      }
      for (Map.Entry<String, Integer> a : acknowledged.entrySet()) {
        Integer shares = ledger.get(a.getKey());
        if (shares == null) {
          lost++;
        } else if (!shares.equals(a.getValue())) {
          wrongShares++;
        }
      }
      long appliedTwice = sql.count("SELECT count(*) FROM (SELECT round_id, jackpot_id, pool_key FROM contributions WHERE round_id LIKE $1"
          + " GROUP BY 1, 2, 3 HAVING count(*) > 1) twice", like);
      long winsTwice = sql.count("SELECT count(*) FROM (SELECT jackpot_id, pool_key, operator_id, round_id FROM wins WHERE round_id LIKE $1"
          + " GROUP BY 1, 2, 3, 4 HAVING count(*) > 1) twice", like);
      // A claim pays one tier per round; a round that a claim paid has no other win of that jackpot
      // (service triggers may pay several tiers of one round: docs/triggers.md).
      long twoTiers = sql.count("SELECT count(*) FROM (SELECT jackpot_id, operator_id, round_id FROM wins WHERE round_id LIKE $1"
          + " GROUP BY 1, 2, 3 HAVING count(*) FILTER (WHERE how = 'CLAIM') > 0 AND count(*) > 1) twice", like);
      paidTwice = winsTwice + twoTiers;
      if (lost > 0) {
        problems.add(lost + " acknowledged rounds not in the ledger");
      }
      if (wrongShares > 0) {
        problems.add(wrongShares + " rounds with other shares in the ledger than they were answered with");
      }
      if (appliedTwice > 0) {
        problems.add(appliedTwice + " shares applied twice");
      }
      if (winsTwice > 0) {
        problems.add(winsTwice + " wins recorded twice");
      }
      if (twoTiers > 0) {
        problems.add(twoTiers + " rounds paid by a claim and another win of the same jackpot");
      }
    }
    for (int i = 0; i < MEMBERS; i++) {
      String unbalanced = unbalancedAt(i);
      if (unbalanced != null) {
        problems.add("reconciliation at member " + (i + 1) + ": " + unbalanced);
      }
    }
    return new long[] {lost, paidTwice};
  }

  /** Null once member {@code i}'s reconciliation is balanced (asked for up to 30 s: pools may still be loading), else what is off. */
  private String unbalancedAt(int i) throws InterruptedException {
    String last = null;
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    do {
      try {
        Api.Reply r = AdminCalls.callAt(cluster.http(i), "GET", "/v1/admin/reconciliation", "dev-viewer-token");
        if (r.status() != 200) {
          last = "status " + r.status() + " " + r.body();
        } else if (r.json().getBoolean("balanced")) {
          return null;
        } else {
          List<String> off = new ArrayList<>();
          r.json().getJsonArray("pools").forEach(o -> {
            JsonObject p = (JsonObject) o;
            if (!p.getBoolean("balanced") || !p.getBoolean("matchesLive")) {
              off.add(p.getString("jackpotId") + "/" + p.getString("poolKey") + " ledger " + p.getString("ledgerBalance") + " live "
                  + p.getString("liveBalance"));
            }
          });
          last = "not balanced: " + (off.isEmpty() ? "totals" : String.join(", ", off));
        }
      } catch (RuntimeException e) {
        last = e.toString();
      }
      TimeUnit.MILLISECONDS.sleep(500);
    } while (System.nanoTime() < end);
    return last;
  }

  // ---- PostgreSQL's processes ----

  /** The postmaster's pid: the first line of postmaster.pid. */
  private long postmaster() throws IOException {
    return Long.parseLong(Files.readAllLines(pgData.resolve("postmaster.pid")).get(0).trim());
  }

  /** The postmaster's children (its backends and helpers), pid to command line. */
  private static Map<Long, String> children(long parent) throws Exception {
    Process ps = new ProcessBuilder("ps", "--ppid", Long.toString(parent), "-o", "pid=,args=").redirectErrorStream(true).start();
    String text = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    ps.waitFor(10, TimeUnit.SECONDS);
    Map<Long, String> children = new HashMap<>();
    text.lines().map(String::trim).filter(l -> !l.isEmpty()).forEach(l -> {
      int space = l.indexOf(' ');
      children.put(Long.parseLong(space < 0 ? l : l.substring(0, space)), space < 0 ? "" : l.substring(space) + " ");
    });
    return children;
  }

  private String database() {
    return pgUrl.substring(pgUrl.lastIndexOf('/') + 1);
  }

  private void awaitDatabase() throws Exception {
    Await.until(() -> {
      try (SimplePg sql = SimplePg.of(pgUrl)) {
        return sql.count("SELECT 1") == 1;
      } catch (RuntimeException notYet) {
        return false;
      }
    }, Duration.ofSeconds(90), () -> "PostgreSQL accepting connections again");
  }

  /** Runs the server's own pg_ctl (beside the postgres binary postmaster.opts names) on its data directory. */
  private void pgCtl(String action, String... options) throws Exception {
    List<String> cmd = new ArrayList<>(asUnprivileged());
    cmd.addAll(List.of(postmasterOpts().get(0).replaceAll("postgres$", "pg_ctl"), "-D", pgData.toString(), "-w", "-t", "60"));
    cmd.addAll(List.of(options));
    cmd.add(action);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(pgData.resolveSibling("drill-pg_ctl.log").toFile())).start();
    if (!p.waitFor(90, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException("pg_ctl " + action + " failed (" + pgData.resolveSibling("drill-pg_ctl.log") + ")");
    }
  }

  /** pg_ctl start with the options the server last ran with (zonky passes its settings on the command line). */
  private void pgCtlStart() throws Exception {
    List<String> opts = postmasterOpts();
    StringBuilder o = new StringBuilder();
    for (int i = 1; i < opts.size(); i++) {
      if (opts.get(i).equals("-D")) {
        i++;
        continue;
      }
      o.append(o.length() == 0 ? "" : " ").append('"').append(opts.get(i)).append('"');
    }
    pgCtl("start", "-o", o.toString(), "-l", pgData.resolveSibling("drill-pg.log").toString());
  }

  /** postmaster.opts: the server's binary, then its arguments, each in double quotes. */
  private List<String> postmasterOpts() throws IOException {
    String text = Files.readString(pgData.resolve("postmaster.opts")).trim();
    List<String> parts = new ArrayList<>();
    int firstQuote = text.indexOf('"');
    parts.add((firstQuote < 0 ? text : text.substring(0, firstQuote)).trim());
    Matcher m = Pattern.compile("\"([^\"]*)\"").matcher(firstQuote < 0 ? "" : text.substring(firstQuote));
    while (m.find()) {
      parts.add(m.group(1));
    }
    return parts;
  }

  /** PostgreSQL refuses to run as root: as root, its tools run in a user namespace (as zonky runs them). */
  private static List<String> asUnprivileged() {
    return "root".equals(System.getProperty("user.name")) ? List.of("unshare", "-U") : List.of();
  }

  // ---- signals ----

  private void stop(List<Long> pids) throws Exception {
    stopped.addAll(pids);
    signal("STOP", pids);
  }

  /** SIGCONT to everything stopped. */
  private void letGo() {
    if (stopped.isEmpty()) {
      return;
    }
    List<Long> pids = List.copyOf(stopped);
    try {
      signal("CONT", pids);
      stopped.removeAll(pids);
    } catch (Exception e) {
      out.println("drill: could not let go of " + pids + ": " + e);
    }
  }

  /** Fails if a process was not signalled, except for STOP and CONT: a backend may have ended since it was listed. */
  private static void signal(String name, List<Long> pids) throws Exception {
    // The shell's own kill: /bin/kill comes with procps, which minimal images leave out.
    String all = String.join(" ", pids.stream().map(String::valueOf).toList());
    List<String> cmd = List.of("sh", "-c", name.equals("KILL") ? "kill -KILL " + all : "for p in " + all + "; do kill -" + name + " $p; done; true");
    Process kill = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String said = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
      throw new IllegalStateException("kill -" + name + " " + pids + ": " + said.trim());
    }
  }
}
