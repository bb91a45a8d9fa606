-- The jackpot definition version whose terms a pool last took (in force or pending). Two
-- operators' changes of one jackpot may reach its pools in either order; a pool takes no terms
-- older than its last, and a rebuilt pool must remember the newest it took: every event records it
-- (a win's anchor included), so the last one holds it. Earlier rows: 0 (none told).
ALTER TABLE pool_events ADD COLUMN terms_version bigint NOT NULL DEFAULT 0 CHECK (terms_version >= 0);
