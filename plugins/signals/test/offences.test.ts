import t from 'tap';
import { Offences } from '../src/examples.js';

t.test('offences are counted whole and listed from the smallest key', async (t) => {
  const offences = new Offences<string>();
  for (const key of ['e', 'b', 'f', 'a', 'd', 'c', 'a']) offences.add(key, key.toUpperCase());
  t.equal(offences.count, 6, 'one per key: the same key again replaces it');
  t.same(offences.first(3), ['A', 'B', 'C'], 'the three smallest keys, in order');
  t.same(offences.first(0), [], 'a limit of 0 lists nothing');
  t.same(offences.first(10), ['A', 'B', 'C', 'D', 'E', 'F'], 'fewer than the limit: all of them');
  offences.delete('a');
  offences.delete('zz');
  t.equal(offences.count, 5, 'a key taken away is no longer counted; an absent one changes nothing');
  t.same(offences.first(2), ['B', 'C']);
  const sorted = new Offences<number>();
  for (let at = 0; at < 5; at++) sorted.add(`k${at}`, at);
  t.same(sorted.first(2), [0, 1], 'keys added in order: the first two');
  const reversed = new Offences<number>();
  for (let at = 4; at >= 0; at--) reversed.add(`k${at}`, at);
  t.same(reversed.first(2), [0, 1], 'keys added in reverse: still the smallest two');
  t.same(reversed.first(1), [0]);
});
