import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { PLUGIN, telemetryServer } from './fixtures/helpers.js';
import { PutTelemetryConfigRequest, TelemetryEventRequest } from '../src/schemas.js';

t.test('every route declares who may call it: only the consent change is the human\'s (CONTRACT §3)', async (t) => {
  const s = await telemetryServer(t);
  const rows = await checkRouteAccess(t, s, { plugin: PLUGIN, humanOnly: ['PUT /v1/telemetry/config'] });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
  t.same(rows.filter((row) => row.plugin === PLUGIN).map((row) => `${row.method} ${row.url} ${row.rule}`).sort(), [
    'GET /v1/telemetry/config agents-too',
    'POST /v1/telemetry/events agents-too',
    'PUT /v1/telemetry/config human-only',
  ], 'global: /v1 only');
});

t.test('the API description: the config record, the consent change and the event, with their refusals', async (t) => {
  const s = await telemetryServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const paths = doc.paths;
  const statuses = (operation: any) => Object.keys(operation.responses).sort();
  t.same(statuses(paths['/v1/telemetry/config'].get), ['200', '400', '401', '403', '421', '500']);
  t.same(statuses(paths['/v1/telemetry/config'].put), ['200', '400', '401', '403', '413', '415', '421', '422', '500', '507']);
  t.same(statuses(paths['/v1/telemetry/events'].post), ['202', '400', '401', '403', '413', '415', '421', '422', '500', '507']);
  t.same([...paths['/v1/telemetry/config'].get.responses['200'].content['application/json'].schema.required].sort(), [
    'acknowledged_at_ms', 'acknowledged_disclosure_version', 'disclosure', 'dropped_events', 'enabled', 'events', 'export_destination_configured', 'export_enabled',
    'export_failures', 'exported_events', 'last_export_at_ms', 'next_export_attempt_at_ms', 'store_limit', 'stored_events',
  ]);
  const example = TelemetryEventRequest.examples[0];
  await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1 } });
  t.same((await s.request('POST', '/v1/telemetry/events', { body: example })).json(), { kept: true }, 'the documented example is an event telemetry keeps');
  for (const body of PutTelemetryConfigRequest.examples as unknown[]) t.equal((await s.request('PUT', '/v1/telemetry/config', { body })).statusCode, 200, JSON.stringify(body));
});
