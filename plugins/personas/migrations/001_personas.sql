-- Personas: a person as one record describes them. The name is kept as written plus the
-- GEDCOM 7 pieces (NPFX, GIVN, NICK, SPFX, SURN, NSFX); any of them may be absent, since
-- single names, patronymics and surname-first names do not fit "given + surname".
CREATE TABLE personas (
  id TEXT PRIMARY KEY,
  as_written TEXT,
  prefix TEXT,
  given TEXT,
  nickname TEXT,
  surname_prefix TEXT,
  surname TEXT,
  suffix TEXT,
  sex TEXT CHECK (sex IN ('M', 'F', 'X', 'U')),
  source TEXT REFERENCES sources (id),
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
-- The personas one source describes.
CREATE INDEX personas_by_source ON personas (source, id);
