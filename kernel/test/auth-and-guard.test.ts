import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

t.test('no token, a malformed token or an unknown token gets 401 with WWW-Authenticate', async (t) => {
  const s = await buildTestServer(t);
  for (const token of [null, 'rlh_short', `rlh_${'A'.repeat(43)}`]) {
    const reply = await s.request('GET', '/v1/trees', { token });
    t.equal(reply.statusCode, 401);
    t.equal(reply.json().code, 'unauthorized');
    t.equal(reply.headers['www-authenticate'], 'Bearer realm="rootline"');
    t.notMatch(reply.body, /rlh_|rla_/, 'no token in the Problem');
  }
  const basic = await s.request('GET', '/v1/trees', { token: null, headers: { authorization: 'Basic abc' } });
  t.equal(basic.statusCode, 401);
});

t.test('the human and a live agent credential are accepted; a revoked one is not', async (t) => {
  const s = await buildTestServer(t);
  t.equal((await s.request('GET', '/v1/trees')).statusCode, 200);
  t.equal((await s.request('GET', '/v1/trees', { token: s.agentToken })).statusCode, 200);
  s.server.kernel.registry.revokeCredential(s.agentCredentialId);
  t.equal((await s.request('GET', '/v1/trees', { token: s.agentToken })).statusCode, 401);
});

t.test('human-only operations refuse agents with 403 human-token-required', async (t) => {
  const s = await buildTestServer(t);
  const reply = await s.request('POST', '/v1/trees', { token: s.agentToken, body: { name: 'Agent tree' } });
  t.equal(reply.statusCode, 403);
  t.equal(reply.json().code, 'human-token-required');
  t.equal((await s.request('GET', '/v1/trees')).json().total, 1, 'nothing was created');
});

t.test('Host guard answers 421 for a foreign host; cross-site requests get 403', async (t) => {
  const s = await buildTestServer(t);
  const foreign = await s.request('GET', '/v1/trees', { headers: { host: 'evil.example:80' } });
  t.equal(foreign.statusCode, 421);
  t.equal(foreign.json().code, 'misdirected-request');
  const wrongPort = await s.request('GET', '/v1/trees', { headers: { host: '127.0.0.1:1' } });
  t.equal(wrongPort.statusCode, 421);
  for (const host of [`localhost:${s.port}`, `[::1]:${s.port}`]) {
    t.equal((await s.request('GET', '/v1/trees', { headers: { host } })).statusCode, 200, host);
  }
  const origin = await s.request('GET', '/v1/trees', { headers: { origin: 'https://evil.example' } });
  t.equal(origin.statusCode, 403);
  t.equal(origin.json().code, 'cross-origin-refused');
  const fetchSite = await s.request('GET', '/v1/trees', { headers: { 'sec-fetch-site': 'cross-site' } });
  t.equal(fetchSite.statusCode, 403);
  const sameOrigin = await s.request('GET', '/v1/trees', { headers: { origin: `http://127.0.0.1:${s.port}` } });
  t.equal(sameOrigin.statusCode, 200);
  t.notOk(sameOrigin.headers['access-control-allow-origin'], 'no CORS headers');
});

t.test('the human token is stored 0600 and only its digest is in the registry', async (t) => {
  const s = await buildTestServer(t);
  const { statSync } = await import('node:fs');
  t.equal(statSync(s.server.layout.humanTokenFile).mode & 0o777, 0o600);
  const rows = s.server.kernel.registry.db.prepare('SELECT digest FROM credentials').all() as { digest: string }[];
  t.notOk(rows.some((row) => row.digest.includes(s.humanToken)));
});
