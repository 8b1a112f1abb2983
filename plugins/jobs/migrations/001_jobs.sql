-- Background jobs of a tree (imports, exports). Keyed by job_id, a UUIDv7, so newest first
-- is a backwards walk of the primary key. result and error are JSON text.
CREATE TABLE jobs (
  job_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'cancelling', 'cancelled')),
  done INTEGER NOT NULL DEFAULT 0,
  total INTEGER,
  unit TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  started_at_ms INTEGER,
  finished_at_ms INTEGER,
  result TEXT,
  error TEXT,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
) WITHOUT ROWID;
-- The few jobs not yet finished: what the boot repair and a state filter read.
CREATE INDEX jobs_unfinished ON jobs (state) WHERE state IN ('queued', 'running', 'cancelling');
