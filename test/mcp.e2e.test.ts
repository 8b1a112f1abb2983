import t, { type Test } from 'tap';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { ensureBundle, ownServer, startServer, apiOf, cleanup } from './helpers/server-process.js';

/**
 * Issue 14 end to end: the human connects Claude Code through the API (in a temp harness home);
 * the MCP SDK's own Client starts exactly the server entry written into its config file
 * (`rootline mcp --harness claude-code`, over stdio) against the real built server. Tools come
 * from the route schemas with the human's operations absent; a capture lands pending in the
 * review lane under the MCP client's name; a Problem comes back as a tool error; with no
 * server running, `rootline mcp` starts one in its own process.
 */

type TextContent = { type: 'text'; text: string };
const textOf = (result: unknown) => (result as { content: TextContent[] }).content[0].text;

async function connectedHarness(t: Test, home: string) {
  const server = await ownServer(t, ensureBundle(), { env: { ROOTLINE_HARNESS_HOME: home } });
  const connect = await server.api('/v1/integrations/claude-code/connect', { method: 'POST' });
  t.equal(connect.status, 200);
  const config = JSON.parse(readFileSync(join(home, '.claude.json'), 'utf8'));
  return { server, entry: config.mcpServers.rootline as { type: string; command: string; args: string[]; env: Record<string, string> } };
}

async function clientFor(t: Test, entry: { command: string; args: string[] }) {
  const transport = new StdioClientTransport({ command: entry.command, args: entry.args, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name: 'e2e-assistant', version: '1.2.3' });
  await client.connect(transport);
  t.teardown(() => client.close());
  return { client, stderr: () => stderr };
}

