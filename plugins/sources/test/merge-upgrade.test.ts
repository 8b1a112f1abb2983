import t from 'tap';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { definePlugin } from '@rootline/kernel';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import sourcesPlugin from '../src/index.js';

const KERNEL = { '@rootline/kernel': '^0.2.0' };
const sql = (file: URL) => readFileSync(file, 'utf8');

/**
 * A tree made before citations joined this plugin: the former @rootline/plugin-citations
 * (its migration 001, kept verbatim as a fixture; no routes needed) and this plugin at 001.
 */
const before = [
  {
    name: '@rootline/plugin-citations',
    version: '0.2.0',
    plugin: definePlugin({ name: '@rootline/plugin-citations', scope: 'tree', register() {} }),
    migrations: [{ version: 1, name: 'citations', sql: sql(new URL('./fixtures/citations-plugin-001.sql', import.meta.url)) }],
    peerDependencies: KERNEL,
  },
  {
    name: '@rootline/plugin-sources',
    version: '0.2.0',
    plugin: sourcesPlugin,
    migrations: [{ version: 1, name: 'sources', sql: sql(new URL('../migrations/001_sources.sql', import.meta.url)) }],
    peerDependencies: KERNEL,
  },
];

const db = (s: TestServer) => s.server.kernel.trees.active().db;
const citations = (s: TestServer) => ({
  rows: db(s).prepare('SELECT * FROM citations ORDER BY id').all(),
  schema: db(s).prepare("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'citations' ORDER BY name").all(),
});

t.test('a tree made with the former citations plugin keeps its citations when 002 runs', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-sources-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  let old: ReturnType<typeof citations> | undefined;
  let source = '';

  await t.test('before the merge', async (t) => {
    const s = await buildTestServer(t, { dataDir, plugins: before.map((plugin) => plugin.name), builtIn: before });
    source = (await s.request('POST', '/v1/sources', { body: { title: 'Albemarle County deed books' } })).json().id;
    t.equal((await s.request('POST', '/v1/citations', { body: { source, elements: { text: 'Deed Book 12: 345' } } })).statusCode, 200);
    t.equal((await s.request('POST', '/v1/citations', { body: { template: 'book', elements: { author: 'Donald Lines Jacobus', title: 'Old Fairfield', place: 'New Haven', publisher: 'Tuttle', year: '1930', page: '212' } } })).statusCode, 200);
    old = citations(s);
    t.equal(old.rows.length, 2);
  });

  await t.test('after the merge: the manifest lists sources alone', async (t) => {
    const s = await buildTestServer(t, { dataDir, plugins: ['@rootline/plugin-sources'] });
    t.same(db(s).prepare("SELECT version, name FROM schema_migrations WHERE plugin = '@rootline/plugin-sources' ORDER BY version").all(),
      [{ version: 1, name: 'sources' }, { version: 2, name: 'citations' }], '002 applied, its IF NOT EXISTS finding the table there');
    t.same(citations(s), old, 'rows, table and index as the citations plugin left them');
    const listed = (await s.request('GET', `/v1/sources/${source}`)).json().citations;
    t.same(listed.map((citation: { elements: object }) => citation.elements), [{ text: 'Deed Book 12: 345' }], 'the source shows its old citation');
    t.equal((await s.request('POST', '/v1/citations', { body: { source, elements: { text: 'Deed Book 12: 346' } } })).statusCode, 200, 'and takes new ones');
  });
});
