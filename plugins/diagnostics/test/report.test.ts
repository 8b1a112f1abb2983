import t from 'tap';
import { readFileSync } from 'node:fs';
import { handClock } from '@rootline/kernel/testing';
import { appendLog, diagnosticsServer } from './fixtures/helpers.js';

const human = { kind: 'human' as const, credentialId: null };
const version = (name: string) => JSON.parse(readFileSync(new URL(`../../${name}/package.json`, import.meta.url), 'utf8')).version;

t.test('versions, platform, uptime, the plugins of the build, every tree with its counts and sizes', async (t) => {
  const clock = handClock();
  const s = await diagnosticsServer(t, { clock });
  const kernel = s.server.kernel;
  const other = (await s.request('POST', '/v1/trees', { body: { name: 'Second tree' } })).json().tree_id;
  const personas = kernel.servicesFor(kernel.trees.active(), human).personasService;
  personas.create(human, { given: 'Ann', surname: 'Shaw' });
  personas.create(human, { given: 'Bob', surname: 'Shaw' });
  const created = personas.create(human, { name: 'Cora Lee' });
  personas.setNamePieces(human, created.id, { given: 'Cora', surname: 'Lee' });
  await kernel.trees.active().blobs.write([Buffer.from('a scan'), Buffer.from(' of a page')], { maxBytes: 1_000, actor: human });
  clock.advance(90_000);
  const reply = await s.request('GET', '/v1/diagnostics');
  t.equal(reply.statusCode, 200);
  const report = reply.json();
  t.equal(report.app_version, kernel.settings.appVersion);
  t.equal(report.node_version, process.version);
  t.equal(report.platform, `${process.platform}-${process.arch}`);
  t.type(report.os_release, 'string');
  t.equal(report.uptime_ms, 90_000, 'since the server started');
  t.equal(report.started_at_ms, clock.now() - 90_000);
  t.same(report.plugins, [
    { name: '@rootline/plugin-sources', version: version('sources'), scope: 'tree' },
    { name: '@rootline/plugin-personas', version: version('personas'), scope: 'tree' },
    { name: '@rootline/plugin-diagnostics', version: version('diagnostics'), scope: 'global' },
  ]);
  const active = kernel.trees.active();
  const pages = (tree: { prepare(sql: string): { pluck(): { get(): unknown } } }) => (tree.prepare('PRAGMA page_count').pluck().get() as number) * (tree.prepare('PRAGMA page_size').pluck().get() as number);
  t.same(report.trees, [
    { tree_id: active.id, name: 'My tree', active: true, database_bytes: pages(active), record_count: 5, records_by_kind: { 'blob.stored.v1': 1, 'persona.created.v1': 3, 'persona.name_pieces_set.v1': 1 }, blob_count: 1, blob_bytes: 16 },
    { tree_id: other, name: 'Second tree', active: false, database_bytes: pages(kernel.trees.get(other)!), record_count: 0, records_by_kind: {}, blob_count: 0, blob_bytes: 0 },
  ]);
  t.ok(report.trees[0].database_bytes > 0);
  t.equal(report.registry_bytes, pages(kernel.registry.db as never));
  t.equal(report.log_location_description, 'The file rootline.log in the "logs" folder of Rootline\'s data folder');
  t.notOk(JSON.stringify(report).includes(s.dataDir), 'no path of the machine');
  const switched = await s.request('PUT', '/v1/trees/active', { body: { tree_id: other } });
  t.equal(switched.statusCode, 200);
  t.same((await s.request('GET', '/v1/diagnostics')).json().trees.map((tree: { active: boolean }) => tree.active), [false, true], 'the active tree follows a switch');
});

t.test('recent errors: errors and warnings logged in the last 24 hours, from the end of the log', async (t) => {
  const clock = handClock(Date.now());
  const s = await diagnosticsServer(t, { clock });
  const now = clock.now();
  const hour = 3_600_000;
  await appendLog(s, [
    { level: 50, time: now - 25 * hour, msg: 'too old' },
    { level: 60, time: now - 24 * hour, msg: 'fatal, just in' },
    { level: 50, time: now - 2 * hour, msg: 'request failed' },
    { level: 50, time: now - 3 * hour, msg: 'an earlier one' },
    { level: 40, time: now - hour, msg: 'a warning' },
    { level: 40, time: now - 30 * hour, msg: 'an old warning' },
    { level: 30, time: now, msg: 'info' },
    { level: 45, time: now, msg: 'between warn and error' },
    { level: '50', time: now, msg: 'level as text' },
    { level: 50, msg: 'no time' },
    'not JSON at all',
    '{"level":50,"time":',
  ]);
  t.same((await s.request('GET', '/v1/diagnostics')).json().recent_errors, { window_hours: 24, errors: 3, warnings: 1, last_error_at_ms: now - 2 * hour });
});

t.test('a quiet log: no errors, no last error', async (t) => {
  const s = await diagnosticsServer(t);
  t.match((await s.request('GET', '/v1/diagnostics')).json().recent_errors, { errors: 0, last_error_at_ms: null });
});
