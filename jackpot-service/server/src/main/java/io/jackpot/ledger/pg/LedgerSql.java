package io.jackpot.ledger.pg;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Every SQL statement of the ledger. Bulk inserts go through unnest(arrays): one statement per table and batch.
 * One class for all the ledger's stores (PgLedgerWriter, PgRoundHistory, ...), past 300 lines: they share its
 * tables and column lists (WIN_COLUMNS, the event arrays), which stay beside every statement using them.
 */
final class LedgerSql {
  private LedgerSql() {}

  /**
   * Rounds with their shares in their own row: $1-$13 one element per round, $14/$15 its shares'
   * jackpot ids and pool keys space-separated, $16/$17 the 1-based bounds of its shares in the flat
   * share arrays $18-$26 (slices of fixed-width arrays cost no walk).
   */
  static final String INSERT_ROUNDS = """
      INSERT INTO rounds (round_id, fingerprint, game_id, operator_id, player_id, stake_micros, currency,
                          coin_value_micros, status, received_at, original_stake_micros, fx_rate_ppm, applied_at,
                          share_jackpots, share_pools, share_ops, share_micros, share_subs, reserve_micros, reserve_subs,
                          overflow_micros, overflow_subs, amount_micros, amount_subs)
      SELECT r.id, r.fp, r.game, r.op, r.player, r.stake, r.currency, r.coin, r.status, r.received, r.original, r.fx,
             r.applied, string_to_array(r.jackpots, ' '), string_to_array(r.pools, ' '),
             ($18::int8[])[r.first:r.last], ($19::int8[])[r.first:r.last], ($20::int8[])[r.first:r.last],
             ($21::int8[])[r.first:r.last], ($22::int8[])[r.first:r.last], ($23::int8[])[r.first:r.last],
             ($24::int8[])[r.first:r.last], ($25::int8[])[r.first:r.last], ($26::int8[])[r.first:r.last]
      FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int8[], $7::text[], $8::int8[],
                  $9::text[], $10::timestamptz[], $11::int8[], $12::int8[], $13::timestamptz[], $14::text[], $15::text[],
                  $16::int4[], $17::int4[])
        AS r(id, fp, game, op, player, stake, currency, coin, status, received, original, fx, applied, jackpots, pools,
             first, last)""";

  static final String INSERT_RUNS = """
      INSERT INTO share_runs (jackpot_id, pool_key, first_op, last_op, share_micros, share_sub, reserve_micros, reserve_sub,
                              overflow_micros, overflow_sub)
      SELECT * FROM unnest($1::text[], $2::text[], $3::int8[], $4::int8[], $5::int8[], $6::int8[], $7::int8[], $8::int8[],
                           $9::int8[], $10::int8[])""";

  private static final String WIN_ARRAYS = "unnest($1::text[], $2::text[], $3::text[], $4::int8[], "
      + "$5::int8[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int8[], $11::int8[], $12::timestamptz[], $13::int8[], "
      + "$14::int8[], $15::int8[], $16::int8[], $17::int8[], $18::int8[], $19::int8[], $20::text[], $21::int8[], $22::text[], "
      + "$23::text[], $24::timestamptz[], $25::timestamptz[], $26::timestamptz[]) AS q(" + LedgerSql.WIN_COLUMNS + ")";

  /**
   * Wins, each recorded unless a win of its id is there already: a repeated claim answered on another
   * member records the win it was answered with (if absent), and may do so before the member that
   * applied the win commits it. Both come from the pool's one record of the win, so they agree in
   * every column; {@link #WINS_RECORDED_DIFFERENTLY}, sent next, checks that they do. A second win of
   * one round on one pool breaks wins' UNIQUE (jackpot_id, pool_key, operator_id, round_id) and fails
   * the commit here.
   */
  static final String INSERT_WINS = "INSERT INTO wins (" + LedgerSql.WIN_COLUMNS + ") SELECT * FROM " + WIN_ARRAYS
      + " ON CONFLICT (win_id) DO NOTHING";

