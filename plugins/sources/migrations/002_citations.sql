-- Citations: typed elements following a citation template (Evidence Explained style),
-- and what kind of record the cited source is (original, derivative, authored).
--
-- IF NOT EXISTS because citations used to be a plugin of their own
-- (@rootline/plugin-citations, migration 001_citations): a database made before it was
-- merged into this plugin already has this table and index, with exactly this shape, and
-- keeps its rows; a new database gets them here.
CREATE TABLE IF NOT EXISTS citations (
  id TEXT PRIMARY KEY,
  -- The source this citation cites. No foreign key: the tables made by the former
  -- citations plugin have none, and both kinds of database must stay alike. The service
  -- refuses an unknown source instead.
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
CREATE INDEX IF NOT EXISTS citations_by_source ON citations (source, id);
