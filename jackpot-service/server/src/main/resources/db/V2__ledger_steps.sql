-- Each sequencer step (one apply of a member's queued work to the pools) is recorded once: by its
-- member's group commit, or, if that member died before committing it, by the member that
-- finished the step for it (docs/consistency.md, "A member dies"). The step id decides who did.
CREATE TABLE ledger_steps (
  step_id     uuid        PRIMARY KEY,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER ledger_steps_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ledger_steps
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
