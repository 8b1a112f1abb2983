/** A job's reply, as far as a benchmark reads it. */
export interface FollowedJob { state: string; error?: unknown; result?: unknown }

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Polls `GET /v1/jobs/{id}` every 20 ms until the job ends; its result when it succeeded, an
 * error naming the end otherwise. Each poll's latency is pushed to `latencies` (the API p99
 * while the job runs).
 */
export async function followJob(url: string, headers: Record<string, string>, jobId: string, latencies: number[] = []): Promise<unknown> {
  for (;;) {
    const asked = performance.now();
    const job = (await (await fetch(`${url}/v1/jobs/${jobId}`, { headers })).json()) as FollowedJob;
    latencies.push(performance.now() - asked);
    if (['succeeded', 'failed', 'cancelled'].includes(job.state)) {
      if (job.state !== 'succeeded') throw new Error(`job ${jobId} ended ${job.state}: ${JSON.stringify(job.error)}`);
      return job.result;
    }
    await sleep(20);
  }
}
