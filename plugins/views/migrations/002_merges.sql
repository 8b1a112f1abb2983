-- Redactions of a merged person moved to its survivor (what was hidden from agents stays
-- hidden, now on the person that shows those personas), so reversing the merge gives them
-- back. A redaction the survivor already has for that field is not moved. Rows go when the
-- merge is reversed.
CREATE TABLE redaction_merges (
  merged TEXT NOT NULL,
  redaction TEXT NOT NULL,
  PRIMARY KEY (merged, redaction)
) WITHOUT ROWID;
