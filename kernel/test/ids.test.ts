import t from 'tap';
import { idSource, uuidv7, UUID_PATTERN } from '../src/ids.js';

t.test('ids are UUIDv7, strictly increasing even within one millisecond', async (t) => {
  const frozen = { now: () => 1_763_769_600_000 };
  const ids = idSource(frozen);
  let previous = '';
  for (let i = 0; i < 100_000; i++) {
    const id = ids.next();
    if (!(id > previous)) {
      t.fail(`id ${i} ${id} does not sort after ${previous}`);
      break;
    }
    previous = id;
  }
  t.match(previous, new RegExp(UUID_PATTERN));
  t.equal(previous[14], '7', 'version 7');
  t.match(previous[19], /[89ab]/, 'RFC variant');
  t.equal(previous.slice(0, 13).replace('-', ''), (1_763_769_600_000).toString(16).padStart(12, '0'), 'time prefix');
});

t.test('ids from later milliseconds sort later; a clock going back does not break order', async (t) => {
  let now = 1000;
  const ids = idSource({ now: () => now });
  const a = ids.next();
  now = 2000;
  const b = ids.next();
  now = 1500;
  const c = ids.next();
  t.ok(a < b && b < c);
  t.not(uuidv7(), uuidv7());
});
