import t from 'tap';
import { humanActionsFrom, requestOf, toolName, toolsFrom, type OpenApiDocument } from '../src/mcp/tools.js';
import { proposerOf } from '../src/mcp/server.js';

/** How `rootline mcp` turns the OpenAPI document into tools, and a call into a request (tools/cli/src/mcp). */

const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const UUID = { type: 'string', format: 'uuid' };

const document: OpenApiDocument = {
  components: { schemas: { Note: { $id: 'Note', type: 'object', required: ['text'], properties: { text: { type: 'string' }, about: { $ref: '#/components/schemas/Note' } }, example: { text: 'x' }, examples: [{ text: 'y' }] } } },
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
  t.same(list.inputSchema, { type: 'object', properties: { target: { type: 'string', description: 'What the notes are about' }, limit: { type: 'integer' } }, required: ['target'], additionalProperties: false });
  t.same(list.queryParams, ['target', 'limit']);
  t.equal(list.hasBody, false);
  t.equal(write.description, 'Write a note (POST /v1/notes). Appends.');
  t.same(write.inputSchema, {
    type: 'object',
    properties: { body: { type: 'object', required: ['text'], properties: { text: { type: 'string' }, about: { type: 'object', description: 'A Note (see the Rootline API document)' } }, description: 'The JSON body of the request' } },
    required: ['body'],
    additionalProperties: false,
  }, 'references inlined (a cycle stops), examples and $id dropped');
  t.same(read.inputSchema, { type: 'object', properties: { id: UUID }, required: ['id'], additionalProperties: false }, 'a path parameter is required; headers are not inputs');
  t.same(read.pathParams, ['id']);
  t.same(tools[3].inputSchema, {
    type: 'object',
    properties: { tree_id: { type: 'string' }, body: { type: 'object', properties: { n: { type: 'integer' } }, description: 'The JSON body of the request. Optional: left out, the request goes without a body (a route that needs one answers 400)' } },
    required: ['tree_id'],
    additionalProperties: false,
  }, 'an optional body');
  t.same(tools[6].inputSchema, { type: 'object', properties: {}, additionalProperties: false }, 'no inputs, and none other taken');
  t.equal(toolName('GET', '/v1/research/plan-items/{id}/done'), 'get_research_plan_items_id_done');
  t.equal(toolName('post', `/v1/${'a'.repeat(80)}`).length, 64);
});

t.test('a call becomes a request: path filled in and encoded, query, body; missing inputs refused', async (t) => {
  const [list, write, read] = toolsFrom(document);
  const listed = requestOf(list, { target: 'person:1', limit: 5 });
  t.equal(listed.path, '/v1/notes');
  t.equal(listed.query.toString(), 'target=person%3A1&limit=5');
  t.equal(listed.body, undefined);
  t.equal(requestOf(list, { target: ['a', 'b'], limit: null }).query.toString(), 'target=a%2Cb', 'a list is comma-joined; null is left out');
  t.same(requestOf(write, { body: { text: 'hi' } }).body, { text: 'hi' });
  t.equal(requestOf(read, { id: 'a/b c' }).path, '/v1/notes/a%2Fb%20c');
  t.throws(() => requestOf(read, {}), { message: 'get_notes_id needs id' });
  t.throws(() => requestOf(list, { target: null }), { message: 'get_notes needs target' });
});

t.test('an argument the tool does not take is refused, named, with the ones it takes: never dropped', async (t) => {
  const tools = toolsFrom(document);
  const [list, write] = tools;
  t.throws(() => requestOf(list, { target: 'person:1', name: 'Kennedy' }), { message: 'get_notes has no argument name: it takes target, limit' }, 'a filter the route lacks is not silently left out');
  t.throws(() => requestOf(list, { target: 'person:1', name: null, q: 'x' }), { message: 'get_notes has no argument name, q: it takes target, limit' }, 'each named, even one set to null');
  t.throws(() => requestOf(write, { text: 'hi' }), { message: 'post_notes has no argument text: it takes body' }, 'a body field given beside the body');
  t.throws(() => requestOf(tools[6], { id: 'x' }), { message: 'post_jobs_id_cancel has no argument id: it takes no arguments' });
});

