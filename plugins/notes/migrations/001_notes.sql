-- Notes: free text about any entity of the tree (or a free key the client chooses).
CREATE TABLE notes (
  id TEXT PRIMARY KEY,
  target TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
-- ids are UUIDv7, so (target, id) lists a target's notes oldest first from the index.
CREATE INDEX notes_by_target ON notes (target, id);
