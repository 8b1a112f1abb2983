import type { Migration } from './migrations.js';

/** The kernel's own tables. Plugins ship theirs as `migrations/NNN_<what>.sql`. */
export const registryMigrations: Migration[] = [
  {
    version: 1,
    name: 'registry',
    sql: `
CREATE TABLE trees (
  tree_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL
);
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE credentials (
  credential_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('human', 'agent')),
  label TEXT NOT NULL,
  digest TEXT NOT NULL UNIQUE,
  created_at_ms INTEGER NOT NULL,
  revoked_at_ms INTEGER
);
`,
  },
];

export const treeMigrations: Migration[] = [
  {
    version: 1,
    name: 'record_log',
    sql: `
CREATE TABLE records (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  record_id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT,
  at_ms INTEGER NOT NULL,
  import_key TEXT,
  payload TEXT NOT NULL
);
CREATE INDEX records_entity ON records (entity_id, seq);
CREATE INDEX records_import ON records (import_key, seq) WHERE import_key IS NOT NULL;
CREATE INDEX records_kind ON records (kind, seq);
`,
  },
  {
    version: 2,
    name: 'blobs',
    sql: `
CREATE TABLE blobs (
  address TEXT PRIMARY KEY,
  size_bytes INTEGER NOT NULL,
  media_type TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL
) WITHOUT ROWID;
`,
  },
  {
    version: 3,
    name: 'deferred_indexes',
    sql: `
-- Indexes a bulk load (a first import) set aside, to build once at its end (Tree.startBulkLoad).
-- Rows only while a load runs, or after a crash cut one off: the tree builds them as it opens.
CREATE TABLE deferred_indexes (
  name TEXT PRIMARY KEY,
  table_name TEXT NOT NULL,
  sql TEXT NOT NULL
) WITHOUT ROWID;
`,
  },
  {
    version: 4,
    name: 'human_only_blobs',
    sql: `
-- Blobs only the human may download (BlobStore.write with humanOnly): an imported GEDCOM file
-- and the human's exports hold what agents may not read (living persons, redacted values).
-- An agent that stores the same bytes has them already: its write takes the mark away.
CREATE TABLE human_only_blobs (
  address TEXT PRIMARY KEY
) WITHOUT ROWID;
`,
  },
];
