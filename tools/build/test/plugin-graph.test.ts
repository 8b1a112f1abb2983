import t from 'tap';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { graphSection, pluginPackages } from '../src/plugin-graph.mjs';

t.test('the plugin graph is drawn from peerDependencies: an arrow per Rootline plugin used, nothing else', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-graph-'));
  const write = (folder: string, pkg: object) => {
    mkdirSync(join(dir, folder));
    writeFileSync(join(dir, folder, 'package.json'), JSON.stringify(pkg));
  };
  write('sources', { name: '@rootline/plugin-sources', version: '0.3.0', description: 'Sources', peerDependencies: { '@rootline/kernel': '^0.2.0', fastify: '5.x' } });
  write('personas', { name: '@rootline/plugin-personas', version: '0.2.1', description: 'Personas', peerDependencies: { '@rootline/kernel': '^0.2.0', '@rootline/plugin-sources': '^0.3.0' } });
  mkdirSync(join(dir, 'not-a-package'));
  const plugins = pluginPackages(dir);
  t.same(plugins.map((p: { name: string }) => p.name), ['@rootline/plugin-personas', '@rootline/plugin-sources'], 'sorted, folders without package.json skipped');
  const section = graphSection(plugins);
  t.match(section, /graph LR\n {2}personas --> sources\n {2}sources\n```/);
  t.notMatch(section, /kernel|fastify/, 'the kernel and libraries are not plugins');
  t.match(section, /\| `@rootline\/plugin-personas` \| 0\.2\.1 \| sources \| Personas \|/);
  t.match(section, /\| `@rootline\/plugin-sources` \| 0\.3\.0 \| — \| Sources \|/);
});
