import { ProblemError, type Actor, type ServiceCradle } from '@rootline/kernel';
import type { GedcomNode } from '@rootline/gedcom';
import type { ImportItem, ItemKind } from '../runs.js';
import { LossCollector } from './loss-report.js';
import type { AdoptedBy } from './adoption.js';
import { refusalReason } from './refusals.js';
import type { LinkStatus } from './link-status.js';

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

/**
 * A copy of `text` that holds only its own characters. The reader's values are slices of the
 * big chunk of file text they were read from, and V8 keeps a whole chunk alive for as long as
 * any slice of it lives: a few xrefs and note texts kept to the end of a run pinned the whole
 * file in memory (~95 MB of a 50 MB file). `(' ' + text).slice(1)` flattens into a new string.
 */
function detach(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

/** A copy of a record whose strings are detached: for records kept past their batch (read first, or waiting for the end). */
export function detachNode<T extends GedcomNode>(node: T): T {
  return {
    ...node,
    tag: detach(node.tag),
    ...(node.xref !== undefined ? { xref: detach(node.xref) } : {}),
    ...(node.pointer !== undefined ? { pointer: detach(node.pointer) } : {}),
    ...(node.value !== undefined ? { value: detach(node.value) } : {}),
    children: node.children.map(detachNode),
  };
}

/** A map kept for the whole run: its keys and string values are detached from the file's text. */
class RunMap<V> extends Map<string, V> {
  override set(key: string, value: V): this {
    return super.set(detach(key), (typeof value === 'string' ? detach(value) : value) as V);
  }
}

class RunSet extends Set<string> {
  override add(value: string): this {
    return super.add(detach(value));
  }
}

/** Why a CHAN is not kept. */
const CHANGE_DATE = "the file's date of last change is not kept: the tree records its own changes (the record log)";

/** Why a record's pointer to its submitter (INDI.SUBM, FAM.SUBM) is not kept. */
const SUBMITTED_BY = "who submitted this record is not kept: the file's submitters are notes about the import run, not linked to what they sent";

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
  readonly sources = new RunMap<string>();
  /** A shared NOTE record's text, by xref (a note is made for each structure pointing at it). */
  readonly sharedNotes = new RunMap<string>();
  /** REPO xref -> its name (noted on the sources kept there). */
  readonly repositories = new RunMap<string>();
  /** REPO xref -> its address, phone, email, website and notes, a line each (noted with its name). */
  readonly repositoryDetails = new RunMap<string>();
  /** SUBM xref -> its name (a research interest, ANCI or DESI, names the submitter it points at). */
  readonly submitters = new RunMap<string>();
  /** Repositories some source pointed at (the others are kept on the run's key at the end). */
  readonly repositoriesUsed = new RunSet();
  /** Shared notes some structure pointed at (the others are kept on the run's key at the end). */
  readonly notesUsed = new RunSet();
  /** OBJE xref -> the media objects made of it (one per FILE). */
  readonly media = new RunMap<string[]>();
  readonly individuals = new RunMap<MappedIndividual>();
  /** `${child xref} ${family xref}` -> the child's FAMC.PEDI in that family. */
  readonly pedigrees = new RunMap<string>();
  /** `${child xref} ${family xref}` -> which partners adopted the child (ADOP.FAMC), until the family's edges are read. */
  readonly adoptions = new RunMap<{ by: AdoptedBy; line: number }>();
  /** `${child xref} ${family xref}` -> the child's FAMC.STAT for that family (`link-status.ts`), until the family's edges are read. */
  readonly linkStatuses = new RunMap<LinkStatus>();
  /** INDI.FAMS and INDI.FAMC links with NOTEs (`linkKey`), until the edge they became is made. */
  readonly linkNotes = new RunMap<GedcomNode>();
  /** (source id, page) -> citation id: one citation per place in a source, however often cited. */
  readonly citations = new RunMap<string>();
  /** `mentionKey` (an individual's xref, a source and citation it cites as a whole) -> the mention claim made of it. */
  readonly mentions = new RunMap<string>();
  /** Inline `SOUR text` (5.5) -> the source made for it. */
  readonly inlineSources = new RunMap<string>();
  /** Pairs of persons (`a b`, sorted) this run proposed as one (ALIA: alias-proposal.ts). */
  readonly mergesProposed = new RunSet();
  readonly loss = new LossCollector();
  readonly counts: Record<string, number> = {};
  /** GEDCOM 7 writes FILE as a URL (percent-escaped); 5.5.1 as a plain path. Set from HEAD.GEDC.VERS. */
  fileLinesAreUrls = false;
  private pending: ImportItem[] = [];

  constructor(
    readonly services: MappingServices,
    readonly actor: Actor,
    readonly importKey: string,
    /** A GEDZIP's files: the blob address of the file a FILE path names, if the archive held it. */
    readonly archive: (path: string) => string | undefined = () => undefined,
  ) {}

  /** What the header tells the mapping: the GEDCOM version (how FILE lines are written). */
  readHead(head: GedcomNode): void {
    const version = head.children.find((part) => part.tag === 'GEDC')?.children.find((part) => part.tag === 'VERS')?.value?.trim();
    this.fileLinesAreUrls = version?.startsWith('7') ?? false;
  }

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

  /**
   * A structure not mapped: into the loss report, under its path. A CHAN (the date the file's
   * program last changed the record) and a pointer to a submitter, wherever they stand, are
   * reported with why they are not kept.
   */
  lose(path: string, node: GedcomNode | undefined, reason: string): void {
    this.loss.add(path, node?.tag === 'CHAN' ? CHANGE_DATE : node?.tag === 'SUBM' && node.pointer !== undefined ? SUBMITTED_BY : reason, node?.line);
  }

  /**
   * Reports a structure kept in another form than its own (`how`: where it went and how exports
   * write it back): listed in the loss report as `kept`, so a reader can tell it from what was lost.
   */
  keptAs(path: string, node: GedcomNode | undefined, how: string): void {
    this.loss.add(path, how, node?.line, true);
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
      this.lose(path, node, refusalReason(error));
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
