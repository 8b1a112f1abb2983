import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClaimWeighed } from './schemas.js';

/**
 * What this reader may see of an argument (`kernel.filterForReader`: the views plugin's
 * redactions, when it is loaded). Read filters know an entity by its `id`, so each claim is
 * handed to them as the claim itself (`assertion` as `id`) and turned back after: a claim
 * redacted from agents reads `[redacted]` in the JSON reply and in the export alike, and the
 * human gets `redacted: [fields]` on it.
 */
export function forReader<T extends { claims: ClaimWeighed[] }>(app: FastifyInstance, request: FastifyRequest, value: T): T {
  const claims: ClaimEntity[] = value.claims.map(({ assertion, ...claim }) => ({ id: assertion, ...claim }));
  const seen = app.kernel.filterForReader<Omit<T, 'claims'> & { claims: ClaimEntity[] }>(request, { ...value, claims });
  return { ...seen, claims: seen.claims.map(({ id, ...claim }): ClaimWeighed => ({ assertion: id, ...claim })) } as unknown as T;
}

/** A claim as read filters know entities: by `id`. */
type ClaimEntity = Omit<ClaimWeighed, 'assertion'> & { id: string };
