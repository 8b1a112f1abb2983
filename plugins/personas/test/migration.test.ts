import t from 'tap';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import personasPlugin from '../src/index.js';

const plugins = ['@rootline/plugin-sources', '@rootline/plugin-personas'];
const UNKNOWN = '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d';

/** This package as a database made before 002 knew it: the same plugin with migration 001 only. */
const personasAt001 = {
  name: '@rootline/plugin-personas',
  version: '0.2.0',
  plugin: personasPlugin,
  migrations: [{ version: 1, name: 'personas', sql: readFileSync(new URL('../migrations/001_personas.sql', import.meta.url), 'utf8') }],
  peerDependencies: { '@rootline/kernel': '^0.2.0', '@rootline/plugin-sources': '^0.2.0' },
};

const db = (s: TestServer) => s.server.kernel.trees.active().db;
const schemaOf = (s: TestServer) => ({
  columns: db(s).prepare('SELECT * FROM pragma_table_info(?) ORDER BY cid').all('personas'),
  indexesAndTriggers: db(s).prepare("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'personas' AND type IN ('index', 'trigger') ORDER BY name").all(),
});
const rows = (s: TestServer) => db(s).prepare('SELECT * FROM personas ORDER BY id').all();
const foreignKeys = (s: TestServer) => db(s).prepare('SELECT * FROM pragma_foreign_key_list(?)').all('personas');

t.test('002 upgrades a database made with 001: every persona kept, no foreign key into sources', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-personas-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  let before: { rows: unknown[]; schema: ReturnType<typeof schemaOf> } | undefined;
  let source = '';

  await t.test('a tree written before 002', async (t) => {
    const s = await buildTestServer(t, { dataDir, plugins, builtIn: [personasAt001] });
    t.same(foreignKeys(s).map((key) => (key as { table: string }).table), ['sources'], '001 had the foreign key');
    source = (await s.request('POST', '/v1/sources', { body: { title: 'Ledbury parish register' } })).json().id;
    const bodies = [
      { name: 'Jón Sigurðsson', given: 'Jón', surname: 'Sigurðsson', sex: 'M', source },
      { name: 'Pocahontas', sex: 'F' },
      { surname: 'Smith', source },
    ];
    for (const body of bodies) t.equal((await s.request('POST', '/v1/personas', { body })).statusCode, 200);
    const agent = (await s.request('POST', '/v1/personas', { token: s.agentToken, headers: { 'x-proposer-model': 'example-model-1' }, body: { name: 'Dr. John van der Berg Jr.' } })).json();
    t.equal((await s.request('PUT', `/v1/personas/${agent.id}/name-pieces`, { body: { prefix: 'Dr.', given: 'John', surname_prefix: 'van der', surname: 'Berg', suffix: 'Jr.' } })).statusCode, 200);
    before = { rows: rows(s), schema: schemaOf(s) };
    t.equal(before.rows.length, 4);
  });

  await t.test('the same tree after 002', async (t) => {
    const s = await buildTestServer(t, { dataDir, plugins });
    t.same(db(s).prepare("SELECT version, name FROM schema_migrations WHERE plugin = '@rootline/plugin-personas' ORDER BY version").all(),
      [{ version: 1, name: 'personas' }, { version: 2, name: 'personas_without_source_key' }]);
    t.same(rows(s), before!.rows, 'every persona kept, column for column');
    t.same(schemaOf(s), before!.schema, 'same columns in the same order, same index, no trigger');
    t.same(foreignKeys(s), [], 'no REFERENCES into another plugin\'s table');
    t.same(db(s).pragma('foreign_key_check'), [], 'nothing dangling');
    t.equal(db(s).prepare("SELECT count(*) FROM sqlite_master WHERE name = 'personas_rebuilt'").pluck().get(), 0, 'no leftover table');

    t.equal((await s.request('POST', '/v1/personas', { body: { name: 'Mary', source: UNKNOWN } })).json().code, 'not-found', 'the service still refuses an unknown source');
    t.equal((await s.request('POST', '/v1/personas', { body: { name: 'Mary', source } })).statusCode, 200);
    t.equal(rows(s).length, 5);
  });
});

t.test('a new tree has no foreign key into sources either', async (t) => {
  const s = await buildTestServer(t, { plugins });
  t.same(foreignKeys(s), []);
  t.same(schemaOf(s).indexesAndTriggers.map((row) => (row as { name: string }).name), ['personas_by_source', 'sqlite_autoindex_personas_1'], 'the index of 001 and the primary key');
});
