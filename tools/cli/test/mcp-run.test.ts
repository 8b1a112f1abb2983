import t from 'tap';
import { runMcp } from '../src/mcp/run.js';
import { folder, manifest } from './helpers.js';
import { agentToken, connected, textOf } from './mcp-client.js';

/**
 * `rootline mcp` in this process, an MCP client on its pipes (./mcp-client.ts): what it serves,
 * and what it refuses before any MCP.
 */

t.test('connected: who the server is, its instructions, tools that reach the API, the prompt and the resources', async (t) => {
  const dataDir = folder(t);
  const { client, ended, err } = await connected(t, dataDir, agentToken(dataDir));
  t.same(client.getServerVersion(), { name: 'rootline', title: 'Rootline', version: '9.8.7' }, 'named with the build\'s version');
  t.match(client.getInstructions(), /^Rootline is the genealogist's research server\. What you capture starts pending in the review lane/);

  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  t.ok(tools.includes('post_personas') && tools.includes('post_assertions_capture'), 'the agent\'s operations are tools');
  t.notOk(tools.includes('post_assertions_id_confirm'), 'the human\'s are not');
  t.same((await client.listResources()).resources.map(({ uri, name, mimeType }) => ({ uri, name, mimeType })), [
    { uri: 'rootline://project/state', name: 'project-state', mimeType: 'application/json' },
    { uri: 'rootline://settled', name: 'settled', mimeType: 'application/json' },
  ]);
  t.same((await client.listPrompts()).prompts.map((prompt) => prompt.name), ['start-research-session']);

  const persona = await client.callTool({ name: 'post_personas', arguments: { body: { given: 'Mary', surname: 'Walsh' } } });
  t.notOk(persona.isError, textOf(persona));
  const id = JSON.parse(textOf(persona)).id as string;
  const claim = await client.callTool({ name: 'post_assertions_capture', arguments: { body: { persona: id, kind: 'birth', date: 'ABT 1830' } } });
  t.match(JSON.parse(textOf(claim)), { status: 'pending', proposer: 'unit-assistant/0.0.1' }, 'pending, under the client\'s name');

  const missing = await client.callTool({ name: 'get_personas_id', arguments: { id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d' } });
  t.equal(missing.isError, true);
  t.match(textOf(missing), /^not-found: /, 'a Problem is a tool error, its code first');
  const bad = await client.callTool({ name: 'get_personas_id', arguments: {} });
  t.match(textOf(bad), /^invalid-arguments: /);
  await t.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), /There is no tool no_such_tool/);

  const state = await client.readResource({ uri: 'rootline://project/state' });
  t.match(JSON.parse((state.contents[0] as { text: string }).text), { sections: {} }, 'the project state, read through the API');
  await t.rejects(client.readResource({ uri: 'rootline://nothing' }), /There is no resource rootline:\/\/nothing/);

  const prompt = await client.getPrompt({ name: 'start-research-session' });
  t.equal(prompt.messages.length, 3, 'the instruction, then both resources');
  t.same(prompt.messages.slice(1).map((message) => (message.content as { resource: { uri: string } }).resource.uri), ['rootline://project/state', 'rootline://settled']);
  await t.rejects(client.getPrompt({ name: 'another-prompt' }), /There is no prompt another-prompt/);

  await client.close();
  t.equal(await ended, 0, 'the command ends when its client goes');
  t.same(err, []);
});

t.test('refused before any MCP: no credential at all, or one the server does not know', async (t) => {
  const dataDir = folder(t);
  const lines: string[] = [];
  const none = await runMcp({ dataDir, env: {}, manifest, appVersion: '9.8.7', err: (line) => lines.push(line) });
  t.equal(none, 1);
  t.same(lines, ['rootline: mcp needs --harness ID (a connected assistant), or an agent token in ROOTLINE_AGENT_TOKEN (rootline agent create)']);
  lines.length = 0;
  const blank = await runMcp({ dataDir, env: { ROOTLINE_AGENT_TOKEN: '   ' }, manifest, appVersion: '9.8.7', err: (line) => lines.push(line) });
  t.equal(blank, 1, 'a blank token is none');
  lines.length = 0;
  const unknown = await runMcp({ dataDir, env: { ROOTLINE_AGENT_TOKEN: `rla_${'x'.repeat(43)}` }, manifest, appVersion: '9.8.7', err: (line) => lines.push(line) });
  t.equal(unknown, 1);
  t.same(lines, ['rootline: the credential was refused (revoked, or issued by another data folder): connect the assistant again']);
  lines.length = 0;
  const harness = await runMcp({ dataDir, harness: 'cursor', env: { ROOTLINE_AGENT_TOKEN: `rla_${'x'.repeat(43)}` }, manifest, appVersion: '9.8.7', err: (line) => lines.push(line) });
  t.equal(harness, 1, 'a harness never connected here: its credential, not the environment\'s');
  t.same(lines, ['rootline: cursor is not connected to this data folder: connect it in Rootline first (POST /v1/integrations/cursor/connect)']);
});
