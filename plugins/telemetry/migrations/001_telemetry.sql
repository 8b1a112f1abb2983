-- Telemetry, in the registry (a global plugin). One consent row: which disclosure the human
-- acknowledged (none: telemetry is off, nothing is kept) and whether export is on; plus the
-- export's bookkeeping (failures in a row, when to try again, totals).
CREATE TABLE telemetry_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  acknowledged_version INTEGER,
  acknowledged_at_ms INTEGER,
  export_enabled INTEGER NOT NULL DEFAULT 0 CHECK (export_enabled IN (0, 1)),
  updated_at_ms INTEGER,
  export_failures INTEGER NOT NULL DEFAULT 0,
  next_attempt_at_ms INTEGER,
  last_export_at_ms INTEGER,
  last_failure_at_ms INTEGER,
  exported_events INTEGER NOT NULL DEFAULT 0,
  dropped_events INTEGER NOT NULL DEFAULT 0
);
INSERT INTO telemetry_state (id) VALUES (1);
-- Events waiting on the machine (at most max_events). fields is JSON of numbers, booleans and
-- catalogue words only. batch_id is set when an event is first sent and kept until the
-- destination accepts the batch (then the rows are deleted): a batch that failed is sent again
-- with the same id and the same events, so nothing is lost or sent twice under two ids.
CREATE TABLE telemetry_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  fields TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  batch_id TEXT
);
CREATE INDEX telemetry_events_by_batch ON telemetry_events (batch_id, seq);
