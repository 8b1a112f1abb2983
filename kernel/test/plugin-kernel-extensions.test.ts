import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { definePlugin, type PluginKernel, type Tree } from '@rootline/kernel';
import type { PluginSource } from '@rootline/kernel/host';
import { buildTestServer, openEventStream } from '@rootline/kernel/testing';
import { jottingsPlugin } from './fixtures/plugins.js';

/** A plugin that only hands the test its `app.kernel` and the trees its onTreeOpen hook saw. */
function probePlugin(seen: { kernel?: PluginKernel; opened: string[]; rows: number[] }): PluginSource {
  const plugin = definePlugin({
    name: '@rootline/plugin-probe',
    scope: 'tree',
    register(app) {
      seen.kernel = app.kernel;
      app.kernel.onTreeOpen((tree: Tree) => {
        seen.opened.push(tree.id);
        // After migrations: the plugin's own table is there to read (and repair).
        seen.rows.push(tree.prepare('SELECT count(*) FROM probes').pluck().get() as number);
        tree.prepare("INSERT INTO probes (note) VALUES ('opened')").run();
      });
    },
  });
  return { name: '@rootline/plugin-probe', version: '1.0.0', plugin, migrations: [{ version: 1, name: 'probes', sql: 'CREATE TABLE probes (note TEXT NOT NULL);' }], peerDependencies: { '@rootline/kernel': '^0.2.0' } };
}

const probe = () => {
  const seen: { kernel?: PluginKernel; opened: string[]; rows: number[] } = { opened: [], rows: [] };
  return { seen, options: { builtIn: [probePlugin(seen), jottingsPlugin()], plugins: ['@rootline/plugin-probe', '@rootline/plugin-jottings'] } };
};

t.test('servicesFor gives a scope holding that tree and that actor, a new one per call', async (t) => {
  const { seen, options } = probe();
  const s = await buildTestServer(t, options);
  const other = s.server.kernel.trees.get((await s.request('POST', '/v1/trees', { body: { name: 'Other' } })).json().tree_id)!;
  const agent = { kind: 'agent' as const, credentialId: s.agentCredentialId, proposer: 'model-x' };
  const services = seen.kernel!.servicesFor(other, agent);
  t.equal(services.tree, other);
  t.not(services.tree, s.server.kernel.trees.active(), 'not the active tree');
  t.same(services.actor, agent);
  t.equal(services.clock, s.server.kernel.clock, 'the singletons are the server\'s');
  const second = seen.kernel!.servicesFor(s.server.kernel.trees.active(), { kind: 'human', credentialId: null });
  t.equal(second.tree, s.server.kernel.trees.active());
  t.equal(services.tree, other, 'an earlier scope keeps its tree');
});

t.test('onTreeOpen runs on every existing tree at boot, after migrations, and on a tree created later', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-kernel-ext-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const first = probe();
  const s = await buildTestServer(t, { ...first.options, dataDir });
  const activeId = s.server.kernel.registry.activeTreeId()!;
  t.same(first.seen.opened, [activeId], 'the first tree, made at first start');
  const later = (await s.request('POST', '/v1/trees', { body: { name: 'Later' } })).json().tree_id;
  t.same(first.seen.opened, [activeId, later], 'a tree created while running');
  t.same(first.seen.rows, [0, 0], 'the plugin\'s table existed (migrated) when the hook ran');
  s.server.kernel.trees.get(later);
  t.equal(first.seen.opened.length, 2, 'once per tree: reading an open tree does not run it again');
  await s.server.close();

  const second = probe();
  await buildTestServer(t, { ...second.options, dataDir });
  t.same([...second.seen.opened].sort(), [activeId, later].sort(), 'every tree again at the next boot');
  t.same(second.seen.rows, [1, 1], 'seeing what the last run left');
});

t.test('notify reaches SSE clients of that tree with its payload and no id line, and is not a record', async (t) => {
  const { seen, options } = probe();
  const s = await buildTestServer(t, options);
  const active = s.server.kernel.trees.active();
  const other = s.server.kernel.trees.get((await s.request('POST', '/v1/trees', { body: { name: 'Other' } })).json().tree_id)!;
  const stream = await openEventStream(s.url, s.humanToken, `/v1/trees/${active.id}/events/stream`);
  t.teardown(stream.close);
  await stream.until(/: connected/);
  seen.kernel!.notify(other, { kind: 'job.progress.v1', entity_type: 'job', entity_id: 'elsewhere', payload: { done: 9 } });
  seen.kernel!.notify(active, { kind: 'job.progress.v1', entity_type: 'job', entity_id: 'j1', payload: { job_id: 'j1', done: 3 } });
  await s.request('POST', '/v1/jottings', { body: { target: 'x', text: 'after' } });
  const text = await stream.until(/jotting\.written\.v1[\s\S]*\n\n/);
  const notice = /event: job\.progress\.v1\n(data: [^\n]*)\n\n/.exec(text);
  t.ok(notice, 'one frame: event and data, no id line');
  const data = JSON.parse(notice![1].slice(6));
  t.match(data, { kind: 'job.progress.v1', tree_id: active.id, seq: 0, entity_type: 'job', entity_id: 'j1', at_ms: Number, payload: { job_id: 'j1', done: 3 } });
  t.notMatch(text, /elsewhere/, 'another tree\'s notice stays on that tree');
  t.match(text, /event: jotting\.written\.v1\nid: 1\ndata: \{[^\n]*\}\n\n/, 'a record after it still has its id');
  t.notMatch(/event: jotting\.written\.v1\nid: 1\n(data: [^\n]*)/.exec(text)![1], /payload/, 'records go out without a payload');
  t.equal(active.records.lastSeq(), 1, 'the notice took no seq');
  t.same(s.records().map((r) => r.kind), ['jotting.written.v1'], 'and is not in the log');
});

