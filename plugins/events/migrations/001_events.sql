-- Life events: what happened (a GEDCOM event tag or a custom type), when (the GEDCOM date
-- as written plus its derived sort key), where, and who took part. The row holds the
-- CURRENT values; every earlier value lives in event_corrections (append-only).
CREATE TABLE events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  -- The date exactly as given (a phrase that does not parse is kept as it is).
  date TEXT,
  -- @rootline/gedcom-date sortDate(): 'YYYY-MM-DD:AB', string order is chronological; NULL
  -- for no date, a phrase, or an unconvertible calendar.
  sort_date TEXT,
  place TEXT,
  -- The place folded for comparison (NFC, trimmed, spaces collapsed, lower case): what
  -- place co-occurrence matches on.
  place_key TEXT,
  description TEXT,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
-- Place co-occurrence: the events at one place inside a year window are one index range,
-- already in (sort_date, id) order, so a LIMIT stops the scan (no sort of a whole town).
CREATE INDEX events_by_place ON events (place_key, sort_date, id) WHERE place_key IS NOT NULL;

-- Who took part: a person or a persona (ids owned by other plugins, checked through their
-- services, so no foreign key into their tables) in a role. Kept in the order added (rowid).
CREATE TABLE event_participants (
  event TEXT NOT NULL REFERENCES events (id),
  subject TEXT NOT NULL,
  subject_kind TEXT NOT NULL CHECK (subject_kind IN ('person', 'persona')),
  role TEXT NOT NULL,
  added_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT,
  UNIQUE (event, subject, role)
);
-- A person's or persona's events (forPerson, the FAN network): one index range per subject.
CREATE INDEX event_participants_by_subject ON event_participants (subject, event);

-- Corrections, append-only: the values a correction replaced (`previous`, JSON of the
-- corrected fields only), what it set (`next`), why, who and when.
CREATE TABLE event_corrections (
  event TEXT NOT NULL REFERENCES events (id),
  id TEXT NOT NULL,
  previous TEXT NOT NULL,
  next TEXT NOT NULL,
  reason TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT,
  PRIMARY KEY (event, id)
) WITHOUT ROWID;

-- Associations (GEDCOM ASSO): one person or persona related to another in a role
-- (godparent, witness, neighbour, ...), outside any one event.
CREATE TABLE associations (
  id TEXT PRIMARY KEY,
  from_subject TEXT NOT NULL,
  from_kind TEXT NOT NULL CHECK (from_kind IN ('person', 'persona')),
  to_subject TEXT NOT NULL,
  to_kind TEXT NOT NULL CHECK (to_kind IN ('person', 'persona')),
  role TEXT NOT NULL,
  source TEXT,
  note TEXT,
  created_at_ms INTEGER NOT NULL,
  actor_kind TEXT NOT NULL,
  credential_id TEXT,
  proposer TEXT
);
CREATE INDEX associations_by_from ON associations (from_subject);
CREATE INDEX associations_by_to ON associations (to_subject);
