-- Merges: the merged person stays as a row (status 'merged') pointing to its survivor, and
-- the personas it brought are remembered so a split of exactly those personas revives it
-- under its own id (a merge is reversible with split). One row per merged person while it
-- stays merged; the row goes when the merge is reversed (the record log keeps the history).
ALTER TABLE persons ADD COLUMN merged_into TEXT;

CREATE TABLE person_merges (
  merged TEXT PRIMARY KEY,
  survivor TEXT NOT NULL,
  -- the merged person's personas, in its own order (a JSON array)
  personas TEXT NOT NULL,
  at_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX person_merges_by_survivor ON person_merges (survivor);
