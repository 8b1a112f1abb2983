-- GET {P}/media/unresolved reads every unresolved object in one answer (7,524 on a tree of
-- 102,168 persons). media_unresolved held only their ids, so each object was then looked up in
-- the table. This index holds every column the list shows of an unresolved object (blob and
-- resolved_at_ms are NULL until it is resolved), so the list is one pass over the index.
CREATE INDEX media_unresolved_rows ON media (id, title, file_name, media_type, created_at_ms) WHERE status = 'unresolved';
DROP INDEX media_unresolved;
