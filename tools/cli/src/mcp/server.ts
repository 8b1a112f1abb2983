import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { requestOf, type RouteTool } from './tools.js';
import { humanOnlyText, type HumanAction } from './human-only.js';
import { errorResult, problemText, resultOf, type ApiReply } from './result.js';

/** How the MCP server reaches Rootline: the HTTP API with one agent credential. */
export interface RootlineApi {
  call(method: string, path: string, init: { query?: URLSearchParams; body?: unknown; proposer?: string }): Promise<ApiReply>;
}

/** What the MCP client is, as CONTRACT §3 wants `x-proposer-model`: 1-200 printable ASCII. */
export function proposerOf(client: { name?: string; version?: string } | undefined): string | undefined {
  if (!client?.name) return undefined;
  const text = `${client.name}${client.version ? `/${client.version}` : ''}`.replace(/[^\x20-\x7e]/g, '').trim().slice(0, 200);
  return text || undefined;
}

const RESOURCES = [
  { uri: 'rootline://project/state', path: '/v1/project/state', name: 'project-state', title: 'Project state', description: 'A bounded digest of the investigation: open questions, recent work, what is pending (GET /v1/project/state, active tree)' },
  { uri: 'rootline://settled', path: '/v1/settled', name: 'settled', title: 'Settled knowledge', description: 'What is settled and which leads are retired, so they are not chased again (GET /v1/settled, active tree)' },
];

const PROMPT = 'start-research-session';

/**
 * The stdio MCP server of `rootline mcp`: the route tools, two resources (project state and
 * settled knowledge) and one prompt that starts a research session with both read in. A call to
 * one of the human's actions (`humanActions`, no tools) is a tool error saying so.
 */
export function createMcpServer(options: { tools: RouteTool[]; humanActions: HumanAction[]; api: RootlineApi; version: string }): Server {
  const { tools, api } = options;
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const humanByName = new Map(options.humanActions.map((action) => [action.name, action]));
  const toolOfRoute = (route: string) => tools.find((tool) => `${tool.method} ${tool.path}` === route)?.name;
  const server = new Server(
    { name: 'rootline', title: 'Rootline', version: options.version },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions: 'Rootline is the genealogist\'s research server. What you capture starts pending in the review lane; the human confirms it. Read the project state resource first, cite sources, log negative evidence too.',
    },
  );
  const proposer = () => proposerOf(server.getClientVersion());

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    const human = humanByName.get(request.params.name);
    if (!tool && human) return errorResult(humanOnlyText(human, toolOfRoute));
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `There is no tool ${request.params.name}`);
    let call;
    try {
      call = requestOf(tool, request.params.arguments ?? {});
    } catch (error) {
      return errorResult(`invalid-arguments: ${(error as Error).message}`);
    }
    return resultOf(tool.name, await api.call(tool.method, call.path, { query: call.query, body: call.body, proposer: proposer() }));
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: RESOURCES.map(({ uri, name, title, description }) => ({ uri, name, title, description, mimeType: 'application/json' })),
  }));

  const readResource = async (uri: string) => {
    const resource = RESOURCES.find((candidate) => candidate.uri === uri);
    if (!resource) throw new McpError(ErrorCode.InvalidParams, `There is no resource ${uri}`);
    const reply = await api.call('GET', resource.path, { proposer: proposer() });
    if (reply.status >= 400) throw new McpError(ErrorCode.InternalError, problemText(reply.status, reply.text));
    return { uri, mimeType: 'application/json', text: reply.text };
  };

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({ contents: [await readResource(request.params.uri)] }));

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: [{ name: PROMPT, title: 'Start a research session', description: 'Reads the project state and the settled knowledge, then starts a research session on the open work' }],
  }));

  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    if (request.params.name !== PROMPT) throw new McpError(ErrorCode.InvalidParams, `There is no prompt ${request.params.name}`);
    const read = await Promise.all(RESOURCES.map(async (resource) => {
      try {
        return await readResource(resource.uri);
      } catch (error) {
        return { uri: resource.uri, mimeType: 'text/plain', text: `Could not be read: ${(error as Error).message}` };
      }
    }));
    return {
      description: 'Start a research session',
      messages: [
        {
          role: 'user' as const,
          content: {
            type: 'text' as const,
            text: 'Start a research session in Rootline. Read the project state and the settled knowledge below first: do not chase retired leads or re-prove what is settled. Pick the most promising open question, start a session for it (post_research_sessions), follow its plan, capture each claim with its citation, log negative evidence as well as finds. Before you end the session, write a short summary of what you did and found as a research-log entry on its question (post_research_log, the summary as its text); then end it (post_research_sessions_id_end takes only the session id and answers what the session logged and captured). Everything you capture waits in the pending lane for the human.',
          },
        },
        ...read.map((contents) => ({ role: 'user' as const, content: { type: 'resource' as const, resource: contents } })),
      ],
    };
  });

  return server;
}
