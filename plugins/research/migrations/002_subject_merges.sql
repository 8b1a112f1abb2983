-- Subjects moved to a survivor when the person a question was about was merged into it, so
-- reversing the merge gives the question its subject back. `folded` = 1: the question already
-- had the survivor as a subject, so the merged person's row was deleted (kept here whole: its
-- position). Rows go when the merge is reversed.
CREATE TABLE research_subject_merges (
  merged TEXT NOT NULL,
  question TEXT NOT NULL,
  position INTEGER NOT NULL,
  folded INTEGER NOT NULL CHECK (folded IN (0, 1)),
  PRIMARY KEY (merged, question)
) WITHOUT ROWID;
