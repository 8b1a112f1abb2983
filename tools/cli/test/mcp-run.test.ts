import t, { type Test } from 'tap';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createAgentCredential, openRegistry } from '@rootline/kernel/host';
import { runMcp } from '../src/mcp/run.js';
import { folder, manifest } from './helpers.js';

/**
 * `rootline mcp` in this process: its stdin and stdout are two in-memory pipes, and the MCP SDK's
 * own Client talks over them, as an assistant does over a real process's pipes
 * (test/mcp.e2e.test.ts runs the built command). With no server on the data folder, the
 * command starts one here, on a loopback port, for as long as it runs.
 */

/** The client's side of the two pipes, as an MCP transport (newline-delimited JSON-RPC). */
class PipeTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly buffer = new ReadBuffer();

  constructor(private readonly toServer: PassThrough, private readonly fromServer: PassThrough) {}

  async start(): Promise<void> {
    this.fromServer.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (let message = this.buffer.readMessage(); message; message = this.buffer.readMessage()) this.onmessage?.(message);
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.toServer.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.toServer.end();
    this.onclose?.();
  }
}

function agentToken(dataDir: string): string {
  const { registry, close } = openRegistry(dataDir);
  try {
    return createAgentCredential(registry, 'MCP test').token;
  } finally {
    close();
  }
}

/** Runs the command on the pipes; `ended` is its exit code once the client has gone. */
async function connected(t: Test, dataDir: string, token: string) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const err: string[] = [];
  const ended = runMcp({ dataDir, env: { ROOTLINE_AGENT_TOKEN: token }, manifest, appVersion: '9.8.7', err: (line) => err.push(line), stdin, stdout });
  const client = new Client({ name: 'unit-assistant', version: '0.0.1' });
  await client.connect(new PipeTransport(stdin, stdout));
  // A test that fails midway still lets the command, and the server it started, end.
  t.teardown(async () => {
    await client.close();
    await ended;
  });
  return { client, ended, err };
}

const textOf = (result: unknown) => (result as { content: { type: string; text: string }[] }).content[0].text;

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
