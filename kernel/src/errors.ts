/**
 * Problem errors (RFC 9457 shaped, CONTRACT §4). Every package declares its codes once
 * with `defineProblem`; handlers throw the result; only the kernel renders them.
 */
export interface ProblemFieldError {
  location: 'query' | 'body' | 'path' | 'header';
  name: string;
  message: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  instance: string;
  errors?: ProblemFieldError[];
  [extra: string]: unknown;
}

export class ProblemError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  readonly errors?: ProblemFieldError[];
  readonly extras: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(options: {
    status: number;
    code: string;
    title: string;
    detail?: string;
    errors?: ProblemFieldError[];
    extras?: Record<string, unknown>;
    headers?: Record<string, string>;
  }) {
    super(options.detail ?? options.title);
    this.name = 'ProblemError';
    this.status = options.status;
    this.code = options.code;
    this.title = options.title;
    this.detail = options.detail ?? options.title;
    this.errors = options.errors;
    this.extras = options.extras ?? {};
    this.headers = options.headers ?? {};
  }
}

export interface ProblemFactory {
  (detail?: string, more?: { errors?: ProblemFieldError[]; extras?: Record<string, unknown>; headers?: Record<string, string> }): ProblemError;
  readonly code: string;
  readonly status: number;
  readonly title: string;
}

/** Declares one Problem code; returns a factory that builds the error to throw. */
export function defineProblem(code: string, status: number, title: string): ProblemFactory {
  const factory = (detail?: string, more: { errors?: ProblemFieldError[]; extras?: Record<string, unknown>; headers?: Record<string, string> } = {}) =>
    new ProblemError({ status, code, title, detail, ...more });
  return Object.assign(factory, { code, status, title });
}

export const problemType = (code: string) => `urn:rootline:problem:${code}`;

/** The kernel's own Problem codes. */
export const Problems = {
  validationFailed: defineProblem('validation-failed', 400, 'The request is not valid'),
  unknownQueryParameter: defineProblem('unknown-query-parameter', 400, 'Unknown query parameter'),
  invalidSort: defineProblem('invalid-sort', 400, 'Invalid sort'),
  invalidOrder: defineProblem('invalid-order', 400, 'Invalid order'),
  invalidCursor: defineProblem('invalid-cursor', 400, 'Invalid cursor'),
  invalidIdempotencyKey: defineProblem('invalid-idempotency-key', 400, 'Invalid idempotency-key header'),
  malformedBody: defineProblem('malformed-body', 400, 'The request body cannot be read'),
  malformedRequest: defineProblem('malformed-request', 400, 'The request is not valid HTTP'),
  unauthorized: defineProblem('unauthorized', 401, 'Authentication required'),
  humanTokenRequired: defineProblem('human-token-required', 403, 'Only the human may do this'),
  crossOriginRefused: defineProblem('cross-origin-refused', 403, 'Cross-site request refused'),
  notFound: defineProblem('not-found', 404, 'Not found'),
  routeNotFound: defineProblem('route-not-found', 404, 'No such route'),
  treeNotFound: defineProblem('tree-not-found', 404, 'No such tree'),
  requestTimeout: defineProblem('request-timeout', 408, 'The request took too long to arrive'),
  payloadTooLarge: defineProblem('payload-too-large', 413, 'The request body is too large'),
  uriTooLong: defineProblem('uri-too-long', 414, 'The request target is too long'),
  unsupportedMediaType: defineProblem('unsupported-media-type', 415, 'Unsupported content type'),
  misdirectedRequest: defineProblem('misdirected-request', 421, 'Request sent to the wrong host'),
  headersTooLarge: defineProblem('headers-too-large', 431, 'The request headers are too large'),
  internal: defineProblem('internal', 500, 'Internal error'),
  /**
   * The disk holding the data folder has no room (ENOSPC, EDQUOT, SQLITE_FULL: storage/disk-full.ts):
   * what any request that failed so answers (`DISK_FULL_DETAIL`), and a restore (its own detail).
   */
  diskFull: defineProblem('disk-full', 507, 'The disk is full'),
} as const;

/** What a request that failed for want of room answers: the place in words, never its path. */
export const DISK_FULL_DETAIL = 'The disk holding Rootline\'s data folder is full; nothing was changed. Make room on that disk, then try again';

/**
 * 404 `not-found` for an entity that does not exist in this tree, worded one way
 * everywhere: "There is no note <id> in this tree", with `entity` naming the kind.
 */
export function entityNotFound(kind: string, id: string): ProblemError {
  return Problems.notFound(`There is no ${kind} ${id} in this tree`, { extras: { entity: kind } });
}
