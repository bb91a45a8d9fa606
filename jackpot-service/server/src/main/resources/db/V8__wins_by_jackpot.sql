-- A jackpot's wins by time, newest first: the public hall of fame (GET /v1/jackpots/{id}/wins)
-- reads a page along it backwards, from the cursor's place, instead of every win of the jackpot.
CREATE INDEX wins_jackpot_won_at ON wins (jackpot_id, won_at, win_id);
