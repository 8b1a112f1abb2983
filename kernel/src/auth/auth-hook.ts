import type { FastifyRequest } from 'fastify';
import { Problems } from '../errors.js';
import type { Registry } from '../storage/registry.js';
import { verifyToken } from './tokens.js';
import type { Actor } from './actor.js';

const PROPOSER_PATTERN = /^[\x20-\x7E]{1,200}$/;
const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="rootline"' };

/**
 * Bearer authentication for every route except those marked `config.public`. The scheme is
 * matched case-insensitively (RFC 9110 §11.1: `bearer` and `BEARER` are `Bearer`).
 * Routes marked `config.humanOnly` refuse agent credentials with 403.
 */
export function authHook(registry: Registry) {
  return function authenticate(request: FastifyRequest): void {
    const config = request.routeOptions.config as { public?: boolean; humanOnly?: boolean } | undefined;
    if (config?.public) return;
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([^\s]+)$/i.exec(header) : null;
    if (!match) throw Problems.unauthorized('Send Authorization: Bearer <token>; `rootline token` prints the human token', { headers: WWW_AUTHENTICATE });
    const credential = verifyToken(registry, match[1]);
    if (!credential) throw Problems.unauthorized('The token is not known or has been revoked', { headers: WWW_AUTHENTICATE });
    const actor: Actor = { kind: credential.kind, credentialId: credential.credentialId };
    const proposer = request.headers['x-proposer-model'];
    if (typeof proposer === 'string') {
      if (!PROPOSER_PATTERN.test(proposer)) {
        throw Problems.validationFailed('x-proposer-model must be 1-200 printable ASCII characters', {
          errors: [{ location: 'header', name: 'x-proposer-model', message: 'must be 1-200 printable ASCII characters' }],
        });
      }
      if (actor.kind === 'agent') actor.proposer = proposer;
    }
    request.actor = actor;
    if (config?.humanOnly && actor.kind !== 'human') {
      throw Problems.humanTokenRequired('This operation needs the human token; an agent credential cannot do it');
    }
  };
}
