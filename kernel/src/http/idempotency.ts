import type { FastifyRequest } from 'fastify';
import { Problems } from '../errors.js';

const KEY_PATTERN = /^[\x21-\x7E]{1,200}$/;
const CHECKED_METHODS = new Set(['POST', 'PUT', 'DELETE']);

/**
 * `idempotency-key` is validated on POST, PUT and DELETE (spec §8) but not deduplicated:
 * a retry applies again. The header is reserved so deduplication can come later.
 */
export function checkIdempotencyKey(request: FastifyRequest): void {
  if (!CHECKED_METHODS.has(request.method)) return;
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return;
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  if (Array.isArray(raw) || !KEY_PATTERN.test(value)) {
    throw Problems.invalidIdempotencyKey('idempotency-key must be 1 to 200 printable ASCII characters without spaces', {
      errors: [{ location: 'header', name: 'idempotency-key', message: 'must be 1-200 printable non-whitespace ASCII characters' }],
    });
  }
}
