import t from 'tap';
import Fastify from 'fastify';
import { admitTreeWrites } from '../src/http/write-admission.js';

/**
 * The hook of tree routes: a request that may write asks its tree for admission (and gives its
 * turn back when its response closes); a read never asks. The tree here only counts the asks;
 * bulk-load.test.ts has the real tree, its thread and the waits.
 */
async function countingServer() {
  const asked: string[] = [];
  let released = 0;
  const app = Fastify();
  app.decorateRequest('tree', null as never);
  app.addHook('onRequest', (request, _reply, done) => {
    (request as unknown as { tree: unknown }).tree = {
      admitWrite: () => {
        asked.push(request.method);
        return Promise.resolve(() => void released++);
      },
    };
    done();
  });
  admitTreeWrites(app);
  app.all('/thing', async () => ({ ok: true }));
  await app.ready();
  return { app, asked, released: () => released };
}

t.test('reads never ask for admission; every method that may write does, and gives its turn back with its answer', async (t) => {
  const { app, asked, released } = await countingServer();
  t.teardown(() => app.close());
  for (const method of ['GET', 'HEAD', 'OPTIONS'] as const) t.equal((await app.inject({ method, url: '/thing' })).statusCode, 200, method);
  t.same(asked, [], 'no read asked');
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) t.equal((await app.inject({ method, url: '/thing' })).statusCode, 200, method);
  t.same(asked, ['POST', 'PUT', 'PATCH', 'DELETE']);
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(released(), 4, 'each released once its response closed');
});
