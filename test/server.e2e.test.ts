import t from 'tap';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, ensureBundle, ownServer, rawRequest, startServer, type Api, type JsonResponse, type RunningServer } from './helpers/server-process.js';
import { openChangeStream } from './helpers/change-stream.js';

/**
 * The built server over a real socket. Every test starts a server of its own (a fresh data
 * folder, stopped in teardown), so none depends on what another made or on the order they run.
 */

const bundle = ensureBundle();

const createTree = async (api: Api, name: string): Promise<string> => {
  const reply = await api('/v1/trees', { method: 'POST', body: JSON.stringify({ name }) });
  if (reply.status !== 201) throw new Error(`tree ${name}: ${reply.status}`);
  return (await reply.json()).tree_id;
};

t.test('prints one line, writes server.json 0600', async (t) => {
  const server = await ownServer(t, bundle);
  t.same(server.stdout, [`Rootline listening on ${server.url}`]);
  const file = join(server.dataDir, 'server.json');
  t.equal(statSync(file).mode & 0o777, 0o600);
  const info = JSON.parse(readFileSync(file, 'utf8'));
  t.equal(info.url, server.url);
  t.equal(info.port, server.port);
  t.equal(info.pid, server.child.pid);
});

t.test('401 without a token, 421 for a foreign Host, 403 for a cross-site Origin', async (t) => {
  const { api, url, token } = await ownServer(t, bundle);
  const anonymous = await api('/v1/trees', { token: null });
  t.equal(anonymous.status, 401);
  t.equal((await anonymous.json()).code, 'unauthorized');
  const misdirected = await rawRequest(`${url}/v1/trees`, { host: 'attacker.example', authorization: `Bearer ${token}` });
  t.equal(misdirected.status, 421);
  t.equal(JSON.parse(misdirected.body).code, 'misdirected-request');
  const crossSite = await api('/v1/trees', { headers: { origin: 'https://attacker.example' } });
  t.equal(crossSite.status, 403);
  t.equal((await crossSite.json()).code, 'cross-origin-refused');
});

t.test('the pinned mount reaches the tree it names, not the active one; an unknown tree is 404 tree-not-found', async (t) => {
  const { api } = await ownServer(t, bundle);
  const active = (await (await api('/v1/trees')).json()).items[0].tree_id;
  const other = await createTree(api, 'Mother\'s side');
  t.not(other, active);
  const activeNote = await api('/v1/notes', { method: 'POST', body: JSON.stringify({ target: 'family-bible', text: 'Births on the flyleaf' }) });
  t.equal(activeNote.status, 201);
  const pinnedNote = await api(`/v1/trees/${other}/notes`, { method: 'POST', body: JSON.stringify({ target: 'family-bible', text: 'Written in the other tree' }) });
  t.equal(pinnedNote.status, 201);
  const texts = async (path: string) => ((await (await api(path)).json()) as { text: string }[]).map((note) => note.text);
  t.same(await texts('/v1/notes?target=family-bible'), ['Births on the flyleaf'], 'the active mount sees only the active tree');
  t.same(await texts(`/v1/trees/${other}/notes?target=family-bible`), ['Written in the other tree'], 'the pinned mount sees only the tree it names');
  t.same(await texts(`/v1/trees/${active}/notes?target=family-bible`), ['Births on the flyleaf'], 'pinning the active tree reads the same as the active mount');
  t.equal((await (await api(`/v1/trees/${other}`)).json()).active, false, 'the pinned tree stayed inactive');
  const unknown = await api('/v1/trees/00000000-0000-7000-8000-000000000000/notes?target=x');
  t.equal(unknown.status, 404);
  t.equal((await unknown.json()).code, 'tree-not-found');
});

t.test('an unknown query parameter is 400 on both mounts', async (t) => {
  const { api } = await ownServer(t, bundle);
  const other = await createTree(api, 'Pinned');
  for (const path of ['/v1/notes?target=x&colour=red', `/v1/trees/${other}/notes?target=x&colour=red`]) {
    const reply = await api(path);
    t.equal(reply.status, 400, path);
    t.equal((await reply.json()).code, 'unknown-query-parameter', path);
  }
});

