import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from '@rootline/kernel';

const ids = {
  person: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  persona: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  father: '01938f0e-8c2a-7d11-a1b2-4e5f6a7b8c9d',
  relationship: '01938f10-4b5c-7d6e-9f7a-8b9c0d1e2f3a',
  redaction: '01938f11-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
  assertion: '01938f0f-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
};

// Redactions

export const RedactionBody = Type.Object(
  {
    target: Uuid({ description: 'The id of what to redact: a person, persona, source, event, assertion, relationship, note (its `text`) or media object (`title`, `file_name`)' }),
    field: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9_]*$', description: 'A top-level field of the target (e.g. `name` of a persona); left out, every field but `id`' })),
    reason: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S', description: 'Why (kept with the redaction, not in the record log)' }),
  },
  { examples: [{ target: ids.persona, field: 'name', reason: 'Living person: name withheld from agents' }, { target: ids.assertion, reason: 'Adoption record under seal' }] },
);
export type RedactionBody = Static<typeof RedactionBody>;

export const RedactionDto = Type.Object(
  {
    id: Uuid(),
    target: Uuid(),
    field: Nullable(Type.String(), { description: 'Null: the whole entity (every field but `id`)' }),
    reason: Type.String(),
    created_at_ms: Type.Integer(),
  },
  { $id: 'RedactionDto', examples: [{ id: ids.redaction, target: ids.persona, field: 'name', reason: 'Living person: name withheld from agents', created_at_ms: 1763769600000 }] },
);
export type RedactionDto = Static<typeof RedactionDto>;

// Labels

export const LabelsQuery = Type.Object({
  ids: Type.String({ maxLength: 40_000, description: 'Comma-separated entity ids (at most 500); ids of any kind, unknown ones left out' }),
});

const Label = Type.Object({
  id: Uuid(),
  kind: Type.String({ description: 'person, persona, source, event, assertion, relationship, note or media' }),
  label: Type.String({ description: `What a person reads; "[redacted]" for an agent when the label is made of redacted fields` }),
  redacted: Type.Optional(Type.Array(Type.String(), { description: 'Human only: ["label"] when agents get the marker instead' })),
});

export const LabelsReply = Type.Object(
  { labels: Type.Array(Label, { description: 'In no particular order' }) },
  { examples: [{ labels: [{ id: ids.person, kind: 'person', label: 'William Smyth (1851–1920)' }, { id: ids.persona, kind: 'persona', label: 'William Smyth' }] }] },
);

// The person card

export const CardParams = Type.Object({ id: Uuid({ description: 'The person' }) });
export const CardQuery = Type.Object({
  expand: Type.Optional(Type.String({ maxLength: 200, description: 'Comma-separated: events, assertions, sources (each list at most 100 rows, with its full count); another name is 400 invalid-expand' })),
});

const VitalSummary = Type.Object({
  date: Nullable(Type.String()),
  sort_date: Nullable(Type.String()),
  place: Nullable(Type.String()),
  assertion: Uuid({ description: 'The claim the summary rests on' }),
  status: Type.String(),
  flagged: Type.Boolean({ description: 'The claim is not confirmed' }),
});

const LifeYears = Nullable(Type.String({ description: '"1851–1920", "c. 1851–", ...; null when neither date is known' }));

const Relative = Type.Object({
  id: Uuid({ description: 'The relative (a person)' }),
  display_name: Type.String(),
  life_years: LifeYears,
  relationship: Uuid({ description: 'The edge (relationships plugin)' }),
  pedigree: Type.Optional(Type.String({ description: 'Parents only: birth, adopted, foster, step, unknown' })),
});

const Name = Type.Object(
  {
    id: Uuid({ description: 'The persona' }),
    name: Type.Object({ display: Type.String() }, { additionalProperties: true, description: "The persona's name: display, as_written and the GEDCOM pieces" }),
    sex: Nullable(Type.String()),
    source: Nullable(Uuid({ description: 'The source the persona is read from' })),
  },
  { description: 'One persona of the person: the name one record gives' },
);

/** An expanded list: the first 100 rows and how many there are. */
const Expanded = (description: string) =>
  Type.Object({
    items: Type.Array(Type.Object({ id: Uuid() }, { additionalProperties: true }), { description }),
    total: Type.Integer({ description: 'All of them, however many rows are shown' }),
  });

export const PersonCard = Type.Object(
  {
    id: Uuid(),
    display_name: Type.String(),
    sex: Nullable(Type.String()),
    life_years: LifeYears,
    birth: Nullable(VitalSummary),
    death: Nullable(VitalSummary),
    living: Type.Boolean(),
    living_source: Type.String({ description: 'derived or override' }),
    names: Type.Array(Name, { description: "Every persona's name" }),
    parents: Type.Array(Relative, { description: 'At most 100 (counts.parents has them all)' }),
    partners: Type.Array(Relative, { description: 'At most 100' }),
    children: Type.Array(Relative, { description: 'At most 100' }),
    counts: Type.Object({
      names: Type.Integer(),
      parents: Type.Integer(),
      partners: Type.Integer(),
      children: Type.Integer(),
      open_conflicts: Type.Integer({ description: 'Open conflicts among the claims of the person\'s personas (the conflicts plugin\'s count; 0 in a server built without it)' }),
      pending_claims: Type.Integer({ description: "Claims about the person's personas waiting in the pending lane" }),
    }),
    events: Type.Optional(Expanded('EventDto (events plugin): the events the person takes part in')),
    assertions: Type.Optional(Expanded('AssertionDto: standing claims (pending, deferred, confirmed) of its personas, oldest first')),
    sources: Type.Optional(Expanded('SourceRow: sources its personas are read from or its standing claims cite, by title')),
    redacted: Type.Optional(Type.Array(Type.String(), { description: 'Human only: the fields agents read as "[redacted]"' })),
  },
  {
    $id: 'PersonCard',
    examples: [{
      id: ids.person,
      display_name: 'William Smyth',
      sex: 'M',
      life_years: '1851–1920',
      birth: { date: '12 MAR 1851', sort_date: '2397200:00', place: 'Ledbury', assertion: ids.assertion, status: 'confirmed', flagged: false },
      death: null,
      living: false,
      living_source: 'derived',
      names: [{ id: ids.persona, name: { display: 'William Smyth', as_written: 'Wm. Smyth', given: 'William', surname: 'Smyth' }, sex: 'M', source: null }],
      parents: [{ id: ids.father, display_name: 'John Smyth', life_years: 'c. 1820–', relationship: ids.relationship, pedigree: 'birth' }],
      partners: [],
      children: [],
      counts: { names: 1, parents: 1, partners: 0, children: 0, open_conflicts: 0, pending_claims: 2 },
    }],
  },
);
export type PersonCard = Static<typeof PersonCard>;
