import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { MARKER, capture, newEvent, newPeople, newPersona, newSource, parentOf, viewsServer } from './fixtures/helpers.js';

/**
 * A label is made of some fields of its entity: redacting one of those hides the label from an
 * agent, redacting any other field leaves it readable (the label then shows nothing hidden).
 * One row per field: which kind, which field, whether the agent's label goes.
 */

const asAgent = (s: TestServer) => ({ token: s.agentToken });
const labelOf = async (s: TestServer, id: string, agent: boolean) =>
  (await s.request('GET', '/v1/labels', { query: { ids: id }, ...(agent ? asAgent(s) : {}) })).json().labels[0] as { id: string; kind: string; label: string; redacted?: string[] };

type Make = (s: TestServer, n: number) => Promise<string>;

/** Each entity gets names of its own (`n`), so no row's redaction quotes another row's name. */
const person: Make = async (s, n) => {
  const { person: id, persona } = await newPeople(s, '/v1', `Given${n}`, `Surname${n}`);
  await capture(s, '/v1', { persona, kind: 'birth', date: '1851' });
  await capture(s, '/v1', { persona, kind: 'death', date: '1920' });
  return id;
};
const persona: Make = (s, n) => newPersona(s, '/v1', `Given${n}`, `Surname${n}`, { sex: 'F' });
const source: Make = (s, n) => newSource(s, '/v1', `Register ${n}`);
const event: Make = async (s, n) => newEvent(s, '/v1', { type: 'BAPM', date: '20 MAR 1851', place: `Parish${n}`, description: 'At the font' });
const claim: Make = async (s, n) => {
  const id = await newPersona(s, '/v1', `Given${n}`, `Surname${n}`);
  return (await capture(s, '/v1', { persona: id, kind: 'occupation', value: 'Glover', date: '1851', place: `Town${n}` })).id;
};
const relationship: Make = async (s, n) => parentOf(s, '/v1', (await newPeople(s, '/v1', `Parent${n}`)).person, (await newPeople(s, '/v1', `Child${n}`)).person);

const ROWS: [string, Make, string, boolean][] = [
  ['person', person, 'display_name', true],
  ['person', person, 'birth', true],
  ['person', person, 'death', true],
  ['person', person, 'sex', false],
  ['person', person, 'living', false],
  ['persona', persona, 'name', true],
  ['persona', persona, 'sex', false],
  ['source', source, 'title', true],
  ['source', source, 'author', false],
  ['event', event, 'type', true],
  ['event', event, 'date', true],
  ['event', event, 'place', true],
  ['event', event, 'description', false],
  ['assertion', claim, 'kind', true],
  ['assertion', claim, 'value', true],
  ['assertion', claim, 'date', true],
  ['assertion', claim, 'place', true],
  ['assertion', claim, 'source', false],
  ['relationship', relationship, 'pedigree', true],
];

t.test('a label goes with the fields it is made of, and only with those', async (t) => {
  const s = await viewsServer(t);
  let n = 0;
  for (const [kind, make, field, hides] of ROWS) {
    const id = await make(s, ++n);
    const before = await labelOf(s, id, true);
    t.equal(before.kind, kind, `${kind}: the label's kind`);
    t.not(before.label, MARKER, `${kind}.${field}: readable before`);
    const made = await s.request('POST', '/v1/redactions', { body: { target: id, field, reason: 'test' } });
    t.equal(made.statusCode, 201, `${kind}.${field}: redacted`);
    const agent = await labelOf(s, id, true);
    t.same(agent, hides ? { id, kind, label: MARKER } : before, `${kind}.${field}: the agent's label ${hides ? 'is hidden' : 'stays'}`);
    const human = await labelOf(s, id, false);
    t.same(human, hides ? { ...before, redacted: ['label'] } : before, `${kind}.${field}: the human reads it${hides ? ', flagged' : ''}`);
  }
});

t.test('a death hides the life years a relative is shown with, as a birth does', async (t) => {
  const s = await viewsServer(t);
  const child = await newPeople(s, '/v1', 'William');
  const father = await newPeople(s, '/v1', 'John');
  await parentOf(s, '/v1', father.person, child.person);
  await capture(s, '/v1', { persona: father.persona, kind: 'birth', date: '1820' });
  await capture(s, '/v1', { persona: father.persona, kind: 'death', date: '1890' });
  await s.request('POST', '/v1/redactions', { body: { target: father.person, field: 'death', reason: 'test' } });
  const card = (await s.request('GET', `/v1/persons/${child.person}/card`, asAgent(s))).json();
  t.match(card.parents[0], { display_name: 'John Smyth', life_years: MARKER });
  const own = (await s.request('GET', `/v1/persons/${father.person}`, asAgent(s))).json();
  t.equal(own.death, MARKER);
  t.not(own.birth, MARKER, 'the birth stays');
  t.same((await s.request('GET', `/v1/persons/${child.person}/card`)).json().parents[0].redacted, ['life_years'], 'the human is told');
});

t.test('a person or persona of the same name as a redacted one keeps its label', async (t) => {
  const s = await viewsServer(t);
  const hidden = await newPeople(s, '/v1', 'John');
  const namesake = await newPeople(s, '/v1', 'John');
  const child = await newPeople(s, '/v1', 'Mary', 'Brown');
  const edge = await parentOf(s, '/v1', namesake.person, child.person);
  await s.request('POST', '/v1/redactions', { body: { target: hidden.person, field: 'display_name', reason: 'test' } });
  const labels = new Map((await s.request('GET', '/v1/labels', { query: { ids: [hidden.person, namesake.person, namesake.persona, edge].join(',') }, ...asAgent(s) })).json().labels.map((l: { id: string; label: string }) => [l.id, l.label]));
  t.equal(labels.get(hidden.person), MARKER);
  t.equal(labels.get(namesake.person), 'John Smyth', "another person's label is its own name, not a quote of the hidden one");
  t.equal(labels.get(namesake.persona), 'John Smyth', 'a persona too');
  t.equal(labels.get(edge), MARKER, 'a relationship label quoting the name is hidden, whoever it means');
});
