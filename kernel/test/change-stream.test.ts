import t from 'tap';
import { buildTestServer, openEventStream, waitFor } from '@rootline/kernel/testing';
import { jottingsPlugin } from './fixtures/plugins.js';

t.test('records reach the stream after commit; heartbeats keep it alive; a disconnect leaves nothing', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'], heartbeatMs: 50 });
  const treeId = s.server.kernel.registry.activeTreeId()!;
  const stream = await openEventStream(s.url, s.humanToken, `/v1/trees/${treeId}/events/stream`);
  t.equal(stream.response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  await stream.until(/: connected/);
  t.equal(s.server.streams.connectionCount, 1);
  await s.request('POST', '/v1/jottings', { body: { target: 'x', text: 'hello' } });
  const text = await stream.until(/jotting\.written\.v1[\s\S]*\n\n/);
  t.match(text, /event: jotting\.written\.v1\nid: 1\ndata: \{"kind":"jotting\.written\.v1","tree_id":"[^"]+","seq":1,"entity_type":"jotting","entity_id":"[^"]+","at_ms":\d+\}\n\n/);
  t.match(await stream.until(/: keep-alive/), /: keep-alive\n\n/);
  stream.close();
  t.ok(await waitFor(() => s.server.streams.connectionCount === 0, 30_000), 'connection forgotten');
  t.ok(await waitFor(() => s.server.kernel.bus.listenerCount(treeId) === 0, 30_000), 'subscription removed');
  t.equal(s.server.kernel.registry.listenerCount('active-changed'), 0);
});

t.test('a failed change publishes nothing', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  const seen: unknown[] = [];
  s.server.kernel.bus.subscribe(tree.id, (record) => seen.push(record));
  t.throws(() => tree.transact(() => {
    tree.record({ kind: 'thing.made.v1', entity_type: 'thing', entity_id: 'x', actor: { kind: 'system', credentialId: null } });
    throw new Error('disk full');
  }));
  t.equal(tree.records.lastSeq(), 0, 'rolled back');
  t.same(seen, []);
});

t.test('the pinned stream stays on its tree when the active tree changes', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const first = s.server.kernel.registry.activeTreeId()!;
  const stream = await openEventStream(s.url, s.humanToken, `/v1/trees/${first}/events/stream`);
  await stream.until(/: connected/);
  const other = (await s.request('POST', '/v1/trees', { body: { name: 'Other' } })).json();
  await s.request('PUT', '/v1/trees/active', { body: { tree_id: other.tree_id } });
  await s.request('POST', `/v1/trees/${first}/jottings`, { body: { target: 'x', text: 'pinned tree' } });
  const text = await stream.until(/jotting\.written\.v1/);
  t.notMatch(text, /tree\.active_changed/);
  t.match(text, new RegExp(`"tree_id":"${first}"`));
  stream.close();
});
