-- Thumbnails: each is a PNG blob of its own in the tree's store; this maps the original's
-- address to it, so a second request is one lookup and a file read.
CREATE TABLE blob_thumbnails (
  original TEXT PRIMARY KEY,
  thumbnail TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  created_at_ms INTEGER NOT NULL
) WITHOUT ROWID;

-- Originals that cannot have a thumbnail for a reason of their own (a broken or
-- password-protected PDF): remembered so they are not rendered on every request.
-- Timeouts are not remembered (they depend on load and on the configured limit).
CREATE TABLE blob_thumbnail_failures (
  original TEXT PRIMARY KEY,
  reason TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL
) WITHOUT ROWID;
