import type { Actor, PageEnvelope, PageWindow, Tree } from '@rootline/kernel';
import type { ResearchCradle } from './cradle.js';
import { ResearchProblems } from './errors.js';
import { QuestionStore, questionDto, TREE_ANCHOR, type QuestionFilter, type QuestionRow } from './question-store.js';
import type { QuestionDto } from './schemas/questions.js';
import type { EntryDto } from './schemas/log.js';
import type { ResearchService as ResearchServiceContract } from '@rootline/contracts/research';

/**
 * Research questions of one tree (`researchService`, request scope): ask, reword, set subjects,
 * close and reopen, the entry anchors, and the reads a project-state or settled-knowledge plugin
 * builds on. Every change is one transaction with its `research_question.*.v1` record; every
 * check runs inside it before the first write, so a refusal writes nothing.
 */
export class ResearchService implements ResearchServiceContract {
  private readonly tree: Tree;
  private readonly store: QuestionStore;

  constructor(private readonly cradle: ResearchCradle) {
    this.tree = cradle.tree;
    this.store = new QuestionStore(cradle.tree);
  }

  get(id: string): QuestionDto | undefined {
    const row = this.store.get(id);
    return row && questionDto(row);
  }

  exists(id: string): boolean {
    return this.store.exists(id);
  }

  /** A question, or 404 `not-found`. */
  require(id: string): QuestionDto {
    return questionDto(this.requireRow(id));
  }

  /** One page of questions, oldest first; `total` counts every match. */
  page(filter: QuestionFilter, window: PageWindow<string>): PageEnvelope<QuestionDto> {
    return window.read((after, take) => this.store.page(filter, after, take), () => this.store.count(filter), (row) => row.id, questionDto);
  }

  create(actor: Actor, input: { text: string; subjects?: string[] }): QuestionDto {
    return this.tree.transact(() => {
      const subjects = input.subjects ?? [];
      this.requirePersons(subjects);
      return this.insert(actor, input.text, subjects, null);
    });
  }

  setText(actor: Actor, id: string, text: string): QuestionDto {
    return this.change(actor, id, 'text_set', {}, () => this.store.update(id, { text }));
  }

  /** Replaces the subjects; a confirmed coverage is cleared (it was judged for other persons). */
  setSubjects(actor: Actor, id: string, subjects: string[]): QuestionDto {
    return this.tree.transact(() => {
      this.requireRow(id);
      this.requirePersons(subjects);
      return this.change(actor, id, 'subjects_set', { subjects }, () => {
        this.store.setSubjects(id, subjects);
        this.store.update(id, { coverage_confirmed_at_ms: null, coverage_confirmed_kind: null, coverage_confirmed_credential: null, coverage_confirmed_note: null });
      });
    });
  }

  /**
   * Closes an open question with an optional answer and proof argument (which must exist, and
   * must not answer another question). Closing a closed question is 409 `question-already-closed`.
   */
  close(actor: Actor, id: string, input: { answer?: string; proof_argument?: string }): QuestionDto {
    return this.tree.transact(() => {
      const row = this.requireRow(id);
      if (row.status === 'closed') throw ResearchProblems.alreadyClosed(`The research question ${id} was closed; reopen it (human only) to close it again`);
      if (input.proof_argument !== undefined) this.requireProofArgument(id, input.proof_argument);
      const proof = input.proof_argument ?? null;
      return this.change(actor, id, 'closed', { answered: input.answer !== undefined, proof_argument: proof }, () =>
        this.store.update(id, { status: 'closed', answer: input.answer ?? null, proof_argument: proof, closed_at_ms: this.cradle.clock.now() }),
      );
    });
  }

  /** Reopens a closed question (the route is human only); its answer and proof argument are cleared. 409 `question-already-open` when open. */
  reopen(actor: Actor, id: string): QuestionDto {
    return this.tree.transact(() => {
      const row = this.requireRow(id);
      if (row.status === 'open') throw ResearchProblems.alreadyOpen(`The research question ${id} is open`);
      return this.change(actor, id, 'reopened', { answer: row.answer, proof_argument: row.proof_argument }, () =>
        this.store.update(id, { status: 'open', answer: null, proof_argument: null, closed_at_ms: null }),
      );
    });
  }

