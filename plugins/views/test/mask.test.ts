import t from 'tap';
import type { Redactions } from '../src/redactions/cache.js';
import { applyRedactions } from '../src/redactions/mask.js';

/**
 * The masking rule on parsed replies, without a server: which objects describe a redacted
 * entity, and which of their fields an agent loses. (Through the routes: redactions*.test.ts.)
 */
const PERSON = '01938f10-1a2b-7c3d-8e4f-5a6b7c8d9e0f';
const redactions = (targets: [string, { whole: boolean; fields: string[] }][]): Redactions => ({
  targets: new Map(targets.map(([id, { whole, fields }]) => [id, { whole, fields: new Set(fields) }])),
  quotes: null,
  needles: [],
  derivable: false,
});
const masked = (value: unknown, r: Redactions, agent = true) => {
  const copy = structuredClone(value);
  return { changed: applyRedactions(copy, r, agent), value: copy };
};

t.test('a whole person in a summary without an id (a pedigree slot): each field it shows is hidden, no field is added', async (t) => {
  const whole = redactions([[PERSON, { whole: true, fields: [] }]]);
  const slot = { person: PERSON, display_name: 'William Smyth', birth: '1851', death: '1920', life_years: '1851–1920', label: 'William Smyth (1851–1920)', generation: 2 };
  t.same(masked(slot, whole).value, { person: PERSON, display_name: '[redacted]', birth: '[redacted]', death: '[redacted]', life_years: '[redacted]', label: '[redacted]', generation: 2 });
  t.same(masked({ person: PERSON, display_name: 'William Smyth', generation: 2 }, whole).value, { person: PERSON, display_name: '[redacted]', generation: 2 }, 'only what the slot has');
  t.same(masked(slot, whole, false).value, { ...slot, redacted: ['display_name', 'birth', 'death', 'life_years', 'label'] }, 'the human reads every value, flagged');
});

t.test('an entity that has a kind and a label and more: its own fields by the entity rule, its label by the label rule', async (t) => {
  const birth = redactions([[PERSON, { whole: false, fields: ['birth'] }]]);
  const person = { id: PERSON, kind: 'person', label: 'William Smyth (1851–)', birth: '1851' };
  t.same(masked(person, birth).value, { ...person, birth: '[redacted]', label: '[redacted]' }, 'its birth hidden, and its label, which is made of the birth');
  t.same(masked(person, birth, false).value, { ...person, redacted: ['birth', 'label'] }, 'the human reads both, flagged');
  const label = { id: PERSON, kind: 'person', label: 'William Smyth (1851–)' };
  t.same(masked(label, birth).value, { ...label, label: '[redacted]' }, 'a label alone: hidden, being made of the birth');
  // A research signal's example (GET /research/signals): a label with the entities it relates to.
  const name = redactions([[PERSON, { whole: false, fields: ['display_name'] }]]);
  const example = { id: PERSON, kind: 'person', label: 'Dora Old', related: [] };
  t.same(masked(example, name).value, { ...example, label: '[redacted]' }, 'a signal example: its label hidden with the name it shows');
  const source = redactions([[PERSON, { whole: false, fields: ['title'] }]]);
  t.same(masked(example, source), { changed: false, value: example }, 'a field the label is not made of leaves it');
});

t.test('an object with a label but no kind is not a label: nothing of it is covered by a field redaction it does not have', async (t) => {
  const birth = redactions([[PERSON, { whole: false, fields: ['birth'] }]]);
  const view = { id: PERSON, label: 'Smyth family' };
  t.same(masked(view, birth), { changed: false, value: view });
  const numbered = { id: PERSON, kind: 7, label: 'Smyth family' };
  t.same(masked(numbered, birth), { changed: false, value: numbered }, 'a kind that is not text');
});

t.test("a duplicate candidate's reasons: a reason about a field the person's redaction hides loses its detail", async (t) => {
  const candidate = () => ({
    person: { id: PERSON, display_name: 'Dora Old', birth: { date: '1852' } },
    score: 0.9,
    reasons: [
      { field: 'surname', how: 'exact', detail: 'Old = Old' },
      { field: 'given', how: 'nickname', detail: 'Dorothy ~ Dora: both forms of Dorothy' },
      { field: 'birth', how: 'compatible', detail: '"ABT 1850" and "1852" are 2 years apart, within the slack' },
    ],
  });
  const name: any = masked(candidate(), redactions([[PERSON, { whole: false, fields: ['display_name'] }]])).value;
  t.same(name.reasons.map((reason: { detail: string }) => reason.detail), ['[redacted]', '[redacted]', '"ABT 1850" and "1852" are 2 years apart, within the slack'], 'the name hidden: the name reasons, not the birth');
  t.equal(name.person.display_name, '[redacted]');
  const birth: any = masked(candidate(), redactions([[PERSON, { whole: false, fields: ['birth'] }]])).value;
  t.same(birth.reasons.map((reason: { detail: string }) => reason.detail), ['Old = Old', 'Dorothy ~ Dora: both forms of Dorothy', '[redacted]'], 'the birth hidden: its reason only');
  const whole: any = masked(candidate(), redactions([[PERSON, { whole: true, fields: [] }]])).value;
  t.ok(whole.reasons.every((reason: { detail: string }) => reason.detail === '[redacted]'), 'the whole person: every reason');
  const human: any = masked(candidate(), redactions([[PERSON, { whole: false, fields: ['display_name'] }]]), false).value;
  t.same(human.reasons.map((reason: { detail: string; redacted?: string[] }) => [reason.detail, reason.redacted]), [
    ['Old = Old', ['detail']], ['Dorothy ~ Dora: both forms of Dorothy', ['detail']], ['"ABT 1850" and "1852" are 2 years apart, within the slack', undefined],
  ], 'the human reads them, flagged');
  t.same(masked(candidate(), redactions([['01938f10-0000-7000-8000-000000000000', { whole: true, fields: [] }]])), { changed: false, value: candidate() }, 'another person\'s redaction: nothing');
});
