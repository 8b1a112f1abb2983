import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '@rootline/kernel';

const EXAMPLE = {
  person: '01938f0e-5a10-7000-8000-0000000000a1',
  child: '01938f0e-5a10-7000-8000-0000000000a2',
  claim: '01938f0e-5a10-7000-8000-0000000000c1',
};

export const DEFAULT_EXAMPLES = 10;
export const MAX_EXAMPLES = 100;

export const SignalsQuery = Type.Object({
  examples: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_EXAMPLES, default: DEFAULT_EXAMPLES, description: `How many examples each signal lists (0..${MAX_EXAMPLES}, default ${DEFAULT_EXAMPLES}); counts are always whole.` }),
  ),
});

const Ref = Type.Object({
  id: Uuid(),
  kind: Type.Union([Type.Literal('person'), Type.Literal('assertion'), Type.Literal('event')], { description: 'What the id names' }),
  label: Type.String({ description: 'What a reader sees: "William Smyth (1851–1920)", a claim\'s or an event\'s label ("" if it is gone meanwhile)' }),
});

export const SignalExample = Type.Object({
  ...Ref.properties,
  related: Type.Array(Ref, { description: 'The other side of the offence: the child of a parent, the mother of a child, the birth and baptism claims, the marriage, the person a claim is about' }),
});
export type SignalExample = Static<typeof SignalExample>;

const Signal = (description: string) =>
  Type.Object(
    {
      count: Type.Integer({ minimum: 0, description: 'How many, in the whole tree' }),
      examples: Type.Array(SignalExample, { description: 'The first `examples` by id (ids are UUIDv7: oldest first)' }),
    },
    { description },
  );

export const DATE_KINDS = ['died_before_born', 'parent_under_12', 'mother_over_55', 'born_after_mother_death', 'baptism_before_birth', 'married_under_12'] as const;
export type DateInconsistencyKind = (typeof DATE_KINDS)[number];

export const SignalsDto = Type.Object(
  {
    example_limit: Type.Integer({ minimum: 0, description: 'The `examples` asked for' }),
    sourceless_people: Signal('Active persons none of whose personas has a standing (pending, deferred, confirmed) claim citing a source or a citation. Example: the person.'),
    conclusions_without_evidence: Signal('Confirmed claims with no source, no citation and no evidence attached. Example: the claim; related: its person, when its persona is in one.'),
    date_inconsistencies: Type.Object(
      {
        count: Type.Integer({ minimum: 0, description: 'The sum of the six kinds' }),
        died_before_born: Signal('The latest day the death summary allows is before the earliest day the birth summary allows. Example: the person.'),
        parent_under_12: Signal('A parent (birth or unknown pedigree) certainly under 12 at the child\'s birth: the child\'s latest possible birth is before the parent\'s 12th birthday at the earliest. Exactly 12 is not flagged. One per parent and child. Example: the parent; related: the child.'),
        mother_over_55: Signal('A mother (sex F; birth or unknown pedigree) certainly over 55: the child\'s earliest possible birth is after the mother\'s 55th birthday at the latest. Exactly 55 is not flagged. Example: the mother; related: the child.'),
        born_after_mother_death: Signal('The child\'s earliest possible birth is after the latest day the mother\'s death summary allows (the same day is not flagged). Example: the child; related: the mother.'),
        baptism_before_birth: Signal('The person\'s baptism or christening claim certainly precedes its birth claim (of each, the standing claim a summary would pick: confirmed first, then the oldest). Example: the person; related: the birth claim, the baptism claim.'),
        married_under_12: Signal('A marriage (a `MARR` event the person or one of its personas is husband, wife, spouse, bride, groom, partner or principal of, or a `marriage` claim) certainly before the person\'s 12th birthday. Example: the person; related: the event or claim.'),
      },
      { description: 'Dates are compared as intervals of days (see the operation\'s description): a signal fires only when it holds for every day both dates allow.' },
    ),
    end_of_line_ancestors: Signal('Persons with at least one child and no known parent (any pedigree): where a line stops. Example: the person.'),
  },
  {
    examples: [
      {
        example_limit: 10,
        sourceless_people: { count: 1, examples: [{ id: EXAMPLE.person, kind: 'person', label: 'William Smyth (1851–1920)', related: [] }] },
        conclusions_without_evidence: {
          count: 1,
          examples: [{ id: EXAMPLE.claim, kind: 'assertion', label: 'Birth, 12 MAR 1851, Ledbury', related: [{ id: EXAMPLE.person, kind: 'person', label: 'William Smyth (1851–1920)' }] }],
        },
        date_inconsistencies: {
          count: 1,
          died_before_born: { count: 0, examples: [] },
          parent_under_12: {
            count: 1,
            examples: [{ id: EXAMPLE.person, kind: 'person', label: 'William Smyth (1851–1920)', related: [{ id: EXAMPLE.child, kind: 'person', label: 'John Smyth (1860–1931)' }] }],
          },
          mother_over_55: { count: 0, examples: [] },
          born_after_mother_death: { count: 0, examples: [] },
          baptism_before_birth: { count: 0, examples: [] },
          married_under_12: { count: 0, examples: [] },
        },
        end_of_line_ancestors: { count: 1, examples: [{ id: EXAMPLE.person, kind: 'person', label: 'William Smyth (1851–1920)', related: [] }] },
      },
    ],
  },
);
export type SignalsDto = Static<typeof SignalsDto>;
