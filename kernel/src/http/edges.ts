import { isUtf8 } from 'node:buffer';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Problems, problemType, type ProblemError } from '../errors.js';

/**
 * The edges of HTTP before a route runs (issue 17, points 4 to 7): what Node's parser
 * refuses, a request whose text is not Unicode, and ids written in another case.
 */

/** Node's parser errors (`clientError`): 431 for headers or a URL past the limit, 408 for a slow request, else 400. */
export function parserProblem(code: string | undefined): ProblemError {
  if (code === 'HPE_HEADER_OVERFLOW') return Problems.headersTooLarge('The request line and headers together exceed 16 KiB');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return Problems.requestTimeout('The request did not arrive in time');
  if (code === 'HPE_UNEXPECTED_CONTENT_LENGTH' || code === 'HPE_INVALID_TRANSFER_ENCODING') {
    return Problems.malformedRequest('The body framing is ambiguous: Transfer-Encoding must end in chunked and never come with Content-Length (RFC 9112 §6.3)');
  }
  return Problems.malformedRequest('The request is not valid HTTP/1.1');
}

/**
 * The request target from the bytes the parser had read, when it is an origin-form path
 * (for the Problem's `instance`); otherwise empty. Never more than 200 characters.
 */
export function targetOf(rawPacket: unknown): string {
  if (!Buffer.isBuffer(rawPacket)) return '';
  const line = rawPacket.subarray(0, 2048).toString('latin1').split('\r\n')[0];
  const target = /^[A-Z]+ (\/[^\s?]*)/.exec(line)?.[1] ?? '';
  return /^[\x21-\x7e]*$/.test(target) ? target.slice(0, 200) : '';
}

/** The whole response Node would otherwise write as bare text, as a Problem; the connection is closed after it. */
function parserResponse(problem: ProblemError, instance: string): string {
  const body = JSON.stringify({ type: problemType(problem.code), title: problem.title, status: problem.status, detail: problem.detail, code: problem.code, instance });
  return `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/** Fastify's `clientErrorHandler`: answers the parser's refusals with the same Problem JSON as every error. */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.write(parserResponse(parserProblem(error.code), targetOf(error.rawPacket)));
  socket.destroy();
}

/**
 * What only raw headers show (RFC 9110 §7.2, RFC 9112 §3.2): Host sent twice (Node keeps
 * the first) is refused; with an absolute-form target (`GET http://host/path`) the target's
 * authority, not the Host header, is the host the guard checks.
 */
export function hostOf(request: FastifyRequest): string {
  const raw = request.raw.rawHeaders;
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 4 && raw[i].toLowerCase() === 'host') hosts++;
  if (hosts > 1) throw Problems.malformedRequest('Send one Host header (RFC 9110 §7.2)');
  const target = request.raw.url ?? '';
  if (target.startsWith('/')) {
    if (hosts === 0 && request.raw.httpVersion === '1.1') throw Problems.malformedRequest('An HTTP/1.1 request must have a Host header (RFC 9112 §3.2)');
    return (request.headers.host ?? '').toLowerCase();
  }
  try {
    return new URL(target).host.toLowerCase();
  } catch {
    return '';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids in paths in canonical form: a UUID is compared in lower case (RFC 9562 §4), so an
 * upper-case one reaches the same tree and entity. Runs before any route or mount hook.
 */
export function canonicalPathIds(request: FastifyRequest): void {
  const params = request.params as Record<string, unknown> | undefined;
  if (!params) return;
  for (const name of Object.keys(params)) {
    const value = params[name];
    if (typeof value === 'string' && value.length === 36 && UUID.test(value)) params[name] = value.toLowerCase();
  }
}

/** An escaped UTF-16 surrogate in JSON text (`\ud800`-`\udfff`): only then can a parsed string hold a lone one. */
const ESCAPED_SURROGATE = /\\u[dD][89abcdefABCDEF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path (`a.b.0.c`) of the first key or string holding a lone surrogate, if any. */
export function loneSurrogateAt(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : null;
  if (!value || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = loneSurrogateAt(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    if (LONE_SURROGATE.test(key)) return [...path, key];
    const found = loneSurrogateAt(child, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * Where a JSON member Rootline refuses sits (`a.b`): one named `__proto__`, or `constructor`
 * holding an object with a `prototype` (what would poison an object's prototype).
 */
function forbiddenMemberAt(value: unknown, path: string[] = []): { path: string[]; name: string } | null {
  if (!value || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = forbiddenMemberAt(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (Object.hasOwn(value, '__proto__')) return { path, name: '__proto__' };
  const constructor = (value as { constructor?: unknown }).constructor;
  if (Object.hasOwn(value, 'constructor') && constructor && typeof constructor === 'object' && Object.hasOwn(constructor, 'prototype')) return { path, name: 'constructor' };
  for (const [key, child] of Object.entries(value)) {
    const found = forbiddenMemberAt(child, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Why Fastify's parser refused a body: not JSON, or JSON with a member it refuses (its error says only "invalid JSON"). */
function refusedJson(text: string, error: Error): Error {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return error;
  }
  const found = forbiddenMemberAt(value);
  if (!found) return error;
  const where = found.path.length ? ` (in ${found.path.join('.')})` : '';
  const what = found.name === '__proto__' ? 'a member named "__proto__"' : 'a member named "constructor" holding a "prototype"';
  return Problems.malformedBody(`The body has ${what}${where}: Rootline does not accept it (it could change how objects behave); rename or remove it`);
}

/**
 * The JSON body parser: Fastify's own (same limits, same prototype-poisoning refusal), then
 * a refusal of text that is not Unicode. Bytes that are not UTF-8 (RFC 8259 §8.1) are refused
 * 400 `malformed-body` before anything is read from them: decoded, they would become U+FFFD
 * and be stored so. `"\ud800"` parses to a string SQLite cannot store (it would keep U+FFFD
 * while the reply echoed what was sent), so it is a 400 naming the field. A member named
 * `__proto__` (or a `constructor` holding a `prototype`) is refused 400 `malformed-body`
 * saying so: the body is valid JSON.
 * An empty body is no body, as it is without a Content-Type: many clients send
 * `Content-Type: application/json` on every request, and a route whose body is optional must
 * not refuse them; a route that needs one refuses it as it refuses a missing body.
 * Fastify's `text/plain` parser is removed: a JSON route handed text answers 415, as it does for
 * any other type it cannot read, not a schema error about a string (the upload routes, which
 * take any type, add their own parser).
 */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
    const raw = bytes as Buffer;
    if (raw.length === 0) return done(null, undefined);
    if (!isUtf8(raw)) return done(Problems.malformedBody('The body is not valid UTF-8: JSON text must be sent as UTF-8 (RFC 8259 §8.1)'), undefined);
    const body = raw.toString('utf8');
    parse(request, body, (error: Error | null, value?: unknown) => {
      if (error) return done(refusedJson(body, error), undefined);
      const at = ESCAPED_SURROGATE.test(body) ? loneSurrogateAt(value) : null;
      if (!at) return done(null, value);
      const name = at.join('.') || '(whole)';
      done(Problems.validationFailed(`body ${name} holds a lone UTF-16 surrogate: text must be Unicode (pair \\ud800-\\udbff with \\udc00-\\udfff)`, {
        errors: [{ location: 'body', name, message: 'holds a lone UTF-16 surrogate; text must be Unicode' }],
      }), undefined);
    });
  });
}
