-- Proof arguments: a written argument (title, text, conclusion) that weighs claims, optionally
-- answering a research question. Ids are UUIDv7, so `ORDER BY id` is creation order: the
-- list pages by id (the primary key), and by (question, id) when filtered by question.
-- `question` is the id of a research question, stored as given: the research plugin that owns
-- questions does not exist yet. No foreign key leaves this plugin's tables (claims belong to
-- the assertions plugin and are checked through its service).
CREATE TABLE proof_arguments (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  question TEXT,
  conclusion TEXT,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
) WITHOUT ROWID;
CREATE INDEX proof_arguments_by_question ON proof_arguments (question, id) WHERE question IS NOT NULL;

-- The claims (assertion ids) an argument weighs, in the order the writer gave them, each once.
CREATE TABLE proof_argument_claims (
  argument TEXT NOT NULL REFERENCES proof_arguments (id),
  position INTEGER NOT NULL,
  assertion TEXT NOT NULL,
  PRIMARY KEY (argument, position),
  UNIQUE (argument, assertion)
) WITHOUT ROWID;
-- The arguments that weigh a claim (for a later "used in" view and for cleaning up).
CREATE INDEX proof_argument_claims_by_assertion ON proof_argument_claims (assertion, argument);
