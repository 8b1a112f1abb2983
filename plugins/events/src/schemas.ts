import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from '@rootline/kernel';

const Text = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, pattern: '\\S', description });

const TYPE_DESCRIPTION =
  'A GEDCOM 7 event or attribute tag (BIRT, CHR, BAPM, DEAT, BURI, MARR, RESI, CENS, OCCU, EMIG, IMMI, NATU, PROB, WILL, GRAD, EVEN, ...; any case, stored upper case), ' +
  'an extension tag (`_MILT`), or a custom type `custom:<text>` (`custom:Apprenticeship`). Anything else is refused.';
const DATE_DESCRIPTION = 'A GEDCOM date (`12 MAR 1851`, `ABT 1850`, `BET 1840 AND 1845`, `30 JAN 1648/49`, `(in the spring)`); text that does not parse is kept as a phrase';
const ROLE_DESCRIPTION = 'Open text, stored trimmed and lower case: principal, witness, officiant, informant, godparent, parent, spouse, other, ... (README lists the GEDCOM ROLE each exports to)';

const ids = {
  event: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  person: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  persona: '01938f0e-8c2a-7d11-a1b2-4e5f6a7b8c9d',
  correction: '01938f10-0000-7abc-8def-0123456789ab',
};

export const ParticipantDto = Type.Object({
  person: Type.Optional(Uuid({ description: 'A person (when the participant was given as a person)' })),
  persona: Type.Optional(Uuid({ description: 'A persona (when the participant was given as a persona)' })),
  role: Type.String(),
});
export type ParticipantDto = Static<typeof ParticipantDto>;

/** The fields a correction can change; in a correction, only those it changed. */
const CorrectedFields = Type.Object({
  type: Type.Optional(Type.String()),
  date: Type.Optional(Nullable(Type.String())),
  place: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Nullable(Type.String())),
});

export const CorrectionDto = Type.Object({
  id: Uuid(),
  previous: Type.Object(CorrectedFields.properties, { description: 'The values this correction replaced (the corrected fields only)' }),
  values: Type.Object(CorrectedFields.properties, { description: 'The values it set' }),
  reason: Type.String(),
  actor: Type.Object({ kind: Type.String(), credential_id: Nullable(Type.String()), proposer: Type.Optional(Type.String()) }),
  at_ms: Type.Integer(),
});
export type CorrectionDto = Static<typeof CorrectionDto>;

const example = {
  id: ids.event,
  type: 'BAPM',
  date: '12 MAR 1851',
  sort_date: '1851-03-12:32',
  place: 'Ledbury, Herefordshire',
  description: null,
  participants: [{ person: ids.person, role: 'principal' }, { persona: ids.persona, role: 'godparent' }],
  corrections: [
    {
      id: ids.correction,
      previous: { date: '12 MAR 1815' },
      values: { date: '12 MAR 1851' },
      reason: 'Transcription error: the register reads 1851',
      actor: { kind: 'human', credential_id: '01938f0e-5a00-7b00-8c00-0000000000aa' },
      at_ms: 1763769700000,
    },
  ],
  created_at_ms: 1763769600000,
  updated_at_ms: 1763769700000,
};

export const EventDto = Type.Object(
  {
    id: Uuid(),
    type: Type.String({ description: 'GEDCOM tag, extension tag, or `custom:<text>`' }),
    date: Nullable(Type.String(), { description: 'The current date, as written' }),
    sort_date: Nullable(Type.String(), { description: 'Derived sort key (`YYYY-MM-DD:AB`, string order is chronological); null for no date or a phrase' }),
    place: Nullable(Type.String()),
    description: Nullable(Type.String()),
    participants: Type.Array(ParticipantDto, { description: 'In the order they were added' }),
    corrections: Type.Array(CorrectionDto, { description: 'Every correction, oldest first, with the values it replaced' }),
    created_at_ms: Type.Integer(),
    updated_at_ms: Type.Integer(),
  },
  { $id: 'EventDto', examples: [example] },
);
export type EventDto = Static<typeof EventDto>;

export const ParticipantBody = Type.Union(
  [
    Type.Object({ person: Uuid({ description: 'An active person' }), role: Text(100, ROLE_DESCRIPTION) }),
    Type.Object({ persona: Uuid({ description: 'A persona' }), role: Text(100, ROLE_DESCRIPTION) }),
  ],
  { description: 'Exactly one of `person` or `persona`, and a role', examples: [{ person: ids.person, role: 'witness' }] },
);
export type ParticipantBody = Static<typeof ParticipantBody>;

export const CreateEventBody = Type.Object(
  {
    type: Text(120, TYPE_DESCRIPTION),
    date: Type.Optional(Text(200, DATE_DESCRIPTION)),
    place: Type.Optional(Text(500, 'The place as written')),
    description: Type.Optional(Text(10_000, 'Free text (for EVEN or a custom type, what happened)')),
    participants: Type.Optional(Type.Array(ParticipantBody, { maxItems: 200 })),
  },
  { examples: [{ type: 'BAPM', date: '12 MAR 1851', place: 'Ledbury, Herefordshire', participants: [{ person: ids.person, role: 'principal' }] }] },
);
export type CreateEventBody = Static<typeof CreateEventBody>;

export const CorrectEventBody = Type.Object(
  {
    type: Type.Optional(Text(120, TYPE_DESCRIPTION)),
    date: Type.Optional(Nullable(Text(200, DATE_DESCRIPTION), { description: 'The corrected date; null removes it' })),
    place: Type.Optional(Nullable(Text(500, 'The place as written'), { description: 'The corrected place; null removes it' })),
    description: Type.Optional(Nullable(Text(10_000, 'Free text'), { description: 'The corrected description; null removes it' })),
    reason: Text(2_000, 'Why the correction is made (kept with it)'),
  },
  {
    description: 'At least one of type, date, place, description, and a reason. Append-only: the replaced values stay in `corrections`.',
    examples: [{ date: '12 MAR 1851', reason: 'Transcription error: the register reads 1851' }],
  },
);
export type CorrectEventBody = Static<typeof CorrectEventBody>;

export const EventParams = Type.Object({ id: Uuid() });

export const RecordAssociationBody = Type.Object(
  {
    from: Uuid({ description: 'A person or a persona' }),
    to: Uuid({ description: 'A person or a persona' }),
    role: Text(100, `What \`to\` is to \`from\`: ${ROLE_DESCRIPTION}`),
    source: Type.Optional(Uuid({ description: 'The source that shows the association (stored as given)' })),
    note: Type.Optional(Text(10_000, 'Free text')),
  },
  { examples: [{ from: ids.person, to: ids.persona, role: 'godparent', note: 'Named as godmother in the baptism entry' }] },
);
export type RecordAssociationBody = Static<typeof RecordAssociationBody>;

export const AssociationIdDto = Type.Object({ id: Uuid() }, { $id: 'AssociationIdDto' });
