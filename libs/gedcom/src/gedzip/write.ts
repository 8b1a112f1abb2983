/**
 * GEDZIP (GEDCOM 7 section 4): a zip holding `gedcom.ged` and the files its FILE
 * structures name by relative path.
 */
import { Zip, ZipDeflate, ZipPassThrough, zipSync, type Zippable } from 'fflate';

/** A zip path GEDZIP allows for a media file: relative, `/`-separated, nothing escaping the archive. */
function isArchivePath(path: string): boolean {
  return path !== '' && path !== 'gedcom.ged' && !path.startsWith('/') && !path.includes('\\') && !/^[A-Za-z]:/.test(path) &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

function checkArchivePath(path: string): void {
  if (!isArchivePath(path)) throw new Error(`GEDZIP cannot hold a file at ${JSON.stringify(path)}: use a relative path inside the archive`);
}

/** The GEDZIP bytes: `gedcom.ged` compressed, media files stored as they are (they are usually compressed already). */
export function writeGedzip(gedcom: Uint8Array, files: Map<string, Uint8Array>): Uint8Array {
  const entries: Zippable = { 'gedcom.ged': [gedcom, { level: 6 }] };
  for (const [path, bytes] of files) {
    checkArchivePath(path);
    entries[path] = [bytes, { level: 0 }];
  }
  return zipSync(entries);
}

type Chunks = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** A media file for `streamGedzip`: its path in the archive and its bytes as they are read. */
export interface GedzipFile {
  path: string;
  content: Chunks;
}

/**
 * Without ZIP64 (fflate's streaming Zip does not write it) an archive's sizes and offsets are
 * 32-bit and it holds at most 65,535 entries: past that the zip would be silently corrupt, so
 * the stream fails instead.
 */
const ZIP32_LIMIT = 0xffff_ffff;
const ZIP32_ENTRIES = 0xffff;

/** fflate deflates each push on its own: a line at a time would compress poorly and slowly, so text goes in by 64 KiB. */
const DEFLATE_CHUNK = 1 << 16;

async function* gathered(chunks: Chunks): AsyncGenerator<Uint8Array> {
  let held: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    held.push(chunk);
    size += chunk.length;
    if (size < DEFLATE_CHUNK) continue;
    yield Buffer.concat(held);
    held = [];
    size = 0;
  }
  if (size > 0) yield Buffer.concat(held);
}

/**
 * The same archive as `writeGedzip`, as a stream: `gedcom.ged` deflated while the text is
 * still being written, then each file stored chunk by chunk as `files` yields it. Only the
 * chunk at hand (and deflate's window) is in memory, never the whole text or every media
 * file; the zip's chunks are yielded as soon as they exist, so a slow consumer slows the
 * reading. Entries carry data descriptors (sizes after the bytes), which every unzipper reads.
 */
export async function* streamGedzip(gedcom: Chunks, files: AsyncIterable<GedzipFile> | Iterable<GedzipFile>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure ??= error;
    else ready.push(chunk);
  });
  let written = 0;
  let entries = 0;
  function* take(): Generator<Uint8Array> {
    if (failure) throw failure;
    for (const chunk of ready.splice(0)) {
      written += chunk.length;
      if (written > ZIP32_LIMIT) throw new Error('the GEDZIP would pass 4 GiB, which a zip without ZIP64 cannot hold');
      yield chunk;
    }
  }
  async function* entry(file: ZipDeflate | ZipPassThrough, content: Chunks): AsyncGenerator<Uint8Array> {
    if (++entries > ZIP32_ENTRIES) throw new Error(`a GEDZIP without ZIP64 holds at most ${ZIP32_ENTRIES} files`);
    zip.add(file);
    for await (const chunk of content) {
      file.push(chunk);
      yield* take();
    }
    file.push(new Uint8Array(0), true);
    yield* take();
  }
  yield* entry(new ZipDeflate('gedcom.ged', { level: 6 }), gathered(gedcom));
  for await (const file of files) {
    checkArchivePath(file.path);
    yield* entry(new ZipPassThrough(file.path), file.content);
  }
  zip.end();
  yield* take();
}
