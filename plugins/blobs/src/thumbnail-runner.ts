import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What the renderer is asked to render. */
export interface RenderJob {
  /** The blob's file (read by the renderer; never shown to clients). */
  path: string;
  mediaType: string;
}

/**
 * Why a render produced nothing. `encrypted` and `invalid` are the file's own; `out-of-memory`
 * and `timeout` mean it went past a limit; `crashed` and `unrenderable` may be this install.
 * `cancelled`: the server was shutting down (not the file's fault, never remembered).
 */
export type RenderFailureKind = 'encrypted' | 'invalid' | 'out-of-memory' | 'timeout' | 'crashed' | 'unrenderable' | 'cancelled';

export type RenderResult =
  | { ok: true; png: Buffer; width: number; height: number }
  | { ok: false; kind: RenderFailureKind; message: string; /** For the log only: may name files. */ cause?: string };

export interface RunnerOptions {
  /** Wall-clock limit per render, from the renderer's start to its answer. */
  timeoutMs: number;
  /** Longest side of a thumbnail in pixels. */
  maxSide: number;
  /** V8 heap ceiling of a renderer (--max-old-space-size), in MB. */
  maxHeapMb?: number;
  /**
   * Resident memory ceiling of a renderer in MB, native allocations included (canvas,
   * libvips): checked from /proc on Linux every `memoryCheckMs`; past it the renderer is killed.
   */
  maxRssMb?: number;
  memoryCheckMs?: number;
  /** A renderer idle this long exits (its memory goes back to the system); the next render starts a fresh one. */
  idleMs?: number;
}

/** A renderer process and what it wrote to stderr lately (V8's out-of-memory message). */
interface Renderer {
  child: ChildProcess;
  stderr: string;
  idle?: NodeJS.Timeout;
}

/** The two queues: a PDF can be slow however small it is; an image is bounded by its pixels. */
export type Lane = 'pdf' | 'image';
const laneOf = (mediaType: string): Lane => (mediaType === 'application/pdf' ? 'pdf' : 'image');

/** What the runner has done, for tests and the log: counts, never times. */
export interface RunnerStats {
  /** Renderer processes started (one serves its lane's renders until a limit, growth or 5 s idle ends it). */
  started: number;
  /** Renderers stopped at a limit (time, resident memory, or V8's heap limit): their memory went back to the system with them. */
  killed: number;
  /** Renders running now, by lane. */
  running: Record<Lane, number>;
  /** Renders waiting for their lane, by lane. */
  waiting: Record<Lane, number>;
}

/**
 * Runs renders in child processes, one at a time per lane: PDFs in one lane, images in the
 * other, so a small image never waits behind a heavy PDF (at most behind one image), and heavy
 * PDFs queue behind each other rather than taking every slot.
 *
 * A child process rather than a worker thread, on purpose: pdfjs and the canvas allocate
 * hundreds of MB of native memory on a heavy page, and memory freed inside the server's own
 * process mostly stays with the process (the allocator keeps it); a process that exits gives
 * all of it back. The limits are the process's: a V8 heap ceiling, a resident-memory ceiling
 * watched from /proc, and the time limit, each enforced by killing the process; the lane's
 * next render starts a fresh one (replaced). A renderer that answered is kept for the lane's
 * next render (starting one and loading pdfjs costs ~0.3 s, seconds on a loaded machine),
 * unless it grew past half the memory limit, and exits after 5 s idle.
 */
export class ThumbnailRunner {
  private readonly workerFile = fileURLToPath(new URL('./thumbnail-worker.mjs', import.meta.url));
  private readonly children = new Set<ChildProcess>();
  private readonly lanes: Record<Lane, { active: number; waiting: Array<() => void>; renderer?: Renderer }> = { pdf: { active: 0, waiting: [] }, image: { active: 0, waiting: [] } };
  private closed = false;
  private counts = { started: 0, killed: 0 };

  constructor(private readonly options: RunnerOptions) {}

  get stats(): RunnerStats {
    return {
      ...this.counts,
      running: { pdf: this.lanes.pdf.active, image: this.lanes.image.active },
      waiting: { pdf: this.lanes.pdf.waiting.length, image: this.lanes.image.waiting.length },
    };
  }

  async render(job: RenderJob): Promise<RenderResult> {
    const lane = laneOf(job.mediaType);
    await this.acquire(lane);
    try {
      if (this.closed) return { ok: false, kind: 'cancelled', message: 'the server is shutting down' };
      return await this.runChild(job, lane);
    } finally {
      this.release(lane);
    }
  }

