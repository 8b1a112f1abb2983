import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestServer, handClock } from '@rootline/kernel/testing';
import type { DuplicatesService } from '../src/service.js';
import { claim, db, duplicatesServer, ok, person, persona, PLUGINS, ranked, UNKNOWN } from './fixtures/helpers.js';

const stale = (s: Parameters<typeof db>[0]) => db(s).prepare('SELECT kind, id FROM duplicate_stale ORDER BY kind, id').all();
const indexed = (s: Parameters<typeof db>[0]) => db(s).prepare('SELECT count(*) FROM duplicate_persons').pluck().get();

t.test('observers only note what changed; a search brings the index up to date first', async (t) => {
  const s = await duplicatesServer(t, { background: false });
  const smith = await person(s, { given: 'John', surname: 'Smith' });
  t.same(stale(s), [{ kind: 'person', id: smith.id }], 'a new person is noted, not indexed');
  t.equal(indexed(s), 0);
  t.same(await ranked(s, { surname: 'Smith' }), [[smith.id, 1]], 'found: the search caught up');
  t.same(stale(s), []);
  t.equal(indexed(s), 1);

  const claimed = await persona(s, { given: 'Ann', surname: 'Jones' });
  t.same(stale(s), [], 'a new persona is in no person: nothing noted');
  await claim(s, { persona: claimed, kind: 'occupation', value: 'Glover' });
  t.same(stale(s), [], 'a claim that is not a birth or death: nothing noted');
  await claim(s, { persona: claimed, kind: 'baptism', date: '1850' });
  t.same(stale(s), [{ kind: 'persona', id: claimed }], 'a baptism is noted by persona');
  await ok(s.request('PUT', `/v1/persons/${smith.id}/living-status`, { body: { living: false } }));
  t.same(stale(s), [{ kind: 'persona', id: claimed }], 'the living status is not indexed');
});

t.test('fresh after a name change, a new person, a retraction, a merge and a split', async (t) => {
  const s = await duplicatesServer(t, { background: false });
  const first = await persona(s, { given: 'John', surname: 'Smith' });
  const john = await ok(s.request('POST', '/v1/persons', { body: { personas: [first] } }), 201);
  t.same(await ranked(s, { surname: 'Smith' }), [[john.id, 1]]);

  await ok(s.request('PUT', `/v1/personas/${first}/name-pieces`, { body: { given: 'John', surname: 'Kowalski' } }));
  t.same(await ranked(s, { surname: 'Smith' }), [], 'the old name is gone from the index');
  t.same(await ranked(s, { surname: 'Kovalsky' }), [[john.id, 0.883]], 'the new one is there');

  const jan = await person(s, { given: 'Jan', surname: 'Kowalski' }, { birth: '1850' });
  t.same(await ranked(s, { surname: 'Kowalski' }), [[john.id, 1], [jan.id, 1]], 'a new person');

  await ok(s.request('POST', `/v1/persons/${jan.id}/retract`, { body: {} }));
  t.same(await ranked(s, { surname: 'Kowalski' }), [[john.id, 1]], 'a retracted person never comes back');
  t.equal(db(s).prepare('SELECT count(*) FROM duplicate_keys k JOIN duplicate_persons p USING (seq) WHERE p.person = ?').pluck().get(jan.id), 0, 'its keys are gone');

  const second = await persona(s, { given: 'Johann', surname: 'Schmidt' });
  const johann = await ok(s.request('POST', '/v1/persons', { body: { personas: [second] } }), 201);
  await claim(s, { persona: second, kind: 'birth', date: '1849' });
  t.same(await ranked(s, { surname: 'Schmidt', birth: '1849' }), [[johann.id, 1]]);
  await ok(s.request('POST', '/v1/persons/merge', { body: { survivor: john.id, merged: johann.id } }));
  t.same(await ranked(s, { surname: 'Schmidt' }), [[john.id, 1]], 'merged: the survivor has both names, the merged person is gone');
  t.same(await ranked(s, { surname: 'Kowalski' }), [[john.id, 1]]);
  t.same(await ranked(s, { surname: 'Schmidt', birth: '1849' }), [[john.id, 1]], 'and the birth it brought');

  const split = await ok(s.request('POST', `/v1/persons/${john.id}/split`, { body: { personas: [second] } }));
  t.equal(split.new_person.id, johann.id, 'the split reverses the merge');
  t.same(await ranked(s, { surname: 'Schmidt' }), [[johann.id, 1]], 'split: each name with its own person again');
  t.same(await ranked(s, { surname: 'Kowalski' }), [[john.id, 1]]);
});

