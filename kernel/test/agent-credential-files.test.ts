import t from 'tap';
import { readFileSync, statSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { definePlugin, type PluginKernel } from '@rootline/kernel';
import { readAgentTokenFile, type PluginSource } from '@rootline/kernel/host';
import { buildTestServer } from '@rootline/kernel/testing';

/**
 * `kernel.agentCredentials()` and `kernel.commandLine()` (CONTRACT §12): a global plugin
 * connecting an assistant harness issues it a credential whose token lands in
 * `<data>/credentials/agents/<name>.token` for `rootline mcp` to read, and names the
 * command line that starts it.
 */
function probe(seen: { kernel?: PluginKernel }, scope: 'global' | 'tree' = 'global'): PluginSource {
  const name = `@rootline/plugin-${scope}-credential-probe`;
  const plugin = definePlugin({
    name,
    scope,
    register(app) {
      seen.kernel = app.kernel;
      if (scope === 'tree') app.kernel.agentCredentials();
    },
  });
  return { name, version: '1.0.0', plugin, migrations: [], peerDependencies: { '@rootline/kernel': '^0.2.0' } };
}

t.test('issue writes the token file (0600) that authenticates as an agent; revoke ends it; isActive says which', async (t) => {
  const seen: { kernel?: PluginKernel } = {};
  const s = await buildTestServer(t, { builtIn: [probe(seen)], plugins: ['@rootline/plugin-global-credential-probe'] });
  const credentials = seen.kernel!.agentCredentials();
  const first = credentials.issue('cursor', 'Cursor');
  const file = join(s.dataDir, 'credentials', 'agents', 'cursor.token');
  t.equal(statSync(file).mode & 0o777, 0o600);
  const token = readAgentTokenFile(s.dataDir, 'cursor')!;
  t.match(token, /^rla_[A-Za-z0-9_-]{43}$/);
  t.equal(readFileSync(file, 'utf8'), `${token}\n`);
  t.same(s.server.kernel.registry.credential(first), { credential_id: first, kind: 'agent', label: 'Cursor', digest: s.server.kernel.registry.credential(first)!.digest, created_at_ms: s.server.kernel.registry.credential(first)!.created_at_ms, revoked_at_ms: null });
  t.equal((await s.request('GET', '/v1/trees', { token })).statusCode, 200, 'the token works');
  t.ok(credentials.isActive(first));

  const second = credentials.issue('cursor', 'Cursor');
  t.not(second, first);
  const replaced = readAgentTokenFile(s.dataDir, 'cursor')!;
  t.not(replaced, token, 'the file now holds the new token');
  t.ok(credentials.isActive(first), 'the earlier credential stays valid until revoked');
  t.equal(credentials.revoke(first), true);
  t.equal(credentials.revoke(first), false, 'already revoked');
  t.notOk(credentials.isActive(first));
  t.ok(credentials.isActive(second));
  t.notOk(credentials.isActive('01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d'), 'unknown');
  const humanId = s.server.kernel.registry.listCredentials('human')[0].credential_id;
  t.notOk(credentials.isActive(humanId), 'the human credential is not an agent credential');
  t.equal((await s.request('GET', '/v1/trees', { token })).statusCode, 401, 'the revoked token is refused');
  t.equal((await s.request('GET', '/v1/trees', { token: replaced })).statusCode, 200);
  t.throws(() => credentials.issue('../human', 'x'), /1-64 of a-z, 0-9 and -/);
  t.throws(() => credentials.issue('', 'x'), /1-64/);
  t.throws(() => credentials.issue('a'.repeat(65), 'x'), /1-64/);
  t.ok(credentials.issue('a'.repeat(64), 'long name'));
  t.equal(readAgentTokenFile(s.dataDir, 'zed'), undefined, 'no file: undefined');
  writeFileSync(join(s.dataDir, 'credentials', 'agents', 'zed.token'), '\n');
  t.equal(readAgentTokenFile(s.dataDir, 'zed'), undefined, 'an empty file: undefined');
  t.throws(() => readAgentTokenFile(s.dataDir, 'Zed'), /1-64/);
});

t.test('a token file that cannot be written revokes the credential it was for', async (t) => {
  const seen: { kernel?: PluginKernel } = {};
  const s = await buildTestServer(t, { builtIn: [probe(seen)], plugins: ['@rootline/plugin-global-credential-probe'] });
  mkdirSync(join(s.dataDir, 'credentials', 'agents', 'vscode.token'));
  t.throws(() => seen.kernel!.agentCredentials().issue('vscode', 'VS Code'));
  const rows = s.server.kernel.registry.listCredentials('agent').filter((row) => row.label === 'VS Code');
  t.equal(rows.length, 1);
  t.ok(rows[0].revoked_at_ms, 'issued, then revoked');
  rmSync(join(s.dataDir, 'credentials', 'agents', 'vscode.token'), { recursive: true });
  t.throws(() => readAgentTokenFile(join(s.dataDir, 'registry.db'), 'vscode'), /ENOTDIR/, 'other read errors are thrown');
});

t.test('commandLine: the launcher, the arguments and the data folder; a tree plugin may not issue credentials', async (t) => {
  const seen: { kernel?: PluginKernel } = {};
  const s = await buildTestServer(t, { builtIn: [probe(seen)], plugins: ['@rootline/plugin-global-credential-probe'] });
  t.same(seen.kernel!.commandLine(['mcp', '--harness', 'zed']), { command: 'rootline', args: ['mcp', '--harness', 'zed', '--data-dir', s.dataDir] });
  await t.rejects(buildTestServer(t, { builtIn: [probe({}, 'tree')], plugins: ['@rootline/plugin-tree-credential-probe'] }), {
    name: 'BootError',
    message: "Plugin @rootline/plugin-tree-credential-probe is declared tree-scoped but calls kernel.agentCredentials; declare scope: 'global' or leave credentials to global plugins",
  });
});
