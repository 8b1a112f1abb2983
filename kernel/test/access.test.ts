import t from 'tap';
import { definePlugin, Problems } from '@rootline/kernel';
import type { PluginSource } from '@rootline/kernel/host';
import { buildTestServer, checkRouteAccess, routeAccessTable, type AccessRow, type TestServer, exampleProblems } from '@rootline/kernel/testing';

/** CONTRACT §3: of the kernel's routes, only creating a tree and switching the active tree are the human's. */
const KERNEL_HUMAN_ONLY = ['POST /v1/trees', 'PUT /v1/trees/active'];

t.test('who may do what: every route of the kernel keeps its declared rule', async (t) => {
  const s = await buildTestServer(t);
  const rows = await checkRouteAccess(t, s, { plugin: '@rootline/kernel', humanOnly: KERNEL_HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
  const rules = Object.fromEntries(rows.map((row) => [`${row.method} ${row.url}`, row.rule]));
  t.match(rules, {
    'GET /v1/openapi.json': 'public',
    'GET /v1/trees': 'agents-too',
    'POST /v1/trees': 'human-only',
    'PUT /v1/trees/active': 'human-only',
    'GET /v1/trees/:tree_id': 'agents-too',
    'GET /v1/capabilities': 'agents-too',
    'GET /v1/events/stream': 'agents-too',
    'GET /v1/trees/:tree_id/events/stream': 'agents-too',
  }, 'the kernel\'s table, both mounts');
  t.equal(s.server.kernel.registry.countTrees(), 1, 'the agent made no tree');
});

/**
 * A plugin with one route of each kind and three mistakes, to show the check catches them:
 * a route that declares nothing, one declared open to agents that refuses them anyway, and a
 * human-only route whose refusal still writes (an onSend hook that records).
 */
function accessFixture(leak: () => void): PluginSource {
  const plugin = definePlugin({
    name: '@rootline/plugin-access-fixture',
    scope: 'tree',
    register(app) {
      app.kernel.treeRoutes(async (mount) => {
        mount.addHook('onSend', async (request, reply, payload) => {
          if (request.url.endsWith('/leaky') && reply.statusCode === 403) leak();
          return payload;
        });
        mount.get('/open', { config: { humanOnly: false } }, async () => ({ ok: true }));
        mount.post('/secret', { config: { humanOnly: true } }, async () => ({ ok: true }));
        mount.get('/undeclared', async () => ({ ok: true }));
        mount.post('/refuses-agents', { config: { humanOnly: false } }, async (request) => {
          if (request.actor.kind === 'agent') throw Problems.humanTokenRequired('refused anyway');
          return { ok: true };
        });
        mount.post('/leaky', { config: { humanOnly: true } }, async () => ({ ok: true }));
        mount.get('/things/:id', { config: { humanOnly: false } }, async () => ({ ok: true }));
      });
    },
  });
  return { name: '@rootline/plugin-access-fixture', version: '1.0.0', plugin, migrations: [], peerDependencies: { '@rootline/kernel': '^0.2.0' } };
}

t.test('the check finds undeclared routes, agents refused by an open route, writes on refusal and a table that differs', async (t) => {
  const holder: { s?: TestServer } = {};
  const leak = () => {
    const tree = holder.s!.server.kernel.trees.active();
    tree.transact(() => tree.record({ kind: 'leak.written.v1', entity_type: 'leak', entity_id: 'x', actor: { kind: 'agent', credentialId: 'fixture' }, payload: {} }));
  };
  const s = (holder.s = await buildTestServer(t, { builtIn: [accessFixture(leak)], plugins: ['@rootline/plugin-access-fixture'] }));
  const rows = await routeAccessTable(s, { plugin: '@rootline/plugin-access-fixture', humanOnly: ['POST /v1/secret', 'POST /v1/leaky', 'GET /v1/open', 'DELETE /v1/gone'] });
  const problems = (url: string, method = 'GET'): string[] => rows.find((row: AccessRow) => row.url === url && row.method === method)?.problems ?? ['(no row)'];
  const treeId = s.server.kernel.registry.activeTreeId()!;
  for (const prefix of ['/v1', '/v1/trees/:tree_id']) {
    t.same(problems(`${prefix}/secret`, 'POST'), [], `${prefix}/secret: human-only and kept`);
    t.match(problems(`${prefix}/undeclared`), [/declares no rule/], `${prefix}/undeclared: named`);
    t.match(problems(`${prefix}/refuses-agents`, 'POST'), [/declared open to agents \(humanOnly: false\), yet the agent was answered 403 human-token-required/], `${prefix}/refuses-agents`);
    t.match(problems(`${prefix}/leaky`, 'POST'), [/wrote something/], `${prefix}/leaky: the write on refusal is seen`);
    t.match(problems(`${prefix}/open`), [/the contract makes it human-only, but it is agents-too/], `${prefix}/open: not in the table`);
    t.same(problems(`${prefix}/things/:id`), [], `${prefix}/things/:id`);
  }
  t.match(problems('/v1/gone', 'DELETE'), [/no such route/], 'a listed route the server lacks');
  t.equal(rows.find((row) => row.url === '/v1/trees/:tree_id/things/:id')?.path, `/v1/trees/${treeId}/things/01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d`, 'path parameters get valid values');
  t.same(problems('/v1/trees', 'POST'), [], 'the kernel\'s routes are checked too');
});

t.test('the pinned mount must keep the rule of the active one', async (t) => {
  const plugin = definePlugin({
    name: '@rootline/plugin-split',
    scope: 'tree',
    register(app) {
      let mount = 0;
      app.kernel.treeRoutes(async (instance) => {
        mount += 1;
        instance.post('/split', { config: { humanOnly: mount === 1 } }, async () => ({ ok: true }));
      });
    },
  });
  const s = await buildTestServer(t, { builtIn: [{ name: '@rootline/plugin-split', version: '1.0.0', plugin, migrations: [], peerDependencies: { '@rootline/kernel': '^0.2.0' } }], plugins: ['@rootline/plugin-split'] });
  const rows = await routeAccessTable(s);
  t.match(rows.find((row) => row.url === '/v1/trees/:tree_id/split')?.problems, [/the active mount's twin is human-only, this one agents-too/]);
});
