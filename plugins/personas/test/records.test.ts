import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const plugins = ['@rootline/plugin-sources', '@rootline/plugin-personas'];
const UNKNOWN = '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d';

t.test('each change records what a reader of the history needs', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const source = (await s.request('POST', '/v1/sources', { body: { title: 'Ledbury register' } })).json().id;
  const sourced = (await s.request('POST', '/v1/personas', { body: { given: 'Ann', source } })).json();
  const plain = (await s.request('POST', '/v1/personas', { body: { given: 'Bob' }, token: s.agentToken, headers: { 'x-proposer-model': 'model-x' } })).json();
  const created = s.records({ kind: 'persona.created' });
  t.match(created, [
    { kind: 'persona.created.v1', entity_type: 'persona', entity_id: plain.id, actor: { kind: 'agent', proposer: 'model-x' } },
    { kind: 'persona.created.v1', entity_type: 'persona', entity_id: sourced.id, actor: { kind: 'human' } },
  ]);
  t.same(created.map((record) => record.payload), [{ source: null }, { source }], 'the source it was read from, or null');
  const pieces = { given: 'Ann', surname: 'Shaw' };
  await s.request('PUT', `/v1/personas/${sourced.id}/name-pieces`, { body: pieces });
  t.match(s.records({ kind: 'persona.name_pieces_set' }), [{ kind: 'persona.name_pieces_set.v1', entity_type: 'persona', entity_id: sourced.id }]);
  t.same(s.records({ kind: 'persona.name_pieces_set' })[0].payload, { pieces }, 'the pieces as set');
});

t.test('refusals say what is wrong', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const unknownSource = await s.request('POST', '/v1/personas', { body: { name: 'Mary', source: UNKNOWN } });
  t.equal(unknownSource.statusCode, 404);
  t.match(unknownSource.json(), { code: 'not-found', entity: 'source', detail: `There is no source ${UNKNOWN} in this tree` });
  const unknownPersona = await s.request('GET', `/v1/personas/${UNKNOWN}`);
  t.match(unknownPersona.json(), { code: 'not-found', entity: 'persona', detail: `There is no persona ${UNKNOWN} in this tree` });
  const unknownForPieces = await s.request('PUT', `/v1/personas/${UNKNOWN}/name-pieces`, { body: { given: 'x' } });
  t.match(unknownForPieces.json(), { code: 'not-found', entity: 'persona' });
  const nameless = await s.request('POST', '/v1/personas', { body: { sex: 'F' } });
  t.match(nameless.json(), {
    code: 'validation-failed',
    detail: 'A persona needs a name: give `name` (as written), or `given` or `surname`',
    errors: [{ location: 'body', name: 'name', message: 'give the name as written, or a given name or surname' }],
  });
  const pieceOnly = (await s.request('POST', '/v1/personas', { body: { given: 'Mary' } })).json();
  const erase = await s.request('PUT', `/v1/personas/${pieceOnly.id}/name-pieces`, { body: {} });
  t.equal(erase.statusCode, 400);
  t.match(erase.json(), {
    code: 'validation-failed',
    detail: 'This persona has no name as written, so its name pieces cannot all be empty',
    errors: [{ location: 'body', name: 'given', message: 'give at least one name piece' }],
  });
});
