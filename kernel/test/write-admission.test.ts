import t from 'tap';
import Fastify from 'fastify';
import { admitTreeWrites } from '../src/http/write-admission.js';

/**
 * The hook of tree routes: a request that may write asks its tree for admission (and gives its
 * turn back when its response closes); a read never asks. The tree here only counts the asks;
 * bulk-load.test.ts has the real tree, its thread and the waits.
 */
async function countingServer(flushed: () => Promise<void> | undefined = () => undefined) {
  const asked: string[] = [];
  const flushesAsked: string[] = [];
  let released = 0;
  const app = Fastify();
  app.decorateRequest('tree', null as never);
  app.addHook('onRequest', (request, reply, done) => {
    // As the tree's resolution does for an unknown tree: answered before any tree is attached.
    if (request.url === '/no-tree') return void reply.code(404).send({ code: 'tree-not-found' });
    (request as unknown as { tree: unknown }).tree = {
      admitWrite: () => {
        asked.push(request.method);
        return Promise.resolve(() => void released++);
      },
      flushed: () => {
        flushesAsked.push(request.method);
        return flushed();
      },
    };
    done();
  });
  admitTreeWrites(app);
  app.all('/thing', async () => ({ ok: true }));
  await app.ready();
  return { app, asked, flushesAsked, released: () => released };
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

t.test("a write's answer leaves only once its tree says its commits are on disk; a read's at once", async (t) => {
  let flush: () => void = () => undefined;
  let waiting = false;
  const { app, flushesAsked } = await countingServer(() => {
    waiting = true;
    return new Promise<void>((resolve) => {
      flush = () => {
        waiting = false;
        resolve();
      };
    });
  });
  t.teardown(() => app.close());
  t.equal((await app.inject({ method: 'GET', url: '/thing' })).statusCode, 200, 'a read is answered without a flush');
  t.same(flushesAsked, [], 'a read never asks');
  let answered = false;
  const post = app.inject({ method: 'POST', url: '/thing' }).then((reply) => {
    answered = true;
    return reply;
  });
  while (!waiting) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.equal(answered, false, 'not answered while the flush runs');
  flush();
  const reply = await post;
  t.equal(reply.statusCode, 200);
  t.same(reply.json(), { ok: true }, 'the answer as the handler gave it');
  t.same(flushesAsked, ['POST']);
});

t.test('a flush that fails fails the answer', async (t) => {
  const { app } = await countingServer(() => Promise.reject(new Error('disk gone')));
  t.teardown(() => app.close());
  t.equal((await app.inject({ method: 'POST', url: '/thing' })).statusCode, 500);
});

t.test('a write answered before its tree was found (an unknown tree) is answered as it is', async (t) => {
  const { app, asked, flushesAsked } = await countingServer(() => Promise.resolve());
  t.teardown(() => app.close());
  const reply = await app.inject({ method: 'POST', url: '/no-tree' });
  t.equal(reply.statusCode, 404);
  t.same(reply.json(), { code: 'tree-not-found' });
  t.same([asked, flushesAsked], [[], []], 'no tree to ask');
});
