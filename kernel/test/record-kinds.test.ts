import t from 'tap';
import Database from 'better-sqlite3';
import { RecordLog } from '../src/records.js';
import { treeMigrations } from '../src/storage/kernel-schema.js';
import { idSource, systemClock } from '../src/ids.js';
import { kindKept } from '../src/record-kinds.js';

/**
 * The record log's kind filter (`GET {P}/audit?include=`, the project's walks): the same records,
 * in the same order and with the same counts, as the SQL it replaces,
 * `kind = ? OR kind LIKE '<prefix>.%' ESCAPE '\'`, for kinds on either side of each boundary
 * ('-' and '/' around '.', '_' and '%' that LIKE would take as wildcards, letters around the
 * prefix's last one). The log itself only takes `<noun>.<verb>.v<N>` in lower case; the others
 * are written straight into the table to put a record on each side of every edge.
 */

const EDGE_KINDS = [
  'note.created.v1', 'note.created.v10', 'note.created_at.v1', 'note.removed.v1', 'note', 'note.', 'note-x.y.v1', 'note/x', 'note0.x.v1',
  'notebook.x.v1', 'note_x.y.v1', 'notd.x.v1', 'notf.x.v1', 'not.x.v1', 'research_question.asked.v1', 'researchxquestion.asked.v1',
  'research%question.asked.v1', 'a\\b.x.v1', 'a.x.v1', 'z.x.v1',
];

const PREFIXES: string[][] = [
  ['note'], ['note.'], ['note.created'], ['note.created.v1'], ['note.created.v'], ['notebook'], ['not'], ['notf'], ['note/'], ['note-x'],
  ['research_question'], ['research%question'], ['researchxquestion'], ['a\\b'], ['NOTE'], ['Note.Created'], [''], ['missing'],
  ['note', 'notebook'], ['a', 'z', 'note.removed'], ['note.created', 'note'],
];

function log() {
  const db = new Database(':memory:');
  db.exec(treeMigrations[0].sql);
  const records = new RecordLog(db, systemClock, idSource(systemClock));
  let n = 0;
  const raw = db.prepare(`INSERT INTO records (record_id, kind, entity_type, entity_id, actor_kind, at_ms, payload) VALUES (?, ?, 'thing', ?, 'system', 0, '{}')`);
  const write = (kind: string) => raw.run(`r${++n}`, kind, `e${n}`);
  /** What the old SQL answered: the seqs newest first, before `beforeSeq`. */
  const before = (prefixes: string[], beforeSeq: number | null) => {
    const match = prefixes.map(() => "(kind = ? OR kind LIKE ? ESCAPE '\\')").join(' OR ');
    const params = prefixes.flatMap((prefix) => [prefix, `${prefix.replace(/[\\%_]/g, '\\$&')}.%`]);
    return db.prepare(`SELECT seq FROM records WHERE (${match}) AND seq < ? ORDER BY seq DESC`).pluck().all(...params, beforeSeq ?? Number.MAX_SAFE_INTEGER) as number[];
  };
  return { db, records, write, before };
}

/** Every page of `limit` by keyset, as the audit walks it. */
function walk(records: RecordLog, kindPrefixes: string[], limit: number): number[] {
  const seqs: number[] = [];
  let beforeSeq: number | null = null;
  for (;;) {
    const page = records.list({ beforeSeq, limit, kindPrefixes });
    seqs.push(...page.map((record) => record.seq));
    if (page.length < limit) return seqs;
    beforeSeq = page[page.length - 1].seq;
  }
}

t.test('a filter keeps the records the LIKE filter kept, newest first, page by page, and counts them alike', async (t) => {
  const { records, write, before } = log();
  // Interleaved, so a page of several kinds must merge them by seq.
  for (let round = 0; round < 3; round++) for (const kind of EDGE_KINDS) write(kind);
  for (const prefixes of PREFIXES) {
    const expected = before(prefixes, null);
    const name = JSON.stringify(prefixes);
    t.same(walk(records, prefixes, 100), expected, `${name}: one page`);
    t.same(walk(records, prefixes, 2), expected, `${name}: pages of 2`);
    t.same(records.list({ beforeSeq: 30, limit: 4, kindPrefixes: prefixes }).map((record) => record.seq), before(prefixes, 30).slice(0, 4), `${name}: before seq 30`);
    t.equal(records.count(prefixes), expected.length, `${name}: count`);
  }
  t.equal(before(['note'], null).length, 3 * 6, 'the old filter kept note, note., note.created.v1, note.created.v10, note.created_at.v1 and note.removed.v1');
  t.equal(records.count([]), 3 * EDGE_KINDS.length, 'no filter: every record');
});

