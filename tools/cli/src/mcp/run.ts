/**
 * `rootline mcp --harness <id>`: a stdio MCP server over the agent's actions (CONTRACT §12).
 * It uses the agent credential connect issued for that harness (kept in the data folder, never
 * in the harness's own file), talks to the Rootline server running on the data folder (its
 * URL from `<data>/server.json`) or, when none runs, to one it starts in this process on a
 * free loopback port for as long as it runs. Stdout carries MCP only; messages go to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createServer, readAgentTokenFile, type Manifest, type PluginSource } from '@rootline/kernel/host';
import { humanActionsFrom, toolsFrom, type OpenApiDocument } from './tools.js';
import { createMcpServer, type RootlineApi } from './server.js';
import { runningUrl } from '../running-server.js';

export interface McpOptions {
  dataDir: string;
  /** The harness whose credential to use; without it, `ROOTLINE_AGENT_TOKEN` (from `rootline agent create`). */
  harness?: string;
  env: NodeJS.ProcessEnv;
  manifest: Manifest;
  builtIn?: Map<string, PluginSource>;
  appVersion: string;
  err: (line: string) => void;
  /** The streams MCP runs over (stdin/stdout by default). */
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
}

function tokenOf(options: McpOptions): string {
  if (options.harness) {
    let token: string | undefined;
    try {
      token = readAgentTokenFile(options.dataDir, options.harness);
    } catch (error) {
      throw new Error(`cannot read the credential of ${options.harness}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    if (!token) throw new Error(`${options.harness} is not connected to this data folder: connect it in Rootline first (POST /v1/integrations/${options.harness}/connect)`);
    return token;
  }
  const token = options.env.ROOTLINE_AGENT_TOKEN?.trim();
  if (!token) throw new Error('mcp needs --harness ID (a connected assistant), or an agent token in ROOTLINE_AGENT_TOKEN (rootline agent create)');
  return token;
}

function apiOf(url: string, token: string): RootlineApi {
  return {
    async call(method, path, init) {
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json, text/*;q=0.5' };
      if (init.proposer) headers['x-proposer-model'] = init.proposer;
      let body: string | undefined;
      if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers['content-type'] = 'application/json';
      }
      const search = init.query && [...init.query.keys()].length ? `?${init.query}` : '';
      const reply = await fetch(`${url}${path}${search}`, { method, headers, body });
      return { status: reply.status, text: await reply.text(), link: reply.headers.get('link') };
    },
  };
}

/** Runs the MCP server until its client goes away. Returns the exit code. */
export async function runMcp(options: McpOptions): Promise<number> {
  let token: string;
  try {
    token = tokenOf(options);
  } catch (error) {
    options.err(`rootline: ${(error as Error).message}`);
    return 1;
  }
  let url = runningUrl(options.dataDir);
  let stopServer = async () => undefined as void;
  if (!url) {
    try {
      // Held as `mcp`: a `rootline serve` started meanwhile names this command, not a server of its own.
      const server = await createServer({ dataDir: options.dataDir, manifest: options.manifest, builtIn: options.builtIn, appVersion: options.appVersion, lock: { command: 'mcp' } });
      url = (await server.listen(0)).replace('localhost', '127.0.0.1');
      stopServer = () => server.close();
    } catch (error) {
      options.err(`rootline: cannot start a server on this data folder: ${(error as Error).message}`);
      return 1;
    }
  }
  try {
    const api = apiOf(url, token);
    const document = await fetch(`${url}/v1/openapi.json`).then((reply) => reply.json()) as OpenApiDocument;
    const probe = await api.call('GET', '/v1/trees', {});
    if (probe.status === 401) {
      options.err('rootline: the credential was refused (revoked, or issued by another data folder): connect the assistant again');
      return 1;
    }
    const server = createMcpServer({ tools: toolsFrom(document), humanActions: humanActionsFrom(document), api, version: options.appVersion });
    const transport = new StdioServerTransport(options.stdin as never, options.stdout as never);
    const closed = new Promise<void>((resolve) => {
      server.onclose = () => resolve();
      (options.stdin ?? process.stdin).once('end', () => void server.close());
    });
    await server.connect(transport);
    await closed;
    return 0;
  } catch (error) {
    options.err(`rootline: mcp failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await stopServer();
  }
}
