import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { boot, parentOf, partners, people, UNKNOWN } from './fixtures/helpers.js';
import { buildPedigree, type PedigreePerson } from '../src/pedigree.js';

const probe = async (s: Awaited<ReturnType<typeof boot>>['s'], prefix: string, id: string) => (await s.request('GET', `${prefix}/family-probe/${id}`)).json();

t.test('a person with several partners lists them in the order the partnerships were made, from either side of the edge', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[0];
  // Ids are time-ordered: a < b < c, so b is the second person of a-b and the first of b-c.
  const p = await people(s, mount, { a: { given: 'Ann' }, b: { given: 'Bob' }, c: { given: 'Cat' } });
  const first = (await partners(s, mount, p.b, p.a)).json();
  const second = (await partners(s, mount, p.c, p.b)).json();
  t.same((await probe(s, mount.prefix, p.b)).partners, [{ relationship: first.id, person: p.a }, { relationship: second.id, person: p.c }]);
});

t.test('reparent and unlink records name the relationship as their entity', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[1];
  const p = await people(s, mount, { a: { given: 'A', sex: 'M' }, b: { given: 'B', sex: 'M' }, kid: { given: 'Kid' } });
  const edge = (await parentOf(s, mount, p.a, p.kid)).json();
  await s.request('POST', `${mount.prefix}/relationships/reparent`, { body: { child: p.kid, from_parent: p.a, to_parent: p.b } });
  await s.request('POST', `${mount.prefix}/relationships/unlink`, { body: { relationship: edge.id } });
  t.same(s.records({ kind: 'relationship', treeId: mount.treeId }).map((r) => [r.kind, r.entity_type, r.entity_id]), [
    ['relationship.unlinked.v1', 'relationship', edge.id],
    ['relationship.reparented.v1', 'relationship', edge.id],
    ['relationship.created.v1', 'relationship', edge.id],
  ]);
});

t.test('only a retraction hides edges: a living-status change keeps them', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[0];
  const p = await people(s, mount, { dad: { given: 'Dad', sex: 'M' }, kid: { given: 'Kid' }, wife: { given: 'Wife', sex: 'F' } });
  const edge = (await parentOf(s, mount, p.dad, p.kid)).json();
  const marriage = (await partners(s, mount, p.dad, p.wife)).json();
  t.equal((await s.request('PUT', `${mount.prefix}/persons/${p.dad}/living-status`, { body: { living: false } })).statusCode, 200);
  const before = await probe(s, mount.prefix, p.dad);
  t.same(before, { parents: [], children: [{ relationship: edge.id, person: p.kid }], partners: [{ relationship: marriage.id, person: p.wife }] }, 'a living-status change keeps the edges');
  t.same(s.server.kernel.trees.active().db.prepare('SELECT hidden FROM relationships ORDER BY id').pluck().all(), [0, 0]);
});

t.test('a split keeps the edges of the person split', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[0];
  const persona = async (given: string) => (await s.request('POST', `${mount.prefix}/personas`, { body: { given } })).json().id as string;
  const [k1, k2] = [await persona('Kid'), await persona('Kiddo')];
  const kid = (await s.request('POST', `${mount.prefix}/persons`, { body: { personas: [k1, k2] } })).json().id as string;
  const p = await people(s, mount, { dad: { given: 'Dad', sex: 'M' } });
  const edge = (await parentOf(s, mount, p.dad, kid)).json();
  const split = await s.request('POST', `${mount.prefix}/persons/${kid}/split`, { body: { personas: [k2] } });
  t.equal(split.statusCode, 200);
  t.same((await probe(s, mount.prefix, kid)).parents, [{ relationship: edge.id, person: p.dad, pedigree: 'birth' }]);
});

t.test('family needs persons: a server without it does not start', async (t) => {
  await t.rejects(buildTestServer(t, { plugins: ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-family'] }), /plugin-persons/);
});

t.test('labels: none asked, none given; an edge naming a person who is not active gets no label', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[0];
  const actor = { kind: 'human' as const, credentialId: null };
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  t.same(cradle.familyService.labels([]), []);
  const p = await people(s, mount, { dad: { given: 'Dad', sex: 'M' } });
  // Written behind the API (an import or an old database): an edge whose child is no person.
  const id = '01938f0e-0000-7000-8000-0000000000e1';
  s.server.kernel.trees.active().db.prepare(`INSERT INTO relationships (id, kind, person_a, person_b, pedigree, created_at_ms, updated_at_ms, actor_kind) VALUES (?, 'parent', ?, ?, 'birth', 0, 0, 'system')`).run(id, p.dad, UNKNOWN);
  t.same(cradle.familyService.labels([id]), []);
  const back = '01938f0e-0000-7000-8000-0000000000e2';
  s.server.kernel.trees.active().db.prepare(`INSERT INTO relationships (id, kind, person_a, person_b, pedigree, created_at_ms, updated_at_ms, actor_kind) VALUES (?, 'parent', ?, ?, 'birth', 0, 0, 'system')`).run(back, UNKNOWN, p.dad);
  t.same(cradle.familyService.labels([back, id]), []);
});

t.test('a child shows at most two parents: a third adoptive parent is left out, not put over another', async (t) => {
  const person = (id: string, sex: PedigreePerson['sex']): PedigreePerson => ({ id, display_name: id, sex, birth: null, death: null });
  const people = new Map(['a1', 'a2', 'a3'].map((id) => [id, person(id, 'M')]));
  const edges = ['a1', 'a2', 'a3'].map((parent) => ({ parent, child: 'me', pedigree: 'adopted' as const }));
  t.same(buildPedigree(person('me', null), 2, edges, people).slots.map((slot) => [slot.ahnentafel, slot.person]), [[1, 'me'], [2, 'a1'], [3, 'a2']]);
  const mothers = new Map(['m1', 'm2', 'm3'].map((id) => [id, person(id, 'F')]));
  const edges2 = ['m1', 'm2', 'm3'].map((parent) => ({ parent, child: 'me', pedigree: 'adopted' as const }));
  t.same(buildPedigree(person('me', null), 2, edges2, mothers).slots.map((slot) => [slot.ahnentafel, slot.person]), [[1, 'me'], [2, 'm2'], [3, 'm1']]);
});

t.test('the API description tells a client the shape of an edge and a slot', async (t) => {
  const { s } = await boot(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const edge = doc.paths['/v1/relationships'].post.responses['201'].content['application/json'].schema;
  t.same(edge.properties.kind.anyOf.map((x: { enum: string[] }) => x.enum), [['parent'], ['spouse']]);
  t.match(edge.properties.partners, { type: 'array', minItems: 2, maxItems: 2 });
  t.same(edge.properties.pedigree.anyOf.map((x: { enum: string[] }) => x.enum[0]), ['birth', 'adopted', 'foster', 'step', 'unknown']);
  const slot = doc.paths['/v1/persons/{id}/pedigree'].get.responses['200'].content['application/json'].schema.properties.slots.items;
  t.match(slot.properties.ahnentafel, { type: 'integer', minimum: 1 });
});
