import t from 'tap';
import { claim, conclude, persona, personsServer } from './fixtures/helpers.js';

/**
 * Which claim a person's birth and death rest on, when several stand with the same status: the
 * most direct kind wins whatever order they were captured in (birth, then baptism, then
 * christening; death, then burial); among claims of one kind, the oldest.
 */
t.test('the most direct kind of claim wins among claims of the same status', async (t) => {
  const s = await personsServer(t);
  const rows: [string, { kind: string; date: string }[], number | null, number | null][] = [
    // name, claims in the order captured, index of the birth claim used, of the death claim used
    ['christening, baptism, birth', [{ kind: 'christening', date: '1851' }, { kind: 'baptism', date: '1852' }, { kind: 'birth', date: '1850' }], 2, null],
    ['christening then baptism', [{ kind: 'christening', date: '1851' }, { kind: 'baptism', date: '1852' }], 1, null],
    ['burial then death', [{ kind: 'burial', date: '1921' }, { kind: 'death', date: '1920' }], null, 1],
    ['two births: the oldest', [{ kind: 'birth', date: '1850' }, { kind: 'birth', date: '1849' }], 0, null],
    ['a residence is neither', [{ kind: 'residence', date: '1861' }], null, null],
  ];
  for (const [name, claims, birth, death] of rows) {
    const id = await persona(s, { given: 'Test', surname: name });
    const ids: string[] = [];
    for (const body of claims) ids.push(await claim(s, { persona: id, ...body }));
    const person = await conclude(s, [id]);
    t.equal(person.birth?.assertion ?? null, birth === null ? null : ids[birth], `${name}: birth`);
    t.equal(person.birth?.date ?? null, birth === null ? null : claims[birth].date, `${name}: birth date`);
    t.equal(person.death?.assertion ?? null, death === null ? null : ids[death], `${name}: death`);
  }
});

t.test('a confirmed claim of a less direct kind beats a pending birth; a pending death still ends living', async (t) => {
  const s = await personsServer(t, { clock: { now: () => Date.UTC(2025, 5, 1) } });
  const id = await persona(s, { given: 'Ann', surname: 'Price' });
  await claim(s, { persona: id, kind: 'birth', date: '1990' }, 'agent');
  const christening = await claim(s, { persona: id, kind: 'christening', date: '1991' });
  const burial = await claim(s, { persona: id, kind: 'burial', date: '2020' }, 'agent');
  const person = await conclude(s, [id]);
  t.match(person.birth, { assertion: christening, status: 'confirmed', flagged: false });
  t.match(person.death, { assertion: burial, status: 'pending', flagged: true });
  t.equal(person.living, false);
});
