import t from 'tap';
import { outranks, type Best } from '../src/best-claim.js';

/** Which claim a date check reads when a person has several of one kind: the summary's order. */

const claim = (id: string, change: Partial<Best> = {}): Best => ({ id, confirmed: false, rank: 0, created: 1000, date: '1851', ...change });

t.test('the first claim seen is the best so far', async (t) => {
  t.equal(outranks(claim('b'), undefined), true);
});

t.test('confirmed, then the lower rank, then the older capture, then the smaller id', async (t) => {
  const cases: [string, Best, Best][] = [
    // [why, the better claim, the other]: each step decides only when the ones before tie.
    ['confirmed beats pending, however new and however ranked', claim('z', { confirmed: true, rank: 1, created: 9000 }), claim('a', { created: 1 })],
    ['a baptism beats a christening, however new', claim('z', { rank: 0, created: 9000 }), claim('a', { rank: 1, created: 1 })],
    ['the older capture, whatever the ids', claim('z', { created: 999 }), claim('a', { created: 1000 })],
    ['the smaller id when captured in the same millisecond', claim('a'), claim('b')],
  ];
  for (const [why, better, other] of cases) {
    t.equal(outranks(better, other), true, why);
    t.equal(outranks(other, better), false, `${why} (the other way round)`);
  }
  t.equal(outranks(claim('a'), claim('a')), false, 'a claim does not outrank itself');
});
