import t from 'tap';
import { World, UNKNOWN } from './fixtures/world.js';

t.test('an association between persons or personas is recorded on both mounts: 201 { id } and one record', async (t) => {
  const active = await World.boot(t);
  const pinned = await active.pinned();
  for (const w of [active, pinned]) {
    const child = await w.person('Elizabeth Bowen');
    const godmother = await w.persona('Martha Lane');
    const reply = await w.request('POST', '/associations', {
      body: { from: child.id, to: godmother, role: 'Godparent', source: UNKNOWN, note: 'Named as godmother in the baptism entry' },
    });
    t.equal(reply.statusCode, 201, w.prefix);
    t.same(Object.keys(reply.json()), ['id']);
    const { id } = reply.json();
    t.match(w.s.records({ kind: 'association', treeId: w.treeId }), [{
      kind: 'association.recorded.v1',
      entity_type: 'association',
      entity_id: id,
      payload: { from: child.id, from_kind: 'person', to: godmother, to_kind: 'persona', role: 'godparent', source: UNKNOWN },
    }]);
    const row = w.s.server.kernel.trees.get(w.treeId)!.db.prepare('SELECT from_subject, to_subject, role, note FROM associations WHERE id = ?').get(id);
    t.same(row, { from_subject: child.id, to_subject: godmother, role: 'godparent', note: 'Named as godmother in the baptism entry' });
  }
  t.equal(active.written().associations, 1);
  t.equal(pinned.written().associations, 1);
});

t.test('refused associations write nothing', async (t) => {
  const w = await World.boot(t);
  const a = await w.person('Ann Hill');
  const b = await w.persona('Betty Hill');
  const before = w.written();
  const cases: [string, unknown, number, string][] = [
    ['unknown from', { from: UNKNOWN, to: b, role: 'friend' }, 404, 'not-found'],
    ['unknown to', { from: a.id, to: UNKNOWN, role: 'friend' }, 404, 'not-found'],
    ['with itself', { from: a.id, to: a.id, role: 'friend' }, 422, 'association-self'],
    ['no role', { from: a.id, to: b }, 400, 'validation-failed'],
    ['blank role', { from: a.id, to: b, role: ' ' }, 400, 'validation-failed'],
    ['not uuids', { from: 'ann', to: b, role: 'friend' }, 400, 'validation-failed'],
    ['source not a uuid', { from: a.id, to: b, role: 'friend', source: 'the register' }, 400, 'validation-failed'],
    ['unknown field', { from: a.id, to: b, role: 'friend', weight: 3 }, 400, 'validation-failed'],
  ];
  for (const [name, body, status, code] of cases) {
    const reply = await w.request('POST', '/associations', { body });
    t.equal(reply.statusCode, status, name);
    t.equal(reply.json().code, code, name);
  }
  t.equal((await w.request('POST', '/associations', { body: { from: UNKNOWN, to: b, role: 'x' } })).json().detail, `There is no person or persona ${UNKNOWN} in this tree`);
  t.same(w.written(), before);
});
