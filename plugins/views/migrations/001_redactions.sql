-- Redactions: what agent credentials must not read. `field` is a top-level field of the
-- target's JSON (e.g. `name` of a persona); NULL redacts every field but `id`. The target is
-- an id owned by another plugin (person, persona, source, event, assertion, relationship),
-- checked through that plugin's labels when the redaction is made: no foreign key.
CREATE TABLE redactions (
  id TEXT PRIMARY KEY,
  target TEXT NOT NULL,
  field TEXT,
  reason TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
-- One redaction per target and field: asking again returns the one there is.
CREATE UNIQUE INDEX redactions_by_target ON redactions (target, coalesce(field, ''));
