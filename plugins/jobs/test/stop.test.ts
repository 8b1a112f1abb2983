import t from 'tap';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestServer } from '@rootline/kernel/testing';
import { CountingControl, withCounting } from './fixtures/counting-plugin.js';
import { jobInState, notices } from './fixtures/wait.js';

const INTERRUPTED = { code: 'interrupted', message: 'The server stopped before the job finished' };

/**
 * A server with jobs and the counting fixture in a process of its own, so the test can SIGKILL
 * it while a job runs; prints `READY <url>`. The data folder belongs to the test (no teardown).
 */
const SERVE = `
import { buildTestServer } from '@rootline/kernel/testing';
import { CountingControl, withCounting } from ${JSON.stringify(join(import.meta.dirname, 'fixtures', 'counting-plugin.ts'))};
const { url } = await buildTestServer({ teardown: () => undefined }, { dataDir: process.argv[1], ...withCounting(new CountingControl()), env: { ROOTLINE_LOG_LEVEL: 'warn' } });
process.stdout.write('READY ' + url + '\\n');
`;

function dataDir(t: { teardown(fn: () => void): void }) {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-jobs-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

t.test('closing the server stops a running job, waits for its cleanup, and fails the queued ones as interrupted', async (t) => {
  const dir = dataDir(t);
  const control = new CountingControl();
  const s = await buildTestServer(t, { dataDir: dir, ...withCounting(control) });
  const running = (await s.request('POST', '/v1/counting', { body: { to: 100, hold: 'g', hold_at: 3 } })).json();
  const queued = (await s.request('POST', '/v1/counting', { body: { to: 1 } })).json();
  await control.gate('g').reached;
  await s.server.close();
  t.same(control.cleanups, [`${running.job_id}:failed`], 'cleanup ran before the close finished');

  const again = await buildTestServer(t, { dataDir: dir, ...withCounting(new CountingControl()) });
  const stopped = (await again.request('GET', `/v1/jobs/${running.job_id}`)).json();
  t.equal(stopped.state, 'failed');
  t.same(stopped.error, INTERRUPTED);
  t.equal(stopped.progress.done, 3, 'its last progress was kept (the held step ends, the checkpoint after it stops the job)');
  t.equal(again.server.kernel.trees.active().prepare('SELECT count(*) FROM counted').pluck().get(), 0, 'nothing half written is left');
  const never = (await again.request('GET', `/v1/jobs/${queued.job_id}`)).json();
  t.match(never, { state: 'failed', error: INTERRUPTED });
  t.notOk('started_at_ms' in never);
});

t.test('a close announces each job it stops once; a queued job cancelled before stays cancelled, with nothing more said', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  const seen = notices(s);
  const running = (await s.request('POST', '/v1/counting', { body: { to: 100, hold: 'g', hold_at: 2 } })).json();
  const cancelled = (await s.request('POST', '/v1/counting', { body: { to: 1 } })).json();
  const queued = (await s.request('POST', '/v1/counting', { body: { to: 1 } })).json();
  await control.gate('g').reached;
  t.equal((await s.request('POST', `/v1/jobs/${cancelled.job_id}/cancel`)).json().state, 'cancelled');
  await s.server.close();
  const finished = seen.filter((n) => n.kind === 'job.finished.v1').map((n) => [n.payload.job_id, n.payload.state]);
  t.same(finished.sort(), [[cancelled.job_id, 'cancelled'], [queued.job_id, 'failed'], [running.job_id, 'failed']].sort());
  t.equal(new Set(seen.map((n) => n.kind)).size, 2, 'only job.progress.v1 and job.finished.v1');
});

t.test('a close waits for the job only as long as close_timeout_ms', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, { ...withCounting(control), plugins: [{ name: '@rootline/plugin-jobs', options: { close_timeout_ms: 0 } }, '@rootline/plugin-counting'] });
  await s.request('POST', '/v1/counting', { body: { to: 5, hold: 'g', hold_at: 2, cleanup_hold: 'never' } });
  await control.gate('g').reached;
  await s.server.close();
  t.same(control.cleanups, [], 'the close did not wait for a cleanup that never ends');
});

t.test('a job the server was killed in the middle of reads failed (interrupted) after the next start', async (t) => {
  const dir = dataDir(t);
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', SERVE, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      out += text;
      const ready = /READY (\S+)/.exec(out);
      if (ready) resolve(ready[1]);
    });
    child.once('exit', (code) => reject(new Error(`the server exited before it was ready (${code})`)));
  });
  const token = readFileSync(join(dir, 'credentials', 'human.token'), 'utf8').trim();
  const call = (method: string, path: string, body?: object): Promise<{ job_id: string; state: string }> =>
    fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) }).then((r) => r.json() as Promise<{ job_id: string; state: string }>);
  // Never ends by itself: held at a gate nobody opens.
  const job = await call('POST', '/v1/counting', { to: 10, hold: 'forever', hold_at: 4 });
  const queued = await call('POST', '/v1/counting', { to: 1 });
  for (let i = 0; i < 500 && (await call('GET', `/v1/jobs/${job.job_id}`)).state !== 'running'; i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

  const s = await buildTestServer(t, { dataDir: dir, ...withCounting(new CountingControl()) });
  const read = (await s.request('GET', `/v1/jobs/${job.job_id}`)).json();
  t.match(read, { state: 'failed', error: INTERRUPTED });
  t.ok(read.finished_at_ms >= read.started_at_ms, 'finished when the server noticed');
  t.match((await s.request('GET', `/v1/jobs/${queued.job_id}`)).json(), { state: 'failed', error: INTERRUPTED });
  const fresh = (await s.request('POST', '/v1/counting', { body: { to: 1 } })).json();
  t.equal((await jobInState(s, fresh.job_id, 'succeeded')).state, 'succeeded', 'the tree takes new jobs');
});
