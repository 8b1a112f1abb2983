-- A fourth, final state of a merge proposal: `withdrawn`, when a person of the pair is retracted
-- while the proposal is pending (an import undone, a person taken back by the human). Such a
-- proposal could never be approved (the merge refuses a retracted person) and would wait in the
-- pending list for ever. `reason` says why. SQLite cannot change a CHECK in place: the table is
-- made again with the same columns and rows, and its indexes with it. Two partial indexes find
-- the pending proposals of one person (an undo retracts tens of thousands of persons).
CREATE TABLE duplicate_proposals_next (
  id TEXT PRIMARY KEY,
  person_a TEXT NOT NULL,
  person_b TEXT NOT NULL,
  pair_lo TEXT NOT NULL,
  pair_hi TEXT NOT NULL,
  rationale TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'denied', 'withdrawn')),
  created_at_ms INTEGER NOT NULL,
  decided_at_ms INTEGER,
  -- approve's note, deny's reason, a withdrawal's reason
  note TEXT,
  reason TEXT,
  merged_into TEXT,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT,
  CHECK (pair_lo < pair_hi)
) WITHOUT ROWID;
INSERT INTO duplicate_proposals_next (id, person_a, person_b, pair_lo, pair_hi, rationale, status, created_at_ms, decided_at_ms, note, reason, merged_into, actor_kind, credential_id, proposer)
  SELECT id, person_a, person_b, pair_lo, pair_hi, rationale, status, created_at_ms, decided_at_ms, note, reason, merged_into, actor_kind, credential_id, proposer FROM duplicate_proposals;
DROP TABLE duplicate_proposals;
ALTER TABLE duplicate_proposals_next RENAME TO duplicate_proposals;
CREATE UNIQUE INDEX duplicate_proposals_one_pending ON duplicate_proposals (pair_lo, pair_hi) WHERE status = 'pending';
CREATE INDEX duplicate_proposals_by_status ON duplicate_proposals (status, id);
CREATE INDEX duplicate_proposals_pending_a ON duplicate_proposals (person_a) WHERE status = 'pending';
CREATE INDEX duplicate_proposals_pending_b ON duplicate_proposals (person_b) WHERE status = 'pending';
