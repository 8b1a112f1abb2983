-- Notes moved to a survivor when the person they were about was merged into it, so reversing
-- the merge gives them back. Rows go when the merge is reversed.
CREATE TABLE note_merges (
  merged TEXT NOT NULL,
  note TEXT NOT NULL,
  PRIMARY KEY (merged, note)
) WITHOUT ROWID;
