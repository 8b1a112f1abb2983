-- Duplicates: the blocking index of duplicate-candidates, merge proposals and the memory of
-- pairs that are not a match. Persons are referenced by id only (no foreign key into the
-- persons plugin's tables: it is reached through its service).

-- One row per indexed (active) person: `seq` is the short key the blocking keys point at.
-- `names` is a JSON array with one entry per name (persona, or a persona's nickname):
-- [given as written, surname as written, folded given words, folded surname forms] (the folded
-- parts space-separated: fold.ts); `keys` its blocking keys, space-separated (what re-keying
-- compares, so that only changed keys are written).
-- `birth_*`/`death_*` are year bounds of the person's birth and death summaries when the row
-- was made, widened by the ABT/EST/CAL slack (NULL/NULL: no date; -9999/9999: open bound).
-- They only preselect candidates; the final score reads the dates fresh from the persons plugin.
CREATE TABLE duplicate_persons (
  seq INTEGER PRIMARY KEY,
  person TEXT NOT NULL UNIQUE,
  names TEXT NOT NULL,
  keys TEXT NOT NULL,
  sex TEXT,
  birth_lo INTEGER,
  birth_hi INTEGER,
  death_lo INTEGER,
  death_hi INTEGER
);

-- Blocking keys: `s:m:<Double Metaphone code>`, `s:d:<Daitch-Mokotoff code>` and `s:k:<consonant
-- key>` (first letter + the set of the other consonants, sorted: the same spelling always has
-- the same one, and a transposed letter keeps it) of each folded surname form; `g:m:`, `g:k:`
-- and `g:n:<nickname group>` of the first given name. A search reads the persons under the
-- query's keys: one range of the primary key per key. No index on `seq` and no foreign key:
-- rows go by their primary key (the person's `keys`), which keeps an import's bulk cheap.
CREATE TABLE duplicate_keys (
  key TEXT NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (key, seq)
) WITHOUT ROWID;

-- What changed since the index was last brought up to date: persons (concluded, retracted,
-- split, merged) and personas (names changed, vital claims captured or removed). Record
-- observers only add rows here (one insert, inside the writing transaction); the index is
-- brought up to date from it in the background and before every search (index.ts).
CREATE TABLE duplicate_stale (
  kind TEXT NOT NULL CHECK (kind IN ('person', 'persona')),
  id TEXT NOT NULL,
  PRIMARY KEY (kind, id)
) WITHOUT ROWID;

-- 0 until every person already in the tree (the plugin added to an existing tree) has been
-- marked stale once, at the first opening of the tree.
CREATE TABLE duplicate_meta (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  seeded INTEGER NOT NULL CHECK (seeded IN (0, 1))
);
INSERT INTO duplicate_meta (id, seeded) VALUES (1, 0);

-- Merge proposals. `persons` in the order given (the first survives an approval unless the
-- approval names the survivor); `pair_lo`/`pair_hi` the same pair sorted, for the one-pending-
-- per-pair rule. pending -> approved | denied, both final.
CREATE TABLE duplicate_proposals (
  id TEXT PRIMARY KEY,
  person_a TEXT NOT NULL,
  person_b TEXT NOT NULL,
  pair_lo TEXT NOT NULL,
  pair_hi TEXT NOT NULL,
  rationale TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'denied')),
  created_at_ms INTEGER NOT NULL,
  decided_at_ms INTEGER,
  -- approve's note, deny's reason
  note TEXT,
  reason TEXT,
  merged_into TEXT,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT,
  CHECK (pair_lo < pair_hi)
) WITHOUT ROWID;
CREATE UNIQUE INDEX duplicate_proposals_one_pending ON duplicate_proposals (pair_lo, pair_hi) WHERE status = 'pending';
CREATE INDEX duplicate_proposals_by_status ON duplicate_proposals (status, id);

-- Pairs known not to be one person (unordered: a < b). `proposal`: the denied proposal that
-- said so. `inherited_from`: set when the pair was carried over from a person merged into `a`
-- or `b` (that person was not a match for the other, so neither is what it became part of);
-- such rows go again when the merge is reversed by a split.
CREATE TABLE duplicate_not_a_match (
  a TEXT NOT NULL,
  b TEXT NOT NULL,
  proposal TEXT,
  inherited_from TEXT,
  created_at_ms INTEGER NOT NULL,
  PRIMARY KEY (a, b),
  CHECK (a < b)
) WITHOUT ROWID;
CREATE INDEX duplicate_not_a_match_by_b ON duplicate_not_a_match (b, a);
