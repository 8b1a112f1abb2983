import t from 'tap';
import { buildTestServer, consumerOf } from '@rootline/kernel/testing';
import { AUDIT_WITH_RECORDER } from './fixtures/recorder.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

t.test('an entry shows the record exactly, for each kind of actor (the system included)', async (t) => {
  const s = await buildTestServer(t, AUDIT_WITH_RECORDER);
  const made: string[] = [];
  for (const body of [{ kind: 'note.created.v1' }, { kind: 'tree.migrated.v1', system: true }]) {
    const reply = await s.request('POST', '/v1/happenings', { body });
    t.equal(reply.statusCode, 201, reply.body);
    made.push(reply.json().id);
  }
  const audit = await s.request('GET', '/v1/audit');
  t.equal(audit.statusCode, 200, audit.body);
  const [system, human] = audit.json().items;
  const [first] = s.records({ kind: 'note' });
  t.same(human, { seq: first.seq, record_id: first.record_id, kind: 'note.created.v1', entity_type: 'note', entity_id: made[0], actor: { kind: 'human', credential_id: first.actor.credential_id }, at_ms: first.at_ms, payload: {} });
  t.match(human, { record_id: UUID, seq: Number, at_ms: Number });
  t.same(system.actor, { kind: 'system', credential_id: null }, 'the system as the actor');
  t.match(system, { kind: 'tree.migrated.v1', entity_type: 'tree', entity_id: made[1], seq: human.seq + 1 });
});

t.test('the API description documents the page of entries and the include filter', async (t) => {
  const s = await buildTestServer(t, AUDIT_WITH_RECORDER);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
    const operation = doc.paths[`${mount}/audit`].get;
    t.match(operation.responses['200'].content['application/json'].schema, {
      type: 'object',
      required: ['items', 'next_cursor', 'total'],
      properties: { items: { type: 'array', items: { $ref: '#/components/schemas/AuditEntry' } } },
    }, `${mount}: a page of audit entries`);
    t.match(operation.parameters.find((parameter: { name: string }) => parameter.name === 'include'), { in: 'query', schema: { type: 'string' } }, `${mount}: include`);
  }
  const entry = doc.components.schemas.AuditEntry;
  t.match(entry, { type: 'object', required: ['seq', 'record_id', 'kind', 'entity_type', 'entity_id', 'actor', 'at_ms', 'payload'] });
  t.same(entry.properties.actor.properties.kind.anyOf.map((branch: { const?: unknown; enum?: unknown[] }) => branch.const ?? branch.enum?.[0]), ['human', 'agent', 'system'], 'the three kinds of actor');
});

t.test('a plugin that lists the audit plugin as its dependency boots after it', async (t) => {
  const consumer = consumerOf('@rootline/plugin-audit');
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-audit', consumer.name], builtIn: [consumer.source] });
  t.equal((await s.request('GET', '/v1/audit')).statusCode, 200);
  t.equal((await s.request('POST', '/v1/consumer')).statusCode, 200);
});
