import t, { type Test } from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { followJob } from '../src/follow-job.js';

/** A server whose job goes through `states`, one per poll, the last one kept. */
async function jobServer(t: Test, states: Record<string, unknown>[]) {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(`${request.url} ${request.headers.authorization}`);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(states.length > 1 ? states.shift() : states[0]));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  t.teardown(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const headers = { authorization: 'Bearer x' };

t.test('polls until the job succeeds, timing each poll; its result', async (t) => {
  const { url, seen } = await jobServer(t, [{ state: 'queued' }, { state: 'running' }, { state: 'succeeded', result: { counts: { persons: 3 } } }]);
  const latencies: number[] = [];
  t.same(await followJob(url, headers, 'j1', latencies), { counts: { persons: 3 } });
  t.same(seen, ['/v1/jobs/j1 Bearer x', '/v1/jobs/j1 Bearer x', '/v1/jobs/j1 Bearer x']);
  t.equal(latencies.length, 3);
  t.ok(latencies.every((ms) => ms > 0));
});

t.test('a job that failed or was cancelled is an error naming it', async (t) => {
  for (const state of ['failed', 'cancelled']) {
    const { url } = await jobServer(t, [{ state: 'running' }, { state, error: { code: 'boom' } }]);
    await t.rejects(followJob(url, headers, 'j2'), new Error(`job j2 ended ${state}: {"code":"boom"}`));
  }
});
