import { ACTOR_COLUMNS, actorValues, optionalService, type Actor, type Clock, type EntityLabel, type IdSource, type PageEnvelope, type PageWindow, type Tree } from '@rootline/kernel';
import type { AssertionDto, AssertionsService } from '@rootline/contracts/assertions';
import type { CitationCatalogue, CitationDto, CitationsService, SourcesService } from '@rootline/contracts/sources';
import type {} from '@rootline/contracts/research';
import type { ClaimWeighed, CreateProofArgumentBody, ProofArgumentDetail, ProofArgumentDto } from './schemas.js';
import { ProofProblems } from './errors.js';
import type { ProofArgumentsService as ProofArgumentsServiceContract } from '@rootline/contracts/proofs';

/**
 * What the service uses of the request's cradle. It keeps the cradle rather than the services:
 * the container builds the assertions, sources and citations services only when a call needs
 * them (a list never does).
 */
interface ProofsCradle {
  tree: Tree;
  clock: Clock;
  ids: IdSource;
  assertionsService: AssertionsService;
  sourcesService: SourcesService;
  citationsService: CitationsService;
  citationCatalogue: CitationCatalogue;
}

interface ArgumentRow {
  id: string;
  title: string;
  text: string;
  question: string | null;
  conclusion: string | null;
  created_at_ms: number;
  updated_at_ms: number;
  proposer: string | null;
  /** The weighed claims' ids as a JSON array, in order (built by SQLite). */
  assertions: string;
}

/** The columns of an argument, its claims as one JSON array in their order. */
const SELECT = `SELECT id, title, text, question, conclusion, created_at_ms, updated_at_ms, proposer,
  (SELECT json_group_array(assertion) FROM (SELECT assertion FROM proof_argument_claims WHERE argument = a.id ORDER BY position)) AS assertions
  FROM proof_arguments a`;

function dto(row: ArgumentRow): ProofArgumentDto {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    question: row.question,
    assertions: JSON.parse(row.assertions) as string[],
    conclusion: row.conclusion,
    created_at_ms: row.created_at_ms,
    updated_at_ms: row.updated_at_ms,
    ...(row.proposer !== null ? { proposer: row.proposer } : {}),
  };
}

/** A citation the export cites: its notes in Markdown (the sources plugin's renderings), null without a template. */
export interface CitationNotes {
  id: string;
  /** The source the citation cites, if any. */
  source: string | null;
  first_reference: string | null;
  subsequent: string | null;
  source_list: string | null;
  /** The element values of a citation without a template, joined (its only text); null with a template or without values. */
  elements: string | null;
}

/** What the export draws: the argument, its claims and the notes of every citation they cite. */
export interface ProofDocument extends ProofArgumentDetail {
  citations: CitationNotes[];
}

const unique = (values: (string | null | undefined)[]): string[] => [...new Set(values.filter((value): value is string => typeof value === 'string'))];

/**
 * Proof arguments of one tree (`proofArgumentsService`, request scope). Other plugins (conflicts)
 * check an argument with `exists` and read it with `get`; `labels` serves `GET /labels`.
 * Every write runs in `tree.transact` with its record; every check runs first, so a refused
 * request writes nothing.
 */
export class ProofArgumentsService implements ProofArgumentsServiceContract {
  private readonly tree: Tree;

  constructor(private readonly cradle: ProofsCradle) {
    this.tree = cradle.tree;
  }

  /**
   * Whether the research question exists in this tree, asked of the research plugin when the server
   * has it: research depends on proofs (a question closes with an argument), so it is an optional
   * service here, not a dependency. Without it, a question is stored as given.
   */
  private questionExists(id: string): boolean {
    return optionalService(this.cradle, 'researchService')?.exists(id) ?? true;
  }

  exists(id: string): boolean {
    return this.tree.prepare('SELECT 1 FROM proof_arguments WHERE id = ?').get(id) !== undefined;
  }

  /** The argument with each claim it weighs, as the claim stands now; undefined for an unknown id. */
  get(id: string): ProofArgumentDetail | undefined {
    const row = this.tree.prepare(`${SELECT} WHERE id = ?`).get(id) as ArgumentRow | undefined;
    if (!row) return undefined;
    const argument = dto(row);
    return { ...argument, claims: this.claims(argument.assertions).views };
  }

  /** `GET /labels` (views plugin): each argument's title; unknown ids are left out. */
  labels(ids: readonly string[]): EntityLabel[] {
    const rows = this.tree.prepare('SELECT id, title FROM proof_arguments WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id').all(JSON.stringify(ids)) as { id: string; title: string }[];
    return rows.map((row) => ({ id: row.id, kind: 'proof_argument', label: row.title }));
  }

