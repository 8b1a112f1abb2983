/**
 * The research plugin's contract (`@rootline/plugin-research` implements it): the services it
 * registers in the container, the shapes they exchange and the payloads of its records.
 * Type-only: a plugin that uses research imports these types from `@rootline/contracts/research` and
 * never imports `@rootline/plugin-research` itself; it lists the plugin in its manifest `dependencies`
 * and `peerDependencies` so the server checks at boot that a compatible provider is loaded.
 */
import type { Actor, PageEnvelope, PageWindow } from '@rootline/kernel';

/**
 * Research questions of one tree (`researchService`, request scope): ask, reword, set subjects,
 * close and reopen, the entry anchors, and the reads a project-state or settled-knowledge plugin
 * builds on. Every change is one transaction with its `research_question.*.v1` record; every
 * check runs inside it before the first write, so a refusal writes nothing.
 */
export interface ResearchService {
  get(id: string): QuestionDto | undefined;
  exists(id: string): boolean;
  /** A question, or 404 `not-found`. */
  require(id: string): QuestionDto;
  /** One page of questions, oldest first; `total` counts every match. */
  page(filter: QuestionFilter, window: PageWindow<string>): PageEnvelope<QuestionDto>;
  create(actor: Actor, input: {
    text: string;
    subjects?: string[];
  }): QuestionDto;
  setText(actor: Actor, id: string, text: string): QuestionDto;
  /** Replaces the subjects; a confirmed coverage is cleared (it was judged for other persons). */
  setSubjects(actor: Actor, id: string, subjects: string[]): QuestionDto;
  /**
   * Closes an open question with an optional answer and proof argument (which must exist, and
   * must not answer another question). Closing a closed question is 409 `question-already-closed`.
   */
  close(actor: Actor, id: string, input: {
    answer?: string;
    proof_argument?: string;
  }): QuestionDto;
  /** Reopens a closed question (the route is human only); its answer and proof argument are cleared. 409 `question-already-open` when open. */
  reopen(actor: Actor, id: string): QuestionDto;
  /** Records the researcher's judgment that the search was reasonably exhaustive (coverage). */
  confirmCoverage(actor: Actor, id: string, note: string | undefined): QuestionDto;
  /**
   * The container question of a write that answers no question: "General research: <display
   * name>" for a person (its one subject), "General research" for the tree. Found, or made once:
   * the lookup and the insert share one transaction (and the anchor column is unique), so calls
   * at the same time get the same question.
   */
  anchor(actor: Actor, person: string | undefined): {
    created: boolean;
    question: QuestionDto;
  };
  /** Marks a change of the question's plan (or log): its `updated_at_ms` and `seq` move to `seq`. */
  touch(id: string, seq: number): void;
  /** The subject persons of a question, in order. */
  subjects(id: string): string[];
  /** Open questions changed (question or plan) after record `sinceSeq` (0: all), most recently changed first, with plan progress. */
  openQuestions(options: {
    sinceSeq?: number;
    limit: number;
  }): QuestionDto[];
  /** Closed questions with their answers and proof arguments, changed after `sinceSeq`, most recently changed first. */
  closedQuestions(options: {
    sinceSeq?: number;
    limit: number;
  }): QuestionDto[];
  /** Active log entries changed after record `sinceSeq` or logged at or after `sinceMs`, newest first (the research log). */
  recentEntries(options: {
    sinceSeq?: number;
    sinceMs?: number;
    limit: number;
  }): EntryDto[];
  /** Active negative evidence (searched, found nothing), newest first: leads already run down. */
  negativeEvidence(options: {
    sinceSeq?: number;
    limit: number;
  }): EntryDto[];
}

/**
 * The plans of research questions (`researchPlansService`, request scope): ordered items, done or
 * not, some assigned to an assistant credential. Order is kept exactly: a reorder reads the plan
 * and renumbers its items 0..n-1 inside its own transaction, and transactions on a tree run one
 * at a time, so concurrent reorders apply one after the other and positions never collide.
 * Every change also moves the question's `seq` (plan progress is part of the question).
 */
