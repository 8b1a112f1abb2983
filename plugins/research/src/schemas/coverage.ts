import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from '@rootline/kernel';
import { ids } from './examples.js';

export const CoverageDto = Type.Object(
  {
    question: Uuid(),
    status: Type.Union([Type.Literal('incomplete'), Type.Literal('reasonably_exhaustive')], {
      description: '`reasonably_exhaustive` once the researcher confirmed it (POST .../coverage-confirm) and until the subjects change; `incomplete` before',
    }),
    subjects: Type.Array(
      Type.Object({
        person: Uuid(),
        display_name: Type.String(),
        places: Type.Array(Type.String(), { description: 'Places of the person\'s birth and death summaries and standing claims, as recorded, first seen first (at most 20)' }),
        years: Nullable(Type.Object({ from: Type.Integer(), to: Type.Integer() }), { description: 'The span of years in those dates' }),
      }),
      { description: 'The question\'s subject persons (active ones) and where and when to search' },
    ),
    searched: Type.Array(
      Type.Object({
        category: Type.String(),
        label: Type.String(),
        typical: Type.Boolean(),
        entries: Type.Array(Uuid(), { description: 'The active log entries that searched it, oldest first' }),
        sources: Type.Array(Uuid(), { description: 'The sources through which it was searched' }),
      }),
      { description: 'Record categories searched, in the order of the category list' },
    ),
    not_searched: Type.Array(
      Type.Object({ category: Type.String(), label: Type.String() }),
      { description: 'Typical categories no active entry searched' },
    ),
    confirmed: Nullable(
      Type.Object({ at_ms: Type.Integer(), actor_kind: Type.String(), credential_id: Nullable(Type.String()), note: Nullable(Type.String()) }),
      { description: 'The researcher\'s judgment, when given' },
    ),
  },
  {
    $id: 'ResearchCoverageDto',
    examples: [{
      question: ids.question,
      status: 'incomplete',
      subjects: [{ person: ids.person, display_name: 'William Smyth', places: ['Ledbury, Herefordshire, England'], years: { from: 1851, to: 1920 } }],
      searched: [
        { category: 'census', label: 'Census', typical: true, entries: [ids.entry], sources: [ids.source] },
        { category: 'church', label: 'Church registers (baptisms, marriages, burials)', typical: true, entries: [ids.entry], sources: [] },
      ],
      not_searched: [{ category: 'vital', label: 'Vital records (civil registration of births, marriages and deaths)' }],
      confirmed: null,
    }],
  },
);
export type CoverageDto = Static<typeof CoverageDto>;

export const ConfirmCoverageBody = Type.Object(
  { note: Type.Optional(Type.String({ minLength: 1, maxLength: 10_000, description: 'Why the search is reasonably exhaustive' })) },
  { examples: [{ note: 'Every Ledbury record set for 1845-1860 searched; probate and land do not apply to a labourer\'s child.' }, {}] },
);

