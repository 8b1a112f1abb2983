import t, { type Test } from 'tap';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestServer } from '@rootline/kernel/testing';
import { openRegistry } from '../src/storage/open-registry.js';
import { createAgentCredential, verifyToken } from '../src/auth/tokens.js';

function dataDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-human-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** What an older `rootline agent revoke <human id>` left behind: the human row revoked. */
function revokeHumanAsOlderVersionsDid(dir: string): void {
  const { registry, close } = openRegistry(dir);
  registry.db.prepare("UPDATE credentials SET revoked_at_ms = 1 WHERE kind = 'human'").run();
  close();
}

t.test('the registry revokes agent credentials only', async (t) => {
  const dir = dataDir(t);
  const { registry, humanToken, close } = openRegistry(dir);
  t.teardown(close);
  const human = verifyToken(registry, humanToken)!;
  t.equal(human.kind, 'human');
  t.notOk(registry.revokeCredential(human.credentialId), 'the human credential is refused');
  t.same(verifyToken(registry, humanToken), human, 'and still lets the owner in');
  const agent = createAgentCredential(registry, 'Research assistant');
  t.ok(registry.revokeCredential(agent.credential_id));
  t.equal(verifyToken(registry, agent.token), null);
  t.equal(registry.credential(agent.credential_id)?.kind, 'agent');
  t.equal(registry.credential('no-such-id'), undefined);
});

t.test('start-up reinstates a human credential an older version revoked', async (t) => {
  const dir = dataDir(t);
  const first = openRegistry(dir);
  const token = first.humanToken;
  first.close();
  revokeHumanAsOlderVersionsDid(dir);

  // Before the repair this start failed with "UNIQUE constraint failed: credentials.digest".
  const again = openRegistry(dir);
  t.teardown(again.close);
  t.equal(again.humanToken, token, 'the same token, not a new one');
  const humans = again.registry.listCredentials('human');
  t.equal(humans.length, 1, 'the row was reinstated, not duplicated');
  t.equal(humans[0].revoked_at_ms, null);
  t.equal(verifyToken(again.registry, token)?.kind, 'human');
});

t.test('a server on a data folder with a revoked human credential starts and accepts the human token', async (t) => {
  const dir = dataDir(t);
  const token = openRegistry(dir);
  token.close();
  revokeHumanAsOlderVersionsDid(dir);
  const s = await buildTestServer(t, { dataDir: dir });
  t.equal(s.humanToken, token.humanToken);
  t.equal((await s.request('GET', '/v1/trees')).statusCode, 200);
});

t.test('a token file holding an agent token is replaced by a fresh human token', async (t) => {
  const dir = dataDir(t);
  const first = openRegistry(dir);
  const agent = createAgentCredential(first.registry, 'Copied by hand');
  first.close();
  writeFileSync(join(dir, 'credentials', 'human.token'), `${agent.token}\n`);

  const again = openRegistry(dir);
  t.teardown(again.close);
  t.not(again.humanToken, agent.token);
  t.match(again.humanToken, /^rlh_/);
  t.equal(readFileSync(join(dir, 'credentials', 'human.token'), 'utf8').trim(), again.humanToken);
  t.equal(verifyToken(again.registry, again.humanToken)?.kind, 'human');
  t.equal(verifyToken(again.registry, agent.token)?.kind, 'agent', 'the agent stays an agent');
});

t.test('a token file without a registry row (a fresh registry) is registered again', async (t) => {
  const dir = dataDir(t);
  const first = openRegistry(dir);
  first.close();
  for (const file of ['registry.db', 'registry.db-wal', 'registry.db-shm']) rmSync(join(dir, file), { force: true });
  const again = openRegistry(dir);
  t.teardown(again.close);
  t.equal(again.humanToken, first.humanToken);
  t.equal(verifyToken(again.registry, first.humanToken)?.kind, 'human');
});

t.test('a lost token file gets a new human token, and the lost one stops working', async (t) => {
  const dir = dataDir(t);
  const first = openRegistry(dir);
  const lost = first.humanToken;
  first.close();
  rmSync(join(dir, 'credentials', 'human.token'));
  const again = openRegistry(dir);
  t.teardown(again.close);
  t.not(again.humanToken, lost);
  t.equal(verifyToken(again.registry, again.humanToken)?.kind, 'human');
  t.equal(verifyToken(again.registry, lost), null, 'the token that went missing with its file is revoked');
});
