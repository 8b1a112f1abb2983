import { ProblemError, type Actor, type ServiceCradle } from '@rootline/kernel';
import type { GedcomNode } from '@rootline/gedcom';
import type { ImportItem, ItemKind } from '../runs.js';
import { LossCollector } from './loss-report.js';

/** The services an import writes through (the tree's, acting as whoever started the import). */
export type MappingServices = Pick<
  ServiceCradle,
  | 'personasService'
  | 'personsService'
  | 'assertionsService'
  | 'sourcesService'
  | 'citationsService'
  | 'eventsService'
  | 'associationsService'
  | 'familyService'
  | 'notesService'
  | 'mediaService'
>;

/** The people of one INDI: its persona and the person it is concluded into. */
export interface MappedIndividual {
  persona: string;
  person: string;
}

/**
 * What one import run knows while it maps: the services and actor it writes with, the ids it
 * gave each cross-reference, what it created (undo's list, flushed with each batch), the
 * counts of its result and the loss report it is gathering.
 */
export class MappingContext {
  readonly sources = new Map<string, string>();
  /** A shared NOTE record's text, by xref (a note is made for each structure pointing at it). */
  readonly sharedNotes = new Map<string, string>();
  /** REPO xref -> its name (noted on the sources kept there). */
  readonly repositories = new Map<string, string>();
  /** Shared notes some structure pointed at (the others are kept on the run's key at the end). */
  readonly notesUsed = new Set<string>();
  readonly media = new Map<string, string>();
  readonly individuals = new Map<string, MappedIndividual>();
  /** `${child xref} ${family xref}` -> the child's FAMC.PEDI in that family. */
  readonly pedigrees = new Map<string, string>();
  /** (source id, page) -> citation id: one citation per place in a source, however often cited. */
  readonly citations = new Map<string, string>();
  /** Inline `SOUR text` (5.5) -> the source made for it. */
  readonly inlineSources = new Map<string, string>();
  readonly loss = new LossCollector();
  readonly counts: Record<string, number> = {};
  private pending: ImportItem[] = [];

  constructor(
    readonly services: MappingServices,
    readonly actor: Actor,
    readonly importKey: string,
    /** A GEDZIP's files: the blob address of the file a FILE path names, if the archive held it. */
    readonly archive: (path: string) => string | undefined = () => undefined,
  ) {}

  /** Notes what the run created: undo's list and the result's counts. */
  created(kind: ItemKind, id: string): string {
    this.pending.push({ kind, id });
    this.count(kind === 'assertion' ? 'claims' : COUNT_NAMES[kind]);
    return id;
  }

  count(name: string, by = 1): void {
    this.counts[name] = (this.counts[name] ?? 0) + by;
  }

  /** The rows created since the last call (written with the batch that made them). */
  takeCreated(): ImportItem[] {
    const items = this.pending;
    this.pending = [];
    return items;
  }

  /** A structure not mapped: into the loss report, under its path. */
  lose(path: string, node: GedcomNode | undefined, reason: string): void {
    this.loss.add(path, reason, node?.line);
  }

  /**
   * Runs one write a service may refuse (a third birth parent, a cycle, a duplicate edge):
   * a refusal is a loss report item, not the end of the import. Anything that is not a
   * Problem is a fault and ends the run.
   */
  attempt<T>(path: string, node: GedcomNode | undefined, write: () => T): T | undefined {
    try {
      return write();
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      this.lose(path, node, `refused: ${error.detail}`);
      return undefined;
    }
  }
}

const COUNT_NAMES: Record<ItemKind, string> = {
  persona: 'personas',
  person: 'persons',
  assertion: 'claims',
  source: 'sources',
  citation: 'citations',
  event: 'events',
  relationship: 'relationships',
  association: 'associations',
  note: 'notes',
  media: 'media',
};
