import t, { type Test } from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { boot, parentOf, partners, people, snapshot, UNKNOWN, type Mount } from './fixtures/helpers.js';

/** A refusal: the status and code, and nothing written (same rows, no record). */
async function refused(t: Test, s: TestServer, mount: Mount, send: () => Promise<{ statusCode: number; json(): any }>, status: number, code: string, what: string) {
  const before = snapshot(s, mount);
  const reply = await send();
  t.equal(reply.statusCode, status, `${what}: ${status}`);
  t.equal(reply.json().code, code, `${what}: ${code}`);
  t.same(snapshot(s, mount), before, `${what}: nothing written`);
  return reply.json();
}

const probe = async (s: TestServer, mount: Mount, id: string) => (await s.request('GET', `${mount.prefix}/family-probe/${id}`)).json();

t.test('parent and spouse edges are created on both mounts, each in its own tree, with their records', async (t) => {
  const { s, mounts } = await boot(t);
  for (const mount of mounts) {
    const p = await people(s, mount, { dad: { given: 'John', surname: 'Smyth', sex: 'M' }, mum: { given: 'Mary', surname: 'Jones', sex: 'F' }, kid: { given: 'William', surname: 'Smyth', sex: 'M' } });
    const edge = await parentOf(s, mount, p.dad, p.kid);
    t.equal(edge.statusCode, 201, mount.label);
    const body = edge.json();
    t.match(body, { kind: 'parent', parent: p.dad, child: p.kid, pedigree: 'birth', created_at_ms: Number }, 'pedigree defaults to birth');
    t.same(Object.keys(body).sort(), ['child', 'created_at_ms', 'id', 'kind', 'parent', 'pedigree']);
    const adopted = (await parentOf(s, mount, p.mum, p.kid, { pedigree: 'adopted' })).json();
    t.equal(adopted.pedigree, 'adopted');
    const spouse = await partners(s, mount, p.mum, p.dad);
    t.equal(spouse.statusCode, 201);
    t.same(spouse.json().partners, [p.mum, p.dad].sort(), 'partners come back smaller id first');
    t.same(Object.keys(spouse.json()).sort(), ['created_at_ms', 'id', 'kind', 'partners']);

    const records = s.records({ kind: 'relationship', treeId: mount.treeId });
    t.same(records.map((r) => [r.kind, r.entity_type, r.entity_id]), [
      ['relationship.created.v1', 'relationship', spouse.json().id],
      ['relationship.created.v1', 'relationship', adopted.id],
      ['relationship.created.v1', 'relationship', body.id],
    ]);
    t.same(records[2].payload, { kind: 'parent', parent: p.dad, child: p.kid, pedigree: 'birth' });
    t.same(records[0].payload, { kind: 'spouse', partners: [p.mum, p.dad].sort() });
    t.equal(records[0].actor.kind, 'human');

    t.same(await probe(s, mount, p.kid), { parents: [{ relationship: body.id, person: p.dad, pedigree: 'birth' }, { relationship: adopted.id, person: p.mum, pedigree: 'adopted' }], children: [], partners: [] });
    t.same(await probe(s, mount, p.dad), { parents: [], children: [{ relationship: body.id, person: p.kid }], partners: [{ relationship: spouse.json().id, person: p.mum }] });
    t.same((await probe(s, mount, p.mum)).partners, [{ relationship: spouse.json().id, person: p.dad }], 'a partnership is seen from both sides');
  }
  const [active, pinned] = mounts.map((mount) => s.server.kernel.trees.get(mount.treeId)!.db.prepare('SELECT count(*) AS n FROM relationships').get());
  t.same([active, pinned], [{ n: 3 }, { n: 3 }], 'each mount wrote into its own tree');
  const other = await people(s, mounts[0], { a: { given: 'A' } });
  t.equal((await parentOf(s, mounts[1], other.a, UNKNOWN)).statusCode, 404, 'a person of the active tree is unknown on the pinned one');
});

