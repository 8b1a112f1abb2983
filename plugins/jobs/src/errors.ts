import { defineProblem, entityNotFound } from '@rootline/kernel';

/** Problems the jobs plugin throws. */
export const JobProblems = {
  jobNotFound: (id: string) => entityNotFound('job', id),
  /** CONTRACT §4: cancel of a job that already ended. */
  notCancellable: defineProblem('job-not-cancellable', 409, 'The job has already finished'),
  /**
   * An agent may cancel only the jobs its own credential started; the human may cancel any.
   * Not `human-token-required`: the route is open to agents, the job is someone else's.
   */
  notYourJob: defineProblem('not-your-job', 403, 'Only whoever started a job, or the human, may cancel it'),
};
