-- GET /assertions filters a persona's claims by any of kind, state and source together.
-- 001 has one index per single filter, so two filters read every claim of the persona that
-- matches the first and test the second row by row (10 ms at 100,000 claims of one persona).
-- One index per combination, each ending in the keyset (created_at_ms, id), makes every
-- filtered page one index range in either order, however many claims the persona has.
-- (Checked with EXPLAIN QUERY PLAN by test/query-plans.test.ts.)
CREATE INDEX assertions_by_persona_status_kind ON assertions (persona, status, kind, created_at_ms, id);
CREATE INDEX assertions_by_persona_status_source ON assertions (persona, status, source, created_at_ms, id);
CREATE INDEX assertions_by_persona_kind_source ON assertions (persona, kind, source, created_at_ms, id);
CREATE INDEX assertions_by_persona_status_kind_source ON assertions (persona, status, kind, source, created_at_ms, id);
