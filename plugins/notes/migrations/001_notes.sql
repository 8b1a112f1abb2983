-- Notes: free text about any entity of the tree (or a free key the client chooses).
-- Clustered by (target, id): a target's notes are one range read, oldest first, because
-- ids are UUIDv7 (time-ordered).
CREATE TABLE notes (
  target TEXT NOT NULL,
  id TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT,
  PRIMARY KEY (target, id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX notes_by_id ON notes (id);
