-- A must-drop pool's secret for a cycle: its window (drop_from, drop_by) and drop time (drop_at),
-- with the salt and commitment columns the must-hit secret uses. A pool event keeps the secret of
-- the cycle it starts, for the rebuild, never served; a win reveals the secret of the cycle it ended.
ALTER TABLE pool_events ADD COLUMN drop_from timestamptz, ADD COLUMN drop_by timestamptz, ADD COLUMN drop_at timestamptz;
ALTER TABLE wins ADD COLUMN drop_from timestamptz, ADD COLUMN drop_by timestamptz, ADD COLUMN drop_at timestamptz;
ALTER TABLE wins DROP CONSTRAINT wins_how_check;
ALTER TABLE wins ADD CONSTRAINT wins_how_check CHECK (how IN ('CLAIM', 'RANDOM', 'MUST_HIT_BY', 'MUST_DROP_BY'));