export interface ResearchPlansService {
  /** The plan of a question, in order; 404 for an unknown question. */
  plan(question: string): PlanDto;
  /** An item (deleted ones too), or undefined. */
  get(id: string): PlanItemDto | undefined;
  add(actor: Actor, question: string, input: {
    description: string;
    assignee?: string;
  }): PlanItemDto;
  setDescription(actor: Actor, id: string, description: string): PlanItemDto;
  /** Marks an item done or not; setting the state it already has changes and records nothing. */
  setDone(actor: Actor, id: string, done: boolean): PlanItemDto;
  /**
   * Moves an item just before or after another item of the same plan and renumbers the plan.
   * The other item must exist and not be deleted (404), be in the same plan (422
   * `plan-item-other-plan`) and not be the item itself (422 `plan-item-self`).
   */
  reorder(actor: Actor, id: string, target: {
    before: string;
  } | {
    after: string;
  }): PlanDto;
  /** Deletes an item from its plan (the row stays: its assignment reads as withdrawn). */
  remove(actor: Actor, id: string): void;
  /** An assignment row, or undefined. */
  assignmentRow(id: string): AssignmentRow | undefined;
  /** An assignment with its item, question, state and sessions; undefined when unknown. */
  assignment(id: string): AssignmentDto | undefined;
}

/**
 * The research log of one tree (`researchLogService`, request scope): entries, captures with
 * evidence and negative evidence; details appended, text corrected with its history kept, entries
 * retracted out of every active view. An entry without `session` joins the caller's open session;
 * one without `question` (capture, negative evidence) goes to an entry anchor. All checks run
 * inside the write's transaction before its first write, so a refusal writes nothing.
 */
export interface ResearchLogService {
  get(id: string): EntryDto | undefined;
  log(actor: Actor, input: NewEntry & {
    question: string;
  }): EntryDto;
  capture(actor: Actor, input: NewEntry): EntryDto;
  negative(actor: Actor, input: NewEntry): EntryDto;
  /** Appends a detail to an active entry. */
  addDetail(actor: Actor, id: string, text: string): EntryDto;
  /** Corrects an active entry's text; the text it had goes into `corrections` with the reason. */
  correct(actor: Actor, id: string, text: string, reason: string | undefined): EntryDto;
  /** Takes an entry out of every active view (lists, lines, coverage, counts); retracting it again changes nothing. */
  retract(actor: Actor, id: string, reason: string | undefined): EntryDto;
  /** The question's active entries as lines, oldest first (404 for an unknown question). */
  lines(question: string): string[];
  /** One page of active entries in id (= logging) order, `asc` or `desc`. */
  page(filter: EntryFilter, order: 'asc' | 'desc', window: PageWindow<string>): PageEnvelope<EntryDto>;
  /** Active entries (negative evidence only, when asked) changed after `sinceSeq` and logged at or after `sinceMs`, most recently changed first. */
  recent(options: {
    sinceSeq?: number;
    sinceMs?: number;
    limit: number;
    negativeOnly: boolean;
  }): EntryDto[];
  /** What the question's active entries searched, oldest first (coverage). */
  searchTraces(question: string): SearchTrace[];
  /** The entries of a session: active ones by kind, the first 100 ids, and how many were retracted. */
  ofSession(session: string): {
    total: number;
    by_kind: Record<Kind, number>;
    retracted: number;
    items: string[];
  };
}

/**
 * Research sessions of one tree (`researchSessionsService`, request scope). A credential has at
 * most one open session: starting another ends the open one (`end_reason: superseded`), so an
 * assistant that lost track of its session is never locked out. While a session is open, log
 * entries its credential writes without `session` join it, and the claims it captures are linked
 * to it (`linkCapturedClaims`, a record observer).
 */
