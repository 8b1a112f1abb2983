import t from 'tap';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pluginNeeds, without } from '../src/without.js';

const needs = new Map<string, string[]>([
  ['a', []],
  ['b', ['a']],
  ['c', ['b']],
  ['d', []],
  ['e', ['d', 'c']],
]);

t.test('without: the plugin, and everything that needs it however far removed, order kept', async (t) => {
  t.same(without(['a', 'b', 'c', 'd', 'e'], 'a', needs), ['d']);
  t.same(without(['a', 'b', 'c', 'd', 'e'], 'c', needs), ['a', 'b', 'd']);
  t.same(without(['a', 'b', 'c', 'd', 'e'], 'd', needs), ['a', 'b', 'c']);
  t.same(without(['a', 'b', 'c', 'd', 'e'], 'e', needs), ['a', 'b', 'c', 'd']);
  t.same(without(['e', 'd', 'c', 'b', 'a'], 'a', needs), ['d'], 'dependents listed before what they need are found too');
  t.same(without(['a', 'x'], 'a', needs), ['x'], 'a plugin of unknown needs stays');
  t.same(without(['a', 'b'], 'z', needs), ['a', 'b'], 'a plugin not listed takes nothing with it');
});

t.test('pluginNeeds: the @rootline/plugin-* peers of each plugin folder', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-bench-needs-'));
  const write = (folder: string, manifest: object) => {
    mkdirSync(join(dir, folder));
    writeFileSync(join(dir, folder, 'package.json'), JSON.stringify(manifest));
  };
  write('x', { name: '@rootline/plugin-x', peerDependencies: { '@rootline/kernel': '^0.2.0', '@rootline/plugin-y': '^0.1.0', fastify: '5.x' } });
  write('y', { name: '@rootline/plugin-y' });
  mkdirSync(join(dir, 'not-a-package'));
  t.same([...pluginNeeds(dir)].sort(), [['@rootline/plugin-x', ['@rootline/plugin-y']], ['@rootline/plugin-y', []]]);
});

t.test('the real plugins: leaving out duplicates or conflicts also leaves out what needs them', async (t) => {
  const real = pluginNeeds(resolve(import.meta.dirname, '../../../plugins'));
  t.ok(real.get('@rootline/plugin-conflicts')?.includes('@rootline/plugin-proofs'));
  for (const left of ['@rootline/plugin-duplicates', '@rootline/plugin-conflicts']) {
    const kept = without([...real.keys()], left, real);
    t.notOk(kept.includes(left));
    for (const name of kept) t.notOk(real.get(name)?.includes(left), `${name} does not need ${left}`);
  }
});
