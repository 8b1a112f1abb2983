import t from 'tap';
import { claim, conclude, conflicts, conflictsConsumer, conflictsServer, ok, persona } from './fixtures/helpers.js';

t.test('conflictsService as another plugin sees it: openFor and get', async (t) => {
  const consumer = conflictsConsumer();
  const s = await conflictsServer(t, { consumer });
  const [a, b, c] = [await persona(s), await persona(s), await persona(s)];
  await claim(s, { persona: a, kind: 'birth', date: '1850' });
  await claim(s, { persona: a, kind: 'birth', date: '1860' });
  await claim(s, { persona: b, kind: 'death', date: '1900' });
  await claim(s, { persona: c, kind: 'death', date: '1910' });
  await conclude(s, [b, c]);
  const [own, across] = (await conflicts(s)).items;
  const seen = await consumer.fromRequest(s, ({ conflictsService }) => ({
    a: conflictsService.openFor([a]),
    b: conflictsService.openFor([b]),
    all: conflictsService.openFor([a, b, c]),
    none: conflictsService.openFor([]),
    get: conflictsService.get(across.id),
    unknown: conflictsService.get('01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d'),
  }));
  t.same(seen, { a: 1, b: 1, all: 2, none: 0, get: across, unknown: undefined });
  await ok(s.request('POST', `/v1/conflicts/${own.id}/withdrawal`, { body: { reason: 'Two records of one birth, one misdated' } }));
  t.same(await consumer.fromRequest(s, ({ conflictsService }) => [conflictsService.openFor([a]), conflictsService.openFor([a, b, c])]), [0, 1], 'open ones only');
});
