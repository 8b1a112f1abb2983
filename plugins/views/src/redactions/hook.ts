import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tree } from '@rootline/kernel';
import type { RedactionCache } from './cache.js';
import { applyRedactions, mentionsAny } from './mask.js';

/**
 * The `onSend` hook that applies redactions to every JSON reply of every tree route, whoever
 * declares the route: added at the root (views is a fastify-plugin, so its hooks are not
 * encapsulated). A reply is parsed only when its tree has redactions and its text names a
 * redacted target; everything else (trees without redactions, streams, SVG, blobs, problems)
 * passes untouched.
 */
export function redactionHook(cache: RedactionCache) {
  return async function redact(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const tree = (request as { tree?: Tree }).tree;
    if (!tree || typeof payload !== 'string' || reply.statusCode >= 300) return payload;
    const redactions = cache.of(tree);
    if (redactions.size === 0) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json') || !mentionsAny(payload, redactions)) return payload;
    // A JSON reply that does not parse fails the request rather than reaching an agent unredacted.
    const body: unknown = JSON.parse(payload);
    return applyRedactions(body, redactions, request.actor.kind === 'agent') ? JSON.stringify(body) : payload;
  };
}
