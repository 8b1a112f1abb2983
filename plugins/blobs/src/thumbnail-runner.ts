import { Worker } from 'node:worker_threads';

/** What the worker is asked to render. */
export interface RenderJob {
  /** The blob's file (read by the worker; never shown to clients). */
  path: string;
  mediaType: string;
}

/**
 * Why a render produced nothing. `encrypted`, `invalid` and `out-of-memory` are the
 * file's fault and come out the same every time; `timeout`, `crashed` and `unrenderable`
 * may depend on load or on this install, so they are worth another try later.
 */
export type RenderFailureKind = 'encrypted' | 'invalid' | 'out-of-memory' | 'timeout' | 'crashed' | 'unrenderable';

export type RenderResult =
  | { ok: true; png: Buffer; width: number; height: number }
  | { ok: false; kind: RenderFailureKind; message: string; /** For the log only: may name files. */ cause?: string };

export interface RunnerOptions {
  /** Wall-clock limit per render, from the worker's start to its answer. */
  timeoutMs: number;
  /** Renders running at once; the rest wait their turn (waiting does not count against the limit). */
  concurrency: number;
  /** Longest side of a thumbnail in pixels. */
  maxSide: number;
  /** Heap ceiling of each worker, so a hostile file exhausts the worker, not the server. */
  maxHeapMb?: number;
}

/**
 * Runs each render in a fresh worker thread, at most `concurrency` at once.
 *
 * One worker per render rather than a warm pool, on purpose: thumbnails are rendered once
 * and then served from the blob cache, so the ~300 ms start of a worker is paid rarely,
 * while a fresh worker means a hostile PDF cannot leave state or leaked memory behind for
 * the next file, and the time limit is simply `worker.terminate()`.
 */
export class ThumbnailRunner {
  private readonly workerUrl = new URL('./thumbnail-worker.mjs', import.meta.url);
  private readonly running = new Set<Worker>();
  private readonly waiting: Array<() => void> = [];
  private active = 0;
  private nativeLoaded: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: RunnerOptions) {}

  async render(job: RenderJob): Promise<RenderResult> {
    await this.loadNativeModules();
    await this.acquire();
    try {
      if (this.closed) return { ok: false, kind: 'crashed', message: 'the server is shutting down' };
      return await this.runWorker(job);
    } finally {
      this.release();
    }
  }

  /** Stops every running render (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running].map((worker) => worker.terminate()));
    for (const wake of this.waiting.splice(0)) wake();
  }

  private runWorker(job: RenderJob): Promise<RenderResult> {
    const { timeoutMs, maxSide, maxHeapMb = 512 } = this.options;
    return new Promise<RenderResult>((resolve) => {
      const worker = new Worker(this.workerUrl, {
        workerData: { path: job.path, mediaType: job.mediaType, maxSide, timeoutMs, startedAt: Date.now() },
        // The worker is plain JavaScript: it needs none of the parent's loaders (tap's
        // TypeScript hooks, coverage), which would only slow its start.
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      });
      this.running.add(worker);
      let settled = false;
      const settle = (result: RenderResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.running.delete(worker);
        // A finished worker exits on its own; terminate covers one that lingers.
        void worker.terminate();
        resolve(result);
      };
      const timer = setTimeout(() => {
        settle({ ok: false, kind: 'timeout', message: `rendering took longer than ${timeoutMs} ms` });
      }, timeoutMs);
      worker.once('message', (message: WorkerAnswer) => {
        if (message.ok) settle({ ok: true, png: Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength), width: message.width, height: message.height });
        else settle({ ok: false, kind: message.kind, message: message.message, cause: message.message });
      });
      worker.once('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') settle({ ok: false, kind: 'out-of-memory', message: 'rendering needed more memory than a thumbnail may use' });
        else settle({ ok: false, kind: 'crashed', message: 'the renderer failed', cause: error.message });
      });
      worker.once('exit', (code) => settle({ ok: false, kind: 'crashed', message: `the renderer stopped (exit ${code}) without an answer` }));
    });
  }

  /**
   * sharp and @napi-rs/canvas load native libraries; the main thread holds them too, so
   * they are not unloaded (and their memory freed under a running render) when a worker
   * ends — the fix sharp's documentation gives for worker threads. Loaded on first use,
   * not at boot, to keep start-up fast.
   */
  private loadNativeModules(): Promise<void> {
    this.nativeLoaded ??= Promise.all([import('sharp'), import('@napi-rs/canvas')]).then(() => undefined);
    return this.nativeLoaded;
  }

  private acquire(): Promise<void> {
    if (this.active < this.options.concurrency || this.closed) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(() => {
      this.active++;
      resolve();
    }));
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }
}

type WorkerAnswer =
  | { ok: true; png: Uint8Array; width: number; height: number }
  | { ok: false; kind: 'encrypted' | 'invalid' | 'timeout' | 'unrenderable'; message: string };
