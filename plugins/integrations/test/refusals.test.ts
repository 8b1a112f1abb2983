import t from 'tap';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { nodeFiles, type HarnessFiles } from '../src/files.js';
import { harnessServer, snapshot, LINUX_FILES } from './fixtures/helpers.js';

/**
 * What connect refuses, and what it does when writing fails: a file that cannot be edited
 * safely is 422 `harness-unavailable` and untouched; a write that fails is 500
 * `harness-connect-failed` with the original file intact and no new credential left valid.
 */

const activeAgents = (s: Awaited<ReturnType<typeof harnessServer>>) => s.server.kernel.registry.listCredentials('agent').filter((row) => row.revoked_at_ms === null).length;

const broken: [name: string, text: string, reason: string, detail: RegExp][] = [
  ['invalid JSON', '{\n  "mcpServers": {\n    "github": { "command": "npx" \n  }\n', 'invalid-json', /cannot be edited safely: .+ at line \d+, column \d+\. Nothing was changed/],
  ['a value missing', '{ "theme": }', 'invalid-json', /ValueExpected at line 1, column 12/],
  ['an array', '[{ "mcpServers": {} }]', 'not-an-object', /the file holds an array, not an object of settings/],
  ['a string', '"hello"', 'not-an-object', /the file holds a string, not an object/],
  ['servers as an array', '{ "mcpServers": [] }', 'servers-not-an-object', /its "mcpServers" holds an array, not an object of servers/],
  ['servers as a string', '{ "mcpServers": "none" }', 'servers-not-an-object', /its "mcpServers" holds a string, not an object of servers/],
];

