import t from 'tap';
import { join } from 'node:path';
import { HARNESSES, configFileOf, foldersFor, harnessById } from '../src/harnesses.js';
import { holdsEntry, planConfigEdit, UnparseableConfig } from '../src/config-edit.js';
import { isOneInsertion } from './fixtures/helpers.js';

/** The harness table on each platform, and the one edit connect makes, as plain functions. */

const HOME = '/home/ada';
const files = (platform: 'linux' | 'darwin' | 'win32', env: NodeJS.ProcessEnv = {}) =>
  Object.fromEntries(HARNESSES.map((harness) => [harness.id, configFileOf(harness, platform, env, HOME)]));

t.test('where each harness keeps its file on Linux, macOS and Windows (docs/integrations.md)', async (t) => {
  t.same(files('linux'), {
    'claude-desktop': '/home/ada/.config/Claude/claude_desktop_config.json',
    cursor: '/home/ada/.cursor/mcp.json',
    vscode: '/home/ada/.config/Code/User/mcp.json',
    windsurf: '/home/ada/.codeium/windsurf/mcp_config.json',
    zed: '/home/ada/.config/zed/settings.json',
    cline: '/home/ada/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    'claude-code': '/home/ada/.claude.json',
  });
  t.same(files('linux', { XDG_CONFIG_HOME: '/cfg' }), {
    'claude-desktop': '/cfg/Claude/claude_desktop_config.json',
    cursor: '/home/ada/.cursor/mcp.json',
    vscode: '/cfg/Code/User/mcp.json',
    windsurf: '/home/ada/.codeium/windsurf/mcp_config.json',
    zed: '/cfg/zed/settings.json',
    cline: '/cfg/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    'claude-code': '/home/ada/.claude.json',
  }, 'XDG_CONFIG_HOME is followed');
  const support = '/home/ada/Library/Application Support';
  t.same(files('darwin', { XDG_CONFIG_HOME: '/ignored' }), {
    'claude-desktop': `${support}/Claude/claude_desktop_config.json`,
    cursor: '/home/ada/.cursor/mcp.json',
    vscode: `${support}/Code/User/mcp.json`,
    windsurf: '/home/ada/.codeium/windsurf/mcp_config.json',
    zed: '/home/ada/.config/zed/settings.json',
    cline: `${support}/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json`,
    'claude-code': '/home/ada/.claude.json',
  });
  t.same(files('win32', { APPDATA: '/roaming' }), {
    'claude-desktop': join('/roaming', 'Claude', 'claude_desktop_config.json'),
    cursor: join(HOME, '.cursor', 'mcp.json'),
    vscode: join('/roaming', 'Code', 'User', 'mcp.json'),
    windsurf: join(HOME, '.codeium', 'windsurf', 'mcp_config.json'),
    zed: join('/roaming', 'Zed', 'settings.json'),
    cline: join('/roaming', 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'),
    'claude-code': join(HOME, '.claude.json'),
  });
  t.equal(files('win32').vscode, join(HOME, 'AppData', 'Roaming', 'Code', 'User', 'mcp.json'), 'no APPDATA: under the home folder');
});

t.test('ROOTLINE_HARNESS_HOME replaces the home folder, and every folder is found under it', async (t) => {
  const env = { ROOTLINE_HARNESS_HOME: '/tmp/h', XDG_CONFIG_HOME: '/cfg', APPDATA: '/roaming' };
  t.same(foldersFor('linux', env, HOME), { home: '/tmp/h', appConfig: '/tmp/h/.config', xdgConfig: '/tmp/h/.config' });
  t.same(foldersFor('darwin', env, HOME), { home: '/tmp/h', appConfig: '/tmp/h/Library/Application Support', xdgConfig: '/tmp/h/.config' });
  t.same(foldersFor('win32', env, HOME), { home: '/tmp/h', appConfig: join('/tmp/h', 'AppData', 'Roaming'), xdgConfig: join('/tmp/h', 'AppData', 'Roaming') });
  t.same(foldersFor('linux', { ROOTLINE_HARNESS_HOME: '' }, HOME).home, HOME, 'empty: the real home');
  t.equal(harnessById('zed')?.servers_key, 'context_servers');
  t.equal(harnessById('notepad'), undefined);
  t.same(HARNESSES.map((harness) => [harness.id, harness.restart_required]), [
    ['claude-desktop', true], ['cursor', true], ['vscode', false], ['windsurf', true], ['zed', false], ['cline', false], ['claude-code', true],
  ]);
});

const ENTRY = { command: 'rootline', args: ['mcp'] };
const edit = (text: string | undefined, key = 'mcpServers') => planConfigEdit(text, key, 'rootline', ENTRY);

t.test('the edit: written the way the file writes JSON, one insertion, nothing else moved', async (t) => {
  t.equal(edit(undefined).text, '{\n  "mcpServers": {\n    "rootline": {\n      "command": "rootline",\n      "args": [\n        "mcp"\n      ]\n    }\n  }\n}\n', 'a new file');
  t.equal(edit(undefined).action, 'create-file');
  t.equal(edit('').action, 'add-entry', 'an empty file exists');
  t.equal(edit('').text, edit(undefined).text);
  t.equal(edit('{}').text, '{\n  "mcpServers": {\n    "rootline": {\n      "command": "rootline",\n      "args": [\n        "mcp"\n      ]\n    }\n  }\n}');
  t.equal(edit('{\r\n\t"a": 1\r\n}\r\n').text, '{\r\n\t"mcpServers": {\r\n\t\t"rootline": {\r\n\t\t\t"command": "rootline",\r\n\t\t\t"args": [\r\n\t\t\t\t"mcp"\r\n\t\t\t]\r\n\t\t}\r\n\t},\r\n\t"a": 1\r\n}\r\n', 'tabs and CRLF kept');
  t.equal(edit('{ "a": 1, "mcpServers": { "x": {} } }').text, '{ "a": 1, "mcpServers": { "rootline": {\n    "command": "rootline",\n    "args": [\n      "mcp"\n    ]\n  }, "x": {} } }', 'a one-line file');
  t.equal(edit('{\n    "mcpServers": {}\n}').text, '{\n    "mcpServers": {\n        "rootline": {\n            "command": "rootline",\n            "args": [\n                "mcp"\n            ]\n        }\n    }\n}', 'an empty servers object, four spaces');
  t.equal(edit('{\n  "mcpServers": {   }\n}').text, '{\n  "mcpServers": {\n    "rootline": {\n      "command": "rootline",\n      "args": [\n        "mcp"\n      ]\n    }\n  }\n}', 'a servers object holding only spaces: its inside replaced');
  t.equal(edit('{ "mcpServers": {\n\n} }').text, '{ "mcpServers": {\n  "rootline": {\n    "command": "rootline",\n    "args": [\n      "mcp"\n    ]\n  }\n} }', 'holding only blank lines');
  const commented = '{\n  "mcpServers": { // none yet\n  }\n}';
  t.ok(isOneInsertion(commented, edit(commented).text), 'a comment inside an empty servers object is kept');
  t.ok(edit(commented).text.includes('// none yet'));
  const bom = '\uFEFF{ "a": 1 }';
  t.ok(edit(bom).text.startsWith('\uFEFF{ "mcpServers"'), 'a byte-order mark stays first');
  t.same(edit('{\n  "a": 1,\n  "mcpServers": {\n    "rootline": { "command": "old" },\n    "b": {}\n  }\n}').text, '{\n  "a": 1,\n  "mcpServers": {\n    "rootline": {\n      "command": "rootline",\n      "args": [\n        "mcp"\n      ]\n    },\n    "b": {}\n  }\n}', 'a replacement touches only the value');
  t.same(edit('{ "context_servers": { "a": {} }, "b": 2 }', 'context_servers').existing_keys_preserved, ['b', 'context_servers.a']);
  t.equal(isOneInsertion('ab', 'ab'), false, 'the same text is no insertion');
  t.equal(isOneInsertion('ab', 'aXb'), true);
  t.equal(isOneInsertion('ab', 'XaYb'), false, 'two insertions');
});

t.test('holdsEntry: only an object named rootline under the servers key', async (t) => {
  t.equal(holdsEntry(undefined, 'servers', 'rootline'), false);
  t.equal(holdsEntry('{ "servers": { "rootline": {} } }', 'servers', 'rootline'), true);
  t.equal(holdsEntry('\uFEFF{ "servers": { "rootline": {} } }', 'servers', 'rootline'), true);
  t.equal(holdsEntry('{ "servers": { "rootline": "x" } }', 'servers', 'rootline'), false);
  t.equal(holdsEntry('{ "mcpServers": { "rootline": {} } }', 'servers', 'rootline'), false);
  t.equal(holdsEntry('{ "servers": { "rootline": {} ', 'servers', 'rootline'), false, 'unparseable');
  t.equal(holdsEntry('', 'servers', 'rootline'), false);
  t.throws(() => edit('{ "a" }'), { name: 'UnparseableConfig', reason: 'invalid-json', message: 'ColonExpected at line 1, column 7' });
  t.ok((() => { try { edit('[]'); } catch (error) { return error instanceof UnparseableConfig; } })());
});
