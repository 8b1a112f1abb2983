/**
 * What one export run knows while it writes: the services it reads through, the target
 * version, the cross-reference ids it gave, who is withheld, what is redacted, the counts of
 * its result and the loss report it is gathering.
 */
import type { ServiceCradle } from '@rootline/kernel';
import type { Redacted } from '@rootline/contracts/redactions';
import type { GedcomNode } from '@rootline/gedcom';
import { LossCollector } from '../import/loss-report.js';
import type { WriteVersion } from './version.js';
import { MediaArchive } from './media-archive.js';
import { SparseDetails } from './sparse.js';

/** The services an export reads through (the tree's, acting as whoever started it). */
const EXPORT_SERVICES = [
  'personsService',
  'personasService',
  'assertionsService',
  'sourcesService',
  'citationsService',
  'eventsService',
  'associationsService',
  'familyService',
  'notesService',
  'redactionsService',
  'mediaService',
] as const;

export type ExportServices = Pick<ServiceCradle, (typeof EXPORT_SERVICES)[number]>;

/** What the export asks of the tree's blob store: whether it holds a blob, and the media type it sniffed. */
export interface StoredBlobs {
  stat(address: string): { media_type: string } | undefined;
}

export interface ExportOptions {
  version: WriteVersion;
  includeLiving: boolean;
  /** A GEDZIP: the media files the tree holds go into the archive. */
  gedzip?: boolean;
}

/** A structure as the writer takes it (levels come from nesting; line numbers mean nothing here). */
export function node(tag: string, value?: string, children: GedcomNode[] = []): GedcomNode {
  // Two literals, not a spread of `{ value }`: an export makes hundreds of thousands of these.
  return value === undefined || value === '' ? { level: 0, tag, line: 0, children } : { level: 0, tag, value, line: 0, children };
}

/** A record (INDI, FAM, SOUR, ...): a structure with its cross-reference id. */
export function record(tag: string, xref: string, children: GedcomNode[]): GedcomNode {
  return { level: 0, tag, line: 0, children, xref };
}

export function pointer(tag: string, xref: string, children: GedcomNode[] = []): GedcomNode {
  return { level: 0, tag, pointer: xref, line: 0, children };
}

export class ExportContext {
  readonly loss = new LossCollector();
  readonly counts: Record<string, number> = {};
  /** Persons written (or to be written): id -> xref. A person withheld never gets one. */
  private readonly personXrefs = new Map<string, number>();
  /** Persons left out: living, or redacted as a whole. */
  readonly withheld = new Set<string>();
  private readonly sourceXrefs = new Map<string, number>();
  private readonly mediaXrefs = new Map<string, number>();
  /** The tree's redactions by target, as read for the current batch (views plugin: one map, kept until a redaction changes). */
  private redactions: ReadonlyMap<string, Redacted> | undefined;
  /** Where the media files go in a GEDZIP; none for a .ged. */
  readonly archive: MediaArchive | undefined;

  /** The services, each resolved once: an export asks them hundreds of thousands of times, and a cradle resolves on every ask. */
  readonly services: ExportServices;
  /** Which entities have notes, events, associations or evidence at all: what the batch reads ask for. */
  readonly sparse: SparseDetails;

  constructor(services: ExportServices, readonly options: ExportOptions, readonly blobs: StoredBlobs) {
    this.services = Object.fromEntries(EXPORT_SERVICES.map((name) => [name, services[name]])) as unknown as ExportServices;
    this.archive = options.gedzip ? new MediaArchive() : undefined;
    this.sparse = new SparseDetails(this.services);
  }

  get version(): WriteVersion {
    return this.options.version;
  }

  count(name: string, by = 1): void {
    this.counts[name] = (this.counts[name] ?? 0) + by;
  }

  /** Something not written: into the loss report under its tag path. */
  lose(path: string, reason: string, by = 1): void {
    for (let i = 0; i < by; i++) this.loss.add(path, reason, undefined);
  }

  /** The xref of a person who is written (I1, I2, ... in the order first needed). */
  personXref(person: string): string {
    return numbered(this.personXrefs, 'I', person);
  }

  /** The xref of a source (S1, S2, ...): given at its first citation, or when the source list reaches it. */
  sourceXref(source: string): string {
    return numbered(this.sourceXrefs, 'S', source);
  }

  /** The xref of a media object (M1, M2, ...): given at the first INDI that points at it, or when the media list reaches it. */
  mediaXref(media: string): string {
    return numbered(this.mediaXrefs, 'M', media);
  }

  /**
   * What is redacted of an entity: `whole`, or the set of its redacted fields; undefined when
   * nothing is. Redacted values are never written, whoever exports.
   */
  redacted(target: string): Redacted | undefined {
    return (this.redactions ??= this.services.redactionsService.targets()).get(target);
  }

  /** Between batches: what is redacted is read again for the next (a redaction made meanwhile applies to every batch after it). */
  forgetRedactions(): void {
    this.redactions = undefined;
  }

  /** Whether a field of an entity may be written (nothing of a whole redacted entity may). */
  shows(target: string, field: string): boolean {
    const redacted = this.redacted(target);
    return !redacted || (!redacted.whole && !redacted.fields.has(field));
  }
}

/** The xref `id` has in `given`, or the next of `prefix` (prefix + 1, 2, ...) given to it now. */
function numbered(given: Map<string, number>, prefix: string, id: string): string {
  let n = given.get(id);
  if (n === undefined) {
    n = given.size + 1;
    given.set(id, n);
  }
  // The number is kept, the xref made on each ask: a million persons' xref strings held for the
  // whole export were ~30 MB, the strings made here live until their line is written.
  return `${prefix}${n}`;
}
