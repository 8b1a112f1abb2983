import t from 'tap';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'jsonc-parser';
import { harnessServer, snapshot, isOneInsertion, LINUX_FILES, SERVERS_KEYS, HARNESS_IDS, type HarnessServer } from './fixtures/helpers.js';

/**
 * Connect and preview for all seven harnesses (CONTRACT §12), in a temp harness home: the
 * file keeps every byte outside our entry (comments, other servers, unrelated keys), no
 * secret goes into it, the old file is copied beside it, preview writes nothing, a reconnect
 * revokes the earlier credential.
 */

/** A config file as a person keeps it: comments, another server, unrelated keys, a trailing comma. */
function configWithComments(serversKey: string): string {
  return [
    '// My settings: hand-edited, keep my notes',
    '{',
    '  "theme": "dark", // I like it dark',
    '  /* servers I use */',
    `  "${serversKey}": {`,
    '    "github": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"] }, // work',
    '    "memory": {',
    '      "command": "npx",',
    '      "args": ["-y", "@modelcontextprotocol/server-memory"],',
    '    },',
    '  },',
    '  "telemetry": { "enabled": false },',
    '}',
    '',
  ].join('\n');
}

const tokenOf = (s: HarnessServer, harness: string) => readFileSync(join(s.dataDir, 'credentials', 'agents', `${harness}.token`), 'utf8').trim();
const activeAgents = (s: HarnessServer) => s.server.kernel.registry.listCredentials('agent').filter((row) => row.revoked_at_ms === null);

for (const harness of HARNESS_IDS) {
  t.test(`${harness}: preview writes nothing; connect adds our entry and keeps every other byte; reconnect revokes the earlier credential`, async (t) => {
    const s = await harnessServer(t);
    const file = join(s.home, LINUX_FILES[harness]);
    const key = SERVERS_KEYS[harness];
    mkdirSync(dirname(file), { recursive: true });
    const original = configWithComments(key);
    writeFileSync(file, original);
    chmodSync(file, 0o640);
    const before = snapshot(s.home);
    const agentsBefore = activeAgents(s).length;

    const preview = await s.request('POST', `/v1/integrations/${harness}/connect/preview`);
    t.equal(preview.statusCode, 200);
    t.match(preview.json(), {
      action: 'add-entry',
      harness_id: harness,
      servers_key: key,
      server_entry_already_existed: false,
      existing_keys_preserved: ['theme', 'telemetry', `${key}.github`, `${key}.memory`],
      summary: new RegExp(`^Connect would add a server named "rootline" under "${key}" in .+ keeping everything else in it, comments included`),
    });
    t.same(Object.keys(preview.json()).sort(), ['action', 'display_name', 'existing_keys_preserved', 'harness_id', 'server_entry_already_existed', 'servers_key', 'summary']);
    t.same(snapshot(s.home), before, 'preview wrote nothing');
    t.equal(activeAgents(s).length, agentsBefore, 'preview issued no credential');
    t.notOk(existsSync(join(s.dataDir, 'credentials', 'agents', `${harness}.token`)));

    const connect = await s.request('POST', `/v1/integrations/${harness}/connect`);
    t.equal(connect.statusCode, 200);
    const result = connect.json();
    t.equal(result.action, 'add-entry');
    t.match(result.backup_path_description, /^A copy of .+ as it was is beside it, named [\w.]+\.rootline-backup-\d{8}T\d{9}Z$/);
    t.equal(typeof result.restart_required, 'boolean');
    for (const reply of [preview.body, connect.body]) {
      t.notOk(reply.includes(s.home), 'no path in the reply');
      t.notOk(reply.includes(s.dataDir), 'no data folder in the reply');
      t.notOk(/rla_/.test(reply), 'no token in the reply');
    }

    const after = readFileSync(file, 'utf8');
    t.ok(isOneInsertion(original, after), 'the file is the original with one piece inserted: every other byte kept');
    t.ok(after.includes('// I like it dark') && after.includes('/* servers I use */') && after.includes('}, // work'), 'comments kept');
    const parsed = parse(after, [], { allowTrailingComma: true });
    t.same(Object.keys(parsed[key]), ['rootline', 'github', 'memory'], 'other servers kept');
    t.same(parsed.theme, 'dark');
    t.same(parsed.telemetry, { enabled: false });
    const entry = parsed[key].rootline;
    t.equal(entry.command, 'rootline');
    t.same(entry.args, ['mcp', '--harness', harness, '--data-dir', s.dataDir], 'runs rootline mcp --harness <id> against this data folder');
    const token = tokenOf(s, harness);
    t.match(token, /^rla_/);
    t.notOk(after.includes(token) || /rla_/.test(after), 'no secret in the file');
    t.equal(statSync(file).mode & 0o777, 0o640, 'the file keeps its permissions');

    const backups = readdirSync(dirname(file)).filter((name) => name.includes('.rootline-backup-'));
    t.equal(backups.length, 1);
    t.equal(readFileSync(join(dirname(file), backups[0]), 'utf8'), original, 'the file as it was, beside it');
    t.notOk(readdirSync(dirname(file)).some((name) => name.endsWith('.tmp')), 'no temp file left');

    const agent = await s.request('GET', '/v1/trees', { token });
    t.equal(agent.statusCode, 200, 'the credential works');
    const credential = s.server.kernel.registry.listCredentials('agent').find((row) => row.revoked_at_ms === null && row.label.endsWith('(assistant harness)'))!;
    t.match(credential.label, /^.+ \(assistant harness\)$/);
    t.equal(credential.label, `${preview.json().display_name} (assistant harness)`, 'labelled with the harness');
    const list = (await s.request('GET', '/v1/integrations/harnesses')).json().harnesses;
    t.same(list.filter((row: { connected: boolean }) => row.connected).map((row: { id: string }) => row.id), [harness], 'listed as connected');

    // Reconnect: the entry is replaced, the earlier credential revoked, the rest of the file kept.
    const again = await s.request('POST', `/v1/integrations/${harness}/connect/preview`);
    t.match(again.json(), { action: 'replace-entry', server_entry_already_existed: true, summary: /revoke the credential the earlier connect issued/ });
    const reconnect = await s.request('POST', `/v1/integrations/${harness}/connect`);
    t.equal(reconnect.json().action, 'replace-entry');
    const newToken = tokenOf(s, harness);
    t.not(newToken, token);
    t.equal((await s.request('GET', '/v1/trees', { token })).statusCode, 401, 'the earlier credential is revoked');
    t.equal((await s.request('GET', '/v1/trees', { token: newToken })).statusCode, 200);
    t.equal(activeAgents(s).length, agentsBefore + 1, 'one credential per harness');
    t.equal(readFileSync(file, 'utf8'), after, 'the same entry again: the file reads the same');
    t.equal(readdirSync(dirname(file)).filter((name) => name.includes('.rootline-backup-')).length, 2, 'a copy each time');
  });
}