  /**
   * With {@link #INSERT_WINS}' parameters, after it in the same transaction: the ids of the wins
   * recorded differently (in any column: another round, amount, time, or reset and its funding under
   * the same pool and sequence); the caller fails the commit on any. A statement of its own, not a
   * part of the insert: a statement sees the rows committed before it began, and the insert waited
   * for a transaction recording one of its ids at the same time to end, so only a statement after it
   * sees what that one recorded (the insert's own snapshot did not, and such a win passed unchecked).
   */
  static final String WINS_RECORDED_DIFFERENTLY = "SELECT q.win_id FROM " + WIN_ARRAYS + " JOIN wins w ON w.win_id = q.win_id WHERE ("
      + LedgerSql.columnsOf("w", LedgerSql.WIN_COLUMNS) + ") IS DISTINCT FROM (" + LedgerSql.columnsOf("q", LedgerSql.WIN_COLUMNS) + ")";

  static final String INSERT_AUDIT = """
      INSERT INTO audit_log (at, actor, owner, action, target, before, after)
      SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[])""";

  /**
   * At most $5 entries, and only those that begin within $6 bytes of before and after JSON (summed
   * over the entries ahead of each), then the first beyond them without its before and after, which
   * tells that more follow: a page of large definitions cannot fill the member's memory.
   * {@code bytes_before}: that sum.
   */
  static final String FIND_AUDIT = """
      SELECT id, at, actor, owner, action, target, CASE WHEN bytes_before < $6 THEN before END AS before,
             CASE WHEN bytes_before < $6 THEN after END AS after, bytes_before
      FROM (
        SELECT r.*, coalesce(sum(size) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS bytes_before,
               coalesce(sum(size) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 2 PRECEDING), 0) AS bytes_before_previous
        FROM (SELECT id, at, actor, owner, action, target, nullif(before::text, 'null') AS before, nullif(after::text, 'null') AS after
              FROM audit_log
              WHERE at >= $1 AND at < $2 AND ($3::text IS NULL OR owner = $3) AND ($4::int8 IS NULL OR id > $4) ORDER BY id LIMIT $5) r,
             LATERAL (SELECT coalesce(octet_length(r.before), 0) + coalesce(octet_length(r.after), 0) AS size) s) q
      WHERE bytes_before_previous < $6 ORDER BY id""";



  /** The operator's seeds: each pool's creation amount (its first seed). */
  static final String FLOW_CREATED = """
      SELECT jackpot_id, pool_key, amount_micros::numeric + reserve_micros + owed_micros AS micros,
             amount_sub::numeric + reserve_sub + owed_sub AS sub
      FROM pool_events WHERE kind = 'CREATED'""";

  /**
   * Per pool: what wins paid and the seeds they were followed by (the operator funds each reseed).
   * The flows' sums are numeric, of any size: over a pool's whole history they can pass a bigint's
   * range (Total).
   */
  static final String FLOW_WINS = """
      SELECT jackpot_id, pool_key, sum(amount_micros) AS paid, sum(operator_funding_micros) AS funded_micros,
             sum(operator_funding_sub) AS funded_sub, count(*) AS n
      FROM wins GROUP BY jackpot_id, pool_key""";

  /** Per pool, every share as the rounds record it (not the runs: reconciliation checks the runs against these). */
  static final String FLOW_SHARES = """
      SELECT jackpot_id, pool_key, sum(share_micros + reserve_micros + overflow_micros) AS micros,
             sum(share_sub + reserve_sub + overflow_sub) AS sub, count(*) AS n
      FROM contributions GROUP BY jackpot_id, pool_key""";

  /** Every pool's balance by its own state records: the last full-state event plus the share runs after it. */
  static final String BALANCES = """
      WITH last AS (
        SELECT DISTINCT ON (jackpot_id, pool_key) jackpot_id, pool_key, op_seq,
               amount_micros + reserve_micros + owed_micros AS micros, amount_sub + reserve_sub + owed_sub AS sub
        FROM pool_events ORDER BY jackpot_id, pool_key, op_seq DESC)
      SELECT l.jackpot_id, l.pool_key,
             (l.micros + coalesce(sum(c.share_micros + c.reserve_micros + c.overflow_micros), 0))::int8 AS micros,
             (l.sub + coalesce(sum(c.share_sub + c.reserve_sub + c.overflow_sub), 0))::int8 AS sub
      FROM last l LEFT JOIN share_runs c
        ON c.jackpot_id = l.jackpot_id AND c.pool_key = l.pool_key AND c.first_op > l.op_seq
      GROUP BY l.jackpot_id, l.pool_key, l.micros, l.sub""";

