import type { ServiceCradle, TreeRecord } from '@rootline/kernel';
import type { QuestionDto, EntryDto } from '@rootline/contracts/research';
import type { ConflictDto } from '@rootline/contracts/conflicts';
import type { PersonDto, PersonMerged, PersonSplit } from '@rootline/contracts/persons';
import { changedEntities, walkChanges } from './changes.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { fitDigest, DIGEST_MAX_BYTES, type Section } from './bound.js';
import { clip } from './text.js';
import { conflictItem } from './items.js';

/** Items per section before the byte bound (the bound may show fewer; `more` says so). */
export const SECTION_LIMIT = 25;

type StateCradle = Pick<
  ServiceCradle,
  'tree' | 'paging' | 'researchService' | 'conflictsService' | 'assertionsService' | 'personsService'
>;

/**
 * The project-state digest (`GET {P}/project/state`): what an assistant reads at the start of a
 * session. Every section is read in one synchronous pass with the cursor (the tree's last
 * record), so no write can fall between them: `since=<cursor>` then shows exactly the changes
 * after this answer, none twice and none lost.
 */
export class ProjectStateService {
  constructor(private readonly cradle: StateCradle) {}

  digest(since: string | undefined) {
    const { tree } = this.cradle;
    const lastSeq = tree.records.lastSeq();
    const sinceSeq = since === undefined ? 0 : decodeCursor(since, tree.id, lastSeq).seq;
    const digest = {
      cursor: encodeCursor({ tree: tree.id, seq: lastSeq }),
      since: since ?? null,
      max_bytes: DIGEST_MAX_BYTES,
      sections: {
        open_questions: this.openQuestions(sinceSeq),
        conflicts: this.conflicts(sinceSeq),
        pending: this.pending(sinceSeq),
        recent_log: this.recentLog(sinceSeq),
        changed_persons: this.changedPersons(sinceSeq),
      },
    };
    return fitDigest(digest);
  }

  /** Open questions changed after the cursor (all open ones without it), with plan progress. */
  private openQuestions(sinceSeq: number): Section<ReturnType<typeof questionItem>> {
    const rows = this.cradle.researchService.openQuestions({ sinceSeq, limit: SECTION_LIMIT + 1 });
    return section(rows.map(questionItem));
  }

  /**
   * Without a cursor: the open conflicts, newest first. With one: every conflict opened,
   * resolved or withdrawn after it, with its status now, so an assistant also learns that a
   * conflict it knew of is settled.
   */
  private conflicts(sinceSeq: number): Section<ReturnType<typeof conflictItem>> {
    const { conflictsService, paging, tree } = this.cradle;
    if (sinceSeq === 0) {
      const window = paging.open<string>('project-state-conflicts', { limit: SECTION_LIMIT }, { max: SECTION_LIMIT, default: SECTION_LIMIT });
      const page = conflictsService.page({ open_only: true }, window);
      return { items: page.items.map(conflictItem), more: page.next_cursor !== null };
    }
    const { ids, more } = changedEntities(tree, ['conflict'], sinceSeq, SECTION_LIMIT);
    const items = ids.map((id) => conflictsService.get(id)).filter((conflict): conflict is ConflictDto => conflict !== undefined);
    return { items: items.map(conflictItem), more };
  }

  /**
   * The pending lane by proposer. Without a cursor: every claim waiting for review. With one:
   * the claims captured after it that still wait.
   */
  private pending(sinceSeq: number) {
    const { assertionsService, tree } = this.cradle;
    if (sinceSeq === 0) {
      const buckets = assertionsService.buckets('proposer', { status: 'pending' }, SECTION_LIMIT + 1);
      const items = buckets.map((bucket) => ({ proposer: bucket.key, count: bucket.count }));
      return { total: assertionsService.count({ status: 'pending' }), ...section(items) };
    }
    const counts = new Map<string | null, number>();
    const { more } = walkChanges(tree, ['assertion.captured'], sinceSeq, Number.MAX_SAFE_INTEGER, (record: TreeRecord) => {
      if (assertionsService.get(record.entity_id)?.status !== 'pending') return false;
      const proposer = record.actor.proposer ?? null;
      counts.set(proposer, (counts.get(proposer) ?? 0) + 1);
      return true;
    });
    const items = [...counts].map(([proposer, count]) => ({ proposer, count })).sort((a, b) => b.count - a.count);
    return { total: items.reduce((sum, item) => sum + item.count, 0), items: items.slice(0, SECTION_LIMIT), more: more || items.length > SECTION_LIMIT };
  }

  /** Active log entries written or changed after the cursor (the newest without it). */
  private recentLog(sinceSeq: number): Section<ReturnType<typeof entryItem>> {
    return section(this.cradle.researchService.recentEntries({ sinceSeq, limit: SECTION_LIMIT + 1 }).map(entryItem));
  }

  /** Persons concluded, changed, merged, split or retracted after the cursor (the latest without it), each once. */
  private changedPersons(sinceSeq: number): Section<ChangedPerson> {
    const { personsService, tree } = this.cradle;
    const { ids, more } = changedEntities(tree, ['person'], sinceSeq, SECTION_LIMIT, personsChangedBy);
    const persons = personsService.many(ids);
    const shown = new Set(persons.map((person) => person.id));
    // A retracted or merged person is still a change to know of: its id and what became of it.
    const gone = ids.filter((id) => !shown.has(id)).map((id): ChangedPerson => {
      const survivor = personsService.survivorOf(id);
      return { id, display_name: null, status: survivor ? 'merged' : 'retracted', survivor };
    });
    return { items: [...persons.map(personItem), ...gone], more };
  }
}

/** The persons a `person.*` record changed: its own, and the merged person of a merge or the new person of a split. */
function personsChangedBy(record: TreeRecord): string[] {
  if (record.kind.startsWith('person.merged.')) return [record.entity_id, (record.payload as PersonMerged).merged];
  if (record.kind.startsWith('person.split.')) return [record.entity_id, (record.payload as PersonSplit).new_person];
  return [record.entity_id];
}

/** The first SECTION_LIMIT of `rows` (fetched one past it) and whether more exist. */
function section<Item>(rows: Item[]): Section<Item> {
  return { items: rows.slice(0, SECTION_LIMIT), more: rows.length > SECTION_LIMIT };
}

const questionItem = (question: QuestionDto) => ({
  id: question.id,
  text: clip(question.text),
  subjects: question.subjects,
  plan: question.plan,
  coverage_confirmed: question.coverage_confirmed !== null,
  updated_at_ms: question.updated_at_ms,
});

const entryItem = (entry: EntryDto) => ({
  id: entry.id,
  kind: entry.kind,
  question: entry.question,
  session: entry.session,
  text: clip(entry.text),
  personas: entry.personas,
  proposer: entry.proposer ?? null,
  updated_at_ms: entry.updated_at_ms,
});

interface ChangedPerson {
  id: string;
  display_name: string | null;
  status: 'active' | 'merged' | 'retracted';
  survivor: string | null;
  birth?: string | null;
  death?: string | null;
  updated_at_ms?: number;
}

const personItem = (person: PersonDto): ChangedPerson => ({
  id: person.id,
  display_name: person.display_name,
  status: 'active',
  survivor: null,
  birth: person.birth?.date ?? null,
  death: person.death?.date ?? null,
  updated_at_ms: person.updated_at_ms,
});
