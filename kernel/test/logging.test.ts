import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestServer } from '@rootline/kernel/testing';
import { jottingsPlugin } from './fixtures/plugins.js';

t.test('the log file has requests by path and status, never tokens, bodies or query strings', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'], env: { ROOTLINE_LOG_REQUESTS: '1' } });
  await s.request('POST', '/v1/jottings', { body: { target: 'secret-target', text: 'private text about a living person' } });
  await s.request('GET', '/v1/jottings', { query: { target: 'secret-target' }, token: s.agentToken });
  await s.request('GET', '/v1/trees', { token: 'rlh_wrongwrongwrongwrongwrongwrongwrongwrongwro' });
  // A client that puts a token in the path (by mistake, or anyone on this machine): never logged, nor its encoded form.
  await s.request('GET', `/v1/trees/${s.humanToken}`);
  await s.request('GET', `/v1/trees/%72${s.agentToken.slice(1)}`);
  await s.server.close();
  await new Promise((r) => setTimeout(r, 100));
  const log = readFileSync(join(s.dataDir, 'logs', 'rootline.log'), 'utf8');
  t.match(log, /"path":"\/v1\/jottings"/, 'requests are logged by path');
  t.match(log, /"status":201/);
  for (const secret of [s.humanToken, s.agentToken, s.agentToken.slice(1), 'rlh_wrong', 'secret-target', 'private text']) t.notOk(log.includes(secret), `no ${secret.slice(0, 9)}…`);
  t.match(log, /"path":"\/v1\/trees\/\[token\]"/, "a token in the path is logged as [token]");
});
