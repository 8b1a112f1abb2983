import t from 'tap';
import { boot, parentOf, partners, people, snapshot, type Mount } from './fixtures/helpers.js';
import type { TestServer } from '@rootline/kernel/testing';

/** The edges as a reader sees them: kind and ends of every visible edge, by id. */
function edges(s: TestServer, mount: Mount) {
  return s.server.kernel.trees.get(mount.treeId)!.db
    .prepare('SELECT id, kind, person_a, person_b, pedigree, hidden, created_at_ms FROM relationships ORDER BY id')
    .all() as { id: string; kind: string; person_a: string; person_b: string; pedigree: string | null; hidden: number }[];
}

const merge = (s: TestServer, mount: Mount, survivor: string, merged: string) =>
  s.request('POST', `${mount.prefix}/persons/merge`, { body: { survivor, merged } });

const personasOf = async (s: TestServer, mount: Mount, id: string): Promise<string[]> => (await s.request('GET', `${mount.prefix}/persons/${id}`)).json().personas;

t.test('a merge rewires the merged person\'s edges to the survivor, folds duplicates, and a split puts every edge back', async (t) => {
  const { s, mounts } = await boot(t);
  for (const mount of mounts) {
    const p = await people(s, mount, {
      john: { given: 'John', sex: 'M' }, johnny: { given: 'Johnny', sex: 'M' }, mary: { given: 'Mary', sex: 'F' },
      thomas: { given: 'Thomas', sex: 'M' }, ann: { given: 'Ann', sex: 'F' }, william: { given: 'William', sex: 'M' }, eliza: { given: 'Eliza', sex: 'F' },
    });
    // john and johnny are one man, recorded twice: both sons of Thomas, both married to Mary.
    const made: Record<string, string> = {};
    for (const [name, parent, child] of [['thomas-john', p.thomas, p.john], ['thomas-johnny', p.thomas, p.johnny], ['ann-johnny', p.ann, p.johnny], ['john-william', p.john, p.william], ['johnny-eliza', p.johnny, p.eliza]]) {
      const reply = await parentOf(s, mount, parent, child, { pedigree: 'birth' });
      t.equal(reply.statusCode, 201);
      made[name] = reply.json().id;
    }
    for (const [name, a, b] of [['john-mary', p.john, p.mary], ['johnny-mary', p.johnny, p.mary], ['john-johnny', p.john, p.johnny]]) {
      const reply = await partners(s, mount, a, b);
      t.equal(reply.statusCode, 201);
      made[name] = reply.json().id;
    }
    const before = edges(s, mount);
    const johnnyPersonas = await personasOf(s, mount, p.johnny);

    const reply = await merge(s, mount, p.john, p.johnny);
    t.equal(reply.statusCode, 200, `${mount.label}: ${reply.body}`);
    const after = edges(s, mount);
    const visible = after.filter((edge) => edge.hidden === 0).map((edge) => [edge.kind, edge.person_a, edge.person_b]);
    const spouse = (a: string, b: string) => ['spouse', ...(a < b ? [a, b] : [b, a])];
    t.same(
      visible.sort(),
      [['parent', p.thomas, p.john], ['parent', p.ann, p.john], ['parent', p.john, p.william], ['parent', p.john, p.eliza], spouse(p.john, p.mary)].sort(),
      `${mount.label}: the survivor has every parent and child of both, each once, and one marriage`,
    );
    t.notOk(after.some((edge) => edge.hidden === 0 && (edge.person_a === p.johnny || edge.person_b === p.johnny)), 'no visible edge names the merged person');
    t.equal(after.length, before.length, 'no edge is deleted: duplicates are hidden');
    const folded = after.filter((edge) => edge.hidden === 1).map((edge) => edge.id).sort();
    t.same(folded, [made['thomas-johnny'], made['johnny-mary'], made['john-johnny']].sort(), 'folded: the second father edge, the second marriage to Mary, the marriage to himself');
    const byId = new Map(after.map((edge) => [edge.id, edge]));
    t.same([byId.get(made['ann-johnny'])!.person_b, byId.get(made['johnny-eliza'])!.person_a], [p.john, p.john], 'rewired edges keep their ids');

    const split = await s.request('POST', `${mount.prefix}/persons/${p.john}/split`, { body: { personas: johnnyPersonas } });
    t.equal(split.statusCode, 200);
    t.equal(split.json().new_person.id, p.johnny);
    const strip = (rows: ReturnType<typeof edges>) => rows.map(({ id, kind, person_a, person_b, pedigree, hidden }) => ({ id, kind, person_a, person_b, pedigree, hidden }));
    t.same(strip(edges(s, mount)), strip(before), `${mount.label}: every edge as it was`);
    t.equal(s.server.kernel.trees.get(mount.treeId)!.db.prepare('SELECT count(*) FROM relationship_merges').pluck().get(), 0, 'the memory of the merge is gone');
  }
});

