import type { Test } from 'tap';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createAgentCredential, openRegistry } from '@rootline/kernel/host';
import { runMcp } from '../src/mcp/run.js';
import { manifest } from './helpers.js';

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

export function agentToken(dataDir: string): string {
  const { registry, close } = openRegistry(dataDir);
  try {
    return createAgentCredential(registry, 'MCP test').token;
  } finally {
    close();
  }
}

/** Runs the command on the pipes; `ended` is its exit code once the client has gone. */
export async function connected(t: Test, dataDir: string, token: string) {
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

export const textOf = (result: unknown) => (result as { content: { type: string; text: string }[] }).content[0].text;

/** Every text of a tool result, in order (a paged answer has two). */
export const textsOf = (result: unknown) => (result as { content: { type: string; text: string }[] }).content.map((content) => content.text);
