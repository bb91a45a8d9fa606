package io.jackpot.bench;

import io.jackpot.it.support.ScratchDirs;
import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.ledger.RoundStatus;
import io.jackpot.ledger.pg.PgLedger;
import io.jackpot.ledger.pg.PgSchema;
import io.jackpot.local.LocalPostgres;
import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * PostgreSQL's cost of recording rounds alone, through the real {@link PgLedger}, one commit at a
 * time, on a fresh server per schema or settings variant. Prints per round PostgreSQL's CPU,
 * statement times and write-ahead log, so a change to the rounds' shape can be priced first.
 * Usage: {@code LedgerInsertProbe [rounds per variant] [variant ...]}, variants named below.
 */
public final class LedgerInsertProbe {
  private static final int PER_COMMIT = 500;
  private static final int POOLS = 10;
  private static final int SHARES = 4;

  /** A variant: SQL run after the schema, and server settings beyond the defaults. */
  private record Variant(String sql, Map<String, String> settings) {}

  private static final Map<String, Variant> VARIANTS = new LinkedHashMap<>();

  static {
    VARIANTS.put("as-is", new Variant("", Map.of()));
    VARIANTS.put("no-round-checks", new Variant(
        "ALTER TABLE rounds DROP CONSTRAINT rounds_shares_whole, DROP CONSTRAINT rounds_subs_fractional", Map.of()));
    VARIANTS.put("no-run-exclusion", new Variant("ALTER TABLE share_runs DROP CONSTRAINT share_runs_no_overlap", Map.of()));
    VARIANTS.put("no-round-key", new Variant("ALTER TABLE rounds DROP CONSTRAINT rounds_pkey", Map.of()));
    VARIANTS.put("shared-buffers-1g", new Variant("", Map.of("shared_buffers", "1GB")));
  }

  public static void main(String[] args) throws Exception {
    Locale.setDefault(Locale.ROOT); // figures with a decimal point, whatever the machine's language
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 400_000;
    List<String> names = args.length > 1 ? List.of(args).subList(1, args.length) : List.copyOf(VARIANTS.keySet());
    for (String name : names) {
      Variant v = VARIANTS.get(name);
      if (v == null) {
        throw new IllegalArgumentException("unknown variant " + name + "; known: " + VARIANTS.keySet());
      }
      System.out.println(name + ": " + run(v, rounds));
    }
  }

  private static String run(Variant variant, int rounds) throws Exception {
    Path dir = ScratchDirs.create("jackpot-probe");
    Map<String, String> settings = new HashMap<>(PgStats.SERVER_CONFIG);
    settings.putAll(variant.settings());
    Vertx vertx = Vertx.vertx();
    try (LocalPostgres server = LocalPostgres.start(dir.resolve("pg"), settings); PgStats stats = new PgStats(server.url())) {
      Pool pg = PgBuilder.pool().connectingTo(PgConnectOptions.fromUri(server.url())).using(vertx).build();
      PgSchema.migrate(pg).await();
      if (!variant.sql().isEmpty()) {
        pg.query(variant.sql()).execute().await();
      }
      PgLedger ledger = new PgLedger(pg);
      CpuMeter cpu = new CpuMeter(dir.resolve("pg"));
      Synthetic load = new Synthetic();
      int warm = rounds / 2;
      for (int done = 0; done < warm; done += PER_COMMIT) {
        ledger.record(load.next()).toCompletableFuture().get();
      }
      CpuMeter.Reading before = cpu.read();
      PgStats.Reading statsBefore = stats.read();
      int measured = 0;
      for (; measured < rounds - warm; measured += PER_COMMIT) {
        ledger.record(load.next()).toCompletableFuture().get();
      }
      CpuMeter.Reading after = cpu.read();
      PgStats.Reading statsAfter = stats.read();
      pg.close().await();
      double wall = (after.wall() - before.wall()) / 1e9;
      return String.format("%.0f rounds/s; PostgreSQL CPU %.1f µs per round%n%s%n%s", measured / wall,
          (after.pg() - before.pg()) / 1000.0 / measured, PgStats.describe(statsBefore, statsAfter, measured, "round"),
          PgStats.describeStatements(statsBefore, statsAfter, measured, "round", 4));
    } finally {
      vertx.close().await();
    }
  }

  /** Commits of rounds shaped like the seed games' through the SDK: ids, four shares, amounts. */
  private static final class Synthetic {
    private final SplittableRandom random = new SplittableRandom(42);
    private final String[] instances = new String[8];
    private final long[] counters = new long[8];
    private final long[] opSeq = new long[POOLS];
    private final long[] amount = new long[POOLS];
    private final List<PoolId> pools = new ArrayList<>();

    Synthetic() {
      for (int i = 0; i < instances.length; i++) {
        instances[i] = Long.toString(random.nextLong(1L << 50), 36);
      }
      for (int p = 0; p < POOLS; p++) {
        pools.add(new PoolId("seed-jackpot-" + p % 3, "cv-" + p + ".00"));
        amount[p] = 2_000_000_000L;
      }
    }

    LedgerBatch next() {
      Instant at = Instant.now();
      String second = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(at);
      List<LedgerBatch.Round> rounds = new ArrayList<>(PER_COMMIT);
      List<LedgerBatch.Share> shares = new ArrayList<>(PER_COMMIT * SHARES);
      for (int r = 0; r < PER_COMMIT; r++) {
        int instance = random.nextInt(instances.length);
        String id = second + "-" + instances[instance] + "-" + String.format("%06d", counters[instance]++);
        long stake = 200_000L * (1 + random.nextInt(50));
        rounds.add(new LedgerBatch.Round(new RoundRecord(id, UUID.randomUUID().toString().replace("-", ""), "bewitched", "demo",
            "p-" + random.nextInt(1000), stake, "EUR", 200_000L, at), RoundStatus.APPLIED, at));
        int first = random.nextInt(POOLS);
        for (int s = 0; s < SHARES; s++) {
          int p = (first + s) % POOLS;
          long share = stake / 200;
          amount[p] += share;
          shares.add(new LedgerBatch.Share(pools.get(p), ++opSeq[p], "demo", id, s, Money.ofMicros(share), Money.ZERO, Money.ZERO,
              Money.normalised(amount[p], random.nextInt(1_000_000))));
        }
      }
      return new LedgerBatch(UUID.randomUUID().toString(), rounds, shares, List.of(), List.of(), List.of(), List.of(), List.of(),
          List.of(), List.of(), List.of(UUID.randomUUID().toString()));
    }
  }
}
