import { ACTOR_COLUMNS, actorValues, type Actor, type PageEnvelope, type PageWindow, type Tree } from '@rootline/kernel';
import type { ResearchCradle } from './cradle.js';
import { ResearchProblems } from './errors.js';
import { ENTRY_COLUMNS, entryDto, entryLine, type EntryRow } from './entry-store.js';
import type { EntryDto } from './schemas/log.js';
import type { ResearchLogService as ResearchLogServiceContract, NewEntry, EntryFilter, SearchTrace } from '@rootline/contracts/research';

type Kind = EntryDto['kind'];

const FILTER = `e.status = 'active'
  AND (@question IS NULL OR e.question = @question)
  AND (@session IS NULL OR e.session = @session)
  AND (@persona IS NULL OR EXISTS (SELECT 1 FROM research_entry_personas p WHERE p.entry = e.id AND p.persona = @persona))
  AND (@source IS NULL OR EXISTS (SELECT 1 FROM research_entry_sources s WHERE s.entry = e.id AND s.source = @source))`;

const filterParams = (filter: EntryFilter) => ({ question: filter.question ?? null, session: filter.session ?? null, persona: filter.persona ?? null, source: filter.source ?? null });

/**
 * The research log of one tree (`researchLogService`, request scope): entries, captures with
 * evidence and negative evidence; details appended, text corrected with its history kept, entries
 * retracted out of every active view. An entry without `session` joins the caller's open session;
 * one without `question` (capture, negative evidence) goes to an entry anchor. All checks run
 * inside the write's transaction before its first write, so a refusal writes nothing.
 */
export class ResearchLogService implements ResearchLogServiceContract {
  private readonly tree: Tree;

  constructor(private readonly cradle: ResearchCradle) {
    this.tree = cradle.tree;
  }

  get(id: string): EntryDto | undefined {
    const row = this.tree.prepare(`SELECT ${ENTRY_COLUMNS} FROM research_log_entries WHERE id = ?`).get(id) as EntryRow | undefined;
    return row && entryDto(row);
  }

  log(actor: Actor, input: NewEntry & { question: string }): EntryDto {
    return this.write(actor, 'entry', input);
  }

  capture(actor: Actor, input: NewEntry): EntryDto {
    return this.write(actor, 'capture', input);
  }

  negative(actor: Actor, input: NewEntry): EntryDto {
    return this.write(actor, 'negative', input);
  }

  /** Appends a detail to an active entry. */
  addDetail(actor: Actor, id: string, text: string): EntryDto {
    return this.change(actor, id, 'details_added', {}, (entry, now) => ({
      details: JSON.stringify([...entry.details, { text, at_ms: now, actor_kind: actor.kind, credential_id: actor.credentialId }]),
    }));
  }

  /** Corrects an active entry's text; the text it had goes into `corrections` with the reason. */
  correct(actor: Actor, id: string, text: string, reason: string | undefined): EntryDto {
    return this.change(actor, id, 'corrected', { reason: reason ?? null }, (entry, now) => ({
      text,
      corrections: JSON.stringify([...entry.corrections, { text: entry.text, reason: reason ?? null, at_ms: now, actor_kind: actor.kind, credential_id: actor.credentialId }]),
    }));
  }

  /** Takes an entry out of every active view (lists, lines, coverage, counts); retracting it again changes nothing. */
  retract(actor: Actor, id: string, reason: string | undefined): EntryDto {
    return this.tree.transact(() => {
      const entry = this.require(id);
      if (entry.status === 'retracted') return entry;
      return this.change(actor, id, 'retracted', { reason: reason ?? null }, (_entry, now) => ({ status: 'retracted', retracted_at_ms: now, retract_reason: reason ?? null }));
    });
  }

  /** The question's active entries as lines, oldest first (404 for an unknown question). */
  lines(question: string): string[] {
    this.cradle.researchService.require(question);
    const rows = this.tree.prepare(`SELECT ${ENTRY_COLUMNS} FROM research_log_entries WHERE question = ? AND status = 'active' ORDER BY id`).all(question) as EntryRow[];
    return rows.map((row) => entryLine(entryDto(row)));
  }

