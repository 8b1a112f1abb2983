/**
 * Following a job to its end, with a progress bar on stderr fed by the job's notices on the
 * change stream (`job.progress.v1`, `job.finished.v1`). The stream only adds speed: the job
 * is also read now and then (a notice can come before the stream is open, and a server
 * without the stream still answers `GET {P}/jobs/{id}`).
 */
import type { Session } from './session.js';

export interface JobView {
  job_id: string;
  state: string;
  progress: { done: number; total: number | null; unit: string };
  result?: Record<string, unknown>;
  error?: { code: string; message: string; line?: number };
}

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);
const WIDTH = 30;

/** A one-line bar redrawn in place (`\r`); `write` is null where nobody watches (stderr not a terminal). */
export class ProgressBar {
  private last = '';

  constructor(private readonly label: string, private readonly write: ((text: string) => void) | null) {}

  update(progress: JobView['progress']): void {
    if (!this.write) return;
    const { done, total, unit } = progress;
    const share = total ? Math.min(1, done / total) : 0;
    const filled = Math.round(share * WIDTH);
    const bar = total ? `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${String(Math.floor(share * 100)).padStart(3)}% ` : '';
    const line = `${this.label} ${bar}${done.toLocaleString('en')}${total ? `/${total.toLocaleString('en')}` : ''} ${unit}`;
    if (line === this.last) return;
    this.last = line;
    this.write(`\r${line}`);
  }

  finish(): void {
    if (this.write && this.last) this.write('\n');
  }
}

/** Reads the change stream's frames, calling `onNotice` for each job notice of `jobId`, until `signal` aborts. */
async function listen(session: Session, prefix: string, jobId: string, signal: AbortSignal, onNotice: (notice: { kind: string; state: string; progress: JobView['progress'] }) => void, onOpen: () => void): Promise<void> {
  const reply = await session.request('GET', `${prefix}/events/stream`, { signal });
  if (!reply.ok || !reply.body) throw new Error(`no change stream (HTTP ${reply.status})`);
  onOpen();
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of reply.body) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (!data || (event !== 'job.progress.v1' && event !== 'job.finished.v1')) continue;
      const notice = JSON.parse(data) as { payload?: { job_id: string; state: string; progress: JobView['progress'] } };
      if (notice.payload?.job_id === jobId) onNotice({ kind: event, ...notice.payload });
    }
  }
}

/** What following a job does when Ctrl-C is pressed. */
export interface FollowOptions {
  /** Ctrl-C: the job is asked to cancel (`POST {P}/jobs/{id}/cancel`), then followed on. */
  interrupt?: { readonly requested: boolean; whenRequested(): Promise<void> } | null;
  /** How long to wait, after asking, for the job to end; without it, as long as it takes. */
  cancelWaitMs?: number;
}

/**
 * Waits for the job to finish, drawing its progress; returns the job as it ended. After Ctrl-C,
 * the job as it was when `cancelWaitMs` ran out, if it had not ended by then (still `cancelling`).
 */
export async function followJob(session: Session, prefix: string, jobId: string, bar: ProgressBar, options: FollowOptions = {}): Promise<JobView> {
  const read = async () => (await session.request('GET', `${prefix}/jobs/${jobId}`)).json() as Promise<JobView>;
  const stop = new AbortController();
  let wake: () => void = () => undefined;
  let streaming = false;
  const stream = listen(session, prefix, jobId, stop.signal, (notice) => {
    bar.update(notice.progress);
    if (FINISHED.has(notice.state)) wake();
  }, () => {
    streaming = true;
    wake();
  }).catch(() => undefined);
  void options.interrupt?.whenRequested().then(() => wake());
  let giveUpAt: number | undefined;
  try {
    for (;;) {
      const job = await read();
      bar.update(job.progress);
      if (FINISHED.has(job.state)) return job;
      if (options.interrupt?.requested) {
        if (giveUpAt === undefined) {
          giveUpAt = Date.now() + (options.cancelWaitMs ?? Infinity);
          // 202 (cancelling, or cancelled if it had not started) or 409 (it has just ended): read it again either way.
          await (await session.request('POST', `${prefix}/jobs/${jobId}/cancel`)).body?.cancel();
          continue;
        }
        if (Date.now() >= giveUpAt) return job;
      }
      // With the stream open, a notice wakes us; the timer is the safety net (and the only way without it).
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, streaming ? 1000 : 200);
      });
    }
  } finally {
    stop.abort();
    await stream;
    bar.finish();
  }
}
