import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Problems } from '../errors.js';
import { hostOf } from './edges.js';

/**
 * Host/Origin guard (CONTRACT §3), before authentication: a browser page elsewhere or a
 * DNS-rebinding host name must not reach the API.
 */
export function guardHook(app: FastifyInstance) {
  let allowed: Set<string> | null = null;
  const allowedHosts = () => {
    if (allowed) return allowed;
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : 80;
    allowed = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
    return allowed;
  };
  return function guard(request: FastifyRequest): void {
    const hosts = allowedHosts();
    const host = hostOf(request);
    if (!hosts.has(host)) throw Problems.misdirectedRequest('Rootline answers only on 127.0.0.1, localhost or [::1] with its own port');
    const origin = request.headers.origin;
    if (typeof origin === 'string' && origin !== 'null') {
      let originHost = '';
      try {
        const url = new URL(origin);
        originHost = url.protocol === 'http:' ? url.host.toLowerCase() : '';
      } catch {
        originHost = '';
      }
      if (!hosts.has(originHost)) throw Problems.crossOriginRefused('Requests from other sites are refused');
    } else if (origin === 'null') {
      throw Problems.crossOriginRefused('Requests from an opaque origin are refused');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw Problems.crossOriginRefused('Cross-site requests are refused');
  };
}
