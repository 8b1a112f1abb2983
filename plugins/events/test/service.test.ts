import t from 'tap';
import { buildTestServer, consumerOf } from '@rootline/kernel/testing';
import { PLUGINS, UNKNOWN, World } from './fixtures/world.js';
import { neighbourhood } from './fixtures/neighbourhood.js';

async function boot(t: Parameters<typeof buildTestServer>[0]) {
  const consumer = consumerOf('@rootline/plugin-events', '^0.1.0');
  const s = await buildTestServer(t, { plugins: [...PLUGINS, consumer.name], builtIn: [consumer.source] });
  const w = World.from(s);
  return { w, service: () => consumer.fromRequest(s, (cradle) => cradle.eventsService) };
}

t.test('eventsService.get and forPerson: a person\'s events through all its personas, by date, phrases last, with the full count', async (t) => {
  const { w, service } = await boot(t);
  const n = await neighbourhood(w);
  const events = await service();
  t.same(events.get(n.e1), (await w.request('GET', `/events/${n.e1}`)).json(), 'get is the route\'s EventDto');
  t.equal(events.get(UNKNOWN), undefined);

  const all = events.forPerson(n.F, 100);
  t.same(all.items.map((e) => e.id), [n.e1, n.e7, n.e2, n.e5], 'F directly and through fA and fB, in date order');
  t.equal(all.total, 4);
  const two = events.forPerson(n.F, 2);
  t.same([two.items.map((e) => e.id), two.total], [[n.e1, n.e7], 4], 'limited, with the full count');
  t.same(events.forPerson(n.C, 10).items.map((e) => e.id), [n.e3, n.e7, n.e6], 'the phrase-dated e6 last');
  t.same(events.forPerson(UNKNOWN, 10), { items: [], total: 0 });
});

t.test('eventsService.labels: type, date as written, place; unknown ids left out', async (t) => {
  const { w, service } = await boot(t);
  const baptism = await w.event({ type: 'BAPM', date: '12 MAR 1851', place: 'Ledbury' });
  const custom = await w.event({ type: 'custom:Apprenticeship', place: 'Worcester' });
  const tagOnly = await w.event({ type: '_MILT', date: 'ABT 1915' });
  const labels = (await service()).labels([baptism.id, custom.id, tagOnly.id, UNKNOWN]);
  t.same(
    labels.sort((a, b) => (a.id < b.id ? -1 : 1)),
    [
      { id: baptism.id, kind: 'event', label: 'Baptism, 12 MAR 1851, Ledbury' },
      { id: custom.id, kind: 'event', label: 'Apprenticeship, Worcester' },
      { id: tagOnly.id, kind: 'event', label: '_MILT, ABT 1915' },
    ],
  );
  t.same((await service()).labels([]), []);
});
