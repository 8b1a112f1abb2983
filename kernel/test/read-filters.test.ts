import t from 'tap';
import { definePlugin, type ReadFilter } from '@rootline/kernel';
import { buildTestServer } from '@rootline/kernel/testing';
import type { PluginSource } from '@rootline/kernel/host';

interface Drawing {
  owner: string;
  secret: string;
}

/**
 * A plugin that hides something from agents in what others draw, the way redactions do: it
 * registers a read filter and nothing else (no routes, no services another plugin calls).
 */
function veilPlugin(name: string, filter: ReadFilter): PluginSource {
  return {
    name,
    version: '1.0.0',
    peerDependencies: { '@rootline/kernel': '^0.2.0' },
    migrations: [],
    plugin: definePlugin({
      name,
      scope: 'tree',
      register(app) {
        app.kernel.addReadFilter(filter);
      },
    }),
  };
}

const hideFromAgents: ReadFilter = (request, value) => {
  const drawing = value as Drawing;
  return request.actor.kind === 'agent' ? { ...drawing, secret: '[hidden]' } : value;
};

/**
 * A plugin that draws a non-JSON reply (as family draws the pedigree SVG) from data it passes
 * through `filterForReader` first. It knows of no filter and depends on no plugin.
 */
function chartPlugin(): { source: PluginSource; seen: { given: Drawing; drawn: Drawing }[] } {
  const seen: { given: Drawing; drawn: Drawing }[] = [];
  const name = '@rootline/plugin-chart';
  const plugin = definePlugin({
    name,
    scope: 'tree',
    register(app) {
      app.kernel.treeRoutes(async (mount) => {
        mount.get('/chart', { config: { humanOnly: false } }, async (request, reply) => {
          const given: Drawing = { owner: request.tree.id, secret: 'the maiden name' };
          const drawn = app.kernel.filterForReader(request, given);
          seen.push({ given, drawn });
          return reply.type('text/plain; charset=utf-8').send(`${drawn.owner}: ${drawn.secret}`);
        });
      });
    },
  });
  return { source: { name, version: '1.0.0', plugin, migrations: [], peerDependencies: { '@rootline/kernel': '^0.2.0' } }, seen };
}

t.test("a read filter one plugin registers reaches what another plugin draws, for each reader", async (t) => {
  const chart = chartPlugin();
  const s = await buildTestServer(t, {
    builtIn: [veilPlugin('@rootline/plugin-veil', hideFromAgents), chart.source],
    plugins: ['@rootline/plugin-veil', '@rootline/plugin-chart'],
  });
  const tree = s.server.kernel.registry.activeTreeId();
  const agent = await s.request('GET', '/v1/chart', { token: s.agentToken });
  t.equal(agent.statusCode, 200);
  t.equal(agent.body, `${tree}: [hidden]`, 'the agent reads what the filter left');
  t.equal(chart.seen[0].given.secret, 'the maiden name', 'the value handed to the filter is not changed');
  const human = await s.request('GET', '/v1/chart');
  t.equal(human.body, `${tree}: the maiden name`, 'the human reads the value');
  t.equal(chart.seen[1].drawn, chart.seen[1].given, 'a filter with nothing to hide hands back the value itself');

  const other = (await s.request('POST', '/v1/trees', { body: { name: 'Pinned' } })).json().tree_id as string;
  t.equal((await s.request('GET', `/v1/trees/${other}/chart`, { token: s.agentToken })).body, `${other}: [hidden]`, 'on the pinned mount too, with its tree');
});

t.test('without a filter the value is handed back as it is; several apply in manifest order', async (t) => {
  const bare = chartPlugin();
  const alone = await buildTestServer(t, { builtIn: [bare.source], plugins: ['@rootline/plugin-chart'] });
  t.match((await alone.request('GET', '/v1/chart', { token: alone.agentToken })).body, /: the maiden name$/, 'a build without the filtering plugin draws the data as it is');
  t.equal(bare.seen[0].drawn, bare.seen[0].given, 'the very same value');

  const append = (mark: string): ReadFilter => (_request, value) => ({ ...(value as Drawing), secret: `${(value as Drawing).secret} ${mark}` });
  const chained = chartPlugin();
  const s = await buildTestServer(t, {
    builtIn: [veilPlugin('@rootline/plugin-first', append('1')), veilPlugin('@rootline/plugin-second', append('2')), chained.source],
    plugins: ['@rootline/plugin-first', '@rootline/plugin-second', '@rootline/plugin-chart'],
  });
  t.match((await s.request('GET', '/v1/chart')).body, /: the maiden name 1 2$/, 'each filter gets what the one before returned');
});
