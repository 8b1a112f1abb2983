-- Assertions (claims): what one record says about one persona, with its review status.
-- Ordering is by creation: (created_at_ms, id), ids being UUIDv7 break ties in creation order.
CREATE TABLE assertions (
  id TEXT PRIMARY KEY,
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
  superseded_by TEXT
);

-- A persona's claims, unfiltered and by each filter of GET /assertions, each ending in the
-- keyset (created_at_ms, id) so a page is one index range and the count never reads rows.
CREATE INDEX assertions_by_persona ON assertions (persona, created_at_ms, id);
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