  static final String INSERT_TRANSFERS = """
      INSERT INTO transfers (transfer_id, from_jackpot, from_pool, to_jackpot, to_pool, amount_micros, amount_sub, reason,
                             out_op_seq, at)
      SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int8[], $7::int8[], $8::text[],
                           $9::int8[], $10::timestamptz[])""";

  static final String INSERT_RECEIPTS = """
      INSERT INTO transfer_receipts (transfer_id, to_jackpot, to_pool, in_op_seq, at)
      SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int8[], $5::timestamptz[])
      ON CONFLICT DO NOTHING""";

  static final String PENDING_TRANSFERS = """
      SELECT t.transfer_id, t.from_jackpot, t.from_pool, t.to_jackpot, t.to_pool, t.amount_micros, t.amount_sub, t.reason
      FROM transfers t LEFT JOIN transfer_receipts r ON r.transfer_id = t.transfer_id WHERE r.transfer_id IS NULL
      ORDER BY t.at""";

  static final String RECENT_RECEIPTS = """
      SELECT transfer_id FROM transfer_receipts WHERE to_jackpot = $1 AND to_pool = $2 ORDER BY in_op_seq DESC LIMIT $3""";

  static final String FLOW_TRANSFERS_OUT = """
      SELECT from_jackpot AS jackpot_id, from_pool AS pool_key, sum(amount_micros) AS micros, sum(amount_sub) AS sub
      FROM transfers GROUP BY from_jackpot, from_pool""";

  static final String FLOW_TRANSFERS_IN = """
      SELECT r.to_jackpot AS jackpot_id, r.to_pool AS pool_key, sum(t.amount_micros) AS micros, sum(t.amount_sub) AS sub
      FROM transfer_receipts r JOIN transfers t ON t.transfer_id = r.transfer_id GROUP BY r.to_jackpot, r.to_pool""";

  /** What transfers sent but not yet received carry (in the same snapshot as the flows). */
  static final String IN_TRANSIT = """
      SELECT coalesce(sum(t.amount_micros), 0) AS micros, coalesce(sum(t.amount_sub), 0) AS sub
      FROM transfers t LEFT JOIN transfer_receipts r ON r.transfer_id = t.transfer_id WHERE r.transfer_id IS NULL""";

  static final String LATEST_FX = "SELECT id, rates::text AS rates FROM fx_rates ORDER BY id DESC LIMIT 1";

  static final String FX_AT = "SELECT rates::text AS rates FROM fx_rates WHERE set_at <= $1 ORDER BY id DESC LIMIT 1";

  /** Held by the transaction that saves a set of rates: sets are saved one at a time, each checked against the newest. */
  static final String LOCK_FX = "SELECT pg_advisory_xact_lock(hashtext('fx_rates'))";
  static final String SAVE_FX = "INSERT INTO fx_rates (rates, set_at, set_by) VALUES ($1, $2, $3) RETURNING id";

  /** Each currency's rate in the newest set that has it (sets are few: saved by hand). */
  static final String LAST_FX_RATES = """
      SELECT DISTINCT ON (r.key) r.key AS currency, r.value AS rate
      FROM fx_rates f, jsonb_each_text(f.rates -> 'rates') r ORDER BY r.key, f.id DESC""";

  static final String DEFINITIONS = """
      SELECT DISTINCT ON (id) id, version, definition::text AS definition FROM jackpot_definitions ORDER BY id, version DESC""";

  static final String SAVE_DEFINITION = """
      INSERT INTO jackpot_definitions (id, version, definition, saved_at, saved_by)
      SELECT $1, coalesce(max(version), 0) + 1, $2, $3, $4 FROM jackpot_definitions WHERE id = $1
      RETURNING version""";

