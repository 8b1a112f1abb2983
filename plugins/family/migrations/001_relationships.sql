-- The family graph: parent edges (person_a is the parent of person_b) and spouse edges
-- (person_a and person_b are partners; stored with the smaller id first, so one unique
-- index refuses a duplicate pair in either order).
-- `hidden` turns 1 when either person is retracted (kept in step by an observer of
-- `person.retracted.`): the edge leaves every view, count and check, the row stays for history.
CREATE TABLE relationships (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('parent', 'spouse')),
  person_a TEXT NOT NULL,
  person_b TEXT NOT NULL,
  pedigree TEXT CHECK (pedigree IN ('birth', 'adopted', 'foster', 'step', 'unknown')),
  hidden INTEGER NOT NULL DEFAULT 0,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT,
  CHECK (person_a <> person_b),
  CHECK ((kind = 'parent') = (pedigree IS NOT NULL)),
  CHECK (kind = 'parent' OR person_a < person_b)
) WITHOUT ROWID;
-- Children of a parent (and the descendants walk of the cycle check), partners on the a side, duplicates.
CREATE UNIQUE INDEX relationships_from ON relationships (person_a, kind, person_b);
-- Parents of a child: covering for the pedigree walk (no table lookup per edge); partners on the b side.
CREATE INDEX relationships_to ON relationships (person_b, kind, hidden, pedigree, person_a);
