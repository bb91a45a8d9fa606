-- The ledger: every pool change, append-only. Pools are rebuilt from it (docs/consistency.md).

CREATE TABLE rounds (
  round_id          text        PRIMARY KEY,
  fingerprint       text        NOT NULL,
  game_id           text        NOT NULL,
  operator_id       text        NOT NULL,
  player_id         text        NOT NULL,
  stake_micros      bigint      NOT NULL CHECK (stake_micros > 0),
  currency          char(3)     NOT NULL,
  coin_value_micros bigint,
  status            text        NOT NULL CHECK (status IN ('APPLIED', 'PAUSED')),
  received_at       timestamptz NOT NULL,
  -- For a stake in another currency: the stake as sent and the rate it was converted at
  -- (stake_micros = original × 10^6 / rate_ppm, rounded down); null when sent in the pools' currency.
  original_stake_micros bigint,
  fx_rate_ppm       bigint
);

-- One row per share of a round taken by a pool; op_seq is the pool's operation number.
CREATE TABLE contributions (
  jackpot_id    text        NOT NULL,
  pool_key      text        NOT NULL,
  op_seq        bigint      NOT NULL,
  round_id      text        NOT NULL,
  position      smallint    NOT NULL,
  game_id       text        NOT NULL,
  operator_id   text        NOT NULL,
  stake_micros  bigint      NOT NULL,
  share_micros  bigint      NOT NULL,
  share_sub     bigint      NOT NULL CHECK (share_sub >= 0 AND share_sub < 1000000),
  -- What went to the pool's reserve: its reserve share, and what overflowed above its ceiling.
  reserve_micros bigint     NOT NULL,
  reserve_sub    bigint     NOT NULL,
  -- What overflowed above the ceiling, owed to the overflow pool (sent by a transfer).
  overflow_micros bigint    NOT NULL,
  overflow_sub    bigint    NOT NULL,
  amount_micros bigint      NOT NULL,
  amount_sub    bigint      NOT NULL,
  created_at    timestamptz NOT NULL,
  PRIMARY KEY (jackpot_id, pool_key, op_seq)
);
CREATE INDEX contributions_round ON contributions (round_id);

CREATE TABLE wins (
  win_id       text        PRIMARY KEY,
  jackpot_id   text        NOT NULL,
  pool_key     text        NOT NULL,
  sequence     bigint      NOT NULL,
  op_seq       bigint      NOT NULL,
  round_id     text        NOT NULL,
  player_id    text        NOT NULL,
  game_id      text        NOT NULL,
  operator_id  text        NOT NULL,
  amount_micros bigint     NOT NULL,
  seed_micros  bigint      NOT NULL,
  won_at       timestamptz NOT NULL,
  amount_after_micros bigint NOT NULL,
  amount_after_sub    bigint NOT NULL,
  seed_after_micros   bigint NOT NULL,
  -- How the next seed was funded: from the pool's reserve first, by the operator for the rest.
  seed_from_reserve_micros bigint NOT NULL,
  seed_from_reserve_sub    bigint NOT NULL,
  operator_funding_micros  bigint NOT NULL,
  operator_funding_sub     bigint NOT NULL,
  how          text        NOT NULL CHECK (how IN ('CLAIM', 'RANDOM', 'MUST_HIT_BY')),
  -- The must-hit secret of the cycle this win ended, revealed with it (null for other pools).
  hit_micros   bigint,
  salt         text,
  commitment   text,
  UNIQUE (jackpot_id, pool_key, sequence),
  UNIQUE (jackpot_id, pool_key, round_id)
);
CREATE INDEX wins_round ON wins (round_id);

-- A pool's full state after every change that is not a contribution: the anchors of a rebuild.
CREATE TABLE pool_events (
  jackpot_id        text        NOT NULL,
  pool_key          text        NOT NULL,
  op_seq            bigint      NOT NULL,
  kind              text        NOT NULL,
  status            text        NOT NULL,
  amount_micros     bigint      NOT NULL,
  amount_sub        bigint      NOT NULL,
  cycle_seed_micros bigint      NOT NULL,
  win_seq           bigint      NOT NULL,
  -- The must-hit secret of the cycle this state starts: kept for the rebuild, never served.
  hit_micros        bigint,
  salt              text,
  commitment        text,
  reserve_micros    bigint      NOT NULL,
  reserve_sub       bigint      NOT NULL,
  owed_micros       bigint      NOT NULL,
  owed_sub          bigint      NOT NULL,
  terms             jsonb       NOT NULL,
  pending_terms     jsonb,
  at                timestamptz NOT NULL,
  PRIMARY KEY (jackpot_id, pool_key, op_seq)
);

-- One row per committed ledger transaction: a commit retried after an unknown outcome is skipped.
CREATE TABLE ledger_commits (
  commit_id    uuid        PRIMARY KEY,
  committed_at timestamptz NOT NULL DEFAULT now()
);

-- Every operator action: who, what, on what, before -> after. Append-only like the rest.
CREATE TABLE audit_log (
  id      bigserial   PRIMARY KEY,
  at      timestamptz NOT NULL,
  actor   text        NOT NULL,
  owner   text,
  action  text        NOT NULL,
  target  text        NOT NULL,
  before  jsonb,
  after   jsonb
);
CREATE INDEX audit_log_at ON audit_log (at);

-- Money moved between pools (a discontinued pool's value): out with the source's change, received
-- with the target's. A transfer without its receipt is completed at the next start.
CREATE TABLE transfers (
  transfer_id   text        PRIMARY KEY,
  from_jackpot  text        NOT NULL,
  from_pool     text        NOT NULL,
  to_jackpot    text        NOT NULL,
  to_pool       text        NOT NULL,
  amount_micros bigint      NOT NULL,
  amount_sub    bigint      NOT NULL,
  reason        text,
  out_op_seq    bigint      NOT NULL,
  at            timestamptz NOT NULL
);
CREATE TABLE transfer_receipts (
  transfer_id text        PRIMARY KEY REFERENCES transfers (transfer_id),
  to_jackpot  text        NOT NULL,
  to_pool     text        NOT NULL,
  in_op_seq   bigint      NOT NULL,
  at          timestamptz NOT NULL
);

-- Every set of exchange rates an operator put in force; the newest is in force.
CREATE TABLE fx_rates (
  id     bigserial   PRIMARY KEY,
  rates  jsonb       NOT NULL,
  set_at timestamptz NOT NULL,
  set_by text        NOT NULL
);

-- Every version of every jackpot definition; the highest version is in force.
CREATE TABLE jackpot_definitions (
  id         text        NOT NULL,
  version    int         NOT NULL,
  definition jsonb       NOT NULL,
  saved_at   timestamptz NOT NULL,
  saved_by   text        NOT NULL,
  PRIMARY KEY (id, version)
);
CREATE INDEX wins_won_at ON wins (won_at);

CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END $$;

CREATE TRIGGER rounds_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON rounds
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER contributions_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON contributions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER wins_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON wins
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_commits_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ledger_commits
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER jackpot_definitions_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON jackpot_definitions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER transfers_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER transfer_receipts_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON transfer_receipts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER fx_rates_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON fx_rates
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER pool_events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON pool_events
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