t.test('the page holds whole records, as written', async (t) => {
  const { records } = log();
  const actor = { kind: 'human' as const, credentialId: 'c1', proposer: undefined };
  const written = records.transact(() => [
    records.append({ kind: 'note.created.v1', entity_type: 'note', entity_id: 'n1', actor, payload: { text: 'one' } }),
    records.append({ kind: 'media.created.v1', entity_type: 'media', entity_id: 'm1', actor }),
    records.append({ kind: 'note.removed.v1', entity_type: 'note', entity_id: 'n1', actor, import_key: 'k1' }),
  ]).result;
  t.same(records.list({ beforeSeq: null, limit: 10, kindPrefixes: ['note'] }), [written[2], written[0]]);
  t.same(records.list({ beforeSeq: null, limit: 10, kindPrefixes: [] }), [...written].reverse());
  t.throws(() => records.transact(() => records.append({ kind: 'Note.created.v1', entity_type: 'note', entity_id: 'n2', actor })), /is not <noun>\.<verb>\.v<N>/, 'kinds are lower case: the log refuses any other');
});

t.test('counts follow the log as it grows, a few records or many at a time, and a kind first written later', async (t) => {
  const { records, write, before } = log();
  const check = (what: string) => {
    for (const prefixes of [['note'], ['media'], ['note', 'media'], []]) {
      t.equal(records.count(prefixes), prefixes.length ? before(prefixes, null).length : before(['note', 'media', 'event'], null).length, `${what}: count ${JSON.stringify(prefixes)}`);
      t.same(walk(records, prefixes, 7), prefixes.length ? before(prefixes, null) : before(['note', 'media', 'event'], null), `${what}: list ${JSON.stringify(prefixes)}`);
    }
  };
  check('empty');
  for (let i = 0; i < 40; i++) write(i % 3 ? 'note.created.v1' : 'note.removed.v1');
  check('40 notes');
  for (let i = 0; i < 5; i++) write('media.created.v1'); // fewer than a quarter more: the new records alone are counted
  check('5 media more');
  for (let i = 0; i < 100; i++) write(i % 2 ? 'event.created.v1' : 'media.created.v1'); // more than a quarter: all counted again
  check('100 more');
  write('note.created.v1');
  check('one more');
});

t.test('a log that seems to have shrunk is counted again, not trusted', async (t) => {
  const { db, records, write } = log();
  for (let i = 0; i < 10; i++) write('note.created.v1');
  t.equal(records.count(['note']), 10);
  db.exec('DELETE FROM records WHERE seq > 6');
  t.equal(records.count(['note']), 6);
  t.same(walk(records, ['note'], 4), [6, 5, 4, 3, 2, 1]);
});

t.test('records a transaction wrote are counted inside it, and forgotten when it rolls back', async (t) => {
  const { records } = log();
  const actor = { kind: 'system' as const, credentialId: null };
  const note = (id: string) => records.append({ kind: 'note.created.v1', entity_type: 'note', entity_id: id, actor });
  records.transact(() => { for (let i = 0; i < 8; i++) note(`c${i}`); });
  const committed = records.count(['note']);
  t.equal(committed, 8);
  t.throws(() => records.transact(() => {
    note('rolled back'); // one record after eight counted: counted on its own
    t.equal(records.count(['note']), committed + 1, 'inside: as its reads see the log');
    t.equal(records.list({ beforeSeq: null, limit: 10, kindPrefixes: ['note'] })[0].entity_id, 'rolled back');
    throw new Error('roll back');
  }), /roll back/);
  // The same seq again, now for another kind: only what committed is counted.
  const media = records.transact(() => records.append({ kind: 'media.created.v1', entity_type: 'media', entity_id: 'm1', actor })).result;
  t.equal(media.seq, committed + 1, 'the rolled-back seq was given again');
  t.equal(records.count(['note']), committed);
  t.equal(records.count(['media']), 1);
  t.same(records.list({ beforeSeq: null, limit: 2, kindPrefixes: ['media', 'note'] }).map((record) => record.entity_id), ['m1', 'c7']);
});

t.test('kindKept: the kind itself, or the prefix and a dot; the prefix\'s ASCII case does not matter for the second', async (t) => {
  t.ok(kindKept(['note'], 'note'));
  t.ok(kindKept(['note'], 'note.created.v1'));
  t.notOk(kindKept(['note'], 'notebook.x.v1'));
  t.notOk(kindKept(['note.created'], 'note.created_at.v1'));
  t.ok(kindKept(['NoTe'], 'note.created.v1'));
  t.notOk(kindKept(['NOTE'], 'note'), 'equal only as written (SQL =)');
  t.ok(kindKept(['media', 'note'], 'note.x.v1'), 'any of the prefixes');
  t.notOk(kindKept([], 'note.x.v1'), 'no prefix keeps nothing (the log reads no filter as all)');
});
