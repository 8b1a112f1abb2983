-- Conflicts: two active claims of one single-valued kind that cannot both be true, about one
-- persona (`persona` set) or about two personas concluded into one person (`person` set).
-- One row per disagreeing pair; claim_a is the older claim (ids are UUIDv7: creation order).
-- Each side keeps what its claim said (claims never change their value, date or place; a
-- source gained by attaching a citation is copied in), so a row reads the same after a claim
-- is removed. Ids are UUIDv7, so `ORDER BY id` is the order conflicts were opened; the table is
-- clustered by id (WITHOUT ROWID: one b-tree less to write when a conflict opens).
CREATE TABLE conflicts (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  persona TEXT,
  person TEXT,
  status TEXT NOT NULL CHECK (status IN ('open', 'resolved', 'withdrawn')),
  claim_a TEXT NOT NULL,
  persona_a TEXT NOT NULL,
  value_a TEXT,
  date_a TEXT,
  place_a TEXT,
  source_a TEXT,
  claim_b TEXT NOT NULL,
  persona_b TEXT NOT NULL,
  value_b TEXT,
  date_b TEXT,
  place_b TEXT,
  source_b TEXT,
  -- JSON array of the fields that disagree ("date", "place", "value") and a sentence saying why
  disagree_on TEXT NOT NULL,
  detail TEXT NOT NULL,
  opened_at_ms INTEGER NOT NULL,
  -- resolved: the proof argument that decides it and what it concluded
  proof_argument TEXT,
  outcome TEXT,
  -- withdrawn: why, and whether the service did it (a claim no longer active, personas no longer one person)
  withdrawal_reason TEXT,
  withdrawal_automatic INTEGER,
  closed_at_ms INTEGER,
  closed_actor_kind TEXT,
  closed_credential_id TEXT,
  -- who opened it: always the service (actor_kind 'system')
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT,
  CHECK (claim_a < claim_b),
  CHECK ((persona IS NULL) <> (person IS NULL))
) WITHOUT ROWID;

-- "Is this pair known?" (the detection) and "the open conflicts of a claim" (withdrawal when a
-- claim is refuted, superseded, fabricated or removed): claim_a through this index, claim_b
-- through the next.
CREATE INDEX conflicts_by_pair ON conflicts (claim_a, claim_b);
CREATE INDEX conflicts_by_claim_b ON conflicts (claim_b);

-- The list filters: a persona's conflicts, a person's (plus its personas'), open ones of the tree.
CREATE INDEX conflicts_by_persona ON conflicts (persona, id) WHERE persona IS NOT NULL;
CREATE INDEX conflicts_by_person ON conflicts (person, id) WHERE person IS NOT NULL;
CREATE INDEX conflicts_open ON conflicts (id) WHERE status = 'open';

-- conflictsService.openFor(personas): open conflicts about a claim of any of these personas.
CREATE INDEX conflicts_open_by_persona_a ON conflicts (persona_a) WHERE status = 'open';
CREATE INDEX conflicts_open_by_persona_b ON conflicts (persona_b) WHERE status = 'open';
