-- Sources: where evidence comes from. `claim_count` is kept by the assertions plugin
-- (sourcesService.adjustClaimCount inside its own transaction), so lists need no join.
CREATE TABLE sources (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  -- Lower-cased title for the case-insensitive `q` filter (SQLite's LIKE folds ASCII only).
  title_folded TEXT NOT NULL,
  author TEXT,
  publisher TEXT,
  url TEXT,
  source_type TEXT CHECK (source_type IN ('original', 'derivative', 'authored')),
  claim_count INTEGER NOT NULL DEFAULT 0 CHECK (claim_count >= 0),
  created_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);

-- Uploaded blobs (scans, photographs of the record) attached to a source.
CREATE TABLE source_blobs (
  source TEXT NOT NULL REFERENCES sources (id),
  blob TEXT NOT NULL,
  attached_at_ms INTEGER NOT NULL,
  PRIMARY KEY (source, blob)
);