for (const [name, text, reason, detail] of broken) {
  t.test(`a config file holding ${name}: 422 harness-unavailable for preview and connect, the file untouched`, async (t) => {
    const s = await harnessServer(t);
    const file = join(s.home, LINUX_FILES.cursor);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    const before = snapshot(s.home);
    const agents = activeAgents(s);
    for (const path of ['/v1/integrations/cursor/connect/preview', '/v1/integrations/cursor/connect']) {
      const reply = await s.request('POST', path);
      t.equal(reply.statusCode, 422);
      t.match(reply.json(), { code: 'harness-unavailable', reason, detail });
      t.match(reply.json().detail, /^Cursor's MCP file \(mcp\.json in the \.cursor folder of your home folder\) cannot be edited safely/);
      t.notOk(reply.body.includes(s.home), 'no path');
    }
    t.same(snapshot(s.home), before, 'untouched, no copy made');
    t.equal(activeAgents(s), agents, 'no credential');
    t.equal((await s.request('GET', '/v1/integrations/harnesses')).json().harnesses[1].connected, false);
  });
}

t.test('a config "file" that is a folder cannot be read: 422 unreadable', async (t) => {
  const s = await harnessServer(t);
  mkdirSync(join(s.home, '.claude.json'));
  const reply = await s.request('POST', '/v1/integrations/claude-code/connect');
  t.equal(reply.statusCode, 422);
  t.match(reply.json(), { code: 'harness-unavailable', reason: 'unreadable', detail: "Claude Code's user settings (.claude.json in your home folder) cannot be read (EISDIR). Nothing was changed." });
  t.equal((await s.request('GET', '/v1/integrations/harnesses')).json().harnesses[6].connected, false, 'a folder is never connected');
});

t.test('an unknown harness is 404; an agent is refused connect and preview, and may list', async (t) => {
  const s = await harnessServer(t);
  const unknown = await s.request('POST', '/v1/integrations/notepad/connect');
  t.equal(unknown.statusCode, 404);
  t.match(unknown.json(), { code: 'not-found', entity: 'harness', detail: 'There is no assistant harness "notepad"; GET /v1/integrations/harnesses lists the seven' });
  t.equal((await s.request('POST', '/v1/integrations/notepad/connect/preview')).statusCode, 404);
  for (const path of ['/v1/integrations/cursor/connect', '/v1/integrations/cursor/connect/preview']) {
    const reply = await s.request('POST', path, { token: s.agentToken });
    t.equal(reply.statusCode, 403);
    t.equal(reply.json().code, 'human-token-required');
  }
  t.same(snapshot(s.home), {}, 'the agent changed nothing');
  const list = await s.request('GET', '/v1/integrations/harnesses', { token: s.agentToken });
  t.equal(list.statusCode, 200);
  t.same(list.json(), {
    harnesses: [
      { id: 'claude-desktop', display_name: 'Claude Desktop', vendor: 'Anthropic', one_click: true, connected: false },
      { id: 'cursor', display_name: 'Cursor', vendor: 'Anysphere', one_click: true, connected: false },
      { id: 'vscode', display_name: 'Visual Studio Code', vendor: 'Microsoft', one_click: true, connected: false },
      { id: 'windsurf', display_name: 'Windsurf', vendor: 'Windsurf (Codeium)', one_click: true, connected: false },
      { id: 'zed', display_name: 'Zed', vendor: 'Zed Industries', one_click: true, connected: false },
      { id: 'cline', display_name: 'Cline', vendor: 'Cline Bot', one_click: true, connected: false },
      { id: 'claude-code', display_name: 'Claude Code', vendor: 'Anthropic', one_click: true, connected: false },
    ],
  });
});

t.test('a folder on the way that is a file: 500 harness-connect-failed, nothing written, no credential', async (t) => {
  const s = await harnessServer(t);
  writeFileSync(join(s.home, '.cursor'), 'not a folder');
  const before = snapshot(s.home);
  const agents = activeAgents(s);
  const reply = await s.request('POST', '/v1/integrations/cursor/connect');
  t.equal(reply.statusCode, 500);
  t.match(reply.json(), { code: 'harness-connect-failed', step: 'config-write', detail: /^Cursor could not be connected: Cursor's MCP file \(.+\) could not be written \((EEXIST|ENOTDIR)\)\. The file is as it was\.$/ });
  t.same(snapshot(s.home), before);
  t.equal(activeAgents(s), agents);
  const log = readFileSync(join(s.dataDir, 'logs', 'rootline.log'), 'utf8');
  t.notOk(log.includes(s.home), 'the log names no path');
});

function failing(fail: (path: string) => boolean): HarnessFiles {
  return {
    ...nodeFiles,
    async writeAtomic(path, bytes, mode) {
      if (fail(path)) throw Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), { code: 'ENOSPC' });
      return nodeFiles.writeAtomic(path, bytes, mode);
    },
  };
}

t.test('a full disk while writing the file: 500, the original intact, the earlier connection still working', async (t) => {
  let full = false;
  const s = await harnessServer(t, { files: failing((path) => full && path.endsWith('settings.json')) });
  const file = join(s.home, LINUX_FILES.zed);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '// zed\n{ "vim_mode": true }\n');
  t.equal((await s.request('POST', '/v1/integrations/zed/connect')).statusCode, 200);
  const connected = readFileSync(file, 'utf8');
  const token = readFileSync(join(s.dataDir, 'credentials', 'agents', 'zed.token'), 'utf8').trim();
  full = true;
  const agents = activeAgents(s);
  const reply = await s.request('POST', '/v1/integrations/zed/connect');
  t.equal(reply.statusCode, 500);
  t.match(reply.json(), { code: 'harness-connect-failed', detail: /\(ENOSPC\)\. The file is as it was\.$/ });
  t.notOk(reply.body.includes(s.home));
  t.equal(readFileSync(file, 'utf8'), connected, 'the file as it was');
  t.equal(activeAgents(s), agents, 'no new credential');
  t.equal((await s.request('GET', '/v1/trees', { token })).statusCode, 200, 'the earlier credential still works');
  t.equal((await s.request('GET', '/v1/integrations/harnesses')).json().harnesses[4].connected, true);
});

