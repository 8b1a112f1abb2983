import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { TOKEN_IN_TEXT } from '../auth/tokens.js';
import { isLingering } from './linger.js';
import { requestPath } from './request-path.js';
import { DISK_FULL_DETAIL, ProblemError, Problems, problemType, type ProblemBody, type ProblemFieldError } from '../errors.js';
import { isDiskFull } from '../storage/disk-full.js';

const LOCATIONS: Record<string, ProblemFieldError['location']> = {
  querystring: 'query',
  body: 'body',
  params: 'path',
  headers: 'header',
};

interface AjvIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

function fieldName(issue: AjvIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required') return [path, String(issue.params.missingProperty)].filter(Boolean).join('.');
  if (issue.keyword === 'additionalProperties') return [path, String(issue.params.additionalProperty)].filter(Boolean).join('.');
  return path || '(whole)';
}

/** What is wrong with one field, said so a client (or an assistant) can mend it: a choice names the choices. */
function issueMessage(issue: AjvIssue): string {
  if (issue.keyword === 'additionalProperties') return 'is not a field of this request';
  if (issue.keyword === 'enum' && Array.isArray(issue.params.allowedValues)) return `must be one of: ${issue.params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`;
  return issue.message ?? 'is not valid';
}

/**
 * A choice written as a union of constants (`open | closed`) fails as one `const` issue per
 * choice and an `anyOf`: said once, as the one `enum` issue it means, naming every choice.
 */
function choicesTogether(issues: AjvIssue[]): AjvIssue[] {
  const choices = new Map<string, unknown[]>();
  for (const issue of issues) if (issue.keyword === 'const') choices.set(issue.instancePath, [...(choices.get(issue.instancePath) ?? []), issue.params.allowedValue]);
  const unions = new Set(issues.filter((issue) => issue.keyword === 'anyOf' && choices.has(issue.instancePath)).map((issue) => issue.instancePath));
  const onlyChoices = (path: string) => issues.every((issue) => issue.instancePath !== path || issue.keyword === 'const' || issue.keyword === 'anyOf');
  return issues.flatMap((issue): AjvIssue[] => {
    if (!unions.has(issue.instancePath) || !onlyChoices(issue.instancePath)) return [issue];
    if (issue.keyword !== 'anyOf') return [];
    return [{ ...issue, keyword: 'enum', params: { allowedValues: choices.get(issue.instancePath) } }];
  });
}

/** Schema validation failures become `validation-failed`, or `unknown-query-parameter`. */
function validationProblem(error: FastifyError): ProblemError {
  const location = LOCATIONS[error.validationContext ?? 'body'] ?? 'body';
  const issues = (error.validation ?? []) as unknown as AjvIssue[];
  const unknownQuery = location === 'query' ? issues.find((issue) => issue.keyword === 'additionalProperties' && issue.instancePath === '') : undefined;
  if (unknownQuery) {
    const name = String(unknownQuery.params.additionalProperty);
    return Problems.unknownQueryParameter(`This route does not take the query parameter "${name}"`, {
      errors: [{ location, name, message: 'is not a parameter of this route' }],
    });
  }
  const errors = choicesTogether(issues).map((issue) => ({ location, name: fieldName(issue), message: issueMessage(issue) }));
  const detail = errors.map((entry) => `${entry.location} ${entry.name} ${entry.message}`).join('; ');
  return Problems.validationFailed(detail || 'The request does not match its schema', { errors });
}

/** Fastify's own 4xx errors (body parsing, content types, sizes) mapped to stable codes. */
function frameworkProblem(error: FastifyError): ProblemError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return Problems.payloadTooLarge('The request body is larger than this route accepts');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return Problems.unsupportedMediaType('This route does not accept that Content-Type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return Problems.malformedBody('The body is not valid JSON');
    default:
      if (error instanceof SyntaxError) return Problems.malformedBody('The body is not valid JSON');
      return Problems.malformedBody(error.statusCode && error.statusCode < 500 ? 'The request cannot be read' : 'Internal error');
  }
}

function toProblem(error: unknown): ProblemError {
  if (error instanceof ProblemError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError?.validation) return validationProblem(fastifyError);
  if (fastifyError?.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) return frameworkProblem(fastifyError);
  if (isDiskFull(error)) return Problems.diskFull(DISK_FULL_DETAIL);
  return Problems.internal('Something went wrong inside Rootline; the log has the details');
}

function problemBody(problem: ProblemError, instance: string): ProblemBody {
  // A plugin's extra members come first: none may stand in for a member every Problem has
  // (an entity's `status` beside the HTTP one is named `<entity>_status`).
  const body: ProblemBody = {
    ...problem.extras,
    type: problemType(problem.code),
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
    code: problem.code,
    instance,
    ...(problem.errors ? { errors: problem.errors } : {}),
  };
  // A Problem never carries a token (CONTRACT §4), not even one the caller put in a path, a
  // query or a field, which a detail or `instance` would otherwise echo (`There is no tree "rlh_..."`).
  const text = JSON.stringify(body);
  const masked = text.replace(TOKEN_IN_TEXT, '[token]');
  return masked === text ? body : (JSON.parse(masked) as ProblemBody);
}

function sendProblem(reply: FastifyReply, request: FastifyRequest, problem: ProblemError) {
  // An absolute-form target (`http://host/path`) is named by its path, as every other.
  const instance = requestPath(request.url);
  // A body refused while it still arrives ends the connection (lingerThenClose): the answer
  // says so, rather than promising a keep-alive the server will not keep.
  if (isLingering(request.raw)) reply.header('connection', 'close');
  return reply
    .code(problem.status)
    .headers(problem.headers)
    .type('application/json; charset=utf-8')
    .send(problemBody(problem, instance));
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a
 * path that does not percent-decode, a path parameter past its length) as a Problem too.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let problem: ProblemError;
  if (error.code === 'FST_ERR_BAD_URL') problem = Problems.malformedRequest('The path is not valid percent-encoded UTF-8');
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') problem = Problems.uriTooLong('A path segment is longer than any id Rootline has');
  else problem = Problems.internal('Something went wrong inside Rootline; the log has the details');
  return sendProblem(reply, request, problem);
}

/** One error handler and one not-found handler for the whole server. */
export function installProblemHandlers(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler((error, request, reply) => {
    const problem = toProblem(error);
    if (problem.status >= 500) logger.error({ err: error, method: request.method, path: requestPath(request.url) }, 'request failed');
    return sendProblem(reply, request, problem);
  });
  app.setNotFoundHandler((request, reply) => {
    return sendProblem(reply, request, Problems.routeNotFound(`No route ${request.method} ${requestPath(request.url)}`));
  });
}