export interface ResearchSessionsService {
  start(actor: Actor, input: StartSessionBody): SessionSummary;
  /** Ends a session (anyone's: the human may end an assistant's stale one); ending it again changes nothing. */
  end(actor: Actor, id: string): SessionSummary;
  /** The caller's open session, summarised, or null. */
  current(actor: Actor): SessionSummary | null;
  /** The id of the caller's open session, or null. */
  openOf(actor: Actor): string | null;
  /** A session that is open, or 404 / 409 `session-ended`. */
  requireOpen(id: string): string;
  /** What happened in a session: its entries, the claims its credential captured and their review state now, the time spent. */
  summary(id: string): SessionSummary | undefined;
  /** The sessions that worked on an assignment, oldest first. */
  ofAssignment(assignment: string): AssignmentDto['sessions'];
}

/**
 * Search coverage of a question (`researchCoverageService`, request scope). For the question's
 * subject persons it lists where and when to search (places and years of their birth and death
 * summaries and standing claims) and which record categories (categories.ts) the question's
 * active log entries searched — named in `searched.categories`, by a word of `searched.scope`,
 * or through the citation templates of the sources they cite or searched and of their evidence
 * citation — and which typical ones none did. The status is the researcher's judgment:
 * `reasonably_exhaustive` once confirmed (coverage-confirm), `incomplete` before; a coverage
 * where every typical category was searched is still `incomplete` until someone confirms it,
 * because only the researcher knows which categories apply.
 */
export interface ResearchCoverageService {
  coverage(id: string): CoverageDto;
}

export type QuestionDto = {
  proposer?: string | undefined;
  id: string;
  text: string;
  status: 'open' | 'closed';
  subjects: string[];
  anchor: {
    kind: 'person' | 'tree';
    person: string | null;
  } | null;
  answer: string | null;
  proof_argument: string | null;
  closed_at_ms: number | null;
  plan: {
    total: number;
    done: number;
  };
  coverage_confirmed: {
    at_ms: number;
    actor_kind: string;
    credential_id: string | null;
    note: string | null;
  } | null;
  created_at_ms: number;
  updated_at_ms: number;
  seq: number;
};

export type PlanDto = {
  total: number;
  done: number;
  question: string;
  items: {
    id: string;
    created_at_ms: number;
    updated_at_ms: number;
    done: boolean;
    question: string;
    description: string;
    done_at_ms: number | null;
    position: number;
    assignment: {
      id: string;
      assignee: string;
    } | null;
    deleted_at_ms: number | null;
  }[];
};

export type PlanItemDto = {
  id: string;
  created_at_ms: number;
  updated_at_ms: number;
  done: boolean;
  question: string;
  description: string;
  done_at_ms: number | null;
  position: number;
  assignment: {
    id: string;
    assignee: string;
  } | null;
  deleted_at_ms: number | null;
};

export type AssignmentDto = {
  id: string;
  created_at_ms: number;
  question: {
    id: string;
    text: string;
    status: 'open' | 'closed';
  };
  assignee: string;
  state: 'open' | 'done' | 'withdrawn';
  item: {
    id: string;
    created_at_ms: number;
    updated_at_ms: number;
    done: boolean;
    question: string;
    description: string;
    done_at_ms: number | null;
    position: number;
    assignment: {
      id: string;
      assignee: string;
    } | null;
    deleted_at_ms: number | null;
  };
  sessions: {
    id: string;
    status: 'open' | 'ended';
    credential_id: string | null;
    goal: string;
    started_at_ms: number;
    ended_at_ms: number | null;
    time_spent_ms: number;
  }[];
};

