/**
 * Record categories for search coverage (data, one place): what a genealogist searches for a
 * person in a place and period. `typical` ones are what a reasonably exhaustive search usually
 * covers (the list coverage reports as not searched); the others are counted when searched.
 *
 * A log entry counts as a search of a category when:
 * - its `searched.categories` names it;
 * - its `searched.scope` holds one of the category's `keywords` as a word (case ignored);
 * - a source it cites or searched has a citation made from one of the category's `templates`
 *   (the citation templates of the sources plugin, GET /citation-templates); an evidence
 *   citation counts by its own template.
 */
export interface RecordCategory {
  id: string;
  label: string;
  typical: boolean;
  /** Citation template ids (sources plugin) whose records belong to this category. */
  templates: readonly string[];
  /** Words in a negative search's `scope` that name this category. */
  keywords: readonly string[];
}

export const RECORD_CATEGORIES: readonly RecordCategory[] = [
  { id: 'census', label: 'Census', typical: true, templates: ['us-federal-census-population', 'uk-census-enumeration', 'ireland-census-return'], keywords: ['census', 'censuses', 'enumeration'] },
  {
    id: 'vital',
    label: 'Vital records (civil registration of births, marriages and deaths)',
    typical: true,
    templates: ['civil-birth-registration', 'civil-marriage-registration', 'civil-death-registration'],
    keywords: ['vital', 'civil registration', 'birth certificate', 'marriage certificate', 'death certificate', 'birth index', 'death index', 'marriage index'],
  },
  {
    id: 'church',
    label: 'Church registers (baptisms, marriages, burials)',
    typical: true,
    templates: ['church-baptism-register', 'church-marriage-register', 'church-burial-register'],
    keywords: ['church', 'parish', 'baptism', 'baptisms', 'christening', 'christenings', 'chapel', 'congregation', 'bishops transcripts'],
  },
  { id: 'probate', label: 'Probate (wills and estate files)', typical: true, templates: ['will-recorded', 'probate-estate-file'], keywords: ['probate', 'wills', 'estate', 'administration', 'inventory'] },
  { id: 'land', label: 'Land (deeds, grants, patents)', typical: true, templates: ['land-deed-recorded'], keywords: ['land', 'deed', 'deeds', 'grant', 'patent', 'conveyance'] },
  { id: 'military', label: 'Military (service and pension records)', typical: true, templates: ['military-service-record', 'military-pension-file'], keywords: ['military', 'pension', 'pensions', 'muster', 'enlistment', 'draft', 'regiment'] },
  { id: 'newspapers', label: 'Newspapers (notices, obituaries)', typical: true, templates: ['newspaper-article'], keywords: ['newspaper', 'newspapers', 'obituary', 'obituaries', 'gazette'] },
  { id: 'immigration', label: 'Immigration (passenger lists, naturalization)', typical: true, templates: ['passenger-list', 'naturalization-record'], keywords: ['immigration', 'emigration', 'passenger', 'passengers', 'naturalization', 'naturalisation', 'manifest'] },
  { id: 'court', label: 'Court records', typical: true, templates: ['court-order-book'], keywords: ['court', 'courts', 'quarter sessions', 'order book', 'minute book'] },
  { id: 'cemetery', label: 'Cemeteries (gravestones, interments)', typical: true, templates: ['gravestone', 'cemetery-interment-record'], keywords: ['cemetery', 'cemeteries', 'gravestone', 'headstone', 'grave', 'interment', 'churchyard'] },
  { id: 'tax', label: 'Tax lists', typical: false, templates: ['tax-list'], keywords: ['tax', 'taxes', 'assessment', 'tithe'] },
  { id: 'directories', label: 'Directories', typical: false, templates: ['city-directory'], keywords: ['directory', 'directories'] },
  { id: 'published', label: 'Published works (books, journals)', typical: false, templates: ['book', 'journal-article'], keywords: ['journal', 'journals', 'county history'] },
  { id: 'family', label: 'Family papers (Bibles, letters, interviews, photographs)', typical: false, templates: ['family-bible', 'letter', 'interview', 'photograph'], keywords: ['bible', 'letter', 'letters', 'interview', 'photograph'] },
  { id: 'dna', label: 'DNA', typical: false, templates: ['dna-test-results'], keywords: ['dna'] },
  { id: 'government', label: 'Government publications', typical: false, templates: ['government-gazette'], keywords: [] },
];

export const CATEGORY_IDS = RECORD_CATEGORIES.map((category) => category.id);

const byTemplate = new Map(RECORD_CATEGORIES.flatMap((category) => category.templates.map((template) => [template, category.id] as const)));

/** The category a citation template's records belong to, or null (online databases, free-form citations). */
export function categoryOfTemplate(template: string | null): string | null {
  return (template && byTemplate.get(template)) ?? null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const keywordPatterns = RECORD_CATEGORIES.map((category) => ({
  id: category.id,
  pattern: category.keywords.length ? new RegExp(`\\b(${category.keywords.map(escape).join('|')})\\b`, 'i') : null,
}));

/** The categories a free-text search scope names ("1851 census of Ledbury" -> census), in list order. */
export function categoriesOfScope(scope: string | null | undefined): string[] {
  if (!scope) return [];
  return keywordPatterns.filter(({ pattern }) => pattern?.test(scope)).map(({ id }) => id);
}
