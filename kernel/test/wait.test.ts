import t from 'tap';
import { waitFor } from '@rootline/kernel/testing';

t.test('waitFor: true as soon as the condition holds, false once the time is up', async (t) => {
  let calls = 0;
  t.equal(await waitFor(() => ++calls === 3), true);
  t.equal(calls, 3, 'asked again until it held');
  t.equal(await waitFor(() => false, 50), false);
});
