import type { FastifyBaseLogger } from 'fastify';
import { systemActor, type BlobRef, type Clock, type Tree } from '@rootline/kernel';
import { ThumbnailRunner, type RenderFailureKind } from './thumbnail-runner.js';
import { BlobProblems } from './errors.js';

/** Types that have a thumbnail: page 1 of a PDF, or the picture itself scaled down. */
export const THUMBNAIL_SOURCE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/tiff']);

/** Longest side of a thumbnail (CONTRACT §8). */
export const THUMBNAIL_MAX_SIDE = 512;
/** A 512 px PNG is at most ~1 MiB; the ceiling only guards against a renderer gone wrong. */
const THUMBNAIL_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Every failure is remembered per blob (a broken or encrypted file, and one past the time or
 * memory limit alike), so a file that cost a renderer 10 s costs nothing the next time: the
 * answer is the remembered Problem at once, until a request asks `retry=true`. Only a render cut
 * short by the server's own shutdown is not the file's doing, and is not remembered.
 */
const REMEMBERED: ReadonlySet<RenderFailureKind> = new Set(['encrypted', 'invalid', 'out-of-memory', 'timeout', 'crashed', 'unrenderable']);

/** The hint every remembered failure ends with. */
const RETRY_HINT = 'remembered for this blob; ask again with ?retry=true to render it again';

export interface Thumbnail {
  /** The thumbnail's own blob (a PNG in the tree's store). */
  blob: BlobRef;
  width: number;
  height: number;
}

/**
 * Thumbnails of a tree's blobs, rendered off the event loop and cached as blobs of their
 * own: `blob_thumbnails` maps the original's address to the PNG's, so the second request
 * is a lookup and a file read. Concurrent requests for the same original share one render.
 */
export class ThumbnailService {
  private readonly inFlight = new Map<string, Promise<Thumbnail>>();
  private started = 0;

  constructor(
    private readonly runner: ThumbnailRunner,
    private readonly clock: Clock,
    private readonly timeoutMs: number,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /**
   * The thumbnail of `original` (bare hex), rendering it on first use; throws 404 Problems.
   * A failure is remembered and answered at once; `retry` forgets it and renders again.
   */
  async thumbnailOf(tree: Tree, original: string, options: { retry?: boolean } = {}): Promise<Thumbnail> {
    const source = tree.blobs.stat(original);
    if (!source) throw BlobProblems.blobNotFound(original);
    const cached = this.cached(tree, original);
    if (cached) return cached;
    const failure = tree.prepare('SELECT reason FROM blob_thumbnail_failures WHERE original = ?').get(original) as { reason: string } | undefined;
    if (failure && options.retry) tree.transact(() => tree.prepare('DELETE FROM blob_thumbnail_failures WHERE original = ?').run(original));
    else if (failure) throw BlobProblems.noThumbnail(`No thumbnail for sha256:${original}: ${failure.reason} (${RETRY_HINT})`);
    const mediaType = source.media_type;
    if (!THUMBNAIL_SOURCE_TYPES.has(mediaType)) {
      throw BlobProblems.noThumbnail(`No thumbnail for sha256:${original}: blobs of type ${mediaType} have none (only PDF, JPEG, PNG, GIF, WebP and TIFF)`);
    }
    const key = `${tree.id}/${original}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.render(tree, { ...source, media_type: mediaType }).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /**
   * Renders handed to a worker since the server started. A cached thumbnail, a remembered
   * failure or a request that joins a render in flight leaves it unchanged, which is how
   * the tests tell them apart without timing anything.
   */
  get renders(): number {
    return this.started;
  }

  /** What the runner has done (renderers started and killed at a limit, lanes): counts for tests. */
  get runnerStats() {
    return this.runner.stats;
  }

  /** Stops the renders still running (the container's disposer, when the server closes). */
  close(): Promise<void> {
    return this.runner.close();
  }

  private cached(tree: Tree, original: string): Thumbnail | undefined {
    const row = tree.prepare('SELECT thumbnail, width, height FROM blob_thumbnails WHERE original = ?').get(original) as
      | { thumbnail: string; width: number; height: number }
      | undefined;
    if (!row) return undefined;
    // A row whose PNG has gone (a restore without it, say) is rendered again.
    const blob = tree.blobs.stat(row.thumbnail);
    return blob ? { blob, width: row.width, height: row.height } : undefined;
  }

  private async render(tree: Tree, source: BlobRef): Promise<Thumbnail> {
    this.started++;
    const result = await this.runner.render({ path: tree.blobs.path(source.address), mediaType: source.media_type });
    if (!result.ok) {
      // Broken and encrypted files are the file's business; anything else may be ours.
      if (result.kind === 'crashed' || result.kind === 'unrenderable') {
        this.log.warn({ blob: source.address, media_type: source.media_type, kind: result.kind, err: result.cause ?? result.message }, 'thumbnail rendering failed');
      }
      const what = source.media_type === 'application/pdf' ? 'the PDF' : 'the image';
      const reason = result.kind === 'timeout'
        ? `rendering ${what} took too long (over ${this.timeoutMs} ms: the option thumbnail_timeout_ms, ROOTLINE_THUMBNAIL_TIMEOUT_MS)`
        : result.kind === 'out-of-memory' ? `rendering ${what} needed more memory than a thumbnail may use (${result.message}: the option thumbnail_max_memory_mb, ROOTLINE_THUMBNAIL_MAX_MEMORY_MB)`
        : result.kind === 'cancelled' ? 'the server is shutting down'
        : result.kind === 'encrypted' ? `${what} is encrypted (password-protected)`
        // The parser's own words for a broken file; anything else stays in the log, since
        // a Problem must never carry a path or a stack.
        : result.kind === 'invalid' ? `${what} cannot be rendered (${result.message})`
        : `${what} cannot be rendered (the renderer failed; the server log has the cause)`;
      const remembered = REMEMBERED.has(result.kind);
      if (remembered) {
        tree.transact(() => tree
          .prepare('INSERT INTO blob_thumbnail_failures (original, reason, created_at_ms) VALUES (?, ?, ?) ON CONFLICT (original) DO UPDATE SET reason = excluded.reason, created_at_ms = excluded.created_at_ms')
          .run(source.address, reason, this.clock.now()));
      }
      throw BlobProblems.noThumbnail(`No thumbnail for sha256:${source.address}: ${reason}${remembered ? ` (${RETRY_HINT})` : ''}`);
    }
    // Stored like any blob (durable, deduplicated), by the server rather than the caller.
    const blob = await tree.blobs.write([result.png], { maxBytes: THUMBNAIL_MAX_BYTES, actor: systemActor });
    tree.transact(() => tree
      .prepare(`INSERT INTO blob_thumbnails (original, thumbnail, width, height, created_at_ms) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (original) DO UPDATE SET thumbnail = excluded.thumbnail, width = excluded.width, height = excluded.height, created_at_ms = excluded.created_at_ms`)
      .run(source.address, blob.address, result.width, result.height, this.clock.now()));
    return { blob: { address: blob.address, size_bytes: blob.size_bytes, media_type: blob.media_type }, width: result.width, height: result.height };
  }
}
