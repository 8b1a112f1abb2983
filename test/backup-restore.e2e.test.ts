import t from 'tap';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createAgent, ensureBundle, ownServer } from './helpers/server-process.js';
import { checkedCalls } from './helpers/checked-calls.js';

/**
 * Issue 13 end to end, over a real socket with the default build: a genealogist's tree
 * (persons concluded over personas, claims, a parent edge, scans uploaded as blobs) backed up
 * to a folder of their choice, listed, and restored into a new tree that reads the same
 * through the API (persons, claims, blobs by address), while the active tree stays as it was.
 */
t.test('back up a real tree, list it, restore it as a new tree that reads the same', async (t) => {
  const server = await ownServer(t, ensureBundle());
  const { api } = server;
  const root = mkdtempSync(join(tmpdir(), 'rootline-e2e-backups-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const { call, post, finished } = checkedCalls(t, api);

  const source = await post('/v1/sources', { title: 'Parish register of Ledbury, baptisms 1840-1860' });
  const people: string[] = [];
  const personas: string[] = [];
  for (const [given, surname, born] of [['William', 'Smyth', '12 MAR 1851'], ['John', 'Smyth', 'ABT 1820'], ['Mary', 'Ó Súilleabháin', '1824']]) {
    const persona = await post('/v1/personas', { given, surname, source: source.id });
    personas.push(persona.id);
    await post('/v1/assertions/capture', { persona: persona.id, kind: 'birth', date: born, place: 'Ledbury', source: source.id });
    people.push((await post('/v1/persons', { personas: [persona.id] }, 201)).id);
  }
  await post('/v1/relationships', { kind: 'parent', parent: people[1], child: people[0] }, 201);
  const scans: string[] = [];
  for (let i = 0; i < 3; i++) {
    const bytes = randomBytes(200_000 + i);
    const reply = await api('/v1/blobs', { method: 'POST', body: bytes, headers: { 'content-type': 'application/octet-stream' } });
    scans.push((await reply.json()).address);
  }

  t.equal((await api('/v1/backup/config', { token: null })).status, 401, 'a token is needed');
  await call('/v1/backup/config', { method: 'PUT', body: JSON.stringify({ backup_root_path: root, cadence_hours: 24, enabled: false, retention: { keep_last: 3, keep_days: 0 } }) });
  const queued = await call('/v1/backup/run', { method: 'POST' }, 202);
  const job = await finished(queued.job_id);
  t.equal(job.state, 'succeeded', JSON.stringify(job.error));
  const listed = (await call(`/v1/backup/manifests?backup_root=${encodeURIComponent(root)}`)).manifests;
  t.equal(listed.length, 1);
  t.match(listed[0], { backup_id: job.result.backup_id, tree_id: queued.tree_id, tree_name: 'My tree', object_count: 4 });

  const restored = await post('/v1/restore', { backup_root: root, tree_id: queued.tree_id, backup_id: job.result.backup_id });
  t.match(restored, { source_tree_id: queued.tree_id, objects_verified: 4, tree_name: /^My tree \(restored \d{4}-\d{2}-\d{2}\)$/ });
  t.equal((await call('/v1/trees?limit=10')).items.find((tree: { active: boolean }) => tree.active).tree_id, queued.tree_id, 'the active tree is unchanged');
  const pinned = `/v1/trees/${restored.tree_id}`;
  const strip = (page: { items: Record<string, unknown>[] }) => page.items;
  t.same(strip(await call(`${pinned}/persons?limit=100`)), strip(await call('/v1/persons?limit=100')), 'the same persons');
  for (const persona of personas) {
    const claims = strip(await call(`/v1/assertions?persona=${persona}`));
    t.equal(claims.length, 1);
    t.same(strip(await call(`${pinned}/assertions?persona=${persona}`)), claims, 'the same claims');
  }
  t.same(await call(`${pinned}/persons/${people[0]}/card`), await call(`/v1/persons/${people[0]}/card`), 'the same card');
  for (const address of scans) {
    const copy = await api(`${pinned}/blobs/sha256:${address}`);
    const original = await api(`/v1/blobs/sha256:${address}`);
    t.equal(copy.status, 200);
    t.same(Buffer.from(await copy.arrayBuffer()), Buffer.from(await original.arrayBuffer()), `scan ${address.slice(0, 8)} by its address`);
  }
  t.same(readdirSync(join(server.dataDir, 'trees')).sort(), [queued.tree_id, restored.tree_id].sort(), 'no staging folder left');
  const agent = createAgent(server, 'e2e');
  t.equal((await api('/v1/restore', { method: 'POST', token: agent, body: JSON.stringify({ backup_root: root, tree_id: queued.tree_id, backup_id: job.result.backup_id }) })).status, 403, 'an agent may not restore');
  t.equal((await api('/v1/backup/status', { token: agent })).status, 200, 'but may read the status');
});
