import t from 'tap';
import { tapEnvironment } from '../src/tap.mjs';

t.test('outside a terminal tap runs as in CI (final lines only); in a terminal the environment is kept', async (t) => {
  const env = { PATH: '/bin' };
  t.same(tapEnvironment(env, false), { PATH: '/bin', CI: 'true' });
  t.same(env, { PATH: '/bin' }, 'the caller\'s environment is untouched');
  t.equal(tapEnvironment(env, true), env);
  const ci = { CI: '1' };
  t.equal(tapEnvironment(ci, false), ci, 'a CI setting already there is kept');
});
