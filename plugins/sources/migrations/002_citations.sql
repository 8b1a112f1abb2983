-- Citations: typed elements following a citation template (Evidence Explained style),
-- and what kind of record the cited source is (original, derivative, authored).
CREATE TABLE citations (
  id TEXT PRIMARY KEY,
  -- The source this citation cites. No foreign key: the sources plugin migrates after this
  -- one (it depends on citations), so the sources table does not exist yet here.
  source TEXT,
  template TEXT,
  -- JSON object: element name -> value as the researcher wrote it.
  elements TEXT NOT NULL,
  source_type TEXT CHECK (source_type IN ('original', 'derivative', 'authored')),
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
-- A source's citations, oldest first (ids are UUIDv7).
CREATE INDEX citations_by_source ON citations (source, id);