t.test('the background catch-up indexes without a search', async (t) => {
  const s = await duplicatesServer(t, { background: true });
  const smith = await person(s, { given: 'John', surname: 'Smith' });
  for (const deadline = Date.now() + 30_000; stale(s).length > 0 && Date.now() < deadline;) await new Promise((done) => setTimeout(done, 20));
  t.same(stale(s), [], 'caught up in the background');
  t.equal(indexed(s), 1);
  t.same(await ranked(s, { surname: 'Smith' }), [[smith.id, 1]]);
});

t.test('the background catch-up waits while a bulk job (an import) writes the tree, then catches up', async (t) => {
  const clock = handClock();
  const s = await duplicatesServer(t, { background: true, clock });
  s.server.kernel.trees.active().bulkTransact(() => undefined);
  await person(s, { given: 'John', surname: 'Smith' });
  // Real timers: the catch-up's delay (250 ms) passes several times over while the job's second does not.
  await new Promise((done) => setTimeout(done, 900));
  t.not(stale(s).length, 0, 'still waiting: the bulk job has the tree');
  clock.advance(1000);
  for (const deadline = Date.now() + 30_000; stale(s).length > 0 && Date.now() < deadline;) await new Promise((done) => setTimeout(done, 20));
  t.same(stale(s), [], 'caught up once the job was over');
  t.equal(indexed(s), 1);
});

t.test('a tree that had persons before the plugin came: every person is indexed once, at the first opening', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-duplicates-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const before = await buildTestServer(t, { dataDir, plugins: PLUGINS.filter((name) => name !== '@rootline/plugin-duplicates') });
  const smith = await person(before, { given: 'John', surname: 'Smith' });
  const jones = await person(before, { given: 'Mary', surname: 'Jones' });
  await before.server.close();

  const after = await duplicatesServer(t, { dataDir, background: false });
  t.same(stale(after).map((row: any) => row.id).sort(), [smith.id, jones.id].sort(), 'marked at the first opening');
  t.equal(db(after).prepare('SELECT seeded FROM duplicate_meta').pluck().get(), 1);
  t.same(await ranked(after, { surname: 'Smith' }), [[smith.id, 1]]);
  await after.server.close();

  const again = await duplicatesServer(t, { dataDir, background: false });
  t.same(stale(again), [], 'only once');
  t.same(await ranked(again, { surname: 'Jones' }), [[jones.id, 1]]);
});