t.test('a body the document does not require may be left out: the request then goes without one', async (t) => {
  // As the kernel writes it: `required: false` for a body whose schema requires nothing (kernel/src/http/openapi.ts).
  const optional = (schema: Record<string, unknown>, required = true) => ({ 'x-access': 'agent', parameters: [{ name: 'id', in: 'path' as const, required: true }], requestBody: { required, ...json(schema) } });
  const tools = toolsFrom({
    components: { schemas: { Reason: { type: 'object', properties: { reason: { type: 'string' } }, additionalProperties: false } } },
    paths: {
      '/v1/persons/{id}/retract': { post: optional({ $ref: '#/components/schemas/Reason' }, false) },
      '/v1/questions/{id}/close': { post: optional({ type: 'object', required: [], properties: { answer: { type: 'string' } } }, false) },
      '/v1/questions/{id}/text': { put: optional({ type: 'object', required: ['text'], properties: { text: { type: 'string' } } }) },
      '/v1/relationships/{id}': { put: optional({ type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] }) },
      '/v1/pieces/{id}': { put: optional({ type: 'object', minProperties: 1 }) },
      '/v1/names/{id}': { put: optional({ type: 'string' }) },
    },
  });
  t.same(tools.map((tool) => [tool.name, tool.inputSchema.required]), [
    ['post_persons_id_retract', ['id']],
    ['post_questions_id_close', ['id']],
    ['put_questions_id_text', ['id', 'body']],
    ['put_relationships_id', ['id', 'body']],
    ['put_pieces_id', ['id', 'body']],
    ['put_names_id', ['id', 'body']],
  ], 'a body the document requires is required of the tool; one it does not, is not');
  t.match(tools[0].inputSchema.properties.body.description, /^The JSON body of the request\. Optional: left out, the request goes without a body/);
  t.same(requestOf(tools[0], { id: 'p1' }), { path: '/v1/persons/p1/retract', query: new URLSearchParams(), body: undefined }, 'left out: no body');
  t.same(requestOf(tools[0], { id: 'p1', body: null }).body, undefined, 'null is none');
  t.same(requestOf(tools[0], { id: 'p1', body: { reason: 'two men' } }).body, { reason: 'two men' });
  t.throws(() => requestOf(tools[2], { id: 'q1' }), { message: 'put_questions_id_text needs body' });
});

t.test('a route that pages by a Link header: the tool says how to page over MCP, by its cursor', async (t) => {
  const [paged, unpaged] = toolsFrom({
    paths: {
      '/v1/notes': {
        get: {
          summary: 'Notes about one target', description: 'Follow the `Link` header', 'x-access': 'agent',
          parameters: [{ name: 'target', in: 'query', required: true }, { name: 'cursor', in: 'query', description: 'From the previous answer\'s Link header' }],
          responses: { 200: { description: 'The notes', headers: { Link: { schema: { type: 'string' } } }, ...json({ type: 'array' }) } },
        },
      },
      '/v1/sources': { get: { summary: 'Sources', 'x-access': 'agent', parameters: [{ name: 'cursor', in: 'query' }], responses: { 200: json({ type: 'object' }) } } },
    },
  });
  t.equal(paged.description, 'Notes about one target (GET /v1/notes). Follow the `Link` header. Paging over MCP: when more remain, the result has a second text `next_cursor: <cursor>`; call get_notes again with the same arguments and `cursor` set to it for the next page, until a result has no next_cursor.');
  t.equal(paged.inputSchema.properties.cursor.description, 'From the previous answer\'s Link header. Over MCP: the next_cursor of the previous result');
  t.equal(unpaged.description, 'Sources (GET /v1/sources)', 'a cursor in the body needs no word');
  t.equal(unpaged.inputSchema.properties.cursor.description, undefined);
});

t.test('the human\'s operations are kept by the names their tools would have, for a call to one to be answered', async (t) => {
  t.same(humanActionsFrom(document), [{ name: 'delete_notes_id', method: 'DELETE', path: '/v1/notes/{id}', summary: 'Delete a note' }]);
  t.same(humanActionsFrom({ paths: { '/v1/merge': { post: { 'x-access': 'human' } }, '/v1/trees/{tree_id}/merge': { post: { 'x-access': 'human' } } } }), [
    { name: 'post_merge', method: 'POST', path: '/v1/merge', summary: 'POST /v1/merge' },
  ], 'the pinned copy left out; without a summary, the route');
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
