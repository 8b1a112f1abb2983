import t from 'tap';
import { cancelStep, canMove, isFinished, JOB_STATES, TRANSITIONS, type JobState } from '../src/states.js';

/** The table, spelled out once more here: a change to it must be a change to this test too. */
const ALLOWED = new Set([
  'queued>running', 'queued>cancelled', 'queued>failed',
  'running>succeeded', 'running>failed', 'running>cancelling',
  'cancelling>cancelled', 'cancelling>failed',
]);

t.test('every move between two states is allowed or refused exactly as documented', async (t) => {
  t.same([...JOB_STATES], ['queued', 'running', 'succeeded', 'failed', 'cancelling', 'cancelled']);
  for (const from of JOB_STATES) {
    for (const to of JOB_STATES) t.equal(canMove(from, to), ALLOWED.has(`${from}>${to}`), `${from} -> ${to}`);
  }
  t.same(Object.keys(TRANSITIONS).sort(), [...JOB_STATES].sort());
});

t.test('finished states are the ones with no way out', async (t) => {
  t.same(JOB_STATES.filter(isFinished), ['succeeded', 'failed', 'cancelled']);
});

t.test('cancel: queued is cancelled at once, running asked to stop, cancelling unchanged, finished refused', async (t) => {
  const expected: Record<JobState, ReturnType<typeof cancelStep>> = {
    queued: { outcome: 'change', to: 'cancelled' },
    running: { outcome: 'change', to: 'cancelling' },
    cancelling: { outcome: 'unchanged' },
    succeeded: { outcome: 'refused' },
    failed: { outcome: 'refused' },
    cancelled: { outcome: 'refused' },
  };
  for (const state of JOB_STATES) t.same(cancelStep(state), expected[state], state);
});