t.test('every refusal of a new edge, on both mounts, writes nothing', async (t) => {
  const { s, mounts } = await boot(t);
  for (const mount of mounts) {
    const p = await people(s, mount, { a: { given: 'A', sex: 'M' }, b: { given: 'B', sex: 'M' }, c: { given: 'C', sex: 'F' }, d: { given: 'D' }, e: { given: 'E' } });
    const send = (body: unknown) => () => s.request('POST', `${mount.prefix}/relationships`, { body });
    for (const body of [{ kind: 'parent', parent: UNKNOWN, child: p.a }, { kind: 'parent', parent: p.a, child: UNKNOWN }, { kind: 'spouse', partners: [p.a, UNKNOWN] }]) {
      const problem = await refused(t, s, mount, send(body), 404, 'not-found', `${mount.label} unknown person`);
      t.match(problem, { entity: 'person', detail: `There is no person ${UNKNOWN} in this tree` });
    }
    await refused(t, s, mount, send({ kind: 'parent', parent: p.a, child: p.a }), 422, 'relationship-self', 'own parent');
    await refused(t, s, mount, send({ kind: 'spouse', partners: [p.a, p.a] }), 422, 'relationship-self', 'own partner');

    // A -> B -> C: making C a parent of A would make A their own ancestor.
    t.equal((await parentOf(s, mount, p.a, p.b)).statusCode, 201);
    t.equal((await parentOf(s, mount, p.b, p.c)).statusCode, 201);
    const cycle = await refused(t, s, mount, send({ kind: 'parent', parent: p.c, child: p.a }), 422, 'relationship-cycle', 'A->B->C->A');
    t.match(cycle.detail, 'own ancestor');
    await refused(t, s, mount, send({ kind: 'parent', parent: p.b, child: p.a }), 422, 'relationship-cycle', 'a two-person loop');
    await refused(t, s, mount, send({ kind: 'parent', parent: p.c, child: p.a, pedigree: 'adopted' }), 422, 'relationship-cycle', 'an adoptive loop too');

    const first = (await parentOf(s, mount, p.d, p.e)).json();
    const duplicate = await refused(t, s, mount, send({ kind: 'parent', parent: p.d, child: p.e, pedigree: 'foster' }), 409, 'relationship-exists', 'same parent and child');
    t.equal(duplicate.relationship, first.id, 'the problem names the edge that exists');
    const marriage = (await partners(s, mount, p.d, p.e)).json();
    const reversed = await refused(t, s, mount, send({ kind: 'spouse', partners: [p.e, p.d] }), 409, 'relationship-exists', 'the same partners the other way round');
    t.equal(reversed.relationship, marriage.id);
    await refused(t, s, mount, send({ kind: 'spouse', partners: [p.d, p.e] }), 409, 'relationship-exists', 'the same partners again');

    // C has birth parents B and D: a third is refused, an adoptive or step parent is not.
    t.equal((await parentOf(s, mount, p.d, p.c)).statusCode, 201);
    const third = await refused(t, s, mount, send({ kind: 'parent', parent: p.e, child: p.c }), 422, 'too-many-birth-parents', 'a third birth parent');
    t.match(third.detail, 'two birth parents');
    await refused(t, s, mount, send({ kind: 'parent', parent: p.e, child: p.c, pedigree: 'birth' }), 422, 'too-many-birth-parents', 'a third birth parent, said explicitly');
    t.equal((await parentOf(s, mount, p.e, p.c, { pedigree: 'step' })).statusCode, 201, 'a step-parent is not a birth parent');

    for (const body of [{}, { kind: 'sibling', parent: p.a, child: p.b }, { kind: 'parent', parent: p.a }, { kind: 'parent', parent: p.a, child: p.e, pedigree: 'godparent' },
      { kind: 'spouse', partners: [p.a] }, { kind: 'spouse', partners: [p.a, p.b, p.c] }, { kind: 'spouse', partners: [p.a, p.e], note: 'x' }, { kind: 'parent', parent: 'not-a-uuid', child: p.b }]) {
      await refused(t, s, mount, send(body), 400, 'validation-failed', `${mount.label} ${JSON.stringify(body).slice(0, 50)}`);
    }
  }
});

