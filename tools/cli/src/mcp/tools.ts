/**
 * The MCP tools of `rootline mcp`, generated from the server's own OpenAPI document
 * (`GET /v1/openapi.json`, made from the route schemas): one tool per operation an agent may
 * call (`x-access: agent`), on the active-tree mount. Left out: the human's operations
 * (`x-access: human`), the pinned mount (the same operations again with `tree_id`), HEAD,
 * the change stream (server-sent events), binary downloads, and uploads of raw bytes (bytes
 * do not travel as tool arguments; upload them with the HTTP API). The human's operations are
 * kept by name all the same (`humanActionsFrom`), so a call to one is answered as such.
 */
import { CURSOR_NOTE, pagingNote } from './paging.js';
import type { HumanAction } from './human-only.js';

type Schema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
  'x-access'?: string;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface RouteTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, Schema>; required?: string[]; additionalProperties: false };
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** Operations whose body is raw bytes (a file), not JSON. */
const RAW_BODY = new Set(['POST /v1/blobs', 'POST /v1/gedcom/validate', 'POST /v1/imports/gedcom']);
const PINNED = '/v1/trees/{tree_id}/';

/** `#/components/schemas/X` references replaced by the schemas they name, so each tool's schema stands alone. */
function inline(schema: unknown, components: Record<string, Schema>, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inline(item, components, seen));
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as Schema;
  const ref = node.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace(/^#\/components\/schemas\//, '').replace(/#$/, '');
    if (seen.includes(name) || !components[name]) return { type: 'object', description: `A ${name} (see the Rootline API document)` };
    return inline(components[name], components, [...seen, name]);
  }
  const copy: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id' || key === 'example' || key === 'examples') continue;
    copy[key] = inline(value, components, seen);
  }
  return copy;
}

/** `post_assertions_id_confirm` from `POST /v1/assertions/{id}/confirm`. */
export function toolName(method: string, path: string): string {
  const words = path.replace(/^\/v1\//, '').split('/').map((segment) => segment.replace(/[{}]/g, '')).filter(Boolean);
  return [method.toLowerCase(), ...words].join('_').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 64);
}

const isJson = (type: string) => /^application\/(.+\+)?json$/.test(type);
const isText = (type: string) => type.startsWith('text/') && type !== 'text/event-stream';

/** Whether an operation answers in a form a tool result can carry: JSON or text (not a stream, not bytes). */
function answersReadably(operation: Operation): boolean {
  const types = Object.entries(operation.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .flatMap(([, response]) => Object.keys(response.content ?? {}));
  return types.length === 0 || types.some((type) => isJson(type) || isText(type));
}

/** Whether a route's JSON body may be left out: as the document says (the kernel marks a body that requires nothing `required: false`). */
function bodyOptional(operation: Operation): boolean {
  return !operation.requestBody?.required;
}

/** Sentences joined, each but the last closed with a full stop if it has none. */
function sentences(...parts: (string | undefined)[]): string {
  return parts.filter(Boolean).map((part, index, all) => (index < all.length - 1 && !/[.!?]$/.test(part!) ? `${part}.` : part)).join(' ');
}

/** Whether the route's `Link: <...>; rel="next"` header leads to its next page. */
function pagesByLink(operation: Operation): boolean {
  return Object.values(operation.responses ?? {}).some((response) => Object.keys(response.headers ?? {}).some((name) => name.toLowerCase() === 'link'));
}

interface Found {
  name: string;
  id: string;
  method: string;
  path: string;
  operation: Operation;
}

/** Every operation of the document on the active-tree mount (the pinned copy of one left out), named as its tool. */
function operationsOf(document: OpenApiDocument): Found[] {
  return Object.entries(document.paths).flatMap(([path, operations]) => Object.entries(operations)
    .filter(([method]) => METHODS.includes(method))
    .filter(([method]) => !(path.startsWith(PINNED) && document.paths[`/v1/${path.slice(PINNED.length)}`]?.[method]))
    .map(([method, operation]) => ({
      name: operation.operationId ? operation.operationId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) : toolName(method, path),
      id: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
    })));
}

/** The tool of one operation: its inputs (closed to any other), its description, how a call becomes its request. */
function toolOf({ name, id, method, path, operation }: Found, components: Record<string, Schema>): RouteTool {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  const pathParams: string[] = [];
  const queryParams: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const schema = { ...(inline(parameter.schema ?? { type: 'string' }, components) as Schema) };
    if (parameter.description) schema.description = parameter.description;
    properties[parameter.name] = schema;
    if (parameter.required || parameter.in === 'path') required.push(parameter.name);
    (parameter.in === 'path' ? pathParams : queryParams).push(parameter.name);
  }
  const body = Object.entries(operation.requestBody?.content ?? {}).find(([type]) => isJson(type))?.[1];
  if (body) {
    properties.body = { ...(inline(body.schema ?? { type: 'object' }, components) as Schema) };
    properties.body.description ??= 'The JSON body of the request';
    if (bodyOptional(operation)) properties.body.description = sentences(properties.body.description as string, 'Optional: left out, the request goes without a body (a route that needs one answers 400)');
    else required.push('body');
  }
  const paged = pagesByLink(operation) && queryParams.includes('cursor');
  if (paged) properties.cursor.description = sentences(properties.cursor.description as string | undefined, CURSOR_NOTE);
  return {
    name,
    description: sentences(`${operation.summary ?? id} (${id})`, operation.description, paged ? pagingNote(name) : undefined),
    inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
    method,
    path,
    pathParams,
    queryParams,
    hasBody: Boolean(body),
  };
}

/** Every tool an agent may call, in the document's order. */
export function toolsFrom(document: OpenApiDocument): RouteTool[] {
  const components = document.components?.schemas ?? {};
  return operationsOf(document)
    .filter(({ id, operation }) => operation['x-access'] === 'agent' && !RAW_BODY.has(id) && answersReadably(operation))
    .map((found) => toolOf(found, components));
}

/** The human's operations, under the names their tools would have: what an assistant may not do. */
export function humanActionsFrom(document: OpenApiDocument): HumanAction[] {
  return operationsOf(document)
    .filter(({ operation }) => operation['x-access'] === 'human')
    .map(({ name, id, method, path, operation }) => ({ name, method, path, summary: operation.summary ?? id }));
}

/**
 * The request a tool call makes: the path with its parameters filled in, the query, the body.
 * Refused, as HTTP refuses an undeclared query parameter: an argument the tool does not take
 * (a filter it lacks would otherwise be dropped, and the answer look filtered), and a missing
 * required one.
 */
export function requestOf(tool: RouteTool, args: Record<string, unknown>): { path: string; query: URLSearchParams; body?: unknown } {
  const accepted = Object.keys(tool.inputSchema.properties);
  const unknown = Object.keys(args).filter((name) => !accepted.includes(name));
  if (unknown.length) {
    const takes = accepted.length ? `it takes ${accepted.join(', ')}` : 'it takes no arguments';
    throw new Error(`${tool.name} has no argument ${unknown.join(', ')}: ${takes}`);
  }
  const missing = tool.inputSchema.required?.filter((name) => args[name] === undefined || args[name] === null) ?? [];
  if (missing.length) throw new Error(`${tool.name} needs ${missing.join(', ')}`);
  const path = tool.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(String(args[name])));
  const query = new URLSearchParams();
  for (const name of tool.queryParams) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    query.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return { path, query, body: tool.hasBody ? (args.body ?? undefined) : undefined };
}
