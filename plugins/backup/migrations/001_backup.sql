-- Backup settings and runs, in the registry (a global plugin): one settings row, one row per
-- backup job. root_id changes whenever the folder does, so runs on an earlier folder no longer
-- count towards the schedule of the new one. The folder's path is kept here and nowhere else:
-- no response or log line carries it.
CREATE TABLE backup_config (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  root_path TEXT,
  root_id TEXT,
  cadence_hours INTEGER NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  keep_last INTEGER NOT NULL,
  keep_days INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL
);
-- A run is unfinished (finished_at_ms NULL) while its job is queued or running; a crash leaves
-- it so, and the next start marks it failed (interrupted).
CREATE TABLE backup_runs (
  job_id TEXT PRIMARY KEY,
  tree_id TEXT NOT NULL,
  root_id TEXT NOT NULL,
  trigger TEXT NOT NULL CHECK (trigger IN ('manual', 'scheduled')),
  started_at_ms INTEGER NOT NULL,
  finished_at_ms INTEGER,
  outcome TEXT CHECK (outcome IN ('succeeded', 'failed', 'cancelled')),
  failure_class TEXT,
  backup_id TEXT
) WITHOUT ROWID;
CREATE INDEX backup_runs_tree ON backup_runs (tree_id, root_id, finished_at_ms);
CREATE INDEX backup_runs_unfinished ON backup_runs (tree_id) WHERE finished_at_ms IS NULL;
