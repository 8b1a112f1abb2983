import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { diagnosticsServer } from './fixtures/helpers.js';

t.test('both routes are open to agents (CONTRACT §3 does not make them the human\'s)', async (t) => {
  const s = await diagnosticsServer(t);
  const rows = await checkRouteAccess(t, s, { plugin: '@rootline/plugin-diagnostics', humanOnly: [] });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
  t.same(rows.filter((row) => row.plugin === '@rootline/plugin-diagnostics').map((row) => `${row.method} ${row.url} ${row.rule}`).sort(), [
    'GET /v1/diagnostics agents-too',
    'GET /v1/diagnostics/bundle agents-too',
  ]);
  t.equal((await s.request('GET', '/v1/diagnostics/bundle', { token: s.agentToken })).statusCode, 200);
});

t.test('the API description: the report and the text bundle', async (t) => {
  const s = await diagnosticsServer(t);
  const paths = (await s.request('GET', '/v1/openapi.json')).json().paths;
  t.same(Object.keys(paths['/v1/diagnostics'].get.responses).sort(), ['200', '400', '401', '403', '421', '500']);
  t.same([...paths['/v1/diagnostics'].get.responses['200'].content['application/json'].schema.required].sort(), [
    'app_version', 'log_location_description', 'node_version', 'os_release', 'platform', 'plugins', 'recent_errors', 'registry_bytes', 'started_at_ms', 'trees', 'uptime_ms',
  ]);
  t.ok(paths['/v1/diagnostics/bundle'].get.responses['200'].content['text/plain'], 'the bundle is text/plain');
  t.same([paths['/v1/diagnostics'].get.tags, paths['/v1/diagnostics/bundle'].get.tags], [['diagnostics'], ['diagnostics']], 'both listed under diagnostics');
});
