import type { ServiceCradle, TreeRecord } from '@rootline/kernel';
import type { QuestionDto, EntryDto } from '@rootline/contracts/research';
import type { PersonDto, PersonMerged, PersonSplit } from '@rootline/contracts/persons';
import { changedEntities, walkChanges } from './changes.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { fitDigest, DIGEST_MAX_BYTES, type Section } from './bound.js';
import { clip } from './text.js';
import { conflictItem, type Reader } from './items.js';

/** Items per section before the byte bound (the bound may show fewer; `more` says so). */
const SECTION_LIMIT = 25;

type StateCradle = Pick<
  ServiceCradle,
  'tree' | 'actor' | 'researchService' | 'researchLogService' | 'conflictsService' | 'assertionsService' | 'personsService'
>;

/**
 * The project-state digest (`GET {P}/project/state`): what an assistant reads at the start of a
 * session. Every section is read in one synchronous pass with the cursor (the tree's last
 * record), so no write can fall between them: `since=<cursor>` then shows exactly the changes
 * after this answer, none twice and none lost.
 */
export class ProjectStateService {
  constructor(private readonly cradle: StateCradle) {}

  /**
   * `reader` is what the caller may see (the kernel's read filters: redactions): conflicts' claims
   * go through it here, and the bound measures every item as the reader will get it, so the
   * reply stays within DIGEST_MAX_BYTES after the redactions are applied to it too.
   */
  digest(since: string | undefined, reader: Reader) {
    const { tree } = this.cradle;
    const lastSeq = tree.records.lastSeq();
    // null: no since, the state as it stands. A number (0 too: the cursor of an empty tree): changes after it.
    const sinceSeq = since === undefined ? null : decodeCursor(since, tree.id, lastSeq).seq;
    const digest = {
      cursor: encodeCursor({ tree: tree.id, seq: lastSeq }),
      since: since ?? null,
      max_bytes: DIGEST_MAX_BYTES,
      sections: {
        open_questions: this.questions(sinceSeq),
        conflicts: this.conflicts(sinceSeq, reader),
        pending: this.pending(sinceSeq),
        recent_log: this.recentLog(sinceSeq),
        changed_persons: this.changedPersons(sinceSeq),
      },
    };
    return fitDigest(digest, DIGEST_MAX_BYTES, (value) => reader(value));
  }

  /**
   * Without a cursor: the open questions, most recently changed first, with plan progress. With
   * one: every question asked, changed (its plan too), closed or reopened after it, with its
   * status now, so an assistant also learns that a question it knew of was closed.
   */
  private questions(sinceSeq: number | null): Section<QuestionItem> {
    const { researchService } = this.cradle;
    const options = { sinceSeq: sinceSeq ?? 0, limit: SECTION_LIMIT + 1 };
    const open = researchService.openQuestions(options);
    const rows = sinceSeq === null ? open : [...open, ...researchService.closedQuestions(options)].sort((a, b) => b.seq - a.seq);
    return section(rows.map(questionItem));
  }

  /**
   * Without a cursor: the open conflicts, newest first. With one: every conflict opened,
   * resolved or withdrawn after it, with its status now, so an assistant also learns that a
   * conflict it knew of is settled.
   */
  private conflicts(sinceSeq: number | null, reader: Reader): Section<ReturnType<typeof conflictItem>> {
    const { conflictsService, tree } = this.cradle;
    const show = (id: string) => {
      const conflict = conflictsService.get(id);
      if (conflict === undefined || (sinceSeq === null && conflict.status !== 'open')) return undefined;
      return conflictItem(conflictsService.seenBy([conflict], reader)[0]);
    };
    return changedEntities(tree, [sinceSeq === null ? 'conflict.opened' : 'conflict'], sinceSeq, SECTION_LIMIT, show);
  }

  /**
   * The pending lane by proposer, largest first. Without a cursor: every claim waiting for
   * review. With one: the claims captured (or taken back from deferred) after it that still wait.
   */
  private pending(sinceSeq: number | null): Section<PendingItem> & { total: number } {
    const { assertionsService, tree } = this.cradle;
    if (sinceSeq === null) {
      const buckets = assertionsService.buckets('proposer', { status: 'pending' }, SECTION_LIMIT + 1);
      const items = buckets.map((bucket) => ({ proposer: bucket.key, count: bucket.count }));
      return { total: assertionsService.count({ status: 'pending' }), ...section(items) };
    }
    const counts = new Map<string | null, number>();
    const seen = new Set<string>();
    const { complete } = walkChanges(tree, ['assertion.captured', 'assertion.undeferred'], sinceSeq, (record: TreeRecord) => {
      if (seen.has(record.entity_id)) return true;
      seen.add(record.entity_id);
      const claim = assertionsService.get(record.entity_id);
      if (claim?.status !== 'pending') return true;
      const proposer = claim.proposer ?? null;
      counts.set(proposer, (counts.get(proposer) ?? 0) + 1);
      return true;
    });
    // The buckets' order: largest first, then by proposer (no proposer first).
    const items = [...counts].map(([proposer, count]) => ({ proposer, count })).sort((a, b) => b.count - a.count || byProposer(a.proposer, b.proposer));
    return { total: items.reduce((sum, item) => sum + item.count, 0), items: items.slice(0, SECTION_LIMIT), more: !complete || items.length > SECTION_LIMIT };
  }

  /**
   * Without a cursor: the newest active log entries. With one: every entry logged, detailed,
   * corrected or retracted after it (latest change first), with its status now.
   */
  private recentLog(sinceSeq: number | null): Section<EntryItem> {
    const { researchService, researchLogService, tree } = this.cradle;
    if (sinceSeq === null) return section(researchService.recentEntries({ limit: SECTION_LIMIT + 1 }).map(entryItem));
    const show = (id: string) => {
      const entry = researchLogService.get(id);
      return entry && entryItem(entry);
    };
    return changedEntities(tree, ['research_log_entry'], sinceSeq, SECTION_LIMIT, show);
  }

  /** Persons concluded, changed, merged, split or retracted after the cursor (the latest without it), latest change first, each once. */
  private changedPersons(sinceSeq: number | null): Section<ChangedPerson> {
    const { personsService, tree } = this.cradle;
    // A retracted or merged person is still a change to know of: its id and what became of it.
    const show = (id: string): ChangedPerson => {
      const person = personsService.get(id);
      if (person) return personItem(person);
      const survivor = personsService.survivorOf(id);
      return { id, display_name: null, status: survivor ? 'merged' : 'retracted', survivor };
    };
    return changedEntities(tree, ['person'], sinceSeq, SECTION_LIMIT, show, personsChangedBy);
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

const byProposer = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);

interface PendingItem {
  proposer: string | null;
  count: number;
}

type QuestionItem = ReturnType<typeof questionItem>;
type EntryItem = ReturnType<typeof entryItem>;

const questionItem = (question: QuestionDto) => ({
  id: question.id,
  status: question.status,
  text: clip(question.text),
  subjects: question.subjects,
  anchor: question.anchor,
  plan: question.plan,
  coverage_confirmed: question.coverage_confirmed !== null,
  updated_at_ms: question.updated_at_ms,
});

const entryItem = (entry: EntryDto) => ({
  id: entry.id,
  kind: entry.kind,
  status: entry.status,
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