t.test('withImportKey tags every record appended inside it, nested, restored after; an explicit import_key wins', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  const actor = { kind: 'human' as const, credentialId: null };
  const write = (entity_id: string, import_key?: string) =>
    tree.transact(() => tree.record({ kind: 'thing.made.v1', entity_type: 'thing', entity_id, actor, ...(import_key ? { import_key } : {}) }));
  write('before');
  const returned = tree.withImportKey('run-1', () => {
    write('outer-1');
    tree.withImportKey('run-2', () => write('inner'));
    write('outer-2');
    write('explicit', 'mine');
    return 'done';
  });
  t.equal(returned, 'done', 'the work\'s value comes back');
  t.throws(() => tree.withImportKey('run-3', () => {
    write('failed-run');
    throw new Error('stop');
  }), /stop/);
  write('after');
  const keys = Object.fromEntries(s.records().map((r) => [r.entity_id, r.import_key ?? null]));
  t.same(keys, { before: null, 'outer-1': 'run-1', inner: 'run-2', 'outer-2': 'run-1', explicit: 'mine', 'failed-run': 'run-3', after: null });
});

t.test("besideImport reads what other work wrote since an import's first record, oldest first, by pages; writtenByImport names the entities it wrote", async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  const actor = { kind: 'human' as const, credentialId: null };
  const write = (entity_id: string, payload: unknown = {}) => tree.transact(() => tree.record({ kind: 'thing.made.v1', entity_type: 'thing', entity_id, actor, payload }));
  t.same(tree.records.besideImport('run-1', null, 10), { records: [], next: null }, 'an import that wrote nothing: nothing beside it');
  write('before');
  tree.withImportKey('run-1', () => write('a'));
  write('beside-1', { about: 'a' });
  tree.withImportKey('run-2', () => write('other-run'));
  tree.withImportKey('run-1', () => write('b'));
  write('beside-2');
  const beside = tree.records.besideImport('run-1', null, 10);
  t.same(beside.records.map((r) => r.entity_id), ['beside-1', 'other-run', 'beside-2'], 'since its first, not its own, not before it; another run is other work');
  t.equal(beside.next, null, 'the log read to its end');
  t.same(beside.records[0].payload, { about: 'a' });
  const first = tree.records.besideImport('run-1', null, 2);
  t.same(first.records.map((r) => r.entity_id), ['beside-1', 'other-run'], 'a page');
  t.equal(first.next, first.records[1].seq, 'a full page: the next starts after its last');
  const second = tree.records.besideImport('run-1', first.next, 2);
  t.same(second.records.map((r) => r.entity_id), ['beside-2'], 'the next from its last seq');
  t.equal(second.next, null);
  t.same([...tree.records.writtenByImport('run-1', ['a', 'b', 'beside-1', 'other-run', 'nothing'])].sort(), ['a', 'b']);
  t.same([...tree.records.writtenByImport('run-1', [])], [], 'no ids: none');
});

t.test("besideImport looks at a bounded window of the log a call, however many of its records are the import's own", async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  const actor = { kind: 'human' as const, credentialId: null };
  const write = (entity_id: string) => tree.transact(() => tree.record({ kind: 'thing.made.v1', entity_type: 'thing', entity_id, actor, payload: {} }));
  tree.withImportKey('run-1', () => ['a', 'b', 'c', 'd', 'e'].forEach(write));
  write('beside-1');
  tree.withImportKey('run-1', () => write('f'));
  write('beside-2');
  write('beside-3');
  const start = s.records().find((r) => r.entity_id === 'a')!.seq;
  const seqOf = (id: string) => s.records().find((r) => r.entity_id === id)!.seq;
  const steps: { ids: string[]; next: number | null }[] = [];
  for (let after: number | null = null; ;) {
    const { records, next } = tree.records.besideImport('run-1', after, 10, 3);
    steps.push({ ids: records.map((r) => r.entity_id), next });
    if (next === null) break;
    after = next;
  }
  t.same(steps, [
    { ids: [], next: seqOf('d') },
    { ids: ['beside-1'], next: seqOf('f') },
    { ids: ['beside-2', 'beside-3'], next: null },
  ], "3 records a window after the import's first: the import's own fill the first, which gives nothing, and the walk goes on after it; the last window is short");
  t.equal(seqOf('b'), start + 1, 'the window starts after the import\'s first record');
  const limited = tree.records.besideImport('run-1', seqOf('f'), 1, 3);
  t.same([limited.records.map((r) => r.entity_id), limited.next], [['beside-2'], seqOf('beside-2')], 'a full page inside a window ends the call at its last record');
});
