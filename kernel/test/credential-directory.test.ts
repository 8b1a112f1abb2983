import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

/** The kernel's `credentials` singleton: whether an id is a live agent credential, for a plugin that names an assistant. */
t.test('a live agent credential is one; the human\'s, a revoked agent\'s and an unknown id are not', async (t) => {
  const s = await buildTestServer(t);
  const { credentials } = s.server.kernel.cradle;
  const registry = s.server.kernel.registry;
  t.equal(credentials.isActiveAgent(s.agentCredentialId), true, 'the test\'s assistant');
  const human = registry.listCredentials('human').find((row) => row.revoked_at_ms === null)!.credential_id;
  t.equal(credentials.isActiveAgent(human), false, 'the human');
  const other = registry.insertCredential('agent', 'Other assistant', 'e'.repeat(64)).credential_id;
  t.equal(credentials.isActiveAgent(other), true, 'another assistant, made after the server started');
  registry.revokeCredential(other);
  t.equal(credentials.isActiveAgent(other), false, 'revoked');
  t.equal(credentials.isActiveAgent('01938f00-aaaa-7bbb-8ccc-dddddddddddd'), false, 'unknown');
  t.same(Object.keys(credentials), ['isActiveAgent'], 'nothing else: no token, no digest');
});
