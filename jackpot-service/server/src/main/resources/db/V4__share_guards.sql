-- What the former contributions table's keys and checks guaranteed, kept for the packed shares:
-- a pool's operation is recorded as a share at most once (runs of one pool never overlap; the
-- former primary key was (jackpot_id, pool_key, op_seq)), and every sub-micro part is a fraction
-- of a micro. btree_gist is a contrib extension shipped with PostgreSQL (trusted since 13).
CREATE EXTENSION IF NOT EXISTS btree_gist;

ALTER TABLE share_runs ADD CONSTRAINT share_runs_no_overlap
  EXCLUDE USING gist (jackpot_id WITH =, pool_key WITH =, int8range(first_op, last_op, '[]') WITH &&);

ALTER TABLE rounds ADD CONSTRAINT rounds_subs_fractional CHECK (
  0 <= ALL (share_subs) AND 1000000 > ALL (share_subs)
  AND 0 <= ALL (reserve_subs) AND 1000000 > ALL (reserve_subs)
  AND 0 <= ALL (overflow_subs) AND 1000000 > ALL (overflow_subs)
  AND 0 <= ALL (amount_subs) AND 1000000 > ALL (amount_subs));
