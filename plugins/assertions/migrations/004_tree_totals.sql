-- The whole tree's confirmed and refuted claims, newest first (GET {P}/settled): with no index
-- on them SQLite read every claim through assertions_by_persona_status and sorted them all
-- (0.3 s at 176,000 claims). One partial index per status, like assertions_pending, in the
-- keyset order. Not one index on (status, created_at_ms, id): SQLite then took it for reads
-- that never asked for it (the signals' unevidenced claims of given ids went from 0.01 to 97 ms,
-- the unsourced lane sorted every active claim).
CREATE INDEX assertions_confirmed ON assertions (created_at_ms, id) WHERE status = 'confirmed';
CREATE INDEX assertions_refuted ON assertions (created_at_ms, id) WHERE status = 'refuted';

-- How many claims the tree has per status, citing a source or not: the sourcing tally, the
-- unsourced lane's total and the totals of the settled and pending lists read one to three rows
-- here instead of counting up to 176,000 index entries on every request. assertion_counts is
-- per persona, too many rows to sum for the whole tree. Kept by the triggers below in the same
-- transaction as every change; sourced is 1 when the claim cites a source, else 0.
CREATE TABLE assertion_totals (
  status TEXT NOT NULL,
  sourced INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (status, sourced)
) WITHOUT ROWID;

INSERT INTO assertion_totals (status, sourced, n)
  SELECT status, source IS NOT NULL, count(*) FROM assertions GROUP BY status, source IS NOT NULL;

CREATE TRIGGER assertion_totals_insert AFTER INSERT ON assertions BEGIN
  INSERT INTO assertion_totals (status, sourced, n) VALUES (new.status, new.source IS NOT NULL, 1)
    ON CONFLICT (status, sourced) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER assertion_totals_delete AFTER DELETE ON assertions BEGIN
  UPDATE assertion_totals SET n = n - 1 WHERE status = old.status AND sourced = (old.source IS NOT NULL);
END;
CREATE TRIGGER assertion_totals_update AFTER UPDATE OF status, source ON assertions
  WHEN old.status IS NOT new.status OR (old.source IS NULL) IS NOT (new.source IS NULL) BEGIN
  UPDATE assertion_totals SET n = n - 1 WHERE status = old.status AND sourced = (old.source IS NOT NULL);
  INSERT INTO assertion_totals (status, sourced, n) VALUES (new.status, new.source IS NOT NULL, 1)
    ON CONFLICT (status, sourced) DO UPDATE SET n = n + 1;
END;

-- Only the tally's sourced half read this index (and had to read each claim too: it did not
-- hold the source); the tally reads assertion_totals now.
DROP INDEX IF EXISTS assertions_active_sourced;