t.test('reparent moves one parent edge and back again; its refusals write nothing', async (t) => {
  const { s, mounts } = await boot(t);
  for (const mount of mounts) {
    const p = await people(s, mount, { wrong: { given: 'Wrong', sex: 'M' }, right: { given: 'Right', sex: 'M' }, mum: { given: 'Mum', sex: 'F' }, kid: { given: 'Kid' }, grandkid: { given: 'Grandkid' } });
    const edge = (await parentOf(s, mount, p.wrong, p.kid, { pedigree: 'adopted' })).json();
    await parentOf(s, mount, p.mum, p.kid);
    await parentOf(s, mount, p.kid, p.grandkid);
    const reparent = (body: unknown) => () => s.request('POST', `${mount.prefix}/relationships/reparent`, { body });

    const moved = await s.request('POST', `${mount.prefix}/relationships/reparent`, { body: { child: p.kid, from_parent: p.wrong, to_parent: p.right } });
    t.equal(moved.statusCode, 200, mount.label);
    t.same(moved.json(), { ...edge, parent: p.right }, 'the same edge (id, pedigree, created_at_ms), another parent');
    t.same((await probe(s, mount, p.kid)).parents.map((x: { person: string }) => x.person), [p.right, p.mum]);
    t.same((await probe(s, mount, p.wrong)).children, [], 'the old parent lost the child');
    const record = s.records({ kind: 'relationship.reparented', treeId: mount.treeId })[0];
    t.match(record, { entity_id: edge.id, payload: { child: p.kid, from_parent: p.wrong, to_parent: p.right, pedigree: 'adopted' } });

    const back = await s.request('POST', `${mount.prefix}/relationships/reparent`, { body: { child: p.kid, from_parent: p.right, to_parent: p.wrong } });
    t.same(back.json(), edge, 'and back: as it was');
    t.equal(s.records({ kind: 'relationship.reparented', treeId: mount.treeId }).length, 2);

    const notParent = await refused(t, s, mount, reparent({ child: p.kid, from_parent: p.right, to_parent: p.wrong }), 404, 'not-found', 'from_parent is not a parent');
    t.equal(notParent.entity, 'relationship');
    for (const [field, body] of [['child', { child: UNKNOWN, from_parent: p.wrong, to_parent: p.right }], ['from_parent', { child: p.kid, from_parent: UNKNOWN, to_parent: p.right }], ['to_parent', { child: p.kid, from_parent: p.wrong, to_parent: UNKNOWN }]] as const) {
      const problem = await refused(t, s, mount, reparent(body), 404, 'not-found', `unknown ${field}`);
      t.equal(problem.entity, 'person');
    }
    await refused(t, s, mount, reparent({ child: p.kid, from_parent: p.wrong, to_parent: p.kid }), 422, 'relationship-self', 'to the child itself');
    await refused(t, s, mount, reparent({ child: p.kid, from_parent: p.wrong, to_parent: p.mum }), 409, 'relationship-exists', 'to a parent it has');
    await refused(t, s, mount, reparent({ child: p.kid, from_parent: p.wrong, to_parent: p.wrong }), 409, 'relationship-exists', 'to the same parent');
    await refused(t, s, mount, reparent({ child: p.kid, from_parent: p.wrong, to_parent: p.grandkid }), 422, 'relationship-cycle', 'to its own descendant');
    await refused(t, s, mount, reparent({ child: p.kid, from_parent: p.wrong }), 400, 'validation-failed', 'to_parent missing');
  }
});