t.test('a credential that cannot be stored: 500, the file put back as it was, nothing left valid', async (t) => {
  const s = await harnessServer(t);
  const file = join(s.home, LINUX_FILES.windsurf);
  mkdirSync(dirname(file), { recursive: true });
  const original = '{\n  "mcpServers": {}\n}\n';
  writeFileSync(file, original);
  mkdirSync(join(s.dataDir, 'credentials', 'agents', 'windsurf.token'));
  const agents = activeAgents(s);
  const reply = await s.request('POST', '/v1/integrations/windsurf/connect');
  t.equal(reply.statusCode, 500);
  t.match(reply.json(), { code: 'harness-connect-failed', step: 'credential', detail: /^Windsurf could not be connected: its credential could not be stored \(E\w+\)\. The file is as it was\.$/ });
  t.equal(readFileSync(file, 'utf8'), original, 'the file put back');
  t.equal(activeAgents(s), agents, 'the credential issued was revoked again');
  t.equal((await s.request('GET', '/v1/integrations/harnesses')).json().harnesses[3].connected, false);

  // With no file before, the file made is removed again.
  const fresh = await harnessServer(t);
  mkdirSync(join(fresh.dataDir, 'credentials', 'agents', 'cursor.token'));
  t.equal((await fresh.request('POST', '/v1/integrations/cursor/connect')).statusCode, 500);
  t.same(readdirSync(join(fresh.home, '.cursor')), [], 'no file left behind');
});

t.test('two connects at once run one after the other: one credential stays valid, the one in the file', async (t) => {
  const s = await harnessServer(t);
  const replies = await Promise.all([1, 2, 3].map(() => s.request('POST', '/v1/integrations/vscode/connect')));
  t.same(replies.map((reply) => reply.statusCode), [200, 200, 200]);
  t.same(replies.map((reply) => reply.json().action), ['create-file', 'replace-entry', 'replace-entry']);
  const valid = s.server.kernel.registry.listCredentials('agent').filter((row) => row.revoked_at_ms === null && row.label === 'Visual Studio Code (assistant harness)');
  t.equal(valid.length, 1);
  const token = readFileSync(join(s.dataDir, 'credentials', 'agents', 'vscode.token'), 'utf8').trim();
  t.equal((await s.request('GET', '/v1/trees', { token })).statusCode, 200);
});

t.test('connected turns false when the entry is taken out of the file or the credential is revoked', async (t) => {
  const s = await harnessServer(t);
  await s.request('POST', '/v1/integrations/cursor/connect');
  await s.request('POST', '/v1/integrations/windsurf/connect');
  const connected = async () => (await s.request('GET', '/v1/integrations/harnesses')).json().harnesses.filter((row: { connected: boolean }) => row.connected).map((row: { id: string }) => row.id);
  t.same(await connected(), ['cursor', 'windsurf']);
  writeFileSync(join(s.home, LINUX_FILES.cursor), '{ "mcpServers": { "other": {} } }');
  const id = s.server.kernel.registry.listCredentials('agent').find((row) => row.label.startsWith('Windsurf') && !row.revoked_at_ms)!.credential_id;
  s.server.kernel.registry.revokeCredential(id);
  t.same(await connected(), []);
});

t.test('the API description lists what connect and preview may answer', async (t) => {
  const s = await harnessServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const statuses = (path: string) => Object.keys(doc.paths[path].post.responses).sort();
  t.same(statuses('/v1/integrations/{harness}/connect'), ['200', '400', '401', '403', '404', '421', '422', '500', '507']);
  t.same(statuses('/v1/integrations/{harness}/connect/preview'), ['200', '400', '401', '403', '404', '421', '422', '500', '507']);
});

t.test('a file that cannot be begun (a file where its folder should be) fails with why, and leaves nothing', async (t) => {
  const s = await harnessServer(t);
  const blocker = join(s.home, 'not-a-folder');
  writeFileSync(blocker, 'x');
  await t.rejects(nodeFiles.writeAtomic(join(blocker, 'mcp.json'), Buffer.from('{}'), 0o644), { code: 'ENOTDIR' });
  t.same(readdirSync(s.home), ['not-a-folder'], 'no temporary file anywhere');
});
