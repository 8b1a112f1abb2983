import type { Test } from 'tap';
import type { Api } from './server-process.js';

/**
 * JSON calls that assert their status (the reply's start in the message when it differs), and a
 * job followed until it ends: what the end-to-end tests of a genealogist's work repeat.
 */
export function checkedCalls(t: Pick<Test, 'equal'>, api: Api) {
  const call = async (path: string, init: RequestInit = {}, status = 200) => {
    const reply = await api(path, init);
    const body = await reply.json();
    t.equal(reply.status, status, `${init.method ?? 'GET'} ${path} ${JSON.stringify(body).slice(0, 200)}`);
    return body;
  };
  const post = (path: string, body: unknown, status = 200) => call(path, { method: 'POST', body: JSON.stringify(body) }, status);
  /** The job as it ended (or as it was after 10 s), read every 20 ms. */
  const finished = async (jobId: string) => {
    let job = await call(`/v1/jobs/${jobId}`);
    for (let i = 0; i < 500 && !['succeeded', 'failed', 'cancelled'].includes(job.state); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = await call(`/v1/jobs/${jobId}`);
    }
    return job;
  };
  return { call, post, finished };
}
