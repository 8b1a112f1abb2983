import type { ServiceCradle } from '@rootline/kernel';
import type { AssertionDto } from '@rootline/contracts/assertions';
import type { QuestionDto, EntryDto } from '@rootline/contracts/research';
import { changedEntities } from './changes.js';
import { conflictItem, type Reader } from './items.js';
import { clip } from './text.js';

/** Items per section, newest first; `more` says older ones exist. */
const SETTLED_LIMIT = 50;

type SettledCradle = Pick<
  ServiceCradle,
  'tree' | 'actor' | 'paging' | 'researchService' | 'conflictsService' | 'assertionsService' | 'proofArgumentsService' | 'duplicatesService'
>;

/**
 * Settled knowledge and retired leads (`GET {P}/settled`): what an assistant should not
 * research again. Settled: conflicts resolved by a proof argument (with its conclusion),
 * questions closed with their answers, claims the human confirmed. Retired: claims refuted,
 * merges denied (remembered as not a match), and negative evidence (searched, found nothing).
 */
export class SettledService {
  constructor(private readonly cradle: SettledCradle) {}

  /** `reader`: what the caller may see (redactions), for the conflicts' claims (see conflictItem). */
  settled(reader: Reader) {
    return {
      settled: {
        resolved_conflicts: this.resolvedConflicts(reader),
        closed_questions: this.closedQuestions(),
        confirmed_claims: this.claims('confirmed'),
      },
      retired: {
        refuted_claims: this.claims('refuted'),
        denied_merges: this.deniedMerges(),
        negative_evidence: this.negativeEvidence(),
      },
    };
  }

  private resolvedConflicts(reader: Reader) {
    const { tree, conflictsService, proofArgumentsService } = this.cradle;
    const show = (id: string) => {
      const conflict = conflictsService.get(id);
      if (conflict?.status !== 'resolved') return undefined;
      const resolution = conflict.resolution!;
      const argument = proofArgumentsService.get(resolution.proof_argument);
      return {
        ...conflictItem(conflictsService.seenBy([conflict], reader)[0]),
        resolution: {
          outcome: resolution.outcome,
          resolved_at_ms: resolution.resolved_at_ms,
          proof_argument: { id: resolution.proof_argument, title: argument?.title ?? null, conclusion: clip(argument?.conclusion ?? null) },
        },
      };
    };
    return changedEntities(tree, ['conflict.resolved'], null, SETTLED_LIMIT, show);
  }

  private closedQuestions() {
    const { researchService, proofArgumentsService } = this.cradle;
    const rows = researchService.closedQuestions({ limit: SETTLED_LIMIT + 1 });
    return page(rows, (question: QuestionDto) => ({
      id: question.id,
      text: clip(question.text),
      subjects: question.subjects,
      answer: clip(question.answer),
      proof_argument: question.proof_argument === null ? null : { id: question.proof_argument, title: proofArgumentsService.get(question.proof_argument)?.title ?? null },
      closed_at_ms: question.closed_at_ms,
    }));
  }

  private claims(status: 'confirmed' | 'refuted') {
    const { assertionsService } = this.cradle;
    const rows = assertionsService.first({ status }, 'desc', SETTLED_LIMIT + 1);
    return {
      total: assertionsService.count({ status }),
      ...page(rows, (claim: AssertionDto) => ({
        id: claim.id,
        persona: claim.persona,
        kind: claim.kind,
        value: clip(claim.value),
        date: claim.date,
        place: claim.place,
        source: claim.source,
        citation: claim.citation,
      })),
    };
  }

  /** Newest denial first (the proposals list is oldest first): read from the denial records. */
  private deniedMerges() {
    const { paging, duplicatesService, tree } = this.cradle;
    const show = (id: string) => {
      const proposal = duplicatesService.get(id);
      if (proposal?.status !== 'denied') return undefined;
      return { id: proposal.id, persons: proposal.persons, reason: clip(proposal.reason), decided_at_ms: proposal.decided_at_ms };
    };
    // Only the count: a window of one item.
    const { total } = duplicatesService.page('denied', paging.open<string>('settled-denied-merges', { limit: 1 }, { max: 1, default: 1 }));
    return { total, ...changedEntities(tree, ['proposal.denied'], null, SETTLED_LIMIT, show) };
  }

  private negativeEvidence() {
    const rows = this.cradle.researchService.negativeEvidence({ limit: SETTLED_LIMIT + 1 });
    return page(rows, (entry: EntryDto) => ({
      id: entry.id,
      question: entry.question,
      text: clip(entry.text),
      searched: entry.searched,
      personas: entry.personas,
      created_at_ms: entry.created_at_ms,
    }));
  }
}

function page<Row, Item>(rows: Row[], shape: (row: Row) => Item) {
  return { items: rows.slice(0, SETTLED_LIMIT).map(shape), more: rows.length > SETTLED_LIMIT };
}
