import t from 'tap';
import { buildTestServer, checkRouteAccess, startReceiver, exampleProblems } from '@rootline/kernel/testing';

t.test('feedback is the human\'s (CONTRACT §3): an agent is refused 403 and nothing is sent', async (t) => {
  const receiver = await startReceiver(t);
  const s = await buildTestServer(t, { plugins: [{ name: '@rootline/plugin-feedback', options: { url: receiver.url, max_per_hour: 1000 } }] });
  const rows = await checkRouteAccess(t, s, { plugin: '@rootline/plugin-feedback', humanOnly: ['POST /v1/feedback'] });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
  t.same(rows.filter((row) => row.plugin === '@rootline/plugin-feedback').map((row) => `${row.method} ${row.url} ${row.rule}`), ['POST /v1/feedback human-only'], 'global: /v1 only');
  const sentBefore = receiver.received.length;
  const agent = await s.request('POST', '/v1/feedback', { token: s.agentToken, body: { message: 'From an agent' } });
  t.equal(agent.statusCode, 403);
  t.equal(agent.json().code, 'human-token-required');
  t.equal(receiver.received.length, sentBefore, 'nothing left the machine');
});

t.test('the API description: 202 with the receipt and every refusal', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-feedback'] });
  const operation = (await s.request('GET', '/v1/openapi.json')).json().paths['/v1/feedback'].post;
  t.same(Object.keys(operation.responses).sort(), ['202', '400', '401', '403', '413', '415', '421', '422', '429', '500', '502', '503', '507']);
  t.same([...operation.responses['202'].content['application/json'].schema.required].sort(), ['app_version', 'platform', 'received_at_ms']);
  t.same(operation.requestBody.content['application/json'].schema.required, ['message']);
});

t.test('the body and the receipt are closed objects in the API description', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-feedback'] });
  const operation = (await s.request('GET', '/v1/openapi.json')).json().paths['/v1/feedback'].post;
  t.equal(operation.requestBody.content['application/json'].schema.additionalProperties, false);
  t.same(Object.keys(operation.requestBody.content['application/json'].schema.properties), ['message', 'email', 'name']);
  t.equal(operation.responses['202'].content['application/json'].schema.additionalProperties, false);
});
