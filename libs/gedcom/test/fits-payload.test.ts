import t from 'tap';
import { fitsPayload } from '../src/index.js';

/** What a writer asks before it writes a kept value on its own line: the validator's own check. */
t.test('an age: the forms each version reads', async (t) => {
  t.ok(fitsPayload('AGE', '42y', '7.0'));
  t.ok(fitsPayload('AGE', '> 30y 6m', '7.0'));
  t.notOk(fitsPayload('AGE', '0', '7.0'), 'a number with no unit is no age');
  t.notOk(fitsPayload('AGE', '0', '5.5.1'));
  t.notOk(fitsPayload('AGE', '<8y', '7.0'), '7.0 needs the space after <');
  t.ok(fitsPayload('AGE', '<8y', '5.5.1'));
  t.notOk(fitsPayload('AGE', 'CHILD', '7.0'), 'the 5.5.1 words are not 7.0 ages');
  t.ok(fitsPayload('AGE', 'CHILD', '5.5.1'));
});

t.test('text takes anything; a date must be one; an unknown structure takes no payload', async (t) => {
  t.ok(fitsPayload('CAUS', 'Dysentery, they said', '7.0'));
  t.ok(fitsPayload('DATE', '12 JUN 1844', '7.0'));
  t.notOk(fitsPayload('DATE', 'the summer of 1844', '7.0'));
  t.notOk(fitsPayload('NO-SUCH-STRUCTURE', 'x', '7.0'));
});
