-- Persons: conclusions that several personas (what records say) are one real person.
-- `seq` is the rowid the two name-search tables share; `id` is the public uuid.
-- Everything after `sex` is derived (from the personas' names and claims, kept in step by
-- record observers) so lists sort and page on indexed columns instead of reading claims.
CREATE TABLE persons (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  -- active, or retracted (gone from every view; the row stays for history); 'merged' is
  -- reserved for the merge route (issue to come), since SQLite cannot widen a CHECK later
  status TEXT NOT NULL CHECK (status IN ('active', 'retracted', 'merged')),
  display_name TEXT NOT NULL,
  -- folded display name (sort=name) and folded "surname given" (sort=surname; NULL when no persona has a surname)
  name_key TEXT NOT NULL,
  surname_key TEXT,
  sex TEXT CHECK (sex IN ('M', 'F', 'X', 'U')),
  -- every name piece of every persona, folded (fold.ts): what both search tables hold, kept
  -- here to re-index only on change and to check a search's short words (search.ts)
  search_text TEXT NOT NULL,
  -- birth and death summaries: the claim each rests on, its date, sort key, place and status
  birth_assertion TEXT,
  birth_date TEXT,
  birth_sort TEXT,
  birth_place TEXT,
  birth_status TEXT,
  -- the latest year the birth date allows (the living rule); NULL when unknown
  birth_year INTEGER,
  death_assertion TEXT,
  death_date TEXT,
  death_sort TEXT,
  death_place TEXT,
  death_status TEXT,
  -- the human's override: 1 living, 0 not living, NULL derived
  living_override INTEGER CHECK (living_override IN (0, 1)),
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);

-- One index per sort, over active persons only, each ending in id (the keyset tie-break):
-- a page anywhere in the list is one range read. Queries say `status = 'active'` literally.
CREATE INDEX persons_by_name ON persons (name_key, id) WHERE status = 'active';
CREATE INDEX persons_by_surname ON persons (surname_key, id) WHERE status = 'active';
CREATE INDEX persons_by_birth ON persons (birth_sort, id) WHERE status = 'active';
CREATE INDEX persons_by_updated ON persons (updated_at_ms, id) WHERE status = 'active';

-- The personas of each person, in the order given. `active` = 0 once the person is retracted
-- or the persona split away: the history stays, and the persona is free again. A persona is
-- in at most one active person (the unique partial index is the last line of defence).
CREATE TABLE person_personas (
  person TEXT NOT NULL REFERENCES persons (id),
  persona TEXT NOT NULL,
  position INTEGER NOT NULL,
  active INTEGER NOT NULL CHECK (active IN (0, 1)),
  PRIMARY KEY (person, persona)
) WITHOUT ROWID;
CREATE UNIQUE INDEX person_personas_active ON person_personas (persona) WHERE active = 1;
CREATE INDEX person_personas_in_order ON person_personas (person, active, position);

-- How many persons are active: the `total` of an unfiltered list, kept by triggers.
CREATE TABLE person_counts (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  active INTEGER NOT NULL
);
INSERT INTO person_counts (id, active) VALUES (1, 0);
CREATE TRIGGER person_counts_insert AFTER INSERT ON persons WHEN new.status = 'active' BEGIN
  UPDATE person_counts SET active = active + 1 WHERE id = 1;
END;
CREATE TRIGGER person_counts_status AFTER UPDATE OF status ON persons WHEN old.status <> new.status BEGIN
  UPDATE person_counts SET active = active + (CASE WHEN new.status = 'active' THEN 1 ELSE 0 END) - (CASE WHEN old.status = 'active' THEN 1 ELSE 0 END) WHERE id = 1;
END;

-- Name search over every name piece of every persona of each active person (rowid = persons.seq),
-- in folded text (NFD without marks, lower case, ø->o, ß->ss, æ->ae, ł->l, đ->d; fold.ts).
-- Words, with prefix indexes of 2 and 3 characters: prefix hits, ranked by bm25.
CREATE VIRTUAL TABLE person_names USING fts5 (names, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', content = '', contentless_delete = 1);
-- Trigrams of the same text: the substring fallback.
CREATE VIRTUAL TABLE person_names_trigram USING fts5 (names, tokenize = 'trigram', content = '', contentless_delete = 1);