t.test('seeding walks every page of persons; a failed background catch-up is logged and left to the next search', async (t) => {
  const s = await duplicatesServer(t, { background: false });
  const tree = s.server.kernel.trees.active();
  const { DuplicateIndex } = await import('../src/index-store.js');
  const { DuplicateIndexer } = await import('../src/indexer.js');
  const pages = new Map<number, { items: { id: string }[]; next: number | null }>([
    [0, { items: [{ id: 'p1' }, { id: 'p2' }], next: 7 }],
    [7, { items: [{ id: 'p3' }], next: null }],
  ]);
  const walked: number[] = [];
  const persons = { walk: (after: number) => (walked.push(after), pages.get(after)!) };
  t.equal(new DuplicateIndex(tree).seed(persons as never), 3);
  t.same(walked, [0, 7]);
  t.same(stale(s).map((row: any) => row.id), ['p1', 'p2', 'p3']);

  const errors: unknown[] = [];
  const broken = { id: 'broken', db: { open: true }, transactUnflushed: () => { throw new Error('disk on fire'); } };
  const indexer = new DuplicateIndexer({ servicesFor: () => ({}) } as never, { error: (...args: unknown[]) => errors.push(args) }, { enabled: true, delayMs: 0 });
  indexer.schedule(broken as never);
  await new Promise((done) => setTimeout(done, 20));
  t.match(errors, [[{ tree: 'broken', err: { message: 'disk on fire' } }, 'duplicates: background catch-up failed']]);
  indexer.schedule(broken as never);
  indexer.close();
  await new Promise((done) => setTimeout(done, 20));
  t.equal(errors.length, 1, 'closed: the scheduled batch does not run');
  indexer.schedule(broken as never);
  await new Promise((done) => setTimeout(done, 20));
  t.equal(errors.length, 1, 'nor any later one');
  const off = new DuplicateIndexer({ servicesFor: () => ({}) } as never, { error: (...args: unknown[]) => errors.push(args) }, { enabled: false, delayMs: 0 });
  off.schedule(broken as never);
  await new Promise((done) => setTimeout(done, 20));
  t.equal(errors.length, 1, 'switched off: never runs');
});

t.test('re-keying writes only the keys that changed', async (t) => {
  const s = await duplicatesServer(t, { background: false });
  const first = await persona(s, { given: 'John', surname: 'Smith' });
  const john = await ok(s.request('POST', '/v1/persons', { body: { personas: [first] } }), 201);
  await ranked(s, { surname: 'Smith' });
  const keys = () => db(s).prepare('SELECT key FROM duplicate_keys ORDER BY key').pluck().all();
  t.same(keys(), ['g:k:jhn', 'g:m:JN', 'g:m:AN', 'g:n:john', 's:d:463000', 's:k:shmt', 's:m:SM0', 's:m:XMT'].sort());
  const changes = () => db(s).prepare('SELECT total_changes()').pluck().get() as number;
  await claim(s, { persona: first, kind: 'birth', date: '1850' });
  const before = changes();
  t.same(await ranked(s, { surname: 'Smith', birth: '1850' }), [[john.id, 1]]);
  t.equal(changes() - before, 2, 'a new birth: the row and the stale entry, no key');
  t.same(db(s).prepare('SELECT birth_lo, birth_hi, keys FROM duplicate_persons').get(), { birth_lo: 1850, birth_hi: 1850, keys: 's:m:SM0 s:m:XMT s:d:463000 s:k:shmt g:m:JN g:m:AN g:k:jhn g:n:john' });
  await ok(s.request('PUT', `/v1/personas/${first}/name-pieces`, { body: { given: 'John', surname: 'Smyth' } }));
  await ranked(s, { surname: 'Smyth' });
  t.same(keys(), ['g:k:jhn', 'g:m:JN', 'g:m:AN', 'g:n:john', 's:d:463000', 's:k:shmt', 's:m:SM0', 's:m:XMT'].sort(), 'Smyth has the keys of Smith');
  await ok(s.request('PUT', `/v1/personas/${first}/name-pieces`, { body: { given: 'John', surname: 'Jones' } }));
  await ranked(s, { surname: 'Jones' });
  t.same(keys(), ['g:k:jhn', 'g:m:AN', 'g:m:JN', 'g:n:john', 's:d:164000', 's:d:464000', 's:k:jns', 's:m:ANS', 's:m:JNS'].sort());
});

/** `count` persons surnamed Smith (given names Rhys0, Rhys1, ...), concluded through the services in one transaction: each noted stale. */
function manySmiths(s: Parameters<typeof db>[0], count: number): string[] {
  const actor = { kind: 'human' as const, credentialId: null };
  const { personasService, personsService } = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const personas = personasService.createMany(actor, Array.from({ length: count }, (_, i) => ({ given: `Rhys${i}`, surname: 'Smith' })));
  return personsService.concludeMany(actor, personas.map((p) => [p.id])).map((p) => p.id);
}