t.test('the connected entry starts an MCP server: agent tools only, capture pending under the client, Problems as tool errors', async (t) => {
  const home = mkdtempSync(join(tmpdir(), 'rootline-e2e-harness-'));
  t.teardown(() => rmSync(home, { recursive: true, force: true }));
  const { server, entry } = await connectedHarness(t, home);
  t.equal(entry.type, 'stdio');
  t.same(entry.args.slice(-5), ['mcp', '--harness', 'claude-code', '--data-dir', server.dataDir]);
  t.notOk(JSON.stringify(entry).includes('rla_'), 'no secret in the entry');
  const { client } = await clientFor(t, entry);
  t.match(client.getServerVersion(), { name: 'rootline' });

  const tools = (await client.listTools()).tools;
  const names = tools.map((tool) => tool.name);
  const document = await (await fetch(`${server.url}/v1/openapi.json`)).json() as { paths: Record<string, Record<string, { 'x-access': string }>> };
  const human = Object.entries(document.paths).flatMap(([path, operations]) => Object.entries(operations).filter(([, operation]) => operation['x-access'] === 'human').map(([method]) => `${method} ${path}`));
  t.ok(human.length >= 20, `the server has human-only operations (${human.length})`);
  for (const name of ['post_assertions_id_confirm', 'post_assertions_id_refute', 'post_pending_bulk_confirm', 'put_trees_active', 'post_trees', 'post_integrations_harness_connect', 'post_integrations_harness_connect_preview', 'post_restore', 'get_backup_config', 'post_research_questions_id_reopen']) {
    t.notOk(names.includes(name), `${name} is human-only: no tool`);
  }
  t.notOk(names.some((name) => name.startsWith('get_trees_tree_id_') || name.startsWith('post_trees_tree_id_')), 'the pinned mount is not repeated');
  t.notOk(names.includes('get_events_stream'), 'no change stream');
  t.notOk(names.includes('post_blobs'), 'no raw-byte upload');
  for (const name of ['post_assertions_capture', 'post_personas', 'get_pending', 'get_persons_id', 'get_integrations_harnesses', 'post_research_sessions']) t.ok(names.includes(name), `${name} is a tool`);
  t.equal(new Set(names).size, names.length, 'names are unique');
  const capture = tools.find((tool) => tool.name === 'post_assertions_capture')!;
  t.match(capture.description, /^Capture a claim about a persona .+\(POST \/v1\/assertions\/capture\)/);
  t.match(capture.inputSchema, { type: 'object', required: ['body'], properties: { body: { type: 'object', required: ['persona', 'kind'] } } });
  t.notOk(JSON.stringify(tools).includes('$ref'), 'schemas stand alone');
  const persons = tools.find((tool) => tool.name === 'get_persons_id')!;
  t.match(persons.inputSchema, { required: ['id'], properties: { id: { type: 'string' } } });

  const persona = JSON.parse(textOf(await client.callTool({ name: 'post_personas', arguments: { body: { given: 'Mary', surname: 'Ó Súilleabháin' } } })));
  const captured = await client.callTool({ name: 'post_assertions_capture', arguments: { body: { persona: persona.id, kind: 'birth', date: 'ABT 1824', place: 'Cork' } } });
  t.notOk(captured.isError, textOf(captured));
  const claim = JSON.parse(textOf(captured));
  t.equal(claim.status, 'pending', 'an agent capture starts pending');
  const lane = await (await server.api('/v1/pending?group_by=proposer')).json();
  t.match(JSON.stringify(lane), /e2e-assistant\/1\.2\.3/, 'the pending lane names the MCP client as the proposer');
  const mine = await (await server.api(`/v1/pending?proposer=${encodeURIComponent('e2e-assistant/1.2.3')}`)).json();
  t.same(mine.items.map((item: { id: string }) => item.id), [claim.id], 'the capture is pending under its proposer');

  const missing = await client.callTool({ name: 'get_persons_id', arguments: { id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d' } });
  t.equal(missing.isError, true, 'a Problem is a tool error');
  t.match(textOf(missing), /^not-found: There is no person 01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d/);
  const invalid = await client.callTool({ name: 'post_assertions_capture', arguments: { body: { persona: persona.id } } });
  t.equal(invalid.isError, true);
  t.match(textOf(invalid), /^validation-failed: /);
  const unnamed = await client.callTool({ name: 'get_persons_id', arguments: {} });
  t.match(unnamed, { isError: true, content: [{ type: 'text', text: 'invalid-arguments: get_persons_id needs id' }] });
  const humanOnly = await client.callTool({ name: 'post_assertions_id_confirm', arguments: { id: claim.id } });
  t.match(humanOnly, { isError: true, content: [{ type: 'text', text: /^human-only: / }] }, 'a human-only operation is answered as the human\'s, not as an unknown tool');
  t.equal((await (await server.api(`/v1/assertions/${claim.id}`)).json()).status, 'pending', 'still pending: only the human confirms');

  const resources = (await client.listResources()).resources;
  t.same(resources.map((resource) => resource.uri), ['rootline://project/state', 'rootline://settled']);
  const prompts = (await client.listPrompts()).prompts;
  t.same(prompts.map((prompt) => prompt.name), ['start-research-session']);
  const prompt = await client.getPrompt({ name: 'start-research-session' });
  t.equal(prompt.messages.length, 3, 'the instructions, then both resources');
  t.match(prompt.messages[0].content, { type: 'text', text: /^Start a research session in Rootline/ });
  for (const [index, path] of [[1, '/v1/project/state'], [2, '/v1/settled']] as const) {
    const reply = await server.api(path);
    const content = prompt.messages[index].content as { type: string; resource: { uri: string; text: string } };
    t.equal(content.type, 'resource');
    if (reply.status === 200) {
      t.same(JSON.parse(content.resource.text), await reply.json(), `${path} read into the prompt`);
      t.same(JSON.parse(((await client.readResource({ uri: content.resource.uri })).contents[0] as { text: string }).text), JSON.parse(content.resource.text));
    } else {
      // Not in this build yet: said plainly rather than left out.
      t.match(content.resource.text, /^Could not be read: .*route-not-found/);
      await t.rejects(client.readResource({ uri: content.resource.uri }), McpError);
    }
  }
});

t.test('with no server running, rootline mcp starts one in its own process; a revoked credential is refused', async (t) => {
  const home = mkdtempSync(join(tmpdir(), 'rootline-e2e-harness-'));
  t.teardown(() => rmSync(home, { recursive: true, force: true }));
  const bundle = ensureBundle();
  const running = await startServer(bundle, { env: { ROOTLINE_HARNESS_HOME: home } });
  const api = apiOf(running);
  t.equal((await api('/v1/integrations/cursor/connect', { method: 'POST' })).status, 200);
  await running.stop();
  t.teardown(() => cleanup(running));
  const entry = JSON.parse(readFileSync(join(home, '.cursor', 'mcp.json'), 'utf8')).mcpServers.rootline;
  const { client } = await clientFor(t, entry);
  const trees = await client.callTool({ name: 'get_trees', arguments: {} });
  t.notOk(trees.isError);
  t.equal(JSON.parse(textOf(trees)).items[0].name, 'My tree', 'answered by the server it started');
  await client.close();

  const id = running.cli('agent', 'list').split('\n').find((line) => line.endsWith('Cursor (assistant harness)'))!.split('\t')[0];
  running.cli('agent', 'revoke', id);
  const transport = new StdioClientTransport({ command: entry.command, args: entry.args, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  await t.rejects(new Client({ name: 'e2e', version: '1' }).connect(transport));
  t.match(stderr, /the credential was refused \(revoked, or issued by another data folder\): connect the assistant again/);
});