  /**
   * Held by every transaction that saves definitions (a PUT, the initial catalogue): one at a time,
   * each checking what is in force (the version it was made on, a game's stake shares across
   * jackpots, a fresh ledger) after every save before it.
   */
  static final String LOCK_DEFINITIONS = "SELECT pg_advisory_xact_lock(hashtext('jackpot_definitions'))";
  static final String ANY_DEFINITION = "SELECT EXISTS (SELECT 1 FROM jackpot_definitions) AS any";
  static final String SAVE_INITIAL_DEFINITIONS = """
      INSERT INTO jackpot_definitions (id, version, definition, saved_at, saved_by)
      SELECT q.id, 1, q.definition::jsonb, $3, $4 FROM unnest($1::text[], $2::text[]) AS q(id, definition)""";

  /** Appended to an insert whose rows may already be there (see LedgerBatch). */
  static final String IF_ABSENT = " ON CONFLICT DO NOTHING";

  /** Strict: a step recorded twice fails the commit loudly. */
  static final String INSERT_STEPS = "INSERT INTO ledger_steps (step_id) SELECT * FROM unnest($1::uuid[])";
  static final String INSERT_STEP_IF_ABSENT = "INSERT INTO ledger_steps (step_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING step_id";
  static final String STEP_RECORDED = "SELECT 1 FROM ledger_steps WHERE step_id = $1";
  /** Returns a row only the first time a commit id is seen. */
  static final String INSERT_COMMIT = "INSERT INTO ledger_commits (commit_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING commit_id";

  /** A pool event's columns, and its parameters as arrays (BatchArrays.events), in that order. */
  /** A pool event's state: every column but its key (pool and operation) and the time it was recorded at. */
  private static final String EVENT_STATE_COLUMNS = """
      kind, status, amount_micros, amount_sub, cycle_seed_micros, win_seq, hit_micros, salt, commitment, reserve_micros,
      reserve_sub, owed_micros, owed_sub, terms, pending_terms, terms_version, drop_from, drop_by, drop_at""";
  private static final String EVENT_COLUMNS = "jackpot_id, pool_key, op_seq, " + EVENT_STATE_COLUMNS + ", at";
  private static final String EVENT_ARRAYS = """
      unnest($1::text[], $2::text[], $3::int8[], $4::text[], $5::text[], $6::int8[], $7::int8[], $8::int8[], $9::int8[],
             $10::int8[], $11::text[], $12::text[], $13::int8[], $14::int8[], $15::int8[], $16::int8[], $17::jsonb[],
             $18::jsonb[], $19::int8[], $20::timestamptz[], $21::timestamptz[], $22::timestamptz[], $23::timestamptz[])""";

  static final String INSERT_EVENTS = "INSERT INTO pool_events (" + EVENT_COLUMNS + ") SELECT * FROM " + EVENT_ARRAYS;

  /**
   * A member's own pool events (state changes, and the anchors of its wins), each recorded unless
   * its operation is there already: a repeat of a claim answered on another member records the win's
   * anchor if absent, maybe first. {@link #EVENTS_RECORDED_DIFFERENTLY}, sent next, checks that what
   * is there holds the same state.
   */
  static final String INSERT_OWN_EVENTS = "INSERT INTO pool_events (" + EVENT_COLUMNS + ") SELECT * FROM " + EVENT_ARRAYS
      + " ON CONFLICT (jackpot_id, pool_key, op_seq) DO NOTHING";

