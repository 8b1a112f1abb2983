import t, { type Test } from 'tap';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import { MARKER, PLUGINS, capture, newEvent, newPeople, newPersona } from './fixtures/helpers.js';

/**
 * What a redacted value left behind elsewhere: the record log an agent pages (GET /audit), an
 * event's corrections, the claim that supersedes a redacted claim, and the personas of a person
 * whose name is hidden. Each once seen reaching an agent.
 */

const server = (t: Test) => buildTestServer(t, { plugins: [...PLUGINS, '@rootline/plugin-audit'] });
const m = '/v1';
const asAgent = (s: TestServer) => ({ token: s.agentToken });
const redact = async (t: Test, s: TestServer, body: Record<string, unknown>) =>
  t.equal((await s.request('POST', `${m}/redactions`, { body: { reason: 'Private', ...body } })).statusCode, 201, `redact ${JSON.stringify(body)}`);
const auditText = async (s: TestServer, agent: boolean) => (await s.request('GET', `${m}/audit`, { query: { limit: '500' }, ...(agent ? asAgent(s) : {}) })).body;

t.test("the record log says nothing an agent may not read of a redacted entity", async (t) => {
  const s = await server(t);
  const source = (await s.request('POST', `${m}/sources`, { body: { title: 'Assassinated' } })).json().id as string;
  const persona = await newPersona(s, m, 'Caroline', 'Kennedy');
  t.equal((await s.request('PUT', `${m}/personas/${persona}/name-pieces`, { body: { given: 'Caroline Bouvier', surname: 'Kennedy' } })).statusCode, 200);
  const event = await newEvent(s, m, { type: 'MARR', date: '1953', place: 'Newport, RI', participants: [{ persona, role: 'principal' }] });
  t.equal((await s.request('POST', `${m}/events/${event}/corrections`, { body: { place: 'Newport, Newport County, RI', reason: 'the register' } })).statusCode, 201);
  for (const value of ['Assassinated', 'Caroline Bouvier', 'Newport']) t.match(await auditText(s, true), value, `before any redaction the agent reads ${value}`);

  await redact(t, s, { target: source, field: 'title' });
  await redact(t, s, { target: persona, field: 'name' });
  await redact(t, s, { target: event, field: 'place' });
  const agent = await auditText(s, true);
  for (const value of ['Assassinated', 'Caroline Bouvier', 'Newport']) t.notMatch(agent, value, `the agent's audit does not quote ${value}`);
  t.match(agent, 'MARR', 'what is not redacted is still told');
  const human = await auditText(s, false);
  for (const value of ['Assassinated', 'Caroline Bouvier', 'Newport, Newport County, RI']) t.match(human, value, `the human reads ${value}`);
  t.match(human, '"redacted":["title"]', 'flagged where it is');
});

t.test("an event's corrections keep its redacted place from an agent", async (t) => {
  const s = await server(t);
  const { persona } = await newPeople(s, m, 'John');
  const event = await newEvent(s, m, { type: 'MARR', date: '1953', place: 'Newport', participants: [{ persona, role: 'principal' }] });
  t.equal((await s.request('POST', `${m}/events/${event}/corrections`, { body: { place: 'Newport, RI', date: '12 SEP 1953', reason: 'the register' } })).statusCode, 201);
  await redact(t, s, { target: event, field: 'place' });
  const read = (await s.request('GET', `${m}/events/${event}`, asAgent(s))).json();
  t.equal(read.place, MARKER);
  t.match(read.corrections[0], { previous: { place: MARKER, date: '1953' }, values: { place: MARKER, date: '12 SEP 1953' }, reason: 'the register' });
  t.notMatch(JSON.stringify(read), 'Newport');
  const human = (await s.request('GET', `${m}/events/${event}`)).json();
  t.match(human.corrections[0], { previous: { place: 'Newport', redacted: ['place'] }, values: { place: 'Newport, RI', redacted: ['place'] } });
});

