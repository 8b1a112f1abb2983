-- A question's subjects in their order, straight from an index: every read of a question builds
-- its `subjects` array with json_group_array over (SELECT subject ... ORDER BY position), and
-- with only the key (question, subject) SQLite sorted each question's subjects in a temporary
-- B-tree, once per question row of a list. The index carries the key's `subject` column too, so
-- the read never touches the table. (Checked with EXPLAIN QUERY PLAN by test/query-plans.test.ts.)
CREATE INDEX research_subjects_in_order ON research_question_subjects (question, position);
