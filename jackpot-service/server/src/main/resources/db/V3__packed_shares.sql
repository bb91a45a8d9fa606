-- A round's shares move into the round's own row: one row per round instead of one per round and
-- one per share (the commit wrote ~4 rows and ~6 index entries per round; it now writes one row and
-- one index entry, docs/ledger.md). Element i of every share_* array is the round's i-th share, in
-- the order of its targets; applied_at is when the step that applied it was recorded.
ALTER TABLE rounds
  ADD COLUMN applied_at       timestamptz,
  ADD COLUMN share_jackpots   text[] NOT NULL DEFAULT '{}',
  ADD COLUMN share_pools      text[] NOT NULL DEFAULT '{}',
  ADD COLUMN share_ops        int8[] NOT NULL DEFAULT '{}',
  ADD COLUMN share_micros     int8[] NOT NULL DEFAULT '{}',
  ADD COLUMN share_subs       int8[] NOT NULL DEFAULT '{}',
  ADD COLUMN reserve_micros   int8[] NOT NULL DEFAULT '{}',
  ADD COLUMN reserve_subs     int8[] NOT NULL DEFAULT '{}',
  ADD COLUMN overflow_micros  int8[] NOT NULL DEFAULT '{}',
  ADD COLUMN overflow_subs    int8[] NOT NULL DEFAULT '{}',
  ADD COLUMN amount_micros    int8[] NOT NULL DEFAULT '{}',
  ADD COLUMN amount_subs      int8[] NOT NULL DEFAULT '{}';

-- Per pool, the runs of shares a commit recorded: consecutive operation numbers first_op..last_op
-- (each one share) and their sums (sub-micros carried into micros). Derived from the rounds' shares in
-- the same transaction; rebuilds and balances read these, reconciliation checks them against the
-- rounds (docs/ledger.md).
CREATE TABLE share_runs (
  jackpot_id      text   NOT NULL,
  pool_key        text   NOT NULL,
  first_op        bigint NOT NULL,
  last_op         bigint NOT NULL CHECK (last_op >= first_op),
  share_micros    bigint NOT NULL,
  share_sub       bigint NOT NULL,
  reserve_micros  bigint NOT NULL,
  reserve_sub     bigint NOT NULL,
  overflow_micros bigint NOT NULL,
  overflow_sub    bigint NOT NULL,
  PRIMARY KEY (jackpot_id, pool_key, first_op),
  UNIQUE (jackpot_id, pool_key, last_op)
);
CREATE TRIGGER share_runs_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON share_runs
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- Shares recorded before this version: into their rounds (the one time rounds are updated) and one
-- run each.
ALTER TABLE rounds DISABLE TRIGGER rounds_append_only;
UPDATE rounds r SET
  applied_at = s.applied_at, share_jackpots = s.jackpots, share_pools = s.pools, share_ops = s.ops,
  share_micros = s.shares, share_subs = s.share_subs, reserve_micros = s.reserves, reserve_subs = s.reserve_subs,
  overflow_micros = s.overflows, overflow_subs = s.overflow_subs, amount_micros = s.amounts, amount_subs = s.amount_subs
FROM (SELECT round_id, max(created_at) AS applied_at,
             array_agg(jackpot_id ORDER BY position) AS jackpots, array_agg(pool_key ORDER BY position) AS pools,
             array_agg(op_seq ORDER BY position) AS ops,
             array_agg(share_micros ORDER BY position) AS shares, array_agg(share_sub ORDER BY position) AS share_subs,
             array_agg(reserve_micros ORDER BY position) AS reserves, array_agg(reserve_sub ORDER BY position) AS reserve_subs,
             array_agg(overflow_micros ORDER BY position) AS overflows, array_agg(overflow_sub ORDER BY position) AS overflow_subs,
             array_agg(amount_micros ORDER BY position) AS amounts, array_agg(amount_sub ORDER BY position) AS amount_subs
      FROM contributions GROUP BY round_id) s
WHERE s.round_id = r.round_id;
UPDATE rounds SET applied_at = received_at WHERE applied_at IS NULL;
ALTER TABLE rounds ENABLE TRIGGER rounds_append_only;
ALTER TABLE rounds ALTER COLUMN applied_at SET NOT NULL;

INSERT INTO share_runs
SELECT jackpot_id, pool_key, op_seq, op_seq, share_micros, share_sub, reserve_micros, reserve_sub, overflow_micros, overflow_sub
FROM contributions;

DROP TABLE contributions;

-- Every share must have all its parts.
ALTER TABLE rounds ADD CONSTRAINT rounds_shares_whole CHECK (
  cardinality(share_pools) = cardinality(share_jackpots) AND cardinality(share_ops) = cardinality(share_jackpots)
  AND cardinality(share_micros) = cardinality(share_jackpots) AND cardinality(share_subs) = cardinality(share_jackpots)
  AND cardinality(reserve_micros) = cardinality(share_jackpots) AND cardinality(reserve_subs) = cardinality(share_jackpots)
  AND cardinality(overflow_micros) = cardinality(share_jackpots) AND cardinality(overflow_subs) = cardinality(share_jackpots)
  AND cardinality(amount_micros) = cardinality(share_jackpots) AND cardinality(amount_subs) = cardinality(share_jackpots));

-- The former table's rows, one per share, for reading (reports, checks, tests); not written to.
CREATE VIEW contributions AS
SELECT s.jackpot_id, s.pool_key, s.op_seq, r.round_id, (s.position - 1)::smallint AS position, r.game_id, r.operator_id,
       r.stake_micros, s.share_micros, s.share_sub, s.reserve_micros, s.reserve_sub, s.overflow_micros, s.overflow_sub,
       s.amount_micros, s.amount_sub, r.applied_at AS created_at
FROM rounds r,
     unnest(r.share_jackpots, r.share_pools, r.share_ops, r.share_micros, r.share_subs, r.reserve_micros, r.reserve_subs,
            r.overflow_micros, r.overflow_subs, r.amount_micros, r.amount_subs)
       WITH ORDINALITY AS s(jackpot_id, pool_key, op_seq, share_micros, share_sub, reserve_micros, reserve_sub,
                            overflow_micros, overflow_sub, amount_micros, amount_sub, position);