t.test('unlink removes an edge and it can be made again; unknown edges are 404', async (t) => {
  const { s, mounts } = await boot(t);
  for (const mount of mounts) {
    const p = await people(s, mount, { dad: { given: 'Dad', sex: 'M' }, mum: { given: 'Mum', sex: 'F' }, kid: { given: 'Kid' }, extra: { given: 'Extra' } });
    const edge = (await parentOf(s, mount, p.dad, p.kid)).json();
    await parentOf(s, mount, p.mum, p.kid);
    const marriage = (await partners(s, mount, p.dad, p.mum)).json();
    await refused(t, s, mount, () => parentOf(s, mount, p.extra, p.kid), 422, 'too-many-birth-parents', 'two birth parents already');

    const unlinked = await s.request('POST', `${mount.prefix}/relationships/unlink`, { body: { relationship: edge.id } });
    t.equal(unlinked.statusCode, 200, mount.label);
    t.same(unlinked.json(), edge, 'answers with the edge as it was');
    t.same((await probe(s, mount, p.kid)).parents.map((x: { person: string }) => x.person), [p.mum]);
    t.match(s.records({ kind: 'relationship.unlinked', treeId: mount.treeId })[0], { entity_id: edge.id, payload: { kind: 'parent', parent: p.dad, child: p.kid, pedigree: 'birth' } });
    t.equal((await parentOf(s, mount, p.extra, p.kid)).statusCode, 201, 'the freed birth-parent place can be taken');

    await refused(t, s, mount, () => s.request('POST', `${mount.prefix}/relationships/unlink`, { body: { relationship: edge.id } }), 404, 'not-found', 'unlinked twice');
    const unknown = await refused(t, s, mount, () => s.request('POST', `${mount.prefix}/relationships/unlink`, { body: { relationship: UNKNOWN } }), 404, 'not-found', 'unknown edge');
    t.equal(unknown.entity, 'relationship');
    await refused(t, s, mount, () => s.request('POST', `${mount.prefix}/relationships/unlink`, { body: { relationship: 'x' } }), 400, 'validation-failed', 'not a uuid');

    const spouse = await s.request('POST', `${mount.prefix}/relationships/unlink`, { body: { relationship: marriage.id } });
    t.same(spouse.json(), marriage);
    t.same((await probe(s, mount, p.mum)).partners, []);
    const again = await partners(s, mount, p.mum, p.dad);
    t.equal(again.statusCode, 201, 'partners unlinked can be linked again');
    t.not(again.json().id, marriage.id, 'as a new edge');
  }
});

t.test('an agent may link and unlink; the records and rows say who', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[0];
  const p = await people(s, mount, { dad: { given: 'Dad', sex: 'M' }, kid: { given: 'Kid' } });
  const headers = { 'x-proposer-model': 'example-model-1' };
  const created = await s.request('POST', '/v1/relationships', { body: { kind: 'parent', parent: p.dad, child: p.kid }, token: s.agentToken, headers });
  t.equal(created.statusCode, 201);
  t.same(s.records({ kind: 'relationship' })[0].actor, { kind: 'agent', credential_id: s.agentCredentialId, proposer: 'example-model-1' });
  t.same(s.server.kernel.trees.active().db.prepare('SELECT actor_kind, credential_id, proposer FROM relationships').get(), { actor_kind: 'agent', credential_id: s.agentCredentialId, proposer: 'example-model-1' });
  const refusedForAgent = await s.request('POST', '/v1/relationships', { body: { kind: 'parent', parent: p.kid, child: p.dad }, token: s.agentToken });
  t.equal(refusedForAgent.json().code, 'relationship-cycle', 'an agent gets the same refusals');
  const unlinked = await s.request('POST', '/v1/relationships/unlink', { body: { relationship: created.json().id }, token: s.agentToken, headers });
  t.equal(unlinked.statusCode, 200);
  t.equal(s.records({ kind: 'relationship' })[0].actor.kind, 'agent');
  t.equal((await s.request('POST', '/v1/relationships', { body: { kind: 'parent', parent: p.dad, child: p.kid }, token: null })).statusCode, 401, 'no token, no edge');
});

