import { yieldToLoop, type EntityLabel, type Tree } from '@rootline/kernel';
import type { SignalsCache } from './cache.js';
import { touchedBy } from './changes.js';
import type { Offences } from './examples.js';
import { TreePicture, type Offence, type Ref } from './picture.js';
import { signalReads, type ReadingServices } from './reads.js';
import { MAX_EXAMPLES, type DateInconsistencyKind, type SignalExample, type SignalsDto } from './schemas.js';
import { recordsSince } from './since.js';

/** What the signals read of the request's cradle: the owners of the data, through their contracts; the tree and the cache. */
interface SignalsCradle extends ReadingServices {
  tree: Tree;
  signalsCache: SignalsCache;
}

/**
 * Past this many records since the picture was last brought up to date (a GEDCOM import, an undo),
 * reading the whole tree again is cheaper than following each change.
 */
export const MAX_FOLLOWED_RECORDS = 2_000;

/**
 * The research signals of one tree (`signalsService`, request scope). The tree's picture
 * (picture.ts) is built once from whole-tree reads of the persons, family, assertions and events
 * plugins and kept (cache.ts); a later read follows the records written since: only the persons
 * and claims they touched are read and checked again. See docs/api.md "Research signals".
 */
export class SignalsService {
  constructor(private readonly cradle: SignalsCradle) {}

  /**
   * The signals as of now, with at most `limit` examples each: the kept picture brought up to
   * date from the records written since; without one (the first read), or after more changes
   * than are followed, the whole tree is read first (with pauses, see `TreePicture.built`), and
   * what changed during that reading is followed at once, however much it was.
   */
  async signals(limit: number): Promise<SignalsDto> {
    let shown = this.followed(limit, MAX_FOLLOWED_RECORDS);
    while (!shown) {
      await this.readWhole();
      shown = this.followed(limit, Infinity);
    }
    return shown;
  }

  /** The kept picture brought up to date and shown; undefined when there is none or more than `max` records to follow. */
  private followed(limit: number, max: number): SignalsDto | undefined {
    const { tree, signalsCache } = this.cradle;
    const kept = signalsCache.get(tree.id);
    if (!kept) return undefined;
    const { seq, recordId } = this.newest();
    if (kept.shown && kept.seq === seq && kept.recordId === recordId) return cut(kept.shown, limit);
    const records = recordsSince(tree, kept.seq, kept.recordId, max);
    if (!records) return undefined;
    if (records.length > 0) {
      const { assertionsService, eventsService } = this.cradle;
      const touched = touchedBy(records, kept.picture, {
        personaOfClaim: (claim) => assertionsService.get(claim)?.persona,
        eventSubjects: (event) => eventsService.get(event)?.participants ?? [],
      });
      kept.picture.update(signalReads(this.cradle), touched.persons, touched.claims);
    }
    const shown = this.shown(kept.picture, MAX_EXAMPLES);
    signalsCache.set(tree.id, { picture: kept.picture, seq, recordId, shown });
    return cut(shown, limit);
  }

  /** A whole reading of the tree, as of its last record when the reading starts (what is written meanwhile is followed afterwards). */
  private readWhole(): Promise<void> {
    const { tree, signalsCache } = this.cradle;
    return signalsCache.reading(tree.id, async () => {
      const { seq, recordId } = this.newest();
      const picture = await TreePicture.built(signalReads(this.cradle), yieldToLoop);
      return { picture, seq, recordId };
    });
  }

  /** The tree's last record (0 and '' for an empty log). */
  private newest(): { seq: number; recordId: string } {
    const newest = this.cradle.tree.records.list({ beforeSeq: null, limit: 1, kindPrefixes: [] })[0];
    return { seq: newest?.seq ?? 0, recordId: newest?.record_id ?? '' };
  }

  /** The signals computed from the whole tree, nothing kept: what `signals` must always agree with. */
  compute(limit: number): SignalsDto {
    return this.shown(TreePicture.of(signalReads(this.cradle)), limit);
  }

  /** The picture's counts and its first `limit` offences of each signal, labelled. */
  private shown(picture: TreePicture, limit: number): SignalsDto {
    const unevidenced: Offence[] = picture.unevidenced.first(limit).map(({ id, persona }) => {
      const owner = picture.personOf.get(persona);
      return { subject: { id, kind: 'assertion' }, related: owner === undefined ? [] : [{ id: owner, kind: 'person' }] };
    });
    const first = (offences: Offences<Offence>) => offences.first(limit);
    const kinds = Object.entries(picture.found).map(([kind, offences]) => [kind, offences, first(offences)] as const);
    const sourceless = first(picture.sourceless);
    const endOfLine = first(picture.endOfLine);
    const all = [sourceless, unevidenced, endOfLine, ...kinds.map(([, , listedFirst]) => listedFirst)].flat();
    const labels = this.labels(all.flatMap((offence) => [offence.subject, ...offence.related]));
    const shown = (offences: Offence[]): SignalExample[] => offences.map(({ subject, related }) => ({ ...labelled(labels, subject), related: related.map((ref) => labelled(labels, ref)) }));
    const signal = (count: number, offences: Offence[]) => ({ count, examples: shown(offences) });
    const found = Object.fromEntries(kinds.map(([kind, offences, listedFirst]) => [kind, signal(offences.count, listedFirst)])) as Record<DateInconsistencyKind, SignalsDto['date_inconsistencies']['died_before_born']>;
    return {
      example_limit: limit,
      sourceless_people: signal(picture.sourceless.count, sourceless),
      conclusions_without_evidence: signal(picture.unevidenced.count, unevidenced),
      date_inconsistencies: { count: kinds.reduce((sum, [, offences]) => sum + offences.count, 0), ...found },
      end_of_line_ancestors: signal(picture.endOfLine.count, endOfLine),
    };
  }

  /** The labels of the examples: one read per owning plugin. */
  private labels(refs: Ref[]): Map<string, string> {
    const ids = (kind: Ref['kind']) => [...new Set(refs.filter((ref) => ref.kind === kind).map((ref) => ref.id))];
    const read = (list: EntityLabel[]) => list.map((label): [string, string] => [label.id, label.label]);
    const { personsService, assertionsService, eventsService } = this.cradle;
    return new Map([...read(personsService.labels(ids('person'))), ...read(assertionsService.labels(ids('assertion'))), ...read(eventsService.labels(ids('event')))]);
  }
}

/** `signals` with at most `limit` examples each (the first ones: they are in order). */
function cut(signals: SignalsDto, limit: number): SignalsDto {
  const signal = (found: { count: number; examples: SignalExample[] }) => ({ count: found.count, examples: found.examples.slice(0, limit) });
  const { count, ...kinds } = signals.date_inconsistencies;
  return {
    example_limit: limit,
    sourceless_people: signal(signals.sourceless_people),
    conclusions_without_evidence: signal(signals.conclusions_without_evidence),
    date_inconsistencies: { count, ...(Object.fromEntries(Object.entries(kinds).map(([kind, found]) => [kind, signal(found)])) as typeof kinds) },
    end_of_line_ancestors: signal(signals.end_of_line_ancestors),
  };
}

function labelled(labels: Map<string, string>, ref: Ref) {
  return { id: ref.id, kind: ref.kind, label: labels.get(ref.id) ?? '' };
}
