-- GEDCOM import runs: one row per POST of a file. `blob` is the file's content address (its
-- identity: the same bytes imported again are a duplicate while an earlier run stands).
-- `state`: running -> succeeded | failed | cancelled; succeeded -> undone. A run still
-- `running` when the tree opens was interrupted by a crash: the plugin undoes it at boot.
CREATE TABLE gedcom_import_runs (
  import_key TEXT PRIMARY KEY,
  job_id TEXT,
  filename TEXT,
  blob TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('running', 'succeeded', 'failed', 'cancelled', 'undone')),
  -- JSON object: what the run created, by kind (persons, families, sources, ...).
  counts TEXT NOT NULL DEFAULT '{}',
  report_id TEXT,
  -- JSON { code, message, line? } of a failed run.
  error TEXT,
  created_at_ms INTEGER NOT NULL,
  finished_at_ms INTEGER,
  undo_reason TEXT,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
-- The duplicate check: a standing run of the same bytes.
CREATE INDEX gedcom_import_runs_by_blob ON gedcom_import_runs (blob, state);

-- What each run created, in the order it was created: undo (and the clean-up of a cancelled,
-- failed or interrupted run) walks this list instead of scanning the record log. Written in
-- the same transaction as the batch that created the rows, so it never lists a row that was
-- rolled back, nor misses one that committed.
CREATE TABLE gedcom_import_items (
  import_key TEXT NOT NULL,
  position INTEGER NOT NULL,
  -- persona, person, assertion, source, citation, event, relationship, association, note, media
  kind TEXT NOT NULL,
  id TEXT NOT NULL,
  -- Undo takes one kind at a time, newest first: one index range per batch.
  PRIMARY KEY (import_key, kind, position)
) WITHOUT ROWID;

-- Loss reports (CONTRACT §9), both directions: what an import could not map, what an export
-- could not write. `subject` names the import run (import_key) or the export job.
CREATE TABLE gedcom_loss_reports (
  report_id TEXT PRIMARY KEY,
  direction TEXT NOT NULL CHECK (direction IN ('import', 'export')),
  subject TEXT,
  created_at_ms INTEGER NOT NULL,
  -- JSON array of { tag, path, count, reason, examples }.
  items TEXT NOT NULL
);
