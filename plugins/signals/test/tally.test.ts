import t from 'tap';
import { Tally } from '../src/examples.js';

t.test('a tally counts everything and keeps the first by key, in order', async (t) => {
  const tally = new Tally<string>(3);
  for (const key of ['e', 'b', 'f', 'a', 'd', 'c', 'a']) tally.add(key, key.toUpperCase());
  t.equal(tally.count, 7);
  t.same(tally.first, ['A', 'A', 'B'], 'the three smallest keys, equal keys in the order they came');
  const sorted = new Tally<number>(2);
  for (let at = 0; at < 5; at++) sorted.add(`k${at}`, at);
  t.same([sorted.count, sorted.first], [5, [0, 1]], 'keys in order: the first two');
  const reversed = new Tally<number>(2);
  for (let at = 4; at >= 0; at--) reversed.add(`k${at}`, at);
  t.same([reversed.count, reversed.first], [5, [0, 1]], 'keys in reverse: still the smallest two');
  const none = new Tally<number>(0);
  none.add('a', 1);
  none.add('b', 2);
  t.same([none.count, none.first], [2, []], 'a limit of 0 keeps nothing and counts all');
  const few = new Tally<number>(5);
  few.add('b', 2);
  few.add('a', 1);
  t.same([few.count, few.first], [2, [1, 2]], 'fewer than the limit: all of them');
});
