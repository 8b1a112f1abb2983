import type { FastifyInstance } from 'fastify';

/** Methods that only read: never held back. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Tree routes: a request that may write is admitted by its tree before it goes on
 * (`Tree.admitWrite`: during a bulk load it waits, without holding the event loop, while the
 * load's thread builds an index), and gives its turn back when its response is over (sent or
 * cut off). Its answer leaves only once what it committed is on disk (`Tree.flushed`: during a
 * bulk load the flush runs off the event loop's thread). Reads go on at once. Add after the
 * hook that attaches the request's tree.
 */
export function admitTreeWrites(mount: FastifyInstance): void {
  mount.addHook('onSend', (request, _reply, payload, done) => {
    const flushing = READS.has(request.method) ? undefined : request.tree?.flushed();
    if (!flushing) return done(null, payload);
    flushing.then(() => done(null, payload), done);
  });
  mount.addHook('onRequest', (request, reply, done) => {
    const admission = READS.has(request.method) ? undefined : request.tree.admitWrite();
    if (!admission) return done();
    admission.then((release) => {
      reply.raw.once('close', release);
      done();
    }, done);
  });
}
