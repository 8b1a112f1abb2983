import t from 'tap';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';

const migration = (name: string) => readFileSync(new URL(`../migrations/${name}`, import.meta.url), 'utf8');

t.test('migration 002 keeps every proposal of a tree made before it, and adds the withdrawn state', async (t) => {
  const db = new Database(':memory:');
  t.teardown(() => db.close());
  db.exec(migration('001_duplicates.sql'));
  const insert = db.prepare(
    'INSERT INTO duplicate_proposals (id, person_a, person_b, pair_lo, pair_hi, rationale, status, created_at_ms, decided_at_ms, note, reason, merged_into, actor_kind, credential_id, proposer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const rows = [
    ['p1', 'b', 'a', 'a', 'b', 'Same parents', 'pending', 10, null, null, null, null, 'agent', 'cred-1', 'claude-test'],
    ['p2', 'c', 'd', 'c', 'd', 'Same parish', 'approved', 11, 20, 'Checked', null, 'c', 'human', null, null],
    ['p3', 'e', 'f', 'e', 'f', 'Same name', 'denied', 12, 21, null, 'Different fathers', null, 'human', null, null],
  ] as const;
  for (const row of rows) insert.run(...row);
  const before = db.prepare('SELECT * FROM duplicate_proposals ORDER BY id').all();

  db.exec(migration('002_withdrawn_proposals.sql'));
  t.same(db.prepare('SELECT * FROM duplicate_proposals ORDER BY id').all(), before, 'every row and column as it was');
  t.same(
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'duplicate_proposals' AND sql IS NOT NULL ORDER BY name").pluck().all(),
    ['duplicate_proposals_by_status', 'duplicate_proposals_one_pending', 'duplicate_proposals_pending_a', 'duplicate_proposals_pending_b'],
  );
  db.prepare("UPDATE duplicate_proposals SET status = 'withdrawn' WHERE id = 'p1'").run();
  t.throws(() => db.prepare("UPDATE duplicate_proposals SET status = 'dropped' WHERE id = 'p2'").run(), /CHECK constraint failed/, 'other states still refused');
  t.throws(() => insert.run('p4', 'c', 'd', 'c', 'd', 'x', 'pending', 13, null, null, null, null, 'human', null, null) && insert.run('p5', 'd', 'c', 'c', 'd', 'y', 'pending', 14, null, null, null, null, 'human', null, null), /UNIQUE constraint failed/, 'still one pending proposal per pair');
  const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id FROM duplicate_proposals WHERE person_b = 'a' AND status = 'pending'").all() as { detail: string }[];
  t.match(plan.map((step) => step.detail).join(' '), /duplicate_proposals_pending_b/, "a person's pending proposals are found by index");
});
