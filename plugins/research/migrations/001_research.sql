-- The research desk (issue 12): questions, their plans and assignments, the research log,
-- sessions. No foreign key leaves these tables: persons, personas, sources, citations, claims
-- and proof arguments belong to other plugins and are checked through their services.
-- Every row keeps who made it (actor_kind, credential_id, proposer). `seq` is the record-log
-- sequence number of the row's last change: a reader asks for what changed after a seq.

-- A research question. `anchor` is set on the container questions entry-anchors makes: the
-- person id for "General research: <person>", '*' for the tree's "General research".
CREATE TABLE research_questions (
  id TEXT PRIMARY KEY,
  text TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
  anchor TEXT,
  answer TEXT,
  proof_argument TEXT,
  closed_at_ms INTEGER,
  coverage_confirmed_at_ms INTEGER,
  coverage_confirmed_kind TEXT,
  coverage_confirmed_credential TEXT,
  coverage_confirmed_note TEXT,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
CREATE UNIQUE INDEX research_questions_anchor ON research_questions (anchor) WHERE anchor IS NOT NULL;
CREATE INDEX research_questions_by_status ON research_questions (status, id);
CREATE INDEX research_questions_by_seq ON research_questions (seq);

-- The subject persons of a question, in the order given.
CREATE TABLE research_question_subjects (
  question TEXT NOT NULL REFERENCES research_questions (id),
  position INTEGER NOT NULL,
  kind TEXT NOT NULL DEFAULT 'person',
  subject TEXT NOT NULL,
  PRIMARY KEY (question, subject)
) WITHOUT ROWID;
CREATE INDEX research_subjects_by_subject ON research_question_subjects (subject, kind, question);
CREATE INDEX research_subjects_by_kind ON research_question_subjects (kind, question);

-- Items of a question's plan. `position` orders a plan; every reorder renumbers the plan's
-- items 0..n-1 inside its transaction, so positions never collide. Deleted items keep their
-- row (an assignment of theirs stays readable) and leave the plan.
CREATE TABLE research_plan_items (
  id TEXT PRIMARY KEY,
  question TEXT NOT NULL REFERENCES research_questions (id),
  description TEXT NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  done_at_ms INTEGER,
  position INTEGER NOT NULL,
  deleted_at_ms INTEGER,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
CREATE INDEX research_plan_items_by_question ON research_plan_items (question, position, id) WHERE deleted_at_ms IS NULL;

-- A plan item given to an assistant credential. One per item.
CREATE TABLE research_assignments (
  id TEXT PRIMARY KEY,
  item TEXT NOT NULL UNIQUE REFERENCES research_plan_items (id),
  question TEXT NOT NULL REFERENCES research_questions (id),
  assignee TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
CREATE INDEX research_assignments_by_assignee ON research_assignments (assignee, id);

-- A working session of one credential. At most one is open per credential (`holder`: the
-- credential id, or the actor kind for a caller without one).
CREATE TABLE research_sessions (
  id TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  goal TEXT NOT NULL,
  question TEXT REFERENCES research_questions (id),
  assignment TEXT REFERENCES research_assignments (id),
  started_at_ms INTEGER NOT NULL,
  ended_at_ms INTEGER,
  end_reason TEXT,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
CREATE UNIQUE INDEX research_sessions_open ON research_sessions (holder) WHERE ended_at_ms IS NULL;
CREATE INDEX research_sessions_by_assignment ON research_sessions (assignment, id) WHERE assignment IS NOT NULL;

-- Claims captured by a credential while it had a session open (kept by a record observer
-- inside the capture's transaction).
CREATE TABLE research_session_claims (
  session TEXT NOT NULL REFERENCES research_sessions (id),
  assertion TEXT NOT NULL,
  captured_at_ms INTEGER NOT NULL,
  PRIMARY KEY (session, assertion)
) WITHOUT ROWID;

-- Research log entries. kind: `entry` (a plain note of research done), `capture` (with
-- evidence), `negative` (searched, found nothing: negative evidence). `personas` and `sources`
-- are the JSON arrays as given (the link tables below serve the filters). `details` and
-- `corrections` are JSON arrays kept in the entry: appended details, and each earlier text
-- with why it was corrected.
CREATE TABLE research_log_entries (
  id TEXT PRIMARY KEY,
  question TEXT NOT NULL REFERENCES research_questions (id),
  session TEXT REFERENCES research_sessions (id),
  kind TEXT NOT NULL CHECK (kind IN ('entry', 'capture', 'negative')),
  text TEXT NOT NULL,
  personas TEXT NOT NULL DEFAULT '[]',
  sources TEXT NOT NULL DEFAULT '[]',
  details TEXT NOT NULL DEFAULT '[]',
  corrections TEXT NOT NULL DEFAULT '[]',
  evidence TEXT,
  searched TEXT,
  status TEXT NOT NULL CHECK (status IN ('active', 'retracted')),
  retracted_at_ms INTEGER,
  retract_reason TEXT,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
CREATE INDEX research_log_by_question ON research_log_entries (question, id) WHERE status = 'active';
CREATE INDEX research_log_by_session ON research_log_entries (session, id) WHERE session IS NOT NULL;
CREATE INDEX research_log_by_seq ON research_log_entries (seq);
CREATE INDEX research_log_negative ON research_log_entries (id) WHERE kind = 'negative' AND status = 'active';

-- The personas an entry is about, and the sources it cites (`cited`: the entry's sources and
-- the source of its evidence) or searched (`searched`: negative evidence), for the filters.
CREATE TABLE research_entry_personas (
  entry TEXT NOT NULL REFERENCES research_log_entries (id),
  persona TEXT NOT NULL,
  PRIMARY KEY (persona, entry)
) WITHOUT ROWID;
CREATE TABLE research_entry_sources (
  entry TEXT NOT NULL REFERENCES research_log_entries (id),
  source TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('cited', 'searched')),
  PRIMARY KEY (source, entry, role)
) WITHOUT ROWID;
CREATE INDEX research_entry_sources_by_entry ON research_entry_sources (entry);