export type EntryDto = {
  proposer?: string | undefined;
  id: string;
  text: string;
  status: 'active' | 'retracted';
  created_at_ms: number;
  updated_at_ms: number;
  seq: number;
  kind: 'entry' | 'capture' | 'negative';
  question: string;
  session: string | null;
  personas: string[];
  sources: string[];
  evidence: {
    source: string | null;
    citation: string | null;
    blob: string | null;
  } | null;
  searched: {
    source: string | null;
    repository: string | null;
    scope: string | null;
    categories: string[];
  } | null;
  details: {
    text: string;
    at_ms: number;
    actor_kind: string;
    credential_id: string | null;
  }[];
  corrections: {
    text: string;
    at_ms: number;
    actor_kind: string;
    credential_id: string | null;
    reason: string | null;
  }[];
  retracted_at_ms: number | null;
  retract_reason: string | null;
};

export type SessionSummary = {
  id: string;
  status: 'open' | 'ended';
  proposer: string | null;
  actor_kind: string;
  credential_id: string | null;
  question: string | null;
  assignment: string | null;
  goal: string;
  started_at_ms: number;
  ended_at_ms: number | null;
  time_spent_ms: number;
  end_reason: 'ended' | 'superseded' | null;
  entries: {
    total: number;
    items: string[];
    retracted: number;
    by_kind: {
      entry: number;
      capture: number;
      negative: number;
    };
  };
  claims: {
    total: number;
    items: {
      status: string;
      assertion: string;
      captured_at_ms: number;
    }[];
    by_status: {
      [x: string]: number;
      [x: number]: number;
    };
  };
};

export type CoverageDto = {
  status: 'incomplete' | 'reasonably_exhaustive';
  subjects: {
    person: string;
    display_name: string;
    places: string[];
    years: {
      from: number;
      to: number;
    } | null;
  }[];
  question: string;
  searched: {
    sources: string[];
    entries: string[];
    category: string;
    label: string;
    typical: boolean;
  }[];
  not_searched: {
    category: string;
    label: string;
  }[];
  confirmed: {
    at_ms: number;
    actor_kind: string;
    credential_id: string | null;
    note: string | null;
  } | null;
};

export interface QuestionFilter {
  status?: 'open' | 'closed';
  subject_kind?: 'person';
  subject_id?: string;
}

export interface AssignmentRow {
  id: string;
  item: string;
  question: string;
  assignee: string;
  created_at_ms: number;
}

export interface NewEntry {
  question?: string;
  text: string;
  session?: string;
  personas?: string[];
  sources?: string[];
  evidence?: CaptureBody['evidence'];
  searched?: NegativeBody['searched'];
}

export interface EntryFilter {
  question?: string;
  session?: string;
  persona?: string;
  source?: string;
}

/** What coverage reads of an active entry: what it searched, and the sources and citation it went through. */
export interface SearchTrace {
  id: string;
  searched: EntryDto['searched'];
  citation: string | null;
  sources: string[];
}

export type Kind = EntryDto['kind'];

export type StartSessionBody = {
  question?: string | undefined;
  assignment?: string | undefined;
  goal: string;
};

export type CaptureBody = {
  question?: string | undefined;
  session?: string | undefined;
  personas?: string[] | undefined;
  sources?: string[] | undefined;
  evidence?: {
    source?: string | undefined;
    citation?: string | undefined;
    blob?: string | undefined;
  } | undefined;
  text: string;
};

export type NegativeBody = {
  question?: string | undefined;
  session?: string | undefined;
  personas?: string[] | undefined;
  searched?: {
    source?: string | undefined;
    repository?: string | undefined;
    scope?: string | undefined;
    categories?: string[] | undefined;
  } | undefined;
  text: string;
};

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** Research questions of the request's tree: ask, close, reopen, entry anchors, and the reads above. */
    researchService: ResearchService;
    /** Plans of questions: items, order, done, assignments. */
    researchPlansService: ResearchPlansService;
    /** The research log: entries, captures with evidence, negative evidence. */
    researchLogService: ResearchLogService;
    /** Research sessions of the credentials, and what happened in them. */
    researchSessionsService: ResearchSessionsService;
    /** Search coverage of a question. */
    researchCoverageService: ResearchCoverageService;
  }
}