  /** Stops every running render (server shutdown) and lets the waiting ones fail. */
  async close(): Promise<void> {
    this.closed = true;
    const exits = [...this.children].map((child) => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.ref(); // idle renderers are unref'd: keep the loop alive until this one is gone
      child.kill('SIGKILL');
    }));
    for (const lane of Object.values(this.lanes)) for (const wake of lane.waiting.splice(0)) wake();
    await Promise.all(exits);
  }

  /** The lane's renderer: the idle one kept from the last render, or a fresh process. */
  private rendererOf(lane: Lane): Renderer {
    const current = this.lanes[lane].renderer;
    // A renderer sent SIGKILL (a limit, growth, idle) is gone even before its exit event: never reuse it.
    if (current && !current.child.killed && current.child.exitCode === null && current.child.signalCode === null) {
      clearTimeout(current.idle);
      return current;
    }
    const { maxHeapMb = 256 } = this.options;
    const child = fork(this.workerFile, [], {
      // Plain JavaScript: none of the parent's loaders (tap's TypeScript hooks, coverage).
      execArgv: [`--max-old-space-size=${maxHeapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.counts.started++;
    this.children.add(child);
    const renderer: Renderer = { child, stderr: '' };
    child.stderr?.setEncoding('utf8').on('data', (text: string) => (renderer.stderr = (renderer.stderr + text).slice(-2000)));
    child.once('exit', () => {
      this.children.delete(child);
      clearTimeout(renderer.idle);
      if (this.lanes[lane].renderer === renderer) this.lanes[lane].renderer = undefined;
    });
    // An idle renderer never keeps the server's process alive (a render in flight has its timer).
    child.unref();
    child.channel?.unref();
    this.lanes[lane].renderer = renderer;
    return renderer;
  }

  private runChild(job: RenderJob, lane: Lane): Promise<RenderResult> {
    const { timeoutMs, maxSide, maxHeapMb = 256, maxRssMb = 768, memoryCheckMs = 100, idleMs = 5000 } = this.options;
    const renderer = this.rendererOf(lane);
    const { child } = renderer;
    renderer.stderr = '';
    return new Promise<RenderResult>((resolve) => {
      let settled = false;
      const settle = (result: RenderResult, kill = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watch);
        child.off('message', onMessage);
        child.off('exit', onExit);
        const alive = child.exitCode === null && child.signalCode === null;
        if (kill && alive) {
          this.counts.killed++;
          child.kill('SIGKILL');
        } else if (alive) {
          // Kept for the lane's next render, unless it grew (what a heavy file leaves behind goes
          // back to the system with the process) or stays idle.
          const rss = residentMb(child.pid);
          if (rss !== undefined && rss > maxRssMb / 2) child.kill('SIGKILL');
          else renderer.idle = setTimeout(() => child.kill('SIGKILL'), idleMs).unref();
        }
        resolve(result);
      };
      const timer = setTimeout(() => settle({ ok: false, kind: 'timeout', message: `rendering took longer than ${timeoutMs} ms` }, true), timeoutMs);
      const watch = setInterval(() => {
        const rss = residentMb(child.pid);
        if (rss !== undefined && rss > maxRssMb) settle({ ok: false, kind: 'out-of-memory', message: `rendering needed more than ${maxRssMb} MB of memory` }, true);
      }, memoryCheckMs);
      const onMessage = (message: WorkerAnswer) => {
        if (message.ok) settle({ ok: true, png: Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength), width: message.width, height: message.height });
        else settle({ ok: false, kind: message.kind, message: message.message, cause: message.message });
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        if (/heap out of memory|Reached heap limit/i.test(renderer.stderr)) {
          this.counts.killed++; // V8 stopped it at the heap limit
          settle({ ok: false, kind: 'out-of-memory', message: `rendering needed more than ${maxHeapMb} MB of heap` });
        } else if (this.closed) settle({ ok: false, kind: 'cancelled', message: 'the server is shutting down' });
        else settle({ ok: false, kind: 'crashed', message: `the renderer stopped (${signal ?? `exit ${code}`}) without an answer`, cause: renderer.stderr.trim().split('\n').slice(-3).join(' | ') });
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send({ path: job.path, mediaType: job.mediaType, maxSide, timeoutMs, startedAt: Date.now() }, (error) => {
        if (error) settle({ ok: false, kind: 'crashed', message: 'the renderer failed', cause: error.message }, true);
      });
    });
  }

  private acquire(lane: Lane): Promise<void> {
    const queue = this.lanes[lane];
    if (queue.active < 1 || this.closed) {
      queue.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => queue.waiting.push(() => {
      queue.active++;
      resolve();
    }));
  }

  private release(lane: Lane): void {
    const queue = this.lanes[lane];
    queue.active--;
    queue.waiting.shift()?.();
  }
}

/** Resident memory of a process in MB, from /proc (Linux); undefined elsewhere or once it is gone. */
function residentMb(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return (pages * 4096) / (1024 * 1024);
  } catch {
    return undefined;
  }
}

type WorkerAnswer =
  | { ok: true; png: Uint8Array; width: number; height: number }
  | { ok: false; kind: 'encrypted' | 'invalid' | 'timeout' | 'unrenderable'; message: string };
