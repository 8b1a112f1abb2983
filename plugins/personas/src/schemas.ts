import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from '@rootline/kernel';

const Piece = (description: string) => Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description });
const nullable = (description: string) => Nullable(Type.String(), { description });

const Sex = Type.Unsafe<'M' | 'F' | 'X' | 'U'>({
  type: 'string',
  enum: ['M', 'F', 'X', 'U'],
  description: 'GEDCOM 7 SEX: M male, F female, X does not fit male or female, U cannot be determined from the record',
});

const example = {
  id: '01938f0e-8c2a-7d11-a1b2-4e5f6a7b8c9d',
  name: { display: 'Dr. John “Jack” van der Berg Jr.', as_written: 'Dr. John van der Berg Jr.', prefix: 'Dr.', given: 'John', nickname: 'Jack', surname_prefix: 'van der', surname: 'Berg', suffix: 'Jr.' },
  sex: 'M',
  source: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  created_at_ms: 1763769600000,
  updated_at_ms: 1763769600000,
};

const PersonaName = Type.Object({
  display: Type.String({ description: 'The pieces joined in order (surname first when the name as written has it so), else the name as written' }),
  as_written: nullable('The name exactly as the record writes it'),
  prefix: nullable('NPFX, e.g. Dr., Rev., Sir'),
  given: nullable('GIVN: given name(s), or a single name; a patronymic may sit here or in surname, as the culture uses it'),
  nickname: nullable('NICK'),
  surname_prefix: nullable('SPFX, e.g. van der, de, O\''),
  surname: nullable('SURN: surname, patronymic or clan name'),
  suffix: nullable('NSFX, e.g. Jr., III'),
});

export const PersonaDto = Type.Object(
  {
    id: Uuid(),
    name: PersonaName,
    sex: Nullable(Sex, { description: 'Null when not recorded' }),
    source: Nullable(Uuid(), { description: 'The source whose record this persona comes from' }),
    created_at_ms: Type.Integer(),
    updated_at_ms: Type.Integer(),
  },
  { $id: 'PersonaDto', examples: [example] },
);
export type PersonaDto = Static<typeof PersonaDto>;

export const CreatePersonaBody = Type.Object(
  {
    name: Type.Optional(Piece('The name exactly as the record writes it (e.g. "Jón Sigurðsson", "MAO Zedong", "Pocahontas")')),
    given: Type.Optional(Piece('Given name(s)')),
    surname: Type.Optional(Piece('Surname')),
    sex: Type.Optional(Sex),
    source: Type.Optional(Uuid({ description: 'The source this persona is read from (must exist)' })),
  },
  {
    description: 'At least one of `name`, `given`, `surname`.',
    examples: [{ name: 'Jón Sigurðsson', given: 'Jón', surname: 'Sigurðsson', sex: 'M', source: example.source }, { given: 'Mary', surname: 'Smith' }],
  },
);
export type CreatePersonaBody = Static<typeof CreatePersonaBody>;

export const NamePiecesBody = Type.Object(
  {
    prefix: Type.Optional(Piece('NPFX')),
    given: Type.Optional(Piece('GIVN')),
    nickname: Type.Optional(Piece('NICK')),
    surname_prefix: Type.Optional(Piece('SPFX')),
    surname: Type.Optional(Piece('SURN')),
    suffix: Type.Optional(Piece('NSFX')),
  },
  {
    description: 'Replaces all pieces: a piece left out is cleared. The name as written is kept.',
    examples: [{ prefix: 'Dr.', given: 'John', nickname: 'Jack', surname_prefix: 'van der', surname: 'Berg', suffix: 'Jr.' }],
  },
);
export type NamePiecesBody = Static<typeof NamePiecesBody>;

export const PersonaParams = Type.Object({ id: Uuid() });
