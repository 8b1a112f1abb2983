-- What a merge of two persons did to the merged person's edges, so reversing the merge (a split
-- of exactly its personas) puts every edge back. `folded` = 0: the edge was rewired to the
-- survivor (before_* are its ends before, after_* after); 1: the survivor already had that
-- edge, so the merged person's copy was hidden. Rows go when the merge is reversed.
CREATE TABLE relationship_merges (
  merged TEXT NOT NULL,
  relationship TEXT NOT NULL,
  folded INTEGER NOT NULL CHECK (folded IN (0, 1)),
  before_a TEXT NOT NULL,
  before_b TEXT NOT NULL,
  after_a TEXT NOT NULL,
  after_b TEXT NOT NULL,
  PRIMARY KEY (merged, relationship)
) WITHOUT ROWID;
