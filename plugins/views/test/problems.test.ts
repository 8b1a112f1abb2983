import t from 'tap';
import { countRows, newPeople, newPersona, viewsServer } from './fixtures/helpers.js';

const UNKNOWN = '01938f0e-0000-7000-8000-00000000dead';

/** What a client reads in each refusal of the views routes: code, title, a detail it can act on, the field at fault. */
t.test('labels: no id, too many ids, an ids text too long', async (t) => {
  const s = await viewsServer(t);
  const persona = await newPersona(s, '/v1', 'William');
  const before = countRows(s, 'records');
  const none = (await s.request('GET', '/v1/labels', { query: { ids: ' ,' } })).json();
  t.match(none, { status: 400, code: 'validation-failed', detail: 'ids names no id; give a comma-separated list of ids', errors: [{ location: 'query', name: 'ids', message: 'must name at least one id' }] });
  const many = [persona, ...Array.from({ length: 500 }, (_, i) => `01938f0e-0000-7000-8000-${String(i).padStart(12, '0')}`)].join(',');
  const tooMany = (await s.request('GET', '/v1/labels', { query: { ids: many } })).json();
  t.match(tooMany, { status: 400, code: 'validation-failed', detail: 'labels takes at most 500 ids; 501 were given', errors: [{ location: 'query', name: 'ids', message: 'must name at most 500 ids' }] });
  t.equal(tooMany.errors.length, 1);
  // 40,000 characters at most: a request that long is refused by its schema before any id is read.
  const padded = `${persona}${','.repeat(40_001 - persona.length)}`;
  t.equal(padded.length, 40_001);
  const long = await s.request('GET', '/v1/labels', { query: { ids: padded } });
  t.equal(long.statusCode, 400);
  t.match(long.json(), { code: 'validation-failed', errors: [{ location: 'query', name: 'ids' }] });
  const longest = await s.request('GET', '/v1/labels', { query: { ids: padded.slice(0, 40_000) } });
  t.equal(longest.statusCode, 200, '40,000 characters are allowed');
  t.same(longest.json().labels.map((label: { id: string }) => label.id), [persona]);
  t.equal(countRows(s, 'records'), before);
});

t.test('card: an unknown expand name is quoted (at most 100 characters) with the names it takes', async (t) => {
  const s = await viewsServer(t);
  const { person } = await newPeople(s, '/v1', 'William');
  const card = (query: Record<string, string>) => s.request('GET', `/v1/persons/${person}/card`, { query });
  const bad = await card({ expand: 'events,notes' });
  t.equal(bad.statusCode, 400);
  t.same(bad.json(), {
    type: 'urn:rootline:problem:invalid-expand', status: 400, code: 'invalid-expand', title: 'Invalid expand',
    detail: 'Cannot expand "notes"; expand takes a comma-separated list of events, assertions, sources',
    instance: `/v1/persons/${person}/card`,
    errors: [{ location: 'query', name: 'expand', message: 'must be a comma-separated list of events, assertions, sources' }],
  });
  const long = 'x'.repeat(150);
  t.equal((await card({ expand: long })).json().detail, `Cannot expand "${'x'.repeat(100)}"; expand takes a comma-separated list of events, assertions, sources`);
  const tooLong = await card({ expand: `events${','.repeat(195)}` });
  t.equal(tooLong.statusCode, 400, '201 characters: refused by the schema');
  t.match(tooLong.json(), { code: 'validation-failed', errors: [{ location: 'query', name: 'expand' }] });
  t.equal((await card({ expand: `events${','.repeat(194)}` })).statusCode, 200, '200 characters are allowed');
  const spaced = (await card({ expand: ' events , ,sources,events ' })).json();
  t.same(['events' in spaced, 'sources' in spaced, 'assertions' in spaced], [true, true, false], 'spaces and empty names ignored');
});

t.test('redactions: the id is not redactable, an unknown target is named, long fields and reasons are refused', async (t) => {
  const s = await viewsServer(t);
  const persona = await newPersona(s, '/v1', 'William');
  const before = [countRows(s, 'redactions'), countRows(s, 'records')];
  const redact = (body: Record<string, unknown>) => s.request('POST', '/v1/redactions', { body });
  t.match((await redact({ target: persona, field: 'id', reason: 'x' })).json(), {
    status: 400, code: 'validation-failed',
    detail: 'The `id` of an entity cannot be redacted (it is how the entity is found); leave `field` out to redact everything else',
    errors: [{ location: 'body', name: 'field', message: 'must not be id' }],
  });
  t.match((await redact({ target: UNKNOWN, reason: 'x' })).json(), { status: 404, code: 'not-found', entity: 'entity', detail: `There is no entity ${UNKNOWN} in this tree` });
  for (const body of [{ target: persona, field: `a${'b'.repeat(64)}`, reason: 'x' }, { target: persona, reason: 'y'.repeat(1001) }]) {
    const reply = await redact(body);
    t.equal(reply.statusCode, 400);
    t.equal(reply.json().code, 'validation-failed');
  }
  t.same([countRows(s, 'redactions'), countRows(s, 'records')], before, 'nothing written');
  t.equal((await redact({ target: persona, field: `a${'b'.repeat(63)}`, reason: 'y'.repeat(1000) })).statusCode, 201, 'a 64-character field and a 1,000-character reason are allowed');
});
