-- What a merge of two persons did to the merged person's event participations and
-- associations, so reversing the merge puts each back. `action` 'moved': the row now names
-- the survivor; 'folded': the row was a duplicate of the survivor's (the same event and role,
-- or an association between the two) and was deleted, `row` keeping it whole (with its rowid,
-- so the event's participants come back in their order). Rows go when the merge is reversed.
CREATE TABLE subject_merges (
  merged TEXT NOT NULL,
  -- 'participant' (key = the participant rowid) or 'association' (key = its id)
  entity TEXT NOT NULL CHECK (entity IN ('participant', 'association')),
  key TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('moved', 'folded')),
  row TEXT NOT NULL,
  PRIMARY KEY (merged, entity, key)
) WITHOUT ROWID;
