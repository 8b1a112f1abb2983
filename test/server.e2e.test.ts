import t from 'tap';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBundle, startServer, cleanup, rawRequest } from './helpers/server-process.js';

const bundle = ensureBundle();
type JsonResponse = Omit<Response, 'json'> & { json(): Promise<any> };

t.test('the built server over a real socket', async (t) => {
  const server = await startServer(bundle);
  t.teardown(async () => {
    await server.stop();
    cleanup(server);
  });
  const api = (path: string, init: RequestInit & { token?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    const token = init.token === undefined ? server.token : init.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return fetch(`${server.url}${path}`, { ...init, headers }) as Promise<JsonResponse>;
  };

  t.test('prints one line, writes server.json 0600', async (t) => {
    t.same(server.stdout, [`Rootline listening on ${server.url}`]);
    const file = join(server.dataDir, 'server.json');
    t.equal(statSync(file).mode & 0o777, 0o600);
    const { readFileSync } = await import('node:fs');
    const info = JSON.parse(readFileSync(file, 'utf8'));
    t.equal(info.url, server.url);
    t.equal(info.port, server.port);
    t.equal(info.pid, server.child.pid);
  });

  t.test('401 without a token, 421 for a foreign Host, 403 for a cross-site Origin', async (t) => {
    const anonymous = await api('/v1/trees', { token: null });
    t.equal(anonymous.status, 401);
    t.equal((await anonymous.json()).code, 'unauthorized');
    const misdirected = await rawRequest(`${server.url}/v1/trees`, { host: 'attacker.example', authorization: `Bearer ${server.token}` });
    t.equal(misdirected.status, 421);
    t.equal(JSON.parse(misdirected.body).code, 'misdirected-request');
    const crossSite = await api('/v1/trees', { headers: { origin: 'https://attacker.example' } });
    t.equal(crossSite.status, 403);
    t.equal((await crossSite.json()).code, 'cross-origin-refused');
  });

  t.test('both mounts reach the same tree; an unknown tree is 404 tree-not-found', async (t) => {
    const trees = await (await api('/v1/trees')).json();
    const treeId = trees.items[0].tree_id;
    const created = await api('/v1/notes', { method: 'POST', body: JSON.stringify({ target: 'family-bible', text: 'Births on the flyleaf' }) });
    t.equal(created.status, 201);
    const pinned = await (await api(`/v1/trees/${treeId}/notes?target=family-bible`)).json();
    t.equal(pinned[0].text, 'Births on the flyleaf');
    const unknown = await api('/v1/trees/00000000-0000-7000-8000-000000000000/notes?target=x');
    t.equal(unknown.status, 404);
    t.equal((await unknown.json()).code, 'tree-not-found');
  });

  t.test('an unknown query parameter is 400 on both mounts', async (t) => {
    const reply = await api('/v1/notes?target=x&colour=red');
    t.equal(reply.status, 400);
    t.equal((await reply.json()).code, 'unknown-query-parameter');
  });

  t.test('a cursor walk visits every row once while rows are inserted between pages', async (t) => {
    for (let i = 0; i < 23; i++) await api('/v1/trees', { method: 'POST', body: JSON.stringify({ name: `Branch ${i}` }) });
    const before = (await (await api('/v1/trees?limit=500')).json()).items.map((tree: { tree_id: string }) => tree.tree_id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: { tree_id: string }[]; next_cursor: string | null } = await (await api(`/v1/trees?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).json();
      seen.push(...page.items.map((tree) => tree.tree_id));
      cursor = page.next_cursor;
      pages++;
      await api('/v1/trees', { method: 'POST', body: JSON.stringify({ name: `Added while paging ${pages}` }) });
    } while (cursor);
    t.equal(new Set(seen).size, seen.length, 'no row twice');
    t.ok(before.every((id: string) => seen.includes(id)), 'every row that existed when paging began');
  });

  t.test('a cursor is refused under another query; limit is clamped', async (t) => {
    const first = await (await api('/v1/trees?limit=2&order=asc')).json();
    const other = await api(`/v1/trees?limit=2&order=desc&cursor=${encodeURIComponent(first.next_cursor)}`);
    t.equal(other.status, 400);
    t.equal((await other.json()).code, 'invalid-cursor');
    t.equal((await (await api('/v1/trees?limit=0')).json()).items.length, 1);
    const big = await (await api('/v1/trees?limit=9999')).json();
    t.equal(big.items.length, Math.min(big.total, 200), 'clamped to 200 on this list');
  });

  t.test('idempotency-key rules', async (t) => {
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
    const controller = new AbortController();
    const stream = await api('/v1/events/stream', { signal: controller.signal });
    t.equal(stream.status, 200);
    t.match(stream.headers.get('content-type'), /^text\/event-stream/);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const waitFor = async (pattern: RegExp) => {
      const deadline = Date.now() + 5000;
      while (!pattern.test(text) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
      return pattern.test(text);
    };
    await waitFor(/: connected/);
    const note = await (await api('/v1/notes', { method: 'POST', body: JSON.stringify({ target: 'stream', text: 'seen live' }) })).json();
    t.ok(await waitFor(/event: note\.created\.v1\nid: \d+\ndata: .*\n\n/), 'note.created.v1 arrives');
    const data = JSON.parse(/event: note\.created\.v1\nid: \d+\ndata: (.*)\n/.exec(text)![1]);
    t.equal(data.entity_id, note.id);
    t.equal(data.entity_type, 'note');
    const other = await (await api('/v1/trees', { method: 'POST', body: JSON.stringify({ name: 'Switch target' }) })).json();
    const previous = data.tree_id;
    await api('/v1/trees/active', { method: 'PUT', body: JSON.stringify({ tree_id: other.tree_id }) });
    t.ok(await waitFor(/event: tree\.active_changed\ndata: .*\n\n/), 'tree.active_changed arrives');
    const switched = JSON.parse(/event: tree\.active_changed\ndata: (.*)\n/.exec(text)![1]);
    t.same(switched, { tree_id: other.tree_id, previous_tree_id: previous });
    await api('/v1/notes', { method: 'POST', body: JSON.stringify({ target: 'stream', text: 'in the new tree' }) });
    t.ok(await waitFor(new RegExp(`"tree_id":"${other.tree_id}","seq"`)), 'the active mount follows the new tree');
    controller.abort();
    await api('/v1/trees/active', { method: 'PUT', body: JSON.stringify({ tree_id: previous }) });
  });

  t.test('OpenAPI lists every route on both mounts with x-service-tier: preview', async (t) => {
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
    const bundle = await api('/v1/docs/assets/swagger-ui-bundle.js', { token: null });
    t.equal(bundle.status, 200, 'its script is served from the installed package');
    t.match(bundle.headers.get('content-type'), /javascript/);
    t.equal((await api('/v1/docs/assets/..%2Fpackage.json', { token: null })).status, 404, 'nothing but the listed assets');
  });

  t.test('CLI: agent credentials are created, listed and revoked', async (t) => {
    const token = server.cli('agent', 'create', '--label', 'Research assistant');
    t.match(token, /^rla_[A-Za-z0-9_-]{43}$/);
    t.equal((await api('/v1/trees', { token })).status, 200);
    const listed = server.cli('agent', 'list');
    t.match(listed, /active\t.*\tResearch assistant/);
    t.notMatch(listed, /rla_/, 'the list never shows tokens');
    const id = listed.split('\t')[0];
    server.cli('agent', 'revoke', id);
    await new Promise((resolve) => setTimeout(resolve, 250)); // revocations from another process apply within 200 ms
    t.equal((await api('/v1/trees', { token })).status, 401);
    t.equal(server.cli('token'), server.token);
  });

  t.test('SIGTERM stops cleanly and removes server.json', async (t) => {
    const code = await server.stop('SIGTERM');
    t.equal(code, 0);
    t.notOk(existsSync(join(server.dataDir, 'server.json')));
  });
});

t.test('a build without the notes plugin has no notes routes', async (t) => {
  const lean = ensureBundle('manifests/without-notes.json', 'dist/rootline-without-notes.mjs');
  const server = await startServer(lean);
  t.teardown(async () => {
    await server.stop();
    cleanup(server);
  });
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
  const bundle = ensureBundle();
  const first = await startServer(bundle);
  t.teardown(async () => {
    await first.stop();
    cleanup(first);
  });
  await t.rejects(startServer(bundle, { dataDir: first.dataDir }), { message: /already running for this data folder at http:\/\/127\.0\.0\.1:\d+/ });
  await first.stop('SIGKILL');
  const { existsSync } = await import('node:fs');
  t.ok(existsSync(`${first.dataDir}/server.json`), 'a crash leaves server.json behind');
  const second = await startServer(bundle, { dataDir: first.dataDir });
  t.match(second.url, /^http:\/\/127\.0\.0\.1:\d+$/, 'a stale file from a dead process is ignored');
  await second.stop();
});
