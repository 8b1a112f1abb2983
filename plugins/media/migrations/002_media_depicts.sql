-- Whom a media object depicts (GEDCOM INDI.OBJE: a person's photo), by persona: personas are
-- what an import writes and they outlive merges and splits of the persons over them. An export
-- withholds a media object with the living persons it depicts. Gone with the media object.
CREATE TABLE media_depicts (
  media TEXT NOT NULL REFERENCES media (id) ON DELETE CASCADE,
  persona TEXT NOT NULL,
  linked_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT,
  PRIMARY KEY (media, persona)
) WITHOUT ROWID;
CREATE INDEX media_depicts_by_persona ON media_depicts (persona, media);