t.test('a search catches the index up a batch at a time, with a pause between; its own refusals come first, at once', async (t) => {
  const s = await duplicatesServer(t, { background: false });
  manySmiths(s, 600);
  const service = s.server.kernel.servicesFor(s.server.kernel.trees.active(), { kind: 'human', credentialId: null }).duplicatesService;
  for (const [search, code] of [[{}, 'name-required'], [{ given: '1850' }, 'name-required'], [{ surname: 'Smith', birth: 'soon' }, 'invalid-date'], [{ person: UNKNOWN }, 'not-found']] as const) {
    await t.rejects(service.candidatesWhenCaughtUp(search, async () => void t.fail('no catch-up before a refusal')), { code }, `${JSON.stringify(search)}: ${code}`);
  }
  t.equal(stale(s).length, 600, 'a refused search caught nothing up');
  const seen: number[] = [];
  const found = await service.candidatesWhenCaughtUp({ given: 'Rhys', surname: 'Smith' }, async () => {
    seen.push(stale(s).length);
  });
  t.same(seen, [500, 400, 300, 200, 100, 0], 'six batches of at most 100, a pause after each');
  t.same([found.length, found.every((item) => /^Rhys\d+ Smith$/.test(item.person.display_name) && item.score === 1)], [8, true], 'and the search found them (8, the default limit)');
  t.equal(indexed(s), 600);
});

t.test('other requests are answered while a search catches up a whole import', async (t) => {
  const s = await duplicatesServer(t, { background: false });
  manySmiths(s, 1500);
  const order: string[] = [];
  const search = s.request('GET', '/v1/persons/duplicate-candidates', { query: { surname: 'Smith', given: 'Rhys7' } }).then((reply) => (order.push('search'), reply));
  // Once the catch-up has begun, another request goes in.
  while (stale(s).length === 1500) await new Promise((done) => setImmediate(done));
  t.ok(stale(s).length > 0, `the catch-up was still going when the other request went in (${stale(s).length} left)`);
  const other = await s.request('GET', '/v1/persons', { query: { limit: '1' } });
  order.push('other');
  t.equal(other.statusCode, 200);
  t.equal((await search).statusCode, 200);
  t.same(order, ['other', 'search'], 'answered before the search was done');
  t.same(stale(s), []);
});

t.test('what a server stopped before catching up left is caught up in the background at the next open', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-duplicates-left-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const first = await duplicatesServer(t, { dataDir, background: false });
  manySmiths(first, 300);
  t.equal(stale(first).length, 300);
  await first.server.close();

  const again = await duplicatesServer(t, { dataDir, background: true });
  for (const deadline = Date.now() + 15_000; stale(again).length > 0 && Date.now() < deadline;) await new Promise((done) => setTimeout(done, 20));
  t.same(stale(again), [], 'caught up with no search and no change');
  t.equal(indexed(again), 300);
});

t.test("the service's own candidates (no pause to give) catches everything up first, in one piece", async (t) => {
  const s = await duplicatesServer(t, { background: false });
  manySmiths(s, 300);
  const service = s.server.kernel.servicesFor(s.server.kernel.trees.active(), { kind: 'human', credentialId: null }).duplicatesService;
  const found = service.candidates({ surname: 'Smith', limit: 50 });
  t.equal(found.length, 50);
  t.same(stale(s), [], 'nothing left stale');
  t.equal(indexed(s), 300);
  manySmiths(s, 150);
  const own = service as unknown as DuplicatesService;
  t.equal(await own.catchUpPaced(async () => undefined), 150, 'the paced catch-up says how many entries it took');
  t.equal(await own.catchUpPaced(), 0, 'and none when nothing is stale');
});
