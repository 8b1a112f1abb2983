/** A job's reply, as far as a benchmark reads it. */
export interface FollowedJob { state: string; error?: unknown; result?: unknown }

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** ROOTLINE_BENCH_SLOW_MS=<ms>: each poll slower than that is printed (stderr) with the clock time and the job's progress, to find where a stall falls. */
const SLOW_MS = Number(process.env.ROOTLINE_BENCH_SLOW_MS ?? Infinity);

/**
 * Polls `GET /v1/jobs/{id}` every 20 ms until the job ends; its result when it succeeded, an
 * error naming the end otherwise. Each poll's latency is pushed to `latencies` (the API p99
 * while the job runs).
 */
export async function followJob(url: string, headers: Record<string, string>, jobId: string, latencies: number[] = []): Promise<unknown> {
  for (;;) {
    const asked = performance.now();
    const job = (await (await fetch(`${url}/v1/jobs/${jobId}`, { headers })).json()) as FollowedJob & { progress?: unknown };
    const ms = performance.now() - asked;
    latencies.push(ms);
    if (ms > SLOW_MS) process.stderr.write(`slow poll: ${Math.round(ms)} ms, answered at ${new Date().toISOString()}, progress ${JSON.stringify(job.progress)}\n`);
    if (['succeeded', 'failed', 'cancelled'].includes(job.state)) {
      if (job.state !== 'succeeded') throw new Error(`job ${jobId} ended ${job.state}: ${JSON.stringify(job.error)}`);
      return job.result;
    }
    await sleep(20);
  }
}

/**
 * Asks `GET /v1/jobs/{id}` once for a job that does not exist (404), before the job to follow
 * starts: a route compiles its request schemas the first time it is called (30-200 ms, once per
 * server run), and that cost is the fresh server's, not the job's. Without this, the first poll
 * of a job counts it in the API p99 measured while the job runs.
 */
export async function warmJobRoute(url: string, headers: Record<string, string>): Promise<void> {
  const answer = await fetch(`${url}/v1/jobs/00000000-0000-7000-8000-000000000000`, { headers });
  await answer.arrayBuffer();
  if (answer.status !== 404) throw new Error(`GET /v1/jobs/{id} of no job answered ${answer.status}`);
}

/**
 * While `running` is unsettled, writes as a genealogist or an assistant would beside a job:
 * `POST /v1/personas` every 50 ms (a new persona: a row, its name, its record), each write's
 * latency pushed to `latencies`. Reads alone (`followJob`) do not show a write held up by the
 * job (a batch, or an index being built).
 */
export async function writeWhile(url: string, headers: Record<string, string>, running: Promise<unknown>, latencies: number[]): Promise<void> {
  let n = 0;
  await timedWhile(running, 50, latencies, async () => {
    const answer = await fetch(`${url}/v1/personas`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ given: `Writer${++n}`, surname: 'Bench' }) });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`POST /v1/personas answered ${answer.status} while the job ran`);
  });
}

/**
 * While `running` is unsettled, does `ask` (a request), each time pushing how long it took to
 * `latencies`, then waits `everyMs` (or until `running` ends).
 */
export async function timedWhile(running: Promise<unknown>, everyMs: number, latencies: number[], ask: () => Promise<unknown>): Promise<void> {
  let over = false;
  const ended = running.then(() => { over = true; }, () => { over = true; });
  while (!over) {
    const asked = performance.now();
    await ask();
    latencies.push(performance.now() - asked);
    await Promise.race([sleep(everyMs), ended]);
  }
}
