import t from 'tap';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestServer } from '@rootline/kernel/testing';
import { openRegistry } from '../src/storage/open-registry.js';
import { verifyToken } from '../src/auth/tokens.js';
import { problemOf, refused, snapshot, type Expected } from './fixtures/tables.js';

/**
 * Bearer authentication (kernel/src/auth/auth-hook.ts, tokens.ts; CONTRACT §3) as a table
 * of Authorization headers: only `Bearer <token>` with a live token of the right shape
 * gets in; everything else is 401 with `WWW-Authenticate`, and a refused write writes nothing.
 */

const noHeader = refused(401, 'unauthorized', /^Send Authorization: Bearer <token>; `rootline token` prints the human token$/);
const unknown = refused(401, 'unauthorized', /^The token is not known or has been revoked$/);

t.test('Authorization table, on a read and on a write', async (t) => {
  const s = await buildTestServer(t);
  const human = s.humanToken;
  const body = human.slice(4);
  const rows: [name: string, authorization: string | undefined, expected: Expected][] = [
    ['the human token', `Bearer ${human}`, 'ok'],
    ['the agent token', `Bearer ${s.agentToken}`, 'ok'],
    ['no header', undefined, noHeader],
    ['empty', '', noHeader],
    ['the scheme alone', 'Bearer', noHeader],
    ['the scheme and a space', 'Bearer ', noHeader],
    ['lower-case scheme (RFC 9110 §11.1: case-insensitive)', `bearer ${human}`, 'ok'],
    ['upper-case scheme', `BEARER ${human}`, 'ok'],
    ['mixed-case scheme, the agent', `bEaReR ${s.agentToken}`, 'ok'],
    ['a scheme that only starts like Bearer', `Bearers ${human}`, noHeader],
    ['Basic', `Basic ${Buffer.from(`x:${human}`).toString('base64')}`, noHeader],
    ['the token without a scheme', human, noHeader],
    ['two spaces', `Bearer  ${human}`, noHeader],
    ['a second word', `Bearer ${human} extra`, noHeader],
    ['a trailing tab', `Bearer ${human}\t`, noHeader],
    ['Bearer not at the start', `Token Bearer ${human}`, noHeader],
    ['one character short', `Bearer ${human.slice(0, -1)}`, unknown],
    ['one character long', `Bearer ${human}A`, unknown],
    ['another prefix', `Bearer rlx_${body}`, unknown],
    ['the human body with the agent prefix', `Bearer rla_${body}`, unknown],
    ['a character outside base64url', `Bearer rlh_${body.slice(0, -1)}+`, unknown],
    ['well formed, never issued', `Bearer rlh_${'A'.repeat(43)}`, unknown],
    ['the right shape in capitals', `Bearer RLH_${body}`, unknown],
  ];
  let created = 0;
  for (const [name, authorization, expected] of rows) {
    const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
    const read = await s.request('GET', '/v1/trees', { token: null, headers });
    const before = snapshot(s);
    const write = await s.request('POST', '/v1/trees', { token: null, headers, body: { name: `T${created}` } });
    if (expected === 'ok') {
      t.equal(read.statusCode, 200, `${name}: read`);
      // The agent may read but not create a tree.
      t.equal(write.statusCode, authorization?.endsWith(` ${human}`) ? 201 : 403, `${name}: write`);
      if (write.statusCode === 201) created++;
      continue;
    }
    for (const [what, reply] of [['read', read], ['write', write]] as const) {
      t.match(problemOf(reply), expected, `${name}: ${what}`);
      t.equal(reply.headers['www-authenticate'], 'Bearer realm="rootline"', `${name}: ${what} says how to authenticate`);
      t.notOk(reply.body.includes(body), `${name}: ${what} does not echo the token`);
    }
    t.same(snapshot(s), before, `${name}: nothing written`);
  }
});

t.test('public routes need no token; every other route does', async (t) => {
  const s = await buildTestServer(t);
  t.equal((await s.request('GET', '/v1/openapi.json', { token: null })).statusCode, 200);
  t.equal((await s.request('GET', '/v1/openapi.json', { token: null, headers: { authorization: 'Bearer nonsense' } })).statusCode, 200, 'a bad token on a public route is ignored');
  t.match(problemOf(await s.request('GET', '/v1/capabilities', { token: null })), noHeader);
  t.match(problemOf(await s.request('GET', '/v1/no-such-route', { token: null })), noHeader, 'an unknown route does not tell a stranger it is unknown');
});

t.test('tokens: rlh_/rla_ and 43 base64url characters; the human token file is 0600, written whole', async (t) => {
  const s = await buildTestServer(t);
  t.match(s.humanToken, /^rlh_[A-Za-z0-9_-]{43}$/);
  t.match(s.agentToken, /^rla_[A-Za-z0-9_-]{43}$/);
  t.not(s.humanToken.slice(4), s.agentToken.slice(4));
  t.equal(readFileSync(s.server.layout.humanTokenFile, 'utf8'), `${s.humanToken}\n`);
  t.equal(statSync(s.server.layout.humanTokenFile).mode & 0o777, 0o600);
  t.same(readdirSync(s.server.layout.credentialsDir).filter((name) => name.endsWith('.tmp')), [], 'no temporary file left');
  const digests = s.server.kernel.registry.activeCredentials().map((row) => row.digest);
  for (const digest of digests) t.match(digest, /^[0-9a-f]{64}$/, 'a SHA-256 digest, in hex');
});

t.test('the human credential is labelled "human"; a registry that lost its row learns the token file again', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-auth-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const first = openRegistry(dir);
  const token = first.humanToken;
  t.same(first.registry.listCredentials('human').map((row) => row.label), ['human'], 'made at first start');
  first.registry.db.prepare("DELETE FROM credentials WHERE kind = 'human'").run();
  first.close();
  const again = openRegistry(dir);
  t.teardown(again.close);
  t.equal(again.humanToken, token, 'the token file is kept');
  t.same(again.registry.listCredentials('human').map((row) => ({ label: row.label, revoked: row.revoked_at_ms })), [{ label: 'human', revoked: null }], 'its digest is stored again');
  t.equal(verifyToken(again.registry, token)?.kind, 'human');
});