  /**
   * Writes an argument and `proof_argument.created.v1`. Every claim must exist (404 `not-found`
   * naming the first unknown one, nothing written); a repeated claim is kept once, where it first
   * appears. `question` must be a research question of this tree (404), when the server has research.
   */
  create(actor: Actor, input: CreateProofArgumentBody): ProofArgumentDto {
    const assertions = unique(input.assertions ?? []);
    const now = this.cradle.clock.now();
    const proposer = actorValues(actor)[2];
    const argument: ProofArgumentDto = {
      id: this.cradle.ids.next(),
      title: input.title,
      text: input.text,
      question: input.question ?? null,
      assertions,
      conclusion: input.conclusion ?? null,
      created_at_ms: now,
      updated_at_ms: now,
      ...(proposer !== null ? { proposer } : {}),
    };
    return this.tree.transact(() => {
      for (const assertion of assertions) if (!this.cradle.assertionsService.get(assertion)) throw ProofProblems.assertionNotFound(assertion);
      if (argument.question !== null && !this.questionExists(argument.question)) throw ProofProblems.questionNotFound(argument.question);
      this.tree
        .prepare(`INSERT INTO proof_arguments (id, title, text, question, conclusion, created_at_ms, updated_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(argument.id, argument.title, argument.text, argument.question, argument.conclusion, now, now, ...actorValues(actor));
      const claim = this.tree.prepare('INSERT INTO proof_argument_claims (argument, position, assertion) VALUES (?, ?, ?)');
      assertions.forEach((assertion, position) => claim.run(argument.id, position, assertion));
      this.tree.record({
        kind: 'proof_argument.created.v1', entity_type: 'proof_argument', entity_id: argument.id, actor,
        payload: { title: argument.title, question: argument.question, assertions },
      });
      return argument;
    });
  }

  /** One page of the list, oldest first (ids are UUIDv7: creation order), optionally of one question; `total` counts the matches. */
  list(filter: { question?: string }, window: PageWindow<string>): PageEnvelope<ProofArgumentDto> {
    const question = filter.question ?? null;
    const where = question === null ? 'TRUE' : 'question = @question';
    return window.read(
      (after, take) =>
        this.tree
          .prepare(`${SELECT} WHERE ${where}${after === null ? '' : ' AND id > @after'} ORDER BY id LIMIT @take`)
          .all({ question, after, take }) as ArgumentRow[],
      () => this.tree.prepare(`SELECT count(*) FROM proof_arguments WHERE ${where}`).pluck().get({ question }) as number,
      (row) => row.id,
      dto,
    );
  }

  /** What the export draws (before the reader's filters): the argument, its claims and their citations' notes. */
  document(id: string): ProofDocument | undefined {
    const row = this.tree.prepare(`${SELECT} WHERE id = ?`).get(id) as ArgumentRow | undefined;
    if (!row) return undefined;
    const argument = dto(row);
    const { views, citations } = this.claims(argument.assertions);
    return { ...argument, claims: views, citations: citations.map((citation) => this.notes(citation)) };
  }

  /**
   * The claims in the order given, each with its source's title and its citation, and the
   * citations they cite (each once): one read per claim, one for the titles, one for the citations.
   */
  private claims(ids: readonly string[]): { views: ClaimWeighed[]; citations: CitationDto[] } {
    const found = ids.map((id) => this.cradle.assertionsService.get(id));
    const titles = new Map(this.cradle.sourcesService.labels(unique(found.map((claim) => claim?.source))).map((label) => [label.id, label.label]));
    const citations = this.cradle.citationsService.many(unique(found.map((claim) => claim?.citation)));
    const byId = new Map(citations.map((citation) => [citation.id, citation]));
    const views = ids.map((id, at) => {
      const claim = found[at];
      return claim ? claimView(claim, titles, byId) : removed(id);
    });
    return { views, citations };
  }

  /**
   * A citation's notes as the sources plugin renders them. A citation its template no longer
   * renders (a template gone or changed by a later version, elements that no longer fit) gives
   * no notes rather than failing the export: its claims fall back to their source's title.
   */
  private notes(citation: CitationDto): CitationNotes {
    const none = { id: citation.id, source: citation.source, first_reference: null, subsequent: null, source_list: null, elements: null };
    if (citation.template === null) {
      const values = Object.values(citation.elements).map((value) => value.trim()).filter((value) => value !== '');
      return { ...none, elements: values.length ? values.join(', ') : null };
    }
    const { citationCatalogue: catalogue, citationsService } = this.cradle;
    const template = catalogue.template(citation.template);
    if (!template || catalogue.check(template, citation.elements).length > 0) return none;
    const render = (style: 'first_reference' | 'subsequent' | 'source_list') => citationsService.render({ citation: citation.id }, style).markdown;
    return { ...none, first_reference: render('first_reference'), subsequent: render('subsequent'), source_list: render('source_list') };
  }
}

function removed(id: string): ClaimWeighed {
  return { assertion: id, persona: null, kind: null, value: null, date: null, place: null, status: 'removed', source: null, citation: null };
}

function claimView(claim: AssertionDto, titles: Map<string, string>, citations: Map<string, CitationDto>): ClaimWeighed {
  return {
    assertion: claim.id,
    persona: claim.persona,
    kind: claim.kind,
    value: claim.value,
    date: claim.date,
    place: claim.place,
    status: claim.status,
    source: claim.source !== null ? { id: claim.source, title: titles.get(claim.source) ?? claim.source } : null,
    citation: claim.citation !== null ? { id: claim.citation, first_reference: citations.get(claim.citation)?.rendered?.first_reference ?? null } : null,
  };
}