t.test('a claim that supersedes a redacted claim keeps what was hidden of it hidden', async (t) => {
  const s = await server(t);
  const { persona } = await newPeople(s, m, 'John');
  const birth = await capture(s, m, { persona, kind: 'birth', date: '29 MAY 1917', place: 'Brookline, MA' });
  await redact(t, s, { target: birth.id, field: 'place' });
  const superseded = await s.request('POST', `${m}/assertions/${birth.id}/supersede`, { body: { replacement: { value: 'born at home' } }, ...asAgent(s) });
  t.equal(superseded.statusCode, 200);
  const replacement = superseded.json().replacement as string;
  const read = (await s.request('GET', `${m}/assertions/${replacement}`, asAgent(s))).json();
  t.match(read, { value: 'born at home', date: '29 MAY 1917', place: MARKER }, 'the copied place is hidden, the rest shown');
  t.match((await s.request('GET', `${m}/assertions/${replacement}`)).json(), { place: 'Brookline, MA', redacted: ['place'] }, 'the human reads it, flagged');
  const again = await s.request('POST', `${m}/assertions/${replacement}/supersede`, { body: { replacement: { date: '1917' } } });
  const third = (await s.request('GET', `${m}/assertions/${again.json().replacement}`, asAgent(s))).json();
  t.equal(third.place, MARKER, 'and on along the chain');
});

t.test("a person redacted whole, or its name, hides the names of its personas", async (t) => {
  const s = await server(t);
  const rose = await newPersona(s, m, 'Rosemary', 'Kennedy');
  const rosie = await newPersona(s, m, 'Rose Marie', 'Kennedy');
  const person = (await s.request('POST', `${m}/persons`, { body: { personas: [rose, rosie] } })).json().id as string;
  const other = await newPeople(s, m, 'Eunice', 'Kennedy');
  await redact(t, s, { target: person });
  for (const persona of [rose, rosie]) {
    const read = (await s.request('GET', `${m}/personas/${persona}`, asAgent(s))).json();
    t.equal(read.name, MARKER, 'a persona of the person: its name is hidden');
  }
  const labels = (await s.request('GET', `${m}/labels`, { query: { ids: [rose, rosie, other.persona].join(',') }, ...asAgent(s) })).json().labels as { id: string; label: string }[];
  t.same(new Map(labels.map((l) => [l.id, l.label])), new Map([[rose, MARKER], [rosie, MARKER], [other.persona, 'Eunice Kennedy']]), 'their labels too; another persona keeps its own');
  t.match((await s.request('GET', `${m}/personas/${rose}`)).json(), { name: { display: 'Rosemary Kennedy' }, redacted: ['name'] }, 'the human reads it, flagged');

  const display = await newPeople(s, m, 'Joseph', 'Kennedy');
  await redact(t, s, { target: display.person, field: 'display_name' });
  t.equal((await s.request('GET', `${m}/personas/${display.persona}`, asAgent(s))).json().name, MARKER, 'a redacted display name: the persona it comes from');
  const later = await newPeople(s, m, 'Joe', 'Kennedy');
  t.equal((await s.request('GET', `${m}/personas/${later.persona}`, asAgent(s))).json().name.display, 'Joe Kennedy');
  t.equal((await s.request('POST', `${m}/persons/merge`, { body: { survivor: display.person, merged: later.person } })).statusCode, 200);
  t.equal((await s.request('GET', `${m}/personas/${later.persona}`, asAgent(s))).json().name, MARKER, 'a persona merged into it later as well');
});

t.test("a person's entry anchor, whose text the research plugin wrote from the person's name, keeps a hidden name hidden", async (t) => {
  const s = await buildTestServer(t, {
    plugins: [...PLUGINS, '@rootline/plugin-proofs', '@rootline/plugin-conflicts', '@rootline/plugin-research', '@rootline/plugin-jobs', '@rootline/plugin-duplicates', '@rootline/plugin-project'],
  });
  const patrick = await newPeople(s, m, 'Patrick', 'Kennedy');
  const anchor = (await s.request('POST', `${m}/research/entry-anchors`, { body: { subject: patrick.person } })).json().question;
  t.equal(anchor.text, 'General research: Patrick Kennedy');
  await redact(t, s, { target: patrick.person, field: 'display_name' });
  t.equal((await s.request('GET', `${m}/research/questions/${anchor.id}`, asAgent(s))).json().text, MARKER, 'the question');
  const state = await s.request('GET', `${m}/project/state`, asAgent(s));
  t.notMatch(state.body, 'Patrick Kennedy', 'the project state');
  t.match(state.json().sections.open_questions.items, [{ id: anchor.id, text: MARKER, anchor: { kind: 'person', person: patrick.person } }]);
  t.equal((await s.request('GET', `${m}/research/questions/${anchor.id}`)).json().text, 'General research: Patrick Kennedy', 'the human reads it');
});
