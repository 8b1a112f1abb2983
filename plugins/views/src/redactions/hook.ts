import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReadFilter, Tree } from '@rootline/kernel';
import { NO_REDACTIONS, type RedactionCache, type Redactions } from './cache.js';
import { applyRedactions, mentionsAny } from './mask.js';

/** The redactions of the request's tree (none for a route without a tree). */
function redactionsOf(cache: RedactionCache, request: FastifyRequest): Redactions {
  const tree = (request as { tree?: Tree }).tree;
  return tree ? cache.of(tree, () => request.diScope.cradle) : NO_REDACTIONS;
}

/**
 * Redacts a value for the request's reader, in place: an agent reads the marker, the human the
 * values with `redacted` flags. Whether anything changed. The one rule for every way out (the
 * JSON reply hook and the kernel's read filter).
 */
function redactForReader(request: FastifyRequest, value: unknown, redactions: Redactions): boolean {
  return applyRedactions(value, redactions, request.actor.kind === 'agent');
}

/**
 * The `onSend` hook that applies redactions to every JSON reply of every tree route, whoever
 * declares the route: added at the root (views is a fastify-plugin, so its hooks are not
 * encapsulated). A reply is parsed only when its tree has redactions and its text names a
 * redacted target or quotes a redacted name; everything else (trees without redactions,
 * streams, blobs, problems) passes untouched. What is not JSON (the pedigree SVG) is drawn
 * from data the route passed through `redactionFilter` first.
 */
export function redactionHook(cache: RedactionCache) {
  return async function redact(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    if (typeof payload !== 'string' || reply.statusCode >= 300) return payload;
    const redactions = redactionsOf(cache, request);
    if (redactions.targets.size === 0) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json') || !mentionsAny(payload, redactions)) return payload;
    // A JSON reply that does not parse fails the request rather than reaching an agent unredacted.
    const body: unknown = JSON.parse(payload);
    return redactForReader(request, body, redactions) ? JSON.stringify(body) : payload;
  };
}

/**
 * The kernel read filter (`kernel.addReadFilter`): what a plugin draws or exports for a reader
 * (`kernel.filterForReader`) is redacted by the same rule as a JSON reply. The value given is
 * left alone: a copy is redacted, and returned only when something changed.
 */
export function redactionFilter(cache: RedactionCache): ReadFilter {
  return (request, value) => {
    const redactions = redactionsOf(cache, request);
    if (redactions.targets.size === 0 || value === null || typeof value !== 'object') return value;
    const copy = structuredClone(value);
    return redactForReader(request, copy, redactions) ? copy : value;
  };
}
