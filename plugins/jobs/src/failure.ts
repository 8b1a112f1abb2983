import type { FastifyBaseLogger } from 'fastify';
import { isDiskFull } from '@rootline/kernel';
import type { JobError } from './schemas.js';

/** A job's own codes are kebab-case (`gedcom-unreadable`); Node's (`ENOENT`, `ERR_...`) are not, and their messages name paths. */
const JOB_CODE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** Why a job stopped before it ended: the `reason` of its abort signal, thrown by `checkpoint()`. */
export class JobStopped extends Error {
  constructor(readonly code: 'cancelled' | 'interrupted') {
    super(code === 'cancelled' ? 'Cancel was requested' : 'The server stopped before the job finished');
    this.name = 'JobStopped';
  }
}

export const INTERRUPTED: JobError = { code: 'interrupted', message: 'The server stopped before the job finished' };
export const CLEANUP_FAILED: JobError = { code: 'cleanup-failed', message: 'The job stopped, but what it had written could not all be removed' };
const DISK_FULL: JobError = { code: 'disk-full', message: 'The disk holding Rootline\'s data folder is full' };

/**
 * What a failed job tells the user: its own code, message, `line` and `details` when the
 * error carries a kebab-case `code` (an error the job meant to report); a write the disk had no
 * room for (`SQLITE_FULL`, `ENOSPC`) is `disk-full`; anything else — a bug, a Node error whose
 * message may hold a path of the user's machine — is logged in full and reported as `internal`,
 * without its message or stack.
 */
export function describeFailure(error: unknown, logger: Pick<FastifyBaseLogger, 'error'>, job: { jobId: string; kind: string }): JobError {
  const carried = (error ?? {}) as { code?: unknown; message?: unknown; line?: unknown; details?: unknown };
  if (typeof carried.code === 'string' && JOB_CODE.test(carried.code)) {
    const described: JobError = { code: carried.code, message: typeof carried.message === 'string' && carried.message ? carried.message : 'The job failed' };
    if (Number.isInteger(carried.line)) described.line = carried.line as number;
    if (carried.details !== undefined) described.details = carried.details;
    return described;
  }
  if (isDiskFull(error)) return DISK_FULL;
  logger.error({ err: error, job_id: job.jobId, kind: job.kind }, 'job failed');
  return { code: 'internal', message: 'The job failed' };
}
