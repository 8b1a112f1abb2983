import t from 'tap';
import type { Tree, TreeRecord } from '@rootline/kernel';
import { changedEntities, MAX_RECORDS_SCANNED, walkChanges } from '../src/changes.js';

/** The record walks over a log held in memory (the real log: sections.test.ts). */

function fakeTree(records: { kind: string; entity_id: string; payload?: unknown }[]) {
  const log: TreeRecord[] = records.map((record, at) => ({
    seq: at + 1,
    record_id: `r${at + 1}`,
    kind: record.kind,
    entity_type: 'thing',
    entity_id: record.entity_id,
    actor: { kind: 'system', credential_id: null },
    at_ms: at,
    payload: record.payload ?? {},
  }));
  const reads: { beforeSeq: number | null; limit: number; kindPrefixes: string[] }[] = [];
  const tree = {
    records: {
      list(options: { beforeSeq: number | null; limit: number; kindPrefixes: string[] }) {
        reads.push(options);
        return log
          .filter((record) => options.beforeSeq === null || record.seq < options.beforeSeq)
          .filter((record) => options.kindPrefixes.some((prefix) => record.kind === prefix || record.kind.startsWith(`${prefix}.`)))
          .reverse()
          .slice(0, options.limit);
      },
    },
  } as unknown as Tree;
  return { tree, reads };
}

const many = (n: number, kind = 'thing.made.v1') => Array.from({ length: n }, (_, i) => ({ kind, entity_id: `e${i}` }));

t.test('walkChanges: newest first, after since, by kind prefix, 500 at a time', async (t) => {
  const { tree, reads } = fakeTree([...many(3), { kind: 'other.made.v1', entity_id: 'x' }, { kind: 'thingy.made.v1', entity_id: 'y' }]);
  const seen: number[] = [];
  t.same(walkChanges(tree, ['thing'], null, (record) => (seen.push(record.seq), true)), { complete: true });
  t.same(seen, [3, 2, 1], 'newest first; other kinds (and a kind that only starts with the same letters) left out');
  t.same(reads, [{ beforeSeq: null, limit: 500, kindPrefixes: ['thing'] }]);
  seen.length = 0;
  t.same(walkChanges(tree, ['thing'], 1, (record) => (seen.push(record.seq), true)), { complete: true });
  t.same(seen, [3, 2], 'only records after since');
  seen.length = 0;
  t.same(walkChanges(tree, ['thing'], 0, (record) => (seen.push(record.seq), true)), { complete: true });
  t.same(seen, [3, 2, 1], 'since 0: all of them');
  t.same(walkChanges(tree, ['thing'], null, (record) => record.seq > 2), { complete: false }, 'visit stopped it');
});

t.test('walkChanges reads page after page and gives up after MAX_RECORDS_SCANNED', async (t) => {
  const exact = fakeTree(many(1000));
  let visited = 0;
  t.same(walkChanges(exact.tree, ['thing'], null, () => (visited++, true)), { complete: true });
  t.equal(visited, 1000);
  t.same(exact.reads.map((read) => read.beforeSeq), [null, 501, 1], 'keyset on the last seq read; a short (empty) page ends it');
  const under = fakeTree(many(MAX_RECORDS_SCANNED - 1));
  t.same(walkChanges(under.tree, ['thing'], null, () => true), { complete: true });
  const at = fakeTree(many(MAX_RECORDS_SCANNED + 10));
  visited = 0;
  t.same(walkChanges(at.tree, ['thing'], null, () => (visited++, true)), { complete: false });
  t.equal(visited, MAX_RECORDS_SCANNED, 'exactly the limit read');
  t.same(walkChanges(at.tree, ['thing'], 11, () => true), { complete: true }, 'since within reach: the walk gets to it before the limit');
});

t.test('changedEntities: each entity once at its latest change, shown or not, limit and more', async (t) => {
  const { tree } = fakeTree([
    { kind: 'thing.made.v1', entity_id: 'a' },
    { kind: 'thing.made.v1', entity_id: 'b' },
    { kind: 'thing.changed.v1', entity_id: 'a' },
    { kind: 'thing.made.v1', entity_id: 'hidden' },
    { kind: 'thing.joined.v1', entity_id: 'c', payload: { other: 'd' } },
  ]);
  const show = (id: string) => (id === 'hidden' ? undefined : { id });
  const both = (record: TreeRecord) => [record.entity_id, ...((record.payload as { other?: string }).other ? [(record.payload as { other: string }).other] : [])];
  t.same(changedEntities(tree, ['thing'], null, 10, show), { items: [{ id: 'c' }, { id: 'a' }, { id: 'b' }], more: false }, 'latest change first, each once, the hidden one left out');
  t.same(changedEntities(tree, ['thing'], null, 10, show, both), { items: [{ id: 'c' }, { id: 'd' }, { id: 'a' }, { id: 'b' }], more: false }, 'a record may change two entities');
  t.same(changedEntities(tree, ['thing'], null, 3, show), { items: [{ id: 'c' }, { id: 'a' }, { id: 'b' }], more: false }, 'exactly the limit');
  t.same(changedEntities(tree, ['thing'], null, 2, show), { items: [{ id: 'c' }, { id: 'a' }], more: true }, 'one past the limit: more');
  t.same(changedEntities(tree, ['thing'], 2, 10, show), { items: [{ id: 'c' }, { id: 'a' }], more: false }, 'after since only');
  t.same(changedEntities(tree, ['thing'], null, 2, (id) => (id === 'b' || id === 'hidden' ? undefined : { id })), { items: [{ id: 'c' }, { id: 'a' }], more: false }, 'what would come next is not shown: no more');
  const calls: string[] = [];
  changedEntities(tree, ['thing'], null, 10, (id) => (calls.push(id), { id }));
  t.same(calls, ['c', 'hidden', 'a', 'b'], 'show is asked once per entity');
  calls.length = 0;
  changedEntities(tree, ['thing'], null, 1, (id) => (calls.push(id), id === 'hidden' ? undefined : { id }));
  t.same(calls, ['c', 'hidden', 'a'], 'the walk stops as soon as one item past the limit is known');
  const cap = fakeTree(many(MAX_RECORDS_SCANNED + 1, 'thing.made.v1').map((record) => ({ ...record, entity_id: 'same' })));
  t.same(changedEntities(cap.tree, ['thing'], null, 5, (id) => ({ id })), { items: [{ id: 'same' }], more: true }, 'a walk that gave up says more');
});