t.test('edges to a retracted person leave every view, count and check', async (t) => {
  const { s, mounts } = await boot(t);
  for (const mount of mounts) {
    const p = await people(s, mount, { wrong: { given: 'Wrong', sex: 'M' }, mum: { given: 'Mum', sex: 'F' }, kid: { given: 'Kid' }, right: { given: 'Right', sex: 'M' }, wife: { given: 'Wife', sex: 'F' } });
    const wrongEdge = (await parentOf(s, mount, p.wrong, p.kid)).json();
    const mumEdge = (await parentOf(s, mount, p.mum, p.kid)).json();
    const marriage = (await partners(s, mount, p.wrong, p.wife)).json();
    const retracted = await s.request('POST', `${mount.prefix}/persons/${p.wrong}/retract`, { body: { reason: 'two men merged by mistake' } });
    t.equal(retracted.statusCode, 200, `${mount.label}: retracted`);

    t.same((await probe(s, mount, p.kid)).parents, [{ relationship: mumEdge.id, person: p.mum, pedigree: 'birth' }], 'the retracted parent is gone');
    t.same((await probe(s, mount, p.wife)).partners, [], 'and the partnership');
    const labels = (await s.request('GET', `${mount.prefix}/family-probe-labels`, { query: { ids: [wrongEdge.id, mumEdge.id, marriage.id].join(',') } })).json();
    t.same(labels.map((l: { id: string }) => l.id), [mumEdge.id], 'labels of hidden edges are omitted');
    await refused(t, s, mount, () => s.request('POST', `${mount.prefix}/relationships/unlink`, { body: { relationship: wrongEdge.id } }), 404, 'not-found', 'a hidden edge cannot be unlinked');
    t.equal((await parentOf(s, mount, p.wife, p.kid)).statusCode, 201, 'the retracted birth parent no longer counts: a second birth parent is accepted');
    await refused(t, s, mount, () => parentOf(s, mount, p.wrong, p.right), 404, 'not-found', 'a retracted person gets no new edge');
    const rows = s.server.kernel.trees.get(mount.treeId)!.db.prepare('SELECT id, hidden FROM relationships WHERE id IN (?, ?)').all(wrongEdge.id, marriage.id);
    t.same(rows.map((r: any) => r.hidden), [1, 1], 'the rows stay, hidden, for history');
  }
});

t.test('labels read as a person would say them; unknown ids are omitted', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[1];
  const p = await people(s, mount, { dad: { given: 'William', surname: 'Smyth', sex: 'M', birth: '12 MAR 1851', death: '1920' }, kid: { given: 'John', surname: 'Smyth', sex: 'M', birth: '1880' }, wife: { given: 'Mary', surname: 'Jones', sex: 'F' }, ward: { given: 'Ann', surname: 'Lee' } });
  const birth = (await parentOf(s, mount, p.dad, p.kid)).json();
  const foster = (await parentOf(s, mount, p.dad, p.ward, { pedigree: 'foster' })).json();
  const marriage = (await partners(s, mount, p.wife, p.dad)).json();
  const personLabels = (await s.request('GET', `${mount.prefix}/family-probe-labels`, { query: { ids: [birth.id, foster.id, marriage.id, UNKNOWN].join(',') } })).json();
  const byId = new Map<string, any>(personLabels.map((l: { id: string }) => [l.id, l]));
  t.equal(byId.size, 3);
  t.match(byId.get(birth.id), { kind: 'relationship', label: /^Parent of John Smyth \(1880–\): William Smyth \(1851–1920\)$/ });
  t.match(byId.get(foster.id), { label: /^Foster parent of Ann Lee: William Smyth/ });
  const [a, b] = marriage.partners;
  const names: Record<string, RegExp> = { [p.dad]: /William Smyth \(1851–1920\)/, [p.wife]: /Mary Jones/ };
  t.match(byId.get(marriage.id).label, /^Partners: .+ & .+$/);
  t.match(byId.get(marriage.id).label.split(' & ')[0], names[a]);
  t.match(byId.get(marriage.id).label.split(' & ')[1], names[b]);
  t.same((await s.request('GET', `${mount.prefix}/family-probe-labels`, { query: { ids: UNKNOWN } })).json(), []);
});