  /**
   * With {@link #INSERT_OWN_EVENTS}' parameters, after it in the same transaction: the operations
   * found holding another state (any column but {@code at} differs: kind, status, amount, cycle seed,
   * win, must-hit secret, reserve, owed, terms, pending terms, terms version); the caller fails the
   * commit on any. The time is when it was recorded, which a finisher recording a departed member's
   * step sets anew. A statement of its own for the reason {@link #WINS_RECORDED_DIFFERENTLY} gives.
   */
  static final String EVENTS_RECORDED_DIFFERENTLY = "SELECT q.jackpot_id || '/' || q.pool_key || '@' || q.op_seq FROM "
      + EVENT_ARRAYS + " AS q(" + EVENT_COLUMNS + ") "
      + "JOIN pool_events e ON e.jackpot_id = q.jackpot_id AND e.pool_key = q.pool_key AND e.op_seq = q.op_seq WHERE ("
      + LedgerSql.columnsOf("e", EVENT_STATE_COLUMNS) + ") IS DISTINCT FROM (" + LedgerSql.columnsOf("q", EVENT_STATE_COLUMNS) + ")";

  /**
   * One operator's rounds ($2), one primary-key probe per id ($1), whatever the statistics say: a
   * cached plan made while the table was small must not stay a sequential scan (the LIMIT keeps the
   * lookup from being flattened into a join the planner could hash).
   */
  static final String FIND_ROUNDS = """
      SELECT r.* FROM unnest($1::text[]) AS q(id)
      CROSS JOIN LATERAL (
        SELECT round_id, fingerprint, status, share_jackpots, share_pools, share_micros, share_subs, amount_micros, amount_subs
        FROM rounds WHERE operator_id = $2 AND round_id = q.id LIMIT 1) r""";



  static final String WIN_COLUMNS = """
      win_id, jackpot_id, pool_key, sequence, op_seq, round_id, player_id, game_id, operator_id,
      amount_micros, seed_micros, won_at, amount_after_micros, amount_after_sub, seed_after_micros,
      seed_from_reserve_micros, seed_from_reserve_sub, operator_funding_micros, operator_funding_sub, how, hit_micros,
      salt, commitment, drop_from, drop_by, drop_at""";

  /** {@code columns} (a comma-separated list) each qualified by {@code alias}. */
  static String columnsOf(String alias, String columns) {
    return Arrays.stream(columns.split(",")).map(c -> alias + "." + c.strip())
        .collect(Collectors.joining(", "));
  }

  static final String FIND_WINS = "SELECT " + WIN_COLUMNS + " FROM wins"
      + " WHERE ($1::text IS NULL OR jackpot_id = $1) AND won_at >= $2 AND won_at < $3"
      + " AND ($4::text IS NULL OR operator_id = $4 OR jackpot_id = ANY($8::text[]))"
      + " AND ($5::timestamptz IS NULL OR (won_at, win_id) > ($5, $6::text))"
      + " ORDER BY won_at, win_id LIMIT $7";

  /**
   * One jackpot's wins newest first, before ($2, $3) if given; no cursor compares as before
   * infinity. Written as a range of wins_jackpot_won_at (jackpot_id, won_at, win_id), read
   * backwards: {@code jackpot_id >= $1} with the row below ($1, ...) is one jackpot's. With
   * {@code jackpot_id = $1} the generic plan of the cached statement scanned wins_won_at, filtering
   * out every other jackpot's wins (84,000 rows for a jackpot won rarely, of 200,000, in a trial).
   */
  static final String FIND_LATEST_WINS = "SELECT " + WIN_COLUMNS + " FROM wins"
      + " WHERE jackpot_id >= $1 AND (jackpot_id, won_at, win_id) < ($1, coalesce($2::timestamptz, 'infinity'), coalesce($3::text, ''))"
      + " ORDER BY jackpot_id DESC, won_at DESC, win_id DESC LIMIT $4";

  static final String COUNT_ROUNDS = "SELECT"
      + " (SELECT count(*) FROM rounds WHERE left(round_id, length($1)) = $1 AND ($2::text IS NULL OR operator_id = $2)) AS rounds,"
      + " (SELECT coalesce(sum(cardinality(share_pools)), 0)::int8 FROM rounds"
      + "  WHERE left(round_id, length($1)) = $1 AND ($2::text IS NULL OR operator_id = $2)) AS contributions";

  static final String FIND_ROUND = """
      SELECT round_id, operator_id, game_id, player_id, stake_micros, currency, coin_value_micros, status, received_at, applied_at,
             original_stake_micros, fx_rate_ppm, share_jackpots, share_pools, share_ops, share_micros, share_subs,
             reserve_micros, reserve_subs, overflow_micros, overflow_subs, amount_micros, amount_subs
      FROM rounds WHERE operator_id = $1 AND round_id = $2""";