t.test('merging a person with an ancestor or descendant is refused: nothing written', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[0];
  const p = await people(s, mount, { grandad: { given: 'Grandad' }, dad: { given: 'Dad' }, son: { given: 'Son' }, stranger: { given: 'Stranger' } });
  await parentOf(s, mount, p.grandad, p.dad);
  await parentOf(s, mount, p.dad, p.son);
  const before = snapshot(s, mount);
  const personsBefore = (await s.request('GET', '/v1/persons')).json().items;
  for (const [survivor, merged, descendant, ancestor] of [
    [p.grandad, p.son, p.son, p.grandad],
    [p.son, p.grandad, p.son, p.grandad],
    [p.dad, p.son, p.son, p.dad],
  ]) {
    const reply = await merge(s, mount, survivor, merged);
    t.equal(reply.statusCode, 422);
    t.same([reply.json().code, reply.json().detail], ['relationship-cycle', `Person ${descendant} descends from ${ancestor}: merging them would make a person their own ancestor`]);
  }
  t.same(snapshot(s, mount), before, 'no edge and no record changed');
  t.same((await s.request('GET', '/v1/persons')).json().items, personsBefore, 'and no person merged');
  t.equal((await merge(s, mount, p.stranger, p.son)).statusCode, 200, 'a person outside the line merges');
});

t.test('an edge changed after the merge stays as it is now when the merge is reversed', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[0];
  const p = await people(s, mount, { a: { given: 'A' }, b: { given: 'B' }, child: { given: 'Child' }, other: { given: 'Other' }, kid: { given: 'Kid' } });
  const moved = (await parentOf(s, mount, p.b, p.child)).json().id;
  const unlinked = (await parentOf(s, mount, p.b, p.kid)).json().id;
  const bPersonas = await personasOf(s, mount, p.b);
  t.equal((await merge(s, mount, p.a, p.b)).statusCode, 200);
  t.equal((await s.request('POST', `${mount.prefix}/relationships/reparent`, { body: { child: p.child, from_parent: p.a, to_parent: p.other } })).statusCode, 200);
  t.equal((await s.request('POST', `${mount.prefix}/relationships/unlink`, { body: { relationship: unlinked } })).statusCode, 200);
  t.equal((await s.request('POST', `${mount.prefix}/persons/${p.a}/split`, { body: { personas: bPersonas } })).statusCode, 200);
  const rows = edges(s, mount);
  t.same(rows.map((edge) => [edge.id, edge.person_a, edge.person_b]), [[moved, p.other, p.child]], 'the reparented edge keeps its new parent; the unlinked one stays unlinked');
});

t.test('a folded edge to a person retracted meanwhile stays hidden when the merge is reversed', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[0];
  const p = await people(s, mount, { a: { given: 'A' }, b: { given: 'B' }, mum: { given: 'Mum' } });
  await parentOf(s, mount, p.mum, p.a);
  const folded = (await parentOf(s, mount, p.mum, p.b)).json().id;
  const bPersonas = await personasOf(s, mount, p.b);
  await merge(s, mount, p.a, p.b);
  t.equal((await s.request('POST', `${mount.prefix}/persons/${p.mum}/retract`)).statusCode, 200);
  await s.request('POST', `${mount.prefix}/persons/${p.a}/split`, { body: { personas: bPersonas } });
  t.same(edges(s, mount).filter((edge) => edge.id === folded).map((edge) => edge.hidden), [1]);
});
