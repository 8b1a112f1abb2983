-- Personas drop the foreign key `source REFERENCES sources (id)` of 001: the sources table
-- belongs to another plugin (@rootline/plugin-sources), and plugins meet only through
-- their services. PersonasService still refuses an unknown source, through
-- `sourcesService.exists`, in the transaction that writes the persona.
--
-- SQLite cannot drop a constraint, so the table is rebuilt: the same columns in the same
-- order, every row copied as it is, then 001's index made again (001 had no triggers).
-- Nothing refers to personas, so dropping it is safe with foreign keys on.
CREATE TABLE personas_rebuilt (
  id TEXT PRIMARY KEY,
  as_written TEXT,
  prefix TEXT,
  given TEXT,
  nickname TEXT,
  surname_prefix TEXT,
  surname TEXT,
  suffix TEXT,
  sex TEXT CHECK (sex IN ('M', 'F', 'X', 'U')),
  -- The source this persona is read from (a sources-plugin id; checked by the service).
  source TEXT,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
INSERT INTO personas_rebuilt (id, as_written, prefix, given, nickname, surname_prefix, surname, suffix, sex, source, created_at_ms, updated_at_ms, actor_kind, credential_id, proposer)
  SELECT id, as_written, prefix, given, nickname, surname_prefix, surname, suffix, sex, source, created_at_ms, updated_at_ms, actor_kind, credential_id, proposer
  FROM personas;
DROP TABLE personas;
ALTER TABLE personas_rebuilt RENAME TO personas;
-- The personas one source describes.
CREATE INDEX personas_by_source ON personas (source, id);
