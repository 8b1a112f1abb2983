import t from 'tap';
import { requestOf, toolName, toolsFrom, type OpenApiDocument } from '../src/mcp/tools.js';
import { proposerOf } from '../src/mcp/server.js';

/** How `rootline mcp` turns the OpenAPI document into tools, and a call into a request (tools/cli/src/mcp). */

const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const UUID = { type: 'string', format: 'uuid' };

const document: OpenApiDocument = {
  components: { schemas: { Note: { $id: 'Note', type: 'object', properties: { text: { type: 'string' }, about: { $ref: '#/components/schemas/Note' } }, example: { text: 'x' }, examples: [{ text: 'y' }] } } },
  paths: {
    '/v1/notes': {
      get: { summary: 'List notes', 'x-access': 'agent', parameters: [{ name: 'target', in: 'query', required: true, description: 'What the notes are about', schema: { type: 'string' } }, { name: 'limit', in: 'query', schema: { type: 'integer' } }], responses: { 200: json({ type: 'array' }) } },
      post: { summary: 'Write a note', description: 'Appends.', 'x-access': 'agent', requestBody: { required: true, ...json({ $ref: '#/components/schemas/Note' }) }, responses: { 201: json({ $ref: 'Note#' }) } },
      head: { summary: 'Head', 'x-access': 'agent' },
    },
    '/v1/notes/{id}': {
      get: { summary: 'Read one note', 'x-access': 'agent', parameters: [{ name: 'id', in: 'path', schema: UUID }, { name: 'x-trace', in: 'header', schema: { type: 'string' } }], responses: { 200: json({ $ref: '#/components/schemas/Note' }) } },
      delete: { summary: 'Delete a note', 'x-access': 'human', parameters: [{ name: 'id', in: 'path', required: true, schema: UUID }] },
    },
    '/v1/trees/{tree_id}/notes': { get: { summary: 'List notes', 'x-access': 'agent', parameters: [{ name: 'tree_id', in: 'path', required: true }] } },
    '/v1/trees/{tree_id}/other': { post: { summary: 'Only pinned', 'x-access': 'agent', parameters: [{ name: 'tree_id', in: 'path', required: true }], requestBody: json({ type: 'object', properties: { n: { type: 'integer' } } }) } },
    '/v1/trees/{tree_id}': { get: { summary: 'Read a tree', 'x-access': 'agent', parameters: [{ name: 'tree_id', in: 'path', required: true, schema: { type: 'string' } }] } },
    '/v1/events/stream': { get: { summary: 'Stream', 'x-access': 'agent', responses: { 200: { content: { 'text/event-stream': {} } } } } },
    '/v1/blobs/{address}': { get: { summary: 'Download', 'x-access': 'agent', responses: { 200: { content: { 'application/octet-stream': {} } } } } },
    '/v1/blobs': { post: { summary: 'Upload', 'x-access': 'agent' } },
    '/v1/proofs/{id}/export': { get: { summary: 'Export', 'x-access': 'agent', operationId: 'export proof!', responses: { 200: { content: { 'text/markdown': {} } } } } },
    '/v1/jobs/{id}/cancel': { post: { summary: 'Cancel', 'x-access': 'agent', responses: { 202: { description: 'no body' } } } },
    '/v1/openapi.json': { get: { summary: 'Doc', 'x-access': 'public' } },
  },
};

t.test('one tool per operation an agent may call, on the active mount, named from its path', async (t) => {
  const tools = toolsFrom(document);
  t.same(tools.map((tool) => `${tool.name} ${tool.method} ${tool.path}`), [
    'get_notes GET /v1/notes',
    'post_notes POST /v1/notes',
    'get_notes_id GET /v1/notes/{id}',
    'post_trees_tree_id_other POST /v1/trees/{tree_id}/other',
    'get_trees_tree_id GET /v1/trees/{tree_id}',
    'export_proof_ GET /v1/proofs/{id}/export',
    'post_jobs_id_cancel POST /v1/jobs/{id}/cancel',
  ], 'no human operation, no HEAD, no pinned copy, no stream, no bytes, no raw upload, no public document');
  const [list, write, read] = tools;
  t.equal(list.description, 'List notes (GET /v1/notes)');
  t.same(list.inputSchema, { type: 'object', properties: { target: { type: 'string', description: 'What the notes are about' }, limit: { type: 'integer' } }, required: ['target'] });
  t.same(list.queryParams, ['target', 'limit']);
  t.equal(list.hasBody, false);
  t.equal(write.description, 'Write a note (POST /v1/notes). Appends.');
  t.same(write.inputSchema, {
    type: 'object',
    properties: { body: { type: 'object', properties: { text: { type: 'string' }, about: { type: 'object', description: 'A Note (see the Rootline API document)' } }, description: 'The JSON body of the request' } },
    required: ['body'],
  }, 'references inlined (a cycle stops), examples and $id dropped');
  t.same(read.inputSchema, { type: 'object', properties: { id: UUID }, required: ['id'] }, 'a path parameter is required; headers are not inputs');
  t.same(read.pathParams, ['id']);
  t.same(tools[3].inputSchema, { type: 'object', properties: { tree_id: { type: 'string' }, body: { type: 'object', properties: { n: { type: 'integer' } }, description: 'The JSON body of the request' } }, required: ['tree_id'] }, 'an optional body');
  t.equal(toolName('GET', '/v1/research/plan-items/{id}/done'), 'get_research_plan_items_id_done');
  t.equal(toolName('post', `/v1/${'a'.repeat(80)}`).length, 64);
});

t.test('a call becomes a request: path filled in and encoded, query, body; missing inputs refused', async (t) => {
  const [list, write, read] = toolsFrom(document);
  const listed = requestOf(list, { target: 'person:1', limit: 5, ignored: true });
  t.equal(listed.path, '/v1/notes');
  t.equal(listed.query.toString(), 'target=person%3A1&limit=5');
  t.equal(listed.body, undefined);
  t.equal(requestOf(list, { target: ['a', 'b'], limit: null }).query.toString(), 'target=a%2Cb', 'a list is comma-joined; null is left out');
  t.same(requestOf(write, { body: { text: 'hi' } }).body, { text: 'hi' });
  t.equal(requestOf(read, { id: 'a/b c' }).path, '/v1/notes/a%2Fb%20c');
  t.throws(() => requestOf(read, {}), { message: 'get_notes_id needs id' });
  t.throws(() => requestOf(list, { target: null }), { message: 'get_notes needs target' });
});

t.test('the proposer an MCP client reports: its name and version, printable ASCII, at most 200', async (t) => {
  t.equal(proposerOf({ name: 'claude-ai', version: '0.1.0' }), 'claude-ai/0.1.0');
  t.equal(proposerOf({ name: 'Visual Studio Code' }), 'Visual Studio Code');
  t.equal(proposerOf({ name: 'Zed\u00e9\n', version: '1' }), 'Zed/1');
  t.equal(proposerOf({ name: 'x'.repeat(300), version: '1' })!.length, 200);
  t.equal(proposerOf({ name: '\u00e9\u00e9' }), undefined);
  t.equal(proposerOf({ name: '' }), undefined);
  t.equal(proposerOf(undefined), undefined);
});
