import t from 'tap';
import { claim, conflictRecords, conflicts, conflictsServer, ok, persona, source } from './fixtures/helpers.js';

const SYSTEM = { kind: 'system', credential_id: null };

t.test('a capture that disagrees opens one conflict naming the persona, with both claims and their sources', async (t) => {
  const s = await conflictsServer(t);
  const register = await source(s, 'Ledbury parish register');
  const a = await persona(s);
  const first = await claim(s, { persona: a, kind: 'birth', date: '12 MAR 1850', place: 'Ledbury, Herefordshire, England', source: register });
  t.same(await conflicts(s), { items: [], next_cursor: null, total: 0 }, 'one claim alone is no conflict');

  const second = await claim(s, { persona: a, kind: 'birth', value: 'William, son of John', date: '1855', place: 'Ledbury' }, 'agent');
  const captured = s.records({ kind: 'assertion.captured' })[0];
  t.equal(captured.entity_id, second);
  const page = await conflicts(s);
  const id = page.items[0]?.id;
  t.same(page, {
    items: [{
      id,
      persona: a,
      kind: 'birth',
      status: 'open',
      claims: [
        { assertion: first, persona: a, value: null, date: '12 MAR 1850', place: 'Ledbury, Herefordshire, England', source: { id: register, title: 'Ledbury parish register' } },
        { assertion: second, persona: a, value: 'William, son of John', date: '1855', place: 'Ledbury', source: null },
      ],
      disagreement: { on: ['date'], detail: 'The dates "12 MAR 1850" and "1855" are 4.81 years apart' },
      opened_at_ms: captured.at_ms,
    }],
    next_cursor: null,
    total: 1,
  }, 'a pending (agent) claim takes part: it stands until refuted');
  t.same(await ok(s.request('GET', `/v1/conflicts/${id}`)), page.items[0], 'read alone, the same');
  const [record] = s.records({ kind: 'conflict' });
  t.same([record.kind, record.entity_type, record.entity_id, record.actor, record.payload], [
    'conflict.opened.v1', 'conflict', id, SYSTEM, { kind: 'birth', persona: a, claims: [first, second], disagree_on: ['date'], cause: captured.seq },
  ], 'found by the service (actor system), naming the record that caused it');
  t.equal(record.seq, captured.seq + 1, 'in the capture\'s transaction, right after its record');
});

t.test('three mutually disagreeing claims are three conflicts, one per pair, never opened twice', async (t) => {
  const s = await conflictsServer(t);
  const a = await persona(s);
  const b1850 = await claim(s, { persona: a, kind: 'death', date: '1850' });
  const b1860 = await claim(s, { persona: a, kind: 'death', date: '1860' });
  const b1870 = await claim(s, { persona: a, kind: 'death', date: '1870' });
  const pairs = (await conflicts(s)).items.map((item: any) => item.claims.map((c: any) => c.assertion));
  t.same(pairs, [[b1850, b1860], [b1850, b1870], [b1860, b1870]], 'the older claim first; in the order they were opened');
  const about1850 = await claim(s, { persona: a, kind: 'death', date: 'ABT 1851' });
  const after = (await conflicts(s)).items.map((item: any) => item.claims.map((c: any) => c.assertion));
  t.same(after.slice(3), [[b1860, about1850], [b1870, about1850]], 'a fourth agreeing with 1850 disagrees with the other two only');
  t.equal(conflictRecords(s).length, 5, 'one record per conflict');
});

t.test('agreeing claims never conflict: compatible dates, places of one hierarchy, normalised values', async (t) => {
  const s = await conflictsServer(t);
  const a = await persona(s);
  await claim(s, { persona: a, kind: 'birth', date: 'ABT 1850', place: 'Ledbury, Herefordshire, England' });
  await claim(s, { persona: a, kind: 'birth', date: '1852', place: 'Herefordshire, England' });
  await claim(s, { persona: a, kind: 'birth', date: 'BET 1849 AND 1853', place: 'Ledbury, Herefordshire' });
  await claim(s, { persona: a, kind: 'birth' }, 'agent');
  await claim(s, { persona: a, kind: 'baptism', date: '@#DJULIAN@ 1 JAN 1750' });
  await claim(s, { persona: a, kind: 'baptism', date: '12 JAN 1750' });
  await claim(s, { persona: a, kind: 'sex', value: 'M' });
  await claim(s, { persona: a, kind: 'sex', value: ' male ' });
  await claim(s, { persona: a, kind: 'sex', value: 'U' });
  await claim(s, { persona: a, kind: 'death', date: 'in the winter of the great flood' });
  await claim(s, { persona: a, kind: 'death', date: '1901' });
  await claim(s, { persona: a, kind: 'burial', value: 'in the churchyard', date: '1901' });
  await claim(s, { persona: a, kind: 'burial', value: 'in the family vault', date: 'ABT 1902' });
  t.same(await conflicts(s), { items: [], next_cursor: null, total: 0 });
  t.same(conflictRecords(s), []);
});

t.test('multi-valued kinds never conflict', async (t) => {
  const s = await conflictsServer(t);
  const a = await persona(s);
  for (const [kind, value, date, place] of [
    ['residence', null, '1851', 'Ledbury'], ['residence', null, '1861', 'London'],
    ['occupation', 'Glover', '1851', null], ['occupation', 'Farmer', '1851', null],
    ['census', null, '1851', 'Ledbury'], ['census', null, '1851', 'Hereford'],
    ['marriage', null, '1875', 'Ledbury'], ['marriage', null, '1890', 'Leeds'],
    ['name', 'William Smyth', null, null], ['name', 'Bill Smith', null, null],
    ['fact', 'Signed with a mark', null, null], ['fact', 'Signed his name', null, null],
  ]) await claim(s, { persona: a, kind, ...(value ? { value } : {}), ...(date ? { date } : {}), ...(place ? { place } : {}) });
  t.same(await conflicts(s), { items: [], next_cursor: null, total: 0 });
});

t.test('sex claims disagree on their value; events on date or place', async (t) => {
  const s = await conflictsServer(t);
  const a = await persona(s);
  const male = await claim(s, { persona: a, kind: 'sex', value: 'Male', date: '1851' });
  const female = await claim(s, { persona: a, kind: 'sex', value: 'F', date: '1851' });
  const atLedbury = await claim(s, { persona: a, kind: 'christening', date: '3 APR 1851', place: 'Ledbury, Herefordshire' });
  const atHereford = await claim(s, { persona: a, kind: 'christening', date: 'APR 1851', place: 'Hereford, Herefordshire' });
  const { items } = await conflicts(s);
  t.same(items.map((item: any) => [item.kind, item.claims.map((c: any) => c.assertion), item.disagreement]), [
    ['sex', [male, female], { on: ['value'], detail: 'The values "Male" and "F" differ' }],
    ['christening', [atLedbury, atHereford], { on: ['place'], detail: 'The places "Ledbury, Herefordshire" and "Hereford, Herefordshire" are not one place' }],
  ]);
});

t.test('claims of other personas in no common person never meet', async (t) => {
  const s = await conflictsServer(t);
  await claim(s, { persona: await persona(s), kind: 'birth', date: '1850' });
  await claim(s, { persona: await persona(s), kind: 'birth', date: '1870' });
  t.equal((await conflicts(s)).total, 0);
});
