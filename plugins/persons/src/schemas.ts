import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Page, PagingQuery, Uuid } from '@rootline/kernel';

const ids = {
  person: '01938f10-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
  persona: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  birth: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  death: '01938f0f-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
};

export const VitalSummary = Type.Object(
  {
    date: Nullable(Type.String(), { description: 'GEDCOM date of the claim the summary rests on' }),
    sort_date: Nullable(Type.String(), { description: 'Sortable key of `date` (@rootline/gedcom-date sortDate); null when the date has none' }),
    place: Nullable(Type.String(), { description: 'Place as the claim records it' }),
    assertion: Uuid({ description: 'The claim the summary rests on' }),
    status: Type.String({ description: 'That claim\'s status (confirmed, pending or deferred)' }),
    flagged: Type.Boolean({ description: 'True when the claim is not confirmed' }),
  },
  { description: 'A birth or death summary' },
);
export type VitalSummary = Static<typeof VitalSummary>;

const Sex = Type.Unsafe<'M' | 'F' | 'X' | 'U'>({ type: 'string', enum: ['M', 'F', 'X', 'U'], description: 'GEDCOM 7 SEX, from the first persona that records one' });

const example = {
  id: ids.person,
  display_name: 'William Smyth',
  personas: [ids.persona],
  sex: 'M',
  birth: { date: '12 MAR 1851', sort_date: '1851-03-12:32', place: 'Ledbury, Herefordshire, England', assertion: ids.birth, status: 'confirmed', flagged: false },
  death: { date: 'ABT 1920', sort_date: '1920-01-01:13', place: null, assertion: ids.death, status: 'pending', flagged: true },
  living: false,
  living_source: 'derived',
  created_at_ms: 1763769600000,
  updated_at_ms: 1763769600000,
};

export const PersonDto = Type.Object(
  {
    id: Uuid(),
    display_name: Type.String({ description: 'The display name of the person\'s first persona' }),
    personas: Type.Array(Uuid(), { description: 'The personas concluded into this person, in the order given' }),
    sex: Nullable(Sex),
    birth: Nullable(VitalSummary, { description: 'From birth, baptism or christening claims of the personas: confirmed first, then pending' }),
    death: Nullable(VitalSummary, { description: 'From death or burial claims of the personas: confirmed first, then pending' }),
    living: Type.Boolean(),
    living_source: Type.Union([Type.Literal('derived'), Type.Literal('override')]),
    created_at_ms: Type.Integer(),
    updated_at_ms: Type.Integer(),
  },
  { $id: 'PersonDto', examples: [example] },
);
export type PersonDto = Static<typeof PersonDto>;

const PersonaIds = (description: string) => Type.Array(Uuid(), { minItems: 1, maxItems: 500, uniqueItems: true, description });

export const ConcludeBody = Type.Object(
  { personas: PersonaIds('The personas that are one person (1 to 500, each not already in an active person)') },
  { examples: [{ personas: [ids.persona] }] },
);
export type ConcludeBody = Static<typeof ConcludeBody>;

export const SplitBody = Type.Object(
  { personas: PersonaIds('The personas that leave for a new person: a strict, non-empty subset of the person\'s personas') },
  { examples: [{ personas: [ids.persona] }] },
);
export type SplitBody = Static<typeof SplitBody>;

export const SplitResult = Type.Object(
  // PersonDto carries an $id, which one response schema may hold only once: the second is a copy without it.
  { person: PersonDto, new_person: Type.Object(PersonDto.properties, { description: 'The new person (a PersonDto)' }) },
  {
    description: 'The person as it now stands, and the new person made of the personas split away',
    examples: [{ person: { ...example, personas: [ids.persona] }, new_person: { ...example, id: '01938f11-2b3c-7d4e-8f5a-6b7c8d9e0f1a', personas: ['01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a78'], birth: null, death: null, living: true } }],
  },
);

export const MergeBody = Type.Object(
  {
    survivor: Uuid({ description: 'The person that stays: it gains the other\'s personas, relationships, events and notes' }),
    merged: Uuid({ description: 'The person merged away: it points to the survivor from now on (reading it redirects there)' }),
  },
  { examples: [{ survivor: ids.person, merged: '01938f11-2b3c-7d4e-8f5a-6b7c8d9e0f1a' }] },
);
export type MergeBody = Static<typeof MergeBody>;

export const MergedPerson = Type.Object(
  {
    id: Uuid(),
    status: Type.Literal('merged'),
    merged_into: Uuid({ description: 'The active person it now lives on in (following merges of merges); the `Location` header names its path' }),
  },
  { description: 'A person merged into another: where it went', examples: [{ id: '01938f11-2b3c-7d4e-8f5a-6b7c8d9e0f1a', status: 'merged', merged_into: ids.person }] },
);

export const RetractBody = Type.Object(
  { reason: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'Why the conclusion was a mistake (kept in the record)' })) },
  { examples: [{ reason: 'Two different William Smyths of Ledbury' }] },
);

export const RetractResult = Type.Object(
  { id: Uuid(), status: Type.Literal('retracted'), personas: Type.Array(Uuid(), { description: 'The personas, free again' }) },
  { examples: [{ id: ids.person, status: 'retracted', personas: [ids.persona] }] },
);

export const LivingStatusBody = Type.Object(
  {
    living: Nullable(Type.Boolean(), { description: 'true or false overrides the derived status; null goes back to it' }),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'Why (kept in the record)' })),
  },
  { examples: [{ living: false, reason: 'Obituary in the Hereford Times, 1998' }, { living: null }] },
);
export type LivingStatusBody = Static<typeof LivingStatusBody>;

export const PersonsQuery = Type.Object({
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Name search over every name piece of every persona; accents and case do not matter. Relevance order: prefix hits, then substring hits. With q, sort and order are ignored' })),
  sort: Type.Optional(Type.String({ description: '`name` (default), `surname`, `birth` or `updated`; persons without a surname or birth sort last', examples: ['birth'] })),
  order: Type.Optional(Type.String({ description: '`asc` (default) or `desc`', examples: ['desc'] })),
  ...PagingQuery,
});
export type PersonsQuery = Static<typeof PersonsQuery>;

export const PersonPage = Page(PersonDto, { description: 'A page of persons' });
Object.assign(PersonPage, { examples: [{ items: [example], next_cursor: null, total: 1 }] });

export const PersonParams = Type.Object({ id: Uuid({ description: 'The person' }) });