t.test('a cursor walk visits every row once while rows are inserted between pages', async (t) => {
  const { api } = await ownServer(t, bundle);
  for (let i = 0; i < 23; i++) await createTree(api, `Branch ${i}`);
  const before = (await (await api('/v1/trees?limit=500')).json()).items.map((tree: { tree_id: string }) => tree.tree_id);
  t.equal(before.length, 24, 'the first tree and 23 branches');
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: { items: { tree_id: string }[]; next_cursor: string | null } = await (await api(`/v1/trees?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).json();
    seen.push(...page.items.map((tree) => tree.tree_id));
    cursor = page.next_cursor;
    pages++;
    await createTree(api, `Added while paging ${pages}`);
  } while (cursor);
  t.equal(new Set(seen).size, seen.length, 'no row twice');
  t.ok(before.every((id: string) => seen.includes(id)), 'every row that existed when paging began');
});

t.test('a cursor is refused under another query; limit is clamped', async (t) => {
  const { api } = await ownServer(t, bundle);
  for (let i = 0; i < 4; i++) await createTree(api, `Branch ${i}`);
  const first = await (await api('/v1/trees?limit=2&order=asc')).json();
  t.equal(first.items.length, 2);
  t.type(first.next_cursor, 'string', 'five trees, two a page: there is a next page');
  const other = await api(`/v1/trees?limit=2&order=desc&cursor=${encodeURIComponent(first.next_cursor)}`);
  t.equal(other.status, 400);
  t.equal((await other.json()).code, 'invalid-cursor');
  t.equal((await (await api('/v1/trees?limit=0')).json()).items.length, 1, 'limit=0 is clamped to 1');
  const big = await (await api('/v1/trees?limit=9999')).json();
  t.equal(big.total, 5);
  t.equal(big.items.length, 5, 'limit=9999 is clamped (to 200 on this list) and answers every tree');
});

t.test('idempotency-key rules', async (t) => {
  const { api } = await ownServer(t, bundle);
  const ok = await api('/v1/notes', { method: 'POST', headers: { 'idempotency-key': 'retry-1' }, body: JSON.stringify({ target: 'k', text: 'once' }) });
  t.equal(ok.status, 201);
  const again = await api('/v1/notes', { method: 'POST', headers: { 'idempotency-key': 'retry-1' }, body: JSON.stringify({ target: 'k', text: 'once' }) });
  t.equal(again.status, 201, 'not deduplicated: it applies again');
  const bad = await api('/v1/notes', { method: 'POST', headers: { 'idempotency-key': 'x'.repeat(201) }, body: JSON.stringify({ target: 'k', text: 'no' }) });
  t.equal(bad.status, 400);
  t.equal((await bad.json()).code, 'invalid-idempotency-key');
  t.equal((await (await api('/v1/notes?target=k')).json()).length, 2, 'the refused request wrote nothing');
});

t.test('the change stream receives note.created.v1 and tree.active_changed', async (t) => {
  const server = await ownServer(t, bundle);
  const { api } = server;
  const stream = await openChangeStream(server);
  t.teardown(() => stream.close());
  t.equal(stream.status, 200);
  t.match(stream.contentType, /^text\/event-stream/);
  await stream.waitFor(/: connected/);
  const note = await (await api('/v1/notes', { method: 'POST', body: JSON.stringify({ target: 'stream', text: 'seen live' }) })).json();
  t.ok(await stream.waitFor(/event: note\.created\.v1\nid: \d+\ndata: .*\n\n/), 'note.created.v1 arrives');
  const data = JSON.parse(/event: note\.created\.v1\nid: \d+\ndata: (.*)\n/.exec(stream.text)![1]);
  t.equal(data.entity_id, note.id);
  t.equal(data.entity_type, 'note');
  const other = await createTree(api, 'Switch target');
  const previous = data.tree_id;
  await api('/v1/trees/active', { method: 'PUT', body: JSON.stringify({ tree_id: other }) });
  t.ok(await stream.waitFor(/event: tree\.active_changed\ndata: .*\n\n/), 'tree.active_changed arrives');
  const switched = JSON.parse(/event: tree\.active_changed\ndata: (.*)\n/.exec(stream.text)![1]);
  t.same(switched, { tree_id: other, previous_tree_id: previous });
  await api('/v1/notes', { method: 'POST', body: JSON.stringify({ target: 'stream', text: 'in the new tree' }) });
  t.ok(await stream.waitFor(new RegExp(`"tree_id":"${other}","seq"`)), 'the active mount follows the new tree');
});

t.test('OpenAPI lists every route on both mounts with x-service-tier: preview', async (t) => {
  const { api } = await ownServer(t, bundle);
  const reply = await api('/v1/openapi.json', { token: null });
  t.equal(reply.status, 200);
  const document = await reply.json();
  t.equal(document.openapi, '3.1.0');
  const expected = [
    'get /v1/trees', 'post /v1/trees', 'get /v1/trees/{tree_id}', 'put /v1/trees/active', 'get /v1/capabilities',
    'get /v1/events/stream', 'get /v1/trees/{tree_id}/events/stream',
    'get /v1/notes', 'post /v1/notes', 'get /v1/notes/{id}', 'get /v1/trees/{tree_id}/notes', 'post /v1/trees/{tree_id}/notes', 'get /v1/trees/{tree_id}/notes/{id}',
    'get /v1/audit', 'get /v1/trees/{tree_id}/audit',
  ];
  const operations: [string, { 'x-service-tier'?: string; responses: Record<string, unknown> }][] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
    for (const [method, operation] of Object.entries(item)) operations.push([`${method} ${path}`, operation]);
  }
  const names = operations.map(([name]) => name);
  for (const name of expected) t.ok(names.includes(name), name);
  for (const [name, operation] of operations) {
    t.equal(operation['x-service-tier'], 'preview', `${name} has the tier`);
    t.ok(operation.responses['400'] && operation.responses['500'], `${name} documents its errors`);
  }
  const page = await api('/v1/docs', { token: null });
  t.equal(page.status, 200, 'an interactive docs page');
  t.match(page.headers.get('content-security-policy'), /default-src 'self'/);
  const script = await api('/v1/docs/assets/swagger-ui-bundle.js', { token: null });
  t.equal(script.status, 200, 'its script is served from the installed package');
  t.match(script.headers.get('content-type'), /javascript/);
  t.equal((await api('/v1/docs/assets/..%2Fpackage.json', { token: null })).status, 404, 'nothing but the listed assets');
});

t.test('CLI: agent credentials are created, listed and revoked', async (t) => {
  const server = await ownServer(t, bundle);
  const { api } = server;
  const token = server.cli('agent', 'create', '--label', 'Research assistant');
  t.match(token, /^rla_[A-Za-z0-9_-]{43}$/);
  t.equal((await api('/v1/trees', { token })).status, 200);
  const listed = server.cli('agent', 'list');
  t.match(listed, /active\t.*\tResearch assistant/);
  t.notMatch(listed, /rla_/, 'the list never shows tokens');
  const [header, ...rows] = listed.trim().split('\n');
  t.match(header, /^CREDENTIAL ID\t/, 'a header line first');
  const id = rows.find((row) => row.includes('Research assistant'))!.split('\t')[0];
  server.cli('agent', 'revoke', id);
  // Revocations from another process apply within 200 ms: ask until they have (at most 30 s, for a loaded machine).
  const deadline = Date.now() + 30_000;
  let status = 0;
  do {
    status = (await api('/v1/trees', { token })).status;
    if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 50));
  } while (status !== 401 && Date.now() < deadline);
  t.equal(status, 401, 'the revoked credential is refused');
  t.equal(server.cli('token'), server.token);
});

t.test('SIGTERM stops cleanly and removes server.json', async (t) => {
  const server = await ownServer(t, bundle);
  t.ok(existsSync(join(server.dataDir, 'server.json')), 'written while running');
  const code = await server.stop('SIGTERM');
  t.equal(code, 0);
  t.notOk(existsSync(join(server.dataDir, 'server.json')));
});

t.test('a build without the notes plugin has no notes routes', async (t) => {
  const lean = ensureBundle('manifests/without-notes.json', 'dist/rootline-without-notes.mjs');
  const server = await ownServer(t, lean);
  const headers = { authorization: `Bearer ${server.token}` };
  const notes = (await fetch(`${server.url}/v1/notes?target=x`, { headers })) as JsonResponse;
  t.equal(notes.status, 404);
  t.equal((await notes.json()).code, 'route-not-found');
  t.equal((await fetch(`${server.url}/v1/audit`, { headers })).status, 200, 'the other plugins are there');
  const capabilities = (await (await fetch(`${server.url}/v1/capabilities`, { headers })).json()) as any;
  t.notOk(capabilities.plugins.some((p: { name: string }) => p.name === '@rootline/plugin-notes'));
  t.ok(capabilities.plugins.some((p: { name: string }) => p.name === '@rootline/plugin-assertions'));
});

t.test('a second server on the same data folder refuses to start; a stale server.json does not block', async (t) => {
  const first = await startServer(bundle);
  const started: { second?: RunningServer } = {};
  t.teardown(async () => {
    await started.second?.stop();
    await first.stop();
    cleanup(first);
  });
  await t.rejects(startServer(bundle, { dataDir: first.dataDir }), { message: /already running for this data folder at http:\/\/127\.0\.0\.1:\d+/ });
  await first.stop('SIGKILL');
  t.ok(existsSync(`${first.dataDir}/server.json`), 'a crash leaves server.json behind');
  const second = (started.second = await startServer(bundle, { dataDir: first.dataDir }));
  t.match(second.url, /^http:\/\/127\.0\.0\.1:\d+$/, 'a stale file from a dead process is ignored');
  t.equal(await second.stop(), 0, 'and it stops cleanly');
});
