-- Round ids are chosen by each operator's games (API.md: opaque strings), so two operators may use
-- the same id for rounds of their own. From this version a round is identified by its operator and
-- its id: the rounds' key, a pool's once-per-round win, and the look-ups by round. Every existing
-- row already satisfies the wider keys (a unique round id is unique within its operator).
ALTER TABLE rounds DROP CONSTRAINT rounds_pkey;
ALTER TABLE rounds ADD CONSTRAINT rounds_pkey PRIMARY KEY (operator_id, round_id);

ALTER TABLE wins DROP CONSTRAINT wins_jackpot_id_pool_key_round_id_key;
ALTER TABLE wins ADD CONSTRAINT wins_jackpot_id_pool_key_operator_id_round_id_key
  UNIQUE (jackpot_id, pool_key, operator_id, round_id);
DROP INDEX wins_round;
CREATE INDEX wins_round ON wins (operator_id, round_id);
