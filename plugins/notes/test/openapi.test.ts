import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOTE_REF = { $ref: '#/components/schemas/NoteDto' };
const NOTE_SHAPE = { type: 'object', required: ['id', 'target', 'text', 'created_at_ms'], properties: { id: { format: 'uuid' }, created_at_ms: { type: 'integer' } } };

t.test('the API description gives each route its success response and its problems', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes'] });
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const json = (operation: any, status: string) => operation?.responses?.[status]?.content?.['application/json']?.schema;
  for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
    const list = doc.paths[`${mount}/notes`].get;
    t.match(json(list, '200'), { type: 'array', items: NOTE_REF }, `${mount}: the list is an array of notes`);
    t.match(list.responses['200'].headers, { link: { schema: { type: 'string' }, description: /rel="next".*RFC 8288/ } }, `${mount}: the list documents its Link header`);
    t.match(list.parameters.filter((parameter: { name: string }) => ['limit', 'cursor'].includes(parameter.name)), [
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer' }, description: /1 to 1000 \(the default\)/ },
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string' }, description: /Link/ },
    ], `${mount}: limit and cursor are optional and described`);
    t.match(json(doc.paths[`${mount}/notes`].post, '201'), NOTE_SHAPE, `${mount}: writing answers 201 with the note`);
    const read = doc.paths[`${mount}/notes/{id}`].get;
    t.match(json(read, '200'), NOTE_SHAPE, `${mount}: reading answers the note`);
    t.ok(read.responses['404'], `${mount}: reading documents 404`);
    t.match(read.parameters.find((parameter: { name: string }) => parameter.name === 'id'), { in: 'path', required: true, schema: { format: 'uuid' } }, `${mount}: the id is a UUID`);
  }
  t.match(doc.components.schemas.NoteDto, NOTE_SHAPE, 'NoteDto is a named schema');
});

t.test('the documented examples are real: the request example is accepted, the note example is a note', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes'] });
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const body = doc.paths['/v1/notes'].post.requestBody.content['application/json'].example;
  t.ok(body, 'the write has an example body');
  const reply = await s.request('POST', '/v1/notes', { body });
  t.equal(reply.statusCode, 201, `the example body is accepted: ${reply.body}`);
  t.match(reply.json(), { target: body.target, text: body.text });
  const [note] = doc.components.schemas.NoteDto.examples;
  t.match(note, { id: UUID, target: body.target, text: body.text, created_at_ms: Number }, 'the note example matches the example body');
});