  static final String FIND_WIN = "SELECT " + WIN_COLUMNS + " FROM wins WHERE win_id = $1";

  static final String FIND_WINS_BY_ROUND = "SELECT " + WIN_COLUMNS
      + " FROM wins WHERE operator_id = $1 AND round_id = $2 ORDER BY won_at, win_id";

  /**
   * The wins of some of one operator's rounds ($1), by round and win id: one probe of wins_round
   * (operator_id, round_id) per id ($2), like {@link #FIND_ROUNDS} (OFFSET 0 keeps the probe from
   * being flattened into a join; a plan with {@code round_id = ANY($2)} scanned every win of the
   * operator, 8.6 ms per batch of 100 in a bench run).
   */
  static final String FIND_WINS_OF_ROUNDS = "SELECT w.* FROM unnest($2::text[]) AS q(id) CROSS JOIN LATERAL (SELECT "
      + WIN_COLUMNS + " FROM wins WHERE operator_id = $1 AND round_id = q.id OFFSET 0) w ORDER BY w.round_id, w.win_id";

  static final String FIND_CLAIM = "SELECT " + WIN_COLUMNS
      + " FROM wins WHERE jackpot_id = $1 AND pool_key = $2 AND operator_id = $3 AND round_id = $4";

  static final String RECENT_WINS = "SELECT " + WIN_COLUMNS
      + " FROM wins WHERE jackpot_id = $1 AND pool_key = $2 ORDER BY sequence DESC LIMIT $3";

  /** The first statement of a transaction whose reads must see one snapshot of the ledger. */
  static final String SNAPSHOT = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY";

  static final String LAST_EVENT = """
      SELECT op_seq, status, amount_micros, amount_sub, cycle_seed_micros, win_seq, hit_micros, salt, commitment,
             reserve_micros, reserve_sub, owed_micros, owed_sub, terms, pending_terms, terms_version, drop_from, drop_by, drop_at
      FROM pool_events WHERE jackpot_id = $1 AND pool_key = $2 ORDER BY op_seq DESC LIMIT 1""";

  /**
   * A pool's shares after an operation, summed from the runs; {@code spanning} counts runs that
   * start at or before it and end after it, which must not exist (an anchor has its own number).
   */
  static final String SHARES_SINCE = """
      SELECT coalesce(sum(share_micros), 0)::int8 AS micros, coalesce(sum(share_sub), 0)::int8 AS sub,
             coalesce(sum(reserve_micros), 0)::int8 AS reserve_micros, coalesce(sum(reserve_sub), 0)::int8 AS reserve_sub,
             coalesce(sum(overflow_micros), 0)::int8 AS overflow_micros, coalesce(sum(overflow_sub), 0)::int8 AS overflow_sub,
             coalesce(max(last_op), $3) AS last_op, coalesce(sum(last_op - first_op + 1), 0)::int8 AS n,
             (SELECT count(*) FROM share_runs WHERE jackpot_id = $1 AND pool_key = $2 AND last_op > $3 AND first_op <= $3)
               AS spanning
      FROM share_runs WHERE jackpot_id = $1 AND pool_key = $2 AND first_op > $3""";

  static final String SCHEMA_VERSION_TABLE = """
      CREATE TABLE IF NOT EXISTS schema_version (version int PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())""";

  static final String LOCK_MIGRATIONS = "SELECT pg_advisory_xact_lock(727274)";

  /**
   * For the migration's transaction: the server's NOTICEs ("already exists, skipping" of every
   * start's CREATE … IF NOT EXISTS) stay on the server; the client would log each as a warning.
   */
  static final String QUIET_NOTICES = "SET LOCAL client_min_messages = warning";

  static final String CURRENT_VERSION = "SELECT coalesce(max(version), 0) AS v FROM schema_version";

  static final String MARK_VERSION = "INSERT INTO schema_version (version) VALUES ($1)";
}