  /** Records the researcher's judgment that the search was reasonably exhaustive (coverage). */
  confirmCoverage(actor: Actor, id: string, note: string | undefined): QuestionDto {
    return this.change(actor, id, 'coverage_confirmed', { note: note ?? null }, () =>
      this.store.update(id, {
        coverage_confirmed_at_ms: this.cradle.clock.now(),
        coverage_confirmed_kind: actor.kind,
        coverage_confirmed_credential: actor.credentialId,
        coverage_confirmed_note: note ?? null,
      }),
    );
  }

  /**
   * The container question of a write that answers no question: "General research: <display
   * name>" for a person (its one subject), "General research" for the tree. Found, or made once:
   * the lookup and the insert share one transaction (and the anchor column is unique), so calls
   * at the same time get the same question.
   */
  anchor(actor: Actor, person: string | undefined): { created: boolean; question: QuestionDto } {
    return this.tree.transact(() => {
      const key = person ?? TREE_ANCHOR;
      const found = this.store.byAnchor(key);
      if (found) return { created: false, question: questionDto(found) };
      if (person === undefined) return { created: true, question: this.insert(actor, 'General research', [], key) };
      const subject = this.cradle.personsService.get(person);
      if (!subject) throw ResearchProblems.personNotFound(person);
      return { created: true, question: this.insert(actor, `General research: ${subject.display_name}`, [person], key) };
    });
  }

  /** Marks a change of the question's plan (or log): its `updated_at_ms` and `seq` move to `seq`. */
  touch(id: string, seq: number): void {
    this.store.touch(id, this.cradle.clock.now(), seq);
  }

  /** The subject persons of a question, in order. */
  subjects(id: string): string[] {
    return this.store.subjects(id);
  }

  // Reads for a project-state / settled-knowledge plugin ------------------------------------

  /** Open questions changed (question or plan) after record `sinceSeq` (0: all), most recently changed first, with plan progress. */
  openQuestions(options: { sinceSeq?: number; limit: number }): QuestionDto[] {
    return this.store.changed('open', options.sinceSeq ?? 0, options.limit).map(questionDto);
  }

  /** Closed questions with their answers and proof arguments, changed after `sinceSeq`, most recently changed first. */
  closedQuestions(options: { sinceSeq?: number; limit: number }): QuestionDto[] {
    return this.store.changed('closed', options.sinceSeq ?? 0, options.limit).map(questionDto);
  }

  /** Active log entries changed after record `sinceSeq` or logged at or after `sinceMs`, newest first (the research log). */
  recentEntries(options: { sinceSeq?: number; sinceMs?: number; limit: number }): EntryDto[] {
    return this.cradle.researchLogService.recent({ ...options, negativeOnly: false });
  }

  /** Active negative evidence (searched, found nothing), newest first: leads already run down. */
  negativeEvidence(options: { sinceSeq?: number; limit: number }): EntryDto[] {
    return this.cradle.researchLogService.recent({ ...options, negativeOnly: true });
  }

  // ------------------------------------------------------------------------------------------

  private insert(actor: Actor, text: string, subjects: string[], anchor: string | null): QuestionDto {
    const id = this.cradle.ids.next();
    const { seq } = this.tree.record({ kind: 'research_question.created.v1', entity_type: 'research_question', entity_id: id, actor, payload: { subjects, anchor: anchor !== null } });
    this.store.insert(actor, { id, text, anchor, now: this.cradle.clock.now(), seq });
    this.store.setSubjects(id, subjects);
    return this.require(id);
  }

  /** One change of an existing question: 404 first, then the record, the write and the new seq. */
  private change(actor: Actor, id: string, verb: string, payload: Record<string, unknown>, write: () => void): QuestionDto {
    return this.tree.transact(() => {
      this.requireRow(id);
      const { seq } = this.tree.record({ kind: `research_question.${verb}.v1`, entity_type: 'research_question', entity_id: id, actor, payload });
      write();
      this.touch(id, seq);
      return this.require(id);
    });
  }

  private requireRow(id: string): QuestionRow {
    const row = this.store.get(id);
    if (!row) throw ResearchProblems.questionNotFound(id);
    return row;
  }

  private requirePersons(persons: readonly string[]): void {
    for (const person of persons) if (!this.cradle.personsService.exists(person)) throw ResearchProblems.personNotFound(person);
  }

  private requireProofArgument(question: string, id: string): void {
    const argument = this.cradle.proofArgumentsService.get(id);
    if (!argument) throw ResearchProblems.proofArgumentNotFound(id);
    if (argument.question !== null && argument.question !== question) {
      throw ResearchProblems.proofArgumentOtherQuestion(`The proof argument ${id} answers the research question ${argument.question}, not ${question}`);
    }
  }
}
