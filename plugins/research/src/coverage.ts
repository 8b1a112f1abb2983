import type { PersonDto } from '@rootline/contracts/persons';
import type { ResearchCradle } from './cradle.js';
import { categoriesOfScope, categoryOfTemplate, RECORD_CATEGORIES } from './categories.js';
import type { CoverageDto } from './schemas/coverage.js';
import type { ResearchCoverageService as ResearchCoverageServiceContract } from '@rootline/contracts/research';

const STANDING = ['pending', 'deferred', 'confirmed'] as const;
const MAX_PLACES = 20;
const YEAR = /\b\d{3,4}\b/g;

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
export class ResearchCoverageService implements ResearchCoverageServiceContract {
  constructor(private readonly cradle: ResearchCradle) {}

  coverage(id: string): CoverageDto {
    const question = this.cradle.researchService.require(id);
    const subjects = this.cradle.personsService.many(question.subjects).map((person) => this.subject(person));
    const traces = this.cradle.researchLogService.searchTraces(id);
    const templatesOfSource = new Map<string, (string | null)[]>();
    const found = new Map<string, { entries: Set<string>; sources: Set<string> }>();
    const mark = (category: string | null, entry: string, source?: string) => {
      if (category === null) return;
      let hit = found.get(category);
      if (!hit) found.set(category, (hit = { entries: new Set(), sources: new Set() }));
      hit.entries.add(entry);
      if (source !== undefined) hit.sources.add(source);
    };
    for (const trace of traces) {
      for (const category of trace.searched?.categories ?? []) mark(category, trace.id);
      for (const category of categoriesOfScope(trace.searched?.scope)) mark(category, trace.id);
      for (const source of trace.sources) {
        if (!templatesOfSource.has(source)) templatesOfSource.set(source, this.cradle.sourcesService.get(source)?.citations.map((citation) => citation.template) ?? []);
        for (const template of templatesOfSource.get(source)!) mark(categoryOfTemplate(template), trace.id, source);
      }
      if (trace.citation !== null) {
        const citation = this.cradle.citationsService.get(trace.citation);
        if (citation) mark(categoryOfTemplate(citation.template), trace.id, citation.source ?? undefined);
      }
    }
    return {
      question: id,
      status: question.coverage_confirmed ? 'reasonably_exhaustive' : 'incomplete',
      subjects,
      searched: RECORD_CATEGORIES.filter((category) => found.has(category.id)).map((category) => ({
        category: category.id,
        label: category.label,
        typical: category.typical,
        entries: [...found.get(category.id)!.entries],
        sources: [...found.get(category.id)!.sources],
      })),
      not_searched: RECORD_CATEGORIES.filter((category) => category.typical && !found.has(category.id)).map((category) => ({ category: category.id, label: category.label })),
      confirmed: question.coverage_confirmed,
    };
  }

  /** Where and when to search for a person: places and the span of years of its summaries and standing claims. */
  private subject(person: PersonDto): CoverageDto['subjects'][number] {
    const claims = this.cradle.assertionsService.ofPersonas(person.personas, STANDING);
    const facts = [person.birth, person.death, ...claims].filter((fact) => fact !== null);
    const places = [...new Set(facts.map((fact) => fact.place).filter((place): place is string => Boolean(place)))].slice(0, MAX_PLACES);
    const years = facts.flatMap((fact) => (fact.date ?? '').match(YEAR) ?? []).map(Number);
    return {
      person: person.id,
      display_name: person.display_name,
      places,
      years: years.length ? { from: Math.min(...years), to: Math.max(...years) } : null,
    };
  }
}