t.test('a home with no config file: connect creates the folders and the file; nothing to copy', async (t) => {
  const s = await harnessServer(t);
  const preview = (await s.request('POST', '/v1/integrations/cline/connect/preview')).json();
  t.match(preview, { action: 'create-file', existing_keys_preserved: [], server_entry_already_existed: false, summary: /^Connect would create Cline's MCP settings file .+ \(the folders it needs are made too\)/ });
  t.same(snapshot(s.home), {}, 'preview made no folder');
  const result = (await s.request('POST', '/v1/integrations/cline/connect')).json();
  t.same(result, { action: 'create-file', backup_path_description: "There was no file before, so there was nothing to copy; Cline's MCP settings file (cline_mcp_settings.json in Cline's storage inside VS Code's settings) was created", restart_required: false });
  const file = join(s.home, LINUX_FILES.cline);
  t.same(JSON.parse(readFileSync(file, 'utf8')), { mcpServers: { rootline: { command: 'rootline', args: ['mcp', '--harness', 'cline', '--data-dir', s.dataDir], disabled: false } } });
  t.same(readdirSync(dirname(file)), ['cline_mcp_settings.json'], 'no copy of a file that was not there');
});

t.test('the entry each harness expects', async (t) => {
  const s = await harnessServer(t);
  const shapes: Record<string, Record<string, unknown>> = {};
  for (const harness of HARNESS_IDS) {
    t.equal((await s.request('POST', `/v1/integrations/${harness}/connect`)).statusCode, 200);
    const parsed = parse(readFileSync(join(s.home, LINUX_FILES[harness]), 'utf8'));
    shapes[harness] = Object.fromEntries(Object.entries(parsed[SERVERS_KEYS[harness]].rootline).filter(([name]) => name !== 'args' && name !== 'command'));
  }
  t.same(shapes, {
    'claude-desktop': {},
    cursor: {},
    vscode: { type: 'stdio' },
    windsurf: {},
    zed: { env: {} },
    cline: { disabled: false },
    'claude-code': { type: 'stdio', env: {} },
  });
  const list = (await s.request('GET', '/v1/integrations/harnesses')).json();
  t.ok(list.harnesses.every((row: { connected: boolean }) => row.connected), 'all seven connected');
  t.same(list.harnesses.map((row: { restart_required?: boolean }) => row.restart_required), HARNESS_IDS.map(() => undefined), 'the list carries only its five fields');
});