  /** One page of active entries in id (= logging) order, `asc` or `desc`. */
  page(filter: EntryFilter, order: 'asc' | 'desc', window: PageWindow<string>): PageEnvelope<EntryDto> {
    const keyset = order === 'asc' ? '(@after IS NULL OR e.id > @after) ORDER BY e.id ASC' : '(@after IS NULL OR e.id < @after) ORDER BY e.id DESC';
    const sql = `SELECT ${ENTRY_COLUMNS} FROM research_log_entries e WHERE ${FILTER} AND ${keyset} LIMIT @take`;
    return window.read(
      (after, take) => this.tree.prepare(sql).all({ ...filterParams(filter), after, take }) as EntryRow[],
      () => this.tree.prepare(`SELECT count(*) FROM research_log_entries e WHERE ${FILTER}`).pluck().get(filterParams(filter)) as number,
      (row) => row.id,
      entryDto,
    );
  }

  /** Active entries (negative evidence only, when asked) changed after `sinceSeq` and logged at or after `sinceMs`, most recently changed first. */
  recent(options: { sinceSeq?: number; sinceMs?: number; limit: number; negativeOnly: boolean }): EntryDto[] {
    const rows = this.tree
      .prepare(`SELECT ${ENTRY_COLUMNS} FROM research_log_entries WHERE status = 'active' AND (@negative = 0 OR kind = 'negative') AND seq > @since AND created_at_ms >= @from ORDER BY seq DESC LIMIT @limit`)
      .all({ negative: options.negativeOnly ? 1 : 0, since: options.sinceSeq ?? 0, from: options.sinceMs ?? 0, limit: options.limit }) as EntryRow[];
    return rows.map(entryDto);
  }

  /** What the question's active entries searched, oldest first (coverage). */
  searchTraces(question: string): SearchTrace[] {
    const rows = this.tree
      .prepare(`SELECT e.id, e.searched, e.evidence, (SELECT json_group_array(source) FROM (SELECT DISTINCT source FROM research_entry_sources WHERE entry = e.id ORDER BY source)) AS sources
                FROM research_log_entries e WHERE e.question = ? AND e.status = 'active' ORDER BY e.id`)
      .all(question) as { id: string; searched: string | null; evidence: string | null; sources: string }[];
    return rows.map((row) => ({
      id: row.id,
      searched: row.searched === null ? null : (JSON.parse(row.searched) as EntryDto['searched']),
      citation: row.evidence === null ? null : (JSON.parse(row.evidence) as NonNullable<EntryDto['evidence']>).citation,
      sources: JSON.parse(row.sources) as string[],
    }));
  }

  /** The entries of a session: active ones by kind, the first 100 ids, and how many were retracted. */
  ofSession(session: string): { total: number; by_kind: Record<Kind, number>; retracted: number; items: string[] } {
    const counts = this.tree.prepare('SELECT kind, status, count(*) AS n FROM research_log_entries WHERE session = ? GROUP BY kind, status').all(session) as { kind: Kind; status: string; n: number }[];
    const by_kind: Record<Kind, number> = { entry: 0, capture: 0, negative: 0 };
    let retracted = 0;
    for (const { kind, status, n } of counts) {
      if (status === 'active') by_kind[kind] += n;
      else retracted += n;
    }
    const items = this.tree.prepare("SELECT id FROM research_log_entries WHERE session = ? AND status = 'active' ORDER BY id LIMIT 100").pluck().all(session) as string[];
    return { total: by_kind.entry + by_kind.capture + by_kind.negative, by_kind, retracted, items };
  }

