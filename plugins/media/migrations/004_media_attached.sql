-- What a media object is attached to, by id: a citation (the scan of the record page), a source,
-- a claim, an event, a relationship... (GEDCOM SOUR.OBJE, a fact's OBJE, FAM.OBJE), as a note
-- has its target. Whom it depicts stays in media_depicts: an export withholds a photo with the
-- living persons it shows, not with what it is attached to. Gone with the media object; the
-- target is not checked here (the media plugin does not read the others' tables).
CREATE TABLE media_attached (
  media TEXT NOT NULL REFERENCES media (id) ON DELETE CASCADE,
  target TEXT NOT NULL,
  linked_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT,
  PRIMARY KEY (media, target)
) WITHOUT ROWID;
CREATE INDEX media_attached_by_target ON media_attached (target, media);
