/**
 * readGedcom (streaming, for imports of any size) and parseGedcom (everything at once, for
 * small inputs and tests), both over one ReadSession.
 */
import type { GedcomHeader, GedcomIssue, GedcomNode } from '../types.js';
import { ReadSession } from './session.js';

export interface ReadOptions {
  onIssue?: (issue: GedcomIssue) => void;
  /** Stop early: records end (without an error) at the next chunk or record. */
  signal?: AbortSignal;
}

export interface GedcomReader {
  /** Resolves once HEAD is read (or the first record, or the end, when there is no HEAD); never rejects. */
  header: Promise<GedcomHeader>;
  /** Every top-level record, HEAD first, TRLR left out. Can be iterated once. */
  records: AsyncIterable<GedcomNode>;
  /** Counts so far: lines, records, bytes. */
  stats(): { lines: number; records: number; bytes: number };
  /** The xrefs of the records read so far (for the validator's dangling-pointer check). */
  xrefs(): ReadonlySet<string>;
}

/** A Uint8Array is read in slices, so a big one is not decoded into one huge string. */
const SLICE = 1 << 20;

async function* chunksOf(source: AsyncIterable<Uint8Array> | Uint8Array): AsyncGenerator<Uint8Array> {
  if (!(source instanceof Uint8Array)) return yield* source;
  for (let at = 0; at < source.length; at += SLICE) yield source.subarray(at, at + SLICE);
}

export function readGedcom(source: AsyncIterable<Uint8Array> | Uint8Array, options: ReadOptions = {}): GedcomReader {
  const { onIssue, signal } = options;
  const session = new ReadSession((issue) => onIssue?.(issue));
  let announce: (header: GedcomHeader) => void = () => {};
  const header = new Promise<GedcomHeader>((resolve) => (announce = resolve));

  async function* produce(): AsyncGenerator<GedcomNode> {
    const ready: GedcomNode[] = [];
    const chunks = chunksOf(source);
    try {
      for await (const chunk of chunks) {
        if (signal?.aborted) return;
        session.push(chunk, ready);
        if (session.header) announce(session.header);
        if (session.stopped) break;
        while (ready.length > 0) {
          yield ready.shift() as GedcomNode;
          if (signal?.aborted) return;
        }
      }
      session.end(ready);
      announce(session.header as GedcomHeader);
      yield* ready;
    } finally {
      // A reader stopped early (or a failed source) still answers `header`.
      announce(session.header ?? { encoding: 'utf-8', schema: {} });
    }
  }

  // The first record is asked for at once, so `header` resolves without anyone iterating.
  const generator = produce();
  const first = generator.next();
  first.catch(() => {}); // a source error surfaces when records are iterated
  let iterated = false;
  const records: AsyncIterable<GedcomNode> = {
    [Symbol.asyncIterator]() {
      if (iterated) throw new Error('readGedcom: records can be iterated only once');
      iterated = true;
      let pending: Promise<IteratorResult<GedcomNode>> | undefined = first;
      return {
        next() {
          const result = pending ?? generator.next();
          pending = undefined;
          return result;
        },
        return() {
          return generator.return(undefined);
        },
      };
    },
  };
  return { header, records, stats: () => ({ ...session.counts }), xrefs: () => session.xrefs };
}

export function parseGedcom(bytes: Uint8Array, options: ReadOptions = {}): { header: GedcomHeader; records: GedcomNode[]; issues: GedcomIssue[] } {
  const issues: GedcomIssue[] = [];
  const session = new ReadSession((issue) => {
    issues.push(issue);
    options.onIssue?.(issue);
  });
  const records: GedcomNode[] = [];
  for (let at = 0; at < bytes.length && !session.stopped && !options.signal?.aborted; at += SLICE) session.push(bytes.subarray(at, at + SLICE), records);
  session.end(records);
  return { header: session.header as GedcomHeader, records, issues };
}
