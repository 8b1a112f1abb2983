import t from 'tap';
import { World } from './fixtures/world.js';

/** Every participation and association of the world's tree, as stored (rowid order keeps the participants' order). */
function rows(w: World) {
  const db = w.s.server.kernel.trees.get(w.treeId)!.db;
  return {
    participants: db.prepare('SELECT rowid, event, subject, subject_kind, role, added_at_ms FROM event_participants ORDER BY rowid').all(),
    associations: db.prepare('SELECT id, from_subject, from_kind, to_subject, to_kind, role, source, note FROM associations ORDER BY id').all(),
  };
}

t.test('a merge moves the merged person\'s participations and associations to the survivor; a split puts them back', async (t) => {
  const base = await World.boot(t);
  for (const w of [base, await base.pinned()]) {
    const john = await w.person('John Smyth');
    const johnny = await w.person('Johnny Smyth');
    const mary = await w.person('Mary Hill');
    const ann = await w.person('Ann Price');
    const onlyPersona = await w.persona('Edward Price');
    // John and Johnny both at the same baptism as father (a duplicate), Johnny also as witness.
    const baptism = await w.event({
      type: 'BAPM', date: '20 MAR 1851', participants: [
        { person: mary.id, role: 'mother' }, { person: johnny.id, role: 'father' }, { person: john.id, role: 'father' },
        { person: johnny.id, role: 'witness' }, { persona: onlyPersona, role: 'godparent' },
      ],
    });
    const marriage = await w.event({ type: 'MARR', date: '1849', participants: [{ person: johnny.id, role: 'groom' }, { person: mary.id, role: 'bride' }] });
    const neighbour = await w.associate({ from: johnny.id, to: ann.id, role: 'neighbour' });
    const friend = await w.associate({ from: ann.id, to: johnny.id, role: 'friend' });
    const self = await w.associate({ from: john.id, to: johnny.id, role: 'namesake' });
    const before = rows(w);

    const merged = await w.request('POST', '/persons/merge', { body: { survivor: john.id, merged: johnny.id } });
    t.equal(merged.statusCode, 200, merged.body);
    const bapt = (await w.request('GET', `/events/${baptism.id}`)).json();
    t.same(
      bapt.participants.map((p: { person?: string; persona?: string; role: string }) => [p.person ?? p.persona, p.role]),
      [[mary.id, 'mother'], [john.id, 'father'], [john.id, 'witness'], [onlyPersona, 'godparent']],
      'the duplicate father is folded; the witness role moves to the survivor',
    );
    const marr = (await w.request('GET', `/events/${marriage.id}`)).json();
    t.same(marr.participants.map((p: { person?: string; role: string }) => [p.person, p.role]), [[john.id, 'groom'], [mary.id, 'bride']]);
    const assoc = rows(w).associations as { id: string; from_subject: string; to_subject: string }[];
    t.same(assoc.map((a) => [a.id, a.from_subject, a.to_subject]), [[neighbour, john.id, ann.id], [friend, ann.id, john.id]].sort((a, b) => (a[0] < b[0] ? -1 : 1)), 'associations follow; the one between the two is folded');
    t.notOk(assoc.some((a) => a.id === self));

    const split = await w.request('POST', `/persons/${john.id}/split`, { body: { personas: johnny.personas } });
    t.equal(split.statusCode, 200);
    t.same(rows(w), before, 'every participation (in its order) and association as it was');
    t.equal(w.s.server.kernel.trees.get(w.treeId)!.db.prepare('SELECT count(*) FROM subject_merges').pluck().get(), 0);
  }
});

t.test('a participation changed after the merge stays as it is when the merge is reversed', async (t) => {
  const w = await World.boot(t);
  const a = await w.person('A');
  const b = await w.person('B');
  const event = await w.event({ type: 'CENS', date: '1861', participants: [{ person: b.id, role: 'head' }] });
  await w.request('POST', '/persons/merge', { body: { survivor: a.id, merged: b.id } });
  // After the merge the survivor is added as lodger too, then the merge is reversed.
  t.equal((await w.request('POST', `/events/${event.id}/participants`, { body: { person: a.id, role: 'lodger' } })).statusCode < 300, true);
  await w.request('POST', `/persons/${a.id}/split`, { body: { personas: b.personas } });
  const now = (await w.request('GET', `/events/${event.id}`)).json().participants.map((p: { person: string; role: string }) => [p.person, p.role]);
  t.same(now, [[b.id, 'head'], [a.id, 'lodger']], 'the moved participation goes back; what was added since stays');
});
