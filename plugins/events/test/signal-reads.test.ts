import t from 'tap';
import { systemActor } from '@rootline/kernel';
import { World } from './fixtures/world.js';

const SPOUSES = ['husband', 'wife', 'bride', 'groom'];

t.test('datedParticipantRows: spouses of dated events of a type, or just the participations of the subjects asked for', async (t) => {
  const w = await World.boot(t);
  const john = await w.person('John Smyth');
  const mary = await w.person('Mary Lane');
  const witness = await w.person('Tom Witness');
  const loose = await w.persona('Ann Loose');
  const wedding = await w.event({ type: 'MARR', date: '12 MAR 1851', participants: [{ person: john.id, role: 'groom' }, { person: mary.id, role: 'bride' }, { person: witness.id, role: 'witness' }] });
  const second = await w.event({ type: 'MARR', date: 'ABT 1870', participants: [{ persona: loose, role: 'wife' }, { person: john.id, role: 'husband' }] });
  await w.event({ type: 'MARR', participants: [{ person: mary.id, role: 'wife' }] });
  const odd = await w.event({ type: 'BAPM', date: '1852', participants: [{ person: john.id, role: 'husband' }] });

  const events = w.s.server.kernel.servicesFor(w.s.server.kernel.trees.active(), systemActor).eventsService;
  const sorted = (rows: Iterable<string[]>) => [...rows].map((row) => row.join(' ')).sort();
  const row = (event: Record<string, any>, subject: string, kind = 'person') => `${event.id} ${event.sort_date} ${subject} ${kind}`;
  t.same(sorted(events.datedParticipantRows(['MARR'], SPOUSES)), [row(wedding, john.id), row(wedding, mary.id), row(second, loose, 'persona'), row(second, john.id)].sort(), 'dated marriages, spouses only');
  t.same(sorted(events.datedParticipantRows(['MARR'], SPOUSES, [john.id])), [row(wedding, john.id), row(second, john.id)].sort(), 'one person\'s marriages');
  t.same(sorted(events.datedParticipantRows(['MARR'], SPOUSES, [loose, witness.id])), [row(second, loose, 'persona')], 'a persona\'s; a witness is no spouse');
  t.same(sorted(events.datedParticipantRows(['MARR'], SPOUSES, [])), []);
  t.same(sorted(events.datedParticipantRows(['BAPM', 'MARR'], ['husband'], [john.id])), [row(second, john.id), row(odd, john.id)].sort(), 'types and roles still apply');
});
