-- Assertions (claims): what one record says about one persona, with its review status.
-- Ordering is by creation: (created_at_ms, id), ids being UUIDv7 break ties in creation order.
-- Clustered by persona (WITHOUT ROWID, key (persona, created_at_ms, id)): a page of one
-- persona's claims is one contiguous range of the table, however big the tree grows.
CREATE TABLE assertions (
  id TEXT NOT NULL UNIQUE,
  persona TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'deferred', 'confirmed', 'refuted', 'fabricated', 'superseded')),
  value TEXT,
  date TEXT,
  place TEXT,
  source TEXT,
  citation TEXT,
  created_at_ms INTEGER NOT NULL,
  status_changed_at_ms INTEGER NOT NULL,
  -- who captured it: mark-fabricated applies only to what an agent proposed
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT,
  superseded_by TEXT,
  PRIMARY KEY (persona, created_at_ms, id)
) WITHOUT ROWID;

-- A persona's claims by each filter of GET /assertions, each ending in the keyset
-- (created_at_ms, id) so a filtered page is one index range (unfiltered: the table itself).
CREATE INDEX assertions_by_persona_status ON assertions (persona, status, created_at_ms, id);
CREATE INDEX assertions_by_persona_kind ON assertions (persona, kind, created_at_ms, id);
CREATE INDEX assertions_by_persona_source ON assertions (persona, source, created_at_ms, id);

-- Claims citing a source (cited-by), across personas.
CREATE INDEX assertions_by_source ON assertions (source, created_at_ms, id) WHERE source IS NOT NULL;

-- The pending lane, whole and by its two filters / groupings.
CREATE INDEX assertions_pending ON assertions (created_at_ms, id) WHERE status = 'pending';
CREATE INDEX assertions_pending_by_source ON assertions (source, created_at_ms, id) WHERE status = 'pending';
CREATE INDEX assertions_pending_by_proposer ON assertions (proposer, created_at_ms, id) WHERE status = 'pending';

-- The two halves of the sourcing tally (active = pending, deferred, confirmed).
CREATE INDEX assertions_active_unsourced ON assertions (created_at_ms, id)
  WHERE source IS NULL AND status IN ('pending', 'deferred', 'confirmed');
CREATE INDEX assertions_active_sourced ON assertions (status)
  WHERE source IS NOT NULL AND status IN ('pending', 'deferred', 'confirmed');

-- How many claims a persona has per (status, kind, source): the `total` of GET /assertions
-- sums a handful of these rows instead of counting thousands of index entries.
-- Kept by the triggers below in the same transaction as every change; '' = no source.
CREATE TABLE assertion_counts (
  persona TEXT NOT NULL,
  status TEXT NOT NULL,
  kind TEXT NOT NULL,
  source TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (persona, status, kind, source)
) WITHOUT ROWID;

CREATE TRIGGER assertion_counts_insert AFTER INSERT ON assertions BEGIN
  INSERT INTO assertion_counts (persona, status, kind, source, n) VALUES (new.persona, new.status, new.kind, coalesce(new.source, ''), 1)
    ON CONFLICT (persona, status, kind, source) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER assertion_counts_delete AFTER DELETE ON assertions BEGIN
  UPDATE assertion_counts SET n = n - 1
    WHERE persona = old.persona AND status = old.status AND kind = old.kind AND source = coalesce(old.source, '');
END;
CREATE TRIGGER assertion_counts_update AFTER UPDATE OF persona, status, kind, source ON assertions BEGIN
  UPDATE assertion_counts SET n = n - 1
    WHERE persona = old.persona AND status = old.status AND kind = old.kind AND source = coalesce(old.source, '');
  INSERT INTO assertion_counts (persona, status, kind, source, n) VALUES (new.persona, new.status, new.kind, coalesce(new.source, ''), 1)
    ON CONFLICT (persona, status, kind, source) DO UPDATE SET n = n + 1;
END;

-- Evidence attached to a claim: an uploaded blob, a followable URL, a citation, or the
-- description of a record that is not online.
CREATE TABLE assertion_evidence (
  id TEXT PRIMARY KEY,
  assertion TEXT NOT NULL REFERENCES assertions (id),
  kind TEXT NOT NULL CHECK (kind IN ('blob', 'url', 'citation', 'offline_record')),
  blob TEXT,
  url TEXT,
  citation TEXT,
  description TEXT,
  attached_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
CREATE INDEX assertion_evidence_by_assertion ON assertion_evidence (assertion, id);
