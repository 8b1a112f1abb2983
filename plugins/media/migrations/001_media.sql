-- Media objects (GEDCOM OBJE/FILE). file_name is only the last segment of the path the file
-- wrote: no folder of the user's machine is kept. blob is set once the bytes are in the
-- tree's store (status 'resolved').
CREATE TABLE media (
  id TEXT PRIMARY KEY,
  title TEXT,
  file_name TEXT NOT NULL,
  media_type TEXT,
  status TEXT NOT NULL CHECK (status IN ('unresolved', 'resolved')),
  blob TEXT,
  created_at_ms INTEGER NOT NULL,
  resolved_at_ms INTEGER,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT,
  CHECK ((status = 'resolved') = (blob IS NOT NULL))
) WITHOUT ROWID;
-- What still waits for its bytes: the unresolved list reads only these.
CREATE INDEX media_unresolved ON media (id) WHERE status = 'unresolved';
