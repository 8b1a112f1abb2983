import t from 'tap';
import { IntList } from '../src/export/int-list.js';

/** The family index's lists of numbers: they grow past their first room and keep every value. */

t.test('a list grows past its room, keeping each value at its index, negatives too', async (t) => {
  for (const capacity of [0, 1, 1024]) {
    const list = new IntList(capacity);
    const wrong: number[] = [];
    for (let n = 0; n < 3000; n++) if (list.push(n % 2 === 0 ? n : -n) !== n) wrong.push(n);
    t.same(wrong, [], 'each push gives its index');
    t.equal(list.length, 3000, `from room for ${capacity}`);
    t.same([list.at(0), list.at(1), list.at(1023), list.at(1024), list.at(2999)], [0, -1, -1023, 1024, -2999]);
    list.set(1500, 7);
    t.equal(list.at(1500), 7, 'set replaces');
    t.equal(list.at(1501), -1501, 'and only that value');
  }
});

t.test('an empty list is empty', async (t) => {
  t.equal(new IntList().length, 0);
});
