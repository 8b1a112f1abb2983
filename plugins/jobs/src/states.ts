/**
 * The life of a background job (CONTRACT §9), as data: the runner, the cancel route and the
 * tests read this one table.
 *
 *   queued ──> running ──> succeeded
 *     │           │──────> failed
 *     │           └──────> cancelling ──> cancelled
 *     └──> cancelled                  └──> failed
 *     └──> failed
 *
 * `failed` is reachable from every unfinished state because a job the server could not
 * finish (a crash, a stop) is marked `failed` with `error.code = "interrupted"`, and a
 * cancelled job whose cleanup itself fails is `failed`, not `cancelled`: saying "cancelled"
 * would promise that nothing was left behind.
 */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelling', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const TRANSITIONS: Readonly<Record<JobState, readonly JobState[]>> = {
  queued: ['running', 'cancelled', 'failed'],
  running: ['succeeded', 'failed', 'cancelling'],
  cancelling: ['cancelled', 'failed'],
  succeeded: [],
  failed: [],
  cancelled: [],
};

export const canMove = (from: JobState, to: JobState): boolean => TRANSITIONS[from].includes(to);

/** A job with nowhere left to go: its result or error is final. */
export const isFinished = (state: JobState): boolean => TRANSITIONS[state].length === 0;

/** The states a job is left in when the server stops before it ends (marked interrupted at the next start). */
export const UNFINISHED_SQL = `state IN ('queued', 'running', 'cancelling')`;

export type CancelStep =
  | { outcome: 'change'; to: JobState }
  | { outcome: 'unchanged' }
  | { outcome: 'refused' };

/**
 * What a cancel request does: a queued job never started, so it is cancelled at once; a
 * running one is asked to stop (`cancelling`) and becomes `cancelled` when its work and
 * cleanup have settled; asking again while it stops changes nothing; a finished job is refused.
 */
export function cancelStep(state: JobState): CancelStep {
  if (state === 'cancelling') return { outcome: 'unchanged' };
  if (canMove(state, 'cancelled')) return { outcome: 'change', to: 'cancelled' };
  if (canMove(state, 'cancelling')) return { outcome: 'change', to: 'cancelling' };
  return { outcome: 'refused' };
}