  private write(actor: Actor, kind: Kind, input: NewEntry): EntryDto {
    return this.tree.transact(() => {
      const { researchService, personasService, sourcesService, citationsService, researchSessionsService, personsService } = this.cradle;
      if (input.question !== undefined) researchService.require(input.question);
      const personas = input.personas ?? [];
      for (const persona of personas) if (!personasService.exists(persona)) throw ResearchProblems.personaNotFound(persona);
      const sources = input.sources ?? [];
      for (const source of sources) if (!sourcesService.exists(source)) throw ResearchProblems.sourceNotFound(source);
      const cited = new Set(sources);
      let evidence: EntryDto['evidence'] = null;
      if (input.evidence) {
        const { source, citation, blob } = input.evidence;
        if (source !== undefined && !sourcesService.exists(source)) throw ResearchProblems.sourceNotFound(source);
        if (citation !== undefined && !citationsService.exists(citation)) throw ResearchProblems.citationNotFound(citation);
        if (blob !== undefined && !this.tree.blobs.has(blob.toLowerCase())) throw ResearchProblems.blobNotFound(blob.toLowerCase());
        evidence = { source: source ?? null, citation: citation ?? null, blob: blob?.toLowerCase() ?? null };
        if (source !== undefined) cited.add(source);
        const ofCitation = citation !== undefined ? citationsService.get(citation)?.source : null;
        if (ofCitation) cited.add(ofCitation);
      }
      let searched: EntryDto['searched'] = null;
      if (input.searched) {
        const { source, repository, scope, categories } = input.searched;
        if (source !== undefined && !sourcesService.exists(source)) throw ResearchProblems.sourceNotFound(source);
        searched = { source: source ?? null, repository: repository ?? null, scope: scope ?? null, categories: categories ?? [] };
      }
      const session = input.session !== undefined ? researchSessionsService.requireOpen(input.session) : researchSessionsService.openOf(actor);
      let question = input.question;
      if (question === undefined) {
        const person = personas.map((persona) => personsService.personOfPersona(persona)).find((found) => found !== null) ?? undefined;
        question = researchService.anchor(actor, person).question.id;
      }
      const id = this.cradle.ids.next();
      const now = this.cradle.clock.now();
      const { seq } = this.tree.record({ kind: 'research_log_entry.logged.v1', entity_type: 'research_log_entry', entity_id: id, actor, payload: { question, kind, session } });
      this.tree
        .prepare(`INSERT INTO research_log_entries (id, question, session, kind, text, personas, sources, evidence, searched, status, created_at_ms, updated_at_ms, seq, ${ACTOR_COLUMNS})
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?)`)
        .run(id, question, session, kind, input.text, JSON.stringify(personas), JSON.stringify(sources), evidence && JSON.stringify(evidence), searched && JSON.stringify(searched), now, now, seq, ...actorValues(actor));
      const linkPersona = this.tree.prepare('INSERT INTO research_entry_personas (entry, persona) VALUES (?, ?)');
      for (const persona of personas) linkPersona.run(id, persona);
      const linkSource = this.tree.prepare('INSERT INTO research_entry_sources (entry, source, role) VALUES (?, ?, ?)');
      for (const source of cited) linkSource.run(id, source, 'cited');
      if (searched?.source) linkSource.run(id, searched.source, 'searched');
      return this.get(id)!;
    });
  }

  /** One change of an active entry: 404 unknown, 409 `log-entry-retracted`; then the record and the new columns. */
  private change(actor: Actor, id: string, verb: string, payload: Record<string, unknown>, columns: (entry: EntryDto, now: number) => Record<string, string | number | null>): EntryDto {
    return this.tree.transact(() => {
      const entry = this.require(id);
      if (entry.status === 'retracted') throw ResearchProblems.entryRetracted(`The research log entry ${id} was retracted; log a new entry instead`);
      const now = this.cradle.clock.now();
      const { seq } = this.tree.record({ kind: `research_log_entry.${verb}.v1`, entity_type: 'research_log_entry', entity_id: id, actor, payload: { question: entry.question, ...payload } });
      const fields = { ...columns(entry, now), updated_at_ms: now, seq };
      const names = Object.keys(fields);
      this.tree.prepare(`UPDATE research_log_entries SET ${names.map((name) => `${name} = @${name}`).join(', ')} WHERE id = @id`).run({ ...fields, id });
      return this.get(id)!;
    });
  }

  private require(id: string): EntryDto {
    const entry = this.get(id);
    if (!entry) throw ResearchProblems.entryNotFound(id);
    return entry;
  }
}
