import t, { type Test } from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { MARKER, capture, mounts, newPeople, newPerson, newPersona, parentOf, partners, viewsServer } from './fixtures/helpers.js';

/**
 * Where a redaction reaches beyond the JSON of its own entity: the pedigree chart another
 * plugin draws (through the kernel's read filter), and the values other entities take from a
 * redacted name (a person's display name, the labels that quote it).
 */

const asAgent = (s: TestServer) => ({ token: s.agentToken });
const SVG = { accept: 'image/svg+xml' };
const redact = async (t: Test, s: TestServer, m: string, body: Record<string, unknown>) =>
  t.equal((await s.request('POST', `${m}/redactions`, { body: { reason: 'test', ...body } })).statusCode, 201, `redact ${JSON.stringify(body.field ?? 'all')}`);
const labelsOf = async (s: TestServer, m: string, ids: string[], agent: boolean) =>
  new Map<string, { label: string; redacted?: string[] }>((await s.request('GET', `${m}/labels`, { query: { ids: ids.join(',') }, ...(agent ? asAgent(s) : {}) })).json().labels.map((l: { id: string }) => [l.id, l]));

t.test("an agent's pedigree chart does not show what is redacted; the human's does", async (t) => {
  const s = await viewsServer(t);
  for (const { mount: m } of await mounts(s)) {
    const child = await newPeople(s, m, 'William');
    const father = await newPeople(s, m, 'John', 'Smyth', { sex: 'M' });
    const mother = await newPeople(s, m, 'Ann', 'Brown', { sex: 'F' });
    const grandfather = await newPeople(s, m, 'George', 'Smyth', { sex: 'M' });
    await parentOf(s, m, father.person, child.person);
    await parentOf(s, m, mother.person, child.person);
    await parentOf(s, m, grandfather.person, father.person);
    await capture(s, m, { persona: mother.persona, kind: 'birth', date: '1825' });
    await capture(s, m, { persona: grandfather.persona, kind: 'birth', date: '1790' });
    const chart = async (agent: boolean) => {
      const reply = await s.request('GET', `${m}/persons/${child.person}/pedigree`, { headers: SVG, ...(agent ? asAgent(s) : {}) });
      t.equal(reply.statusCode, 200);
      t.match(reply.headers['content-type'], 'image/svg+xml');
      return reply.body;
    };
    t.equal(await chart(true), await chart(false), 'nothing redacted: the same chart for both');

    await redact(t, s, m, { target: child.persona, field: 'name' });
    await redact(t, s, m, { target: father.person, field: 'display_name' });
    await redact(t, s, m, { target: mother.person });
    const agent = await chart(true);
    for (const hidden of ['William Smyth', 'John Smyth', 'Ann Brown', '1825']) t.notMatch(agent, hidden, `the agent's chart does not show ${hidden}`);
    t.match(agent, `<title id="pedigree-title">Pedigree of ${MARKER}, 4 generations</title>`, "the person's name is its redacted persona's");
    t.match(agent, 'George Smyth (1790–)', 'what is not redacted is drawn');
    t.equal(agent.split(`>${MARKER}</text>`).length - 1, 3, 'three boxes carry the marker');
    const human = await chart(false);
    for (const shown of ['Pedigree of William Smyth', 'John Smyth', 'Ann Brown (1825–)', 'George Smyth']) t.match(human, shown, `the human's chart shows ${shown}`);
    t.notMatch(human, MARKER);
    t.equal(await chart(true), agent, 'the human reading in between changed nothing for the agent');

    const slots = (await s.request('GET', `${m}/persons/${child.person}/pedigree`, asAgent(s))).json().slots as { display_name: string }[];
    t.same(slots.map((slot) => slot.display_name), [MARKER, MARKER, MARKER, 'George Smyth'], 'the JSON slots say the same');
  }
});

t.test("a persona's redacted name hides the display name of the person shown by it, and the labels quoting it", async (t) => {
  const s = await viewsServer(t);
  const m = '/v1';
  const child = await newPeople(s, m, 'William');
  const father = await newPeople(s, m, 'John');
  const edge = await parentOf(s, m, father.person, child.person);
  const birth = await capture(s, m, { persona: child.persona, kind: 'birth', date: '12 MAR 1851' });
  await capture(s, m, { persona: father.persona, kind: 'birth', date: '1820' });
  await redact(t, s, m, { target: child.persona, field: 'name' });

  const person = (await s.request('GET', `${m}/persons/${child.person}`, asAgent(s))).json();
  t.match(person, { id: child.person, display_name: MARKER, personas: [child.persona] }, 'GET /persons/{id}: the name, nothing else');
  t.not(person.birth, MARKER);
  t.match((await s.request('GET', `${m}/persons/${child.person}`)).json(), { display_name: 'William Smyth', redacted: ['display_name'] }, 'the human reads it, flagged');
  const list = (await s.request('GET', `${m}/persons`, asAgent(s))).json();
  t.same(list.items.map((item: { id: string; display_name: string }) => [item.id, item.display_name]).sort(), [[child.person, MARKER], [father.person, 'John Smyth']].sort(), 'in the list too');
  t.equal((await s.request('GET', `${m}/persons/${father.person}/card`, asAgent(s))).json().children[0].display_name, MARKER, "a relative's card");

  const agent = await labelsOf(s, m, [child.person, edge, birth.id, father.person], true);
  t.equal(agent.get(child.person)?.label, MARKER, 'the person label');
  t.equal(agent.get(edge)?.label, MARKER, 'the relationship label names the person');
  t.equal(agent.get(birth.id)?.label, MARKER, 'the claim label names the persona');
  t.equal(agent.get(father.person)?.label, 'John Smyth (1820–)', 'a label not naming it stays');
  const human = await labelsOf(s, m, [edge, birth.id], false);
  t.same(human.get(edge), { id: edge, kind: 'relationship', label: 'Parent of William Smyth (1851–): John Smyth (1820–)', redacted: ['label'] });
  t.match(human.get(birth.id), { label: /^Birth of William Smyth/, redacted: ['label'] });

  const fan = (await s.request('GET', `${m}/persons/${child.person}/fan-network`, asAgent(s))).json();
  t.same(fan.nodes[0], { id: child.person, kind: 'person', label: MARKER }, 'the FAN focus');
});

t.test("a redacted person's name hides the labels quoting it; a name is found as whole words", async (t) => {
  const s = await viewsServer(t);
  const m = '/v1';
  const ann = await newPeople(s, m, 'Ann');
  const joann = await newPeople(s, m, 'Joann');
  const child = await newPeople(s, m, 'Mary', 'Brown');
  const ofAnn = await parentOf(s, m, ann.person, child.person);
  const ofJoann = await parentOf(s, m, joann.person, child.person);
  const marriage = await partners(s, m, ann.person, joann.person);
  await redact(t, s, m, { target: ann.person, field: 'display_name' });
  const agent = await labelsOf(s, m, [ofAnn, ofJoann, marriage, child.person], true);
  t.equal(agent.get(ofAnn)?.label, MARKER, "the relationship quoting Ann Smyth's name");
  t.equal(agent.get(marriage)?.label, MARKER);
  t.equal(agent.get(ofJoann)?.label, 'Parent of Mary Brown: Joann Smyth', '"Joann Smyth" does not quote "Ann Smyth"');
  t.equal(agent.get(child.person)?.label, 'Mary Brown');
  t.notOk((await labelsOf(s, m, [ofJoann], false)).get(ofJoann)?.redacted, 'the human sees no flag where nothing is hidden');
});

t.test('a redacted name is found as it is written, whatever characters it holds', async (t) => {
  const s = await viewsServer(t);
  const m = '/v1';
  const nan = await newPeople(s, m, 'Ann (Nan)', 'St. John');
  const annNan = await newPeople(s, m, 'Ann Nan', 'StX John');
  const child = await newPeople(s, m, 'Mary', 'Brown');
  const ofNan = await parentOf(s, m, nan.person, child.person);
  const ofAnnNan = await parentOf(s, m, annNan.person, child.person);
  await redact(t, s, m, { target: nan.persona, field: 'name' });
  const agent = await labelsOf(s, m, [ofNan, ofAnnNan], true);
  t.equal(agent.get(ofNan)?.label, MARKER, 'brackets and a full stop in the name: its label is hidden');
  t.equal(agent.get(ofAnnNan)?.label, 'Parent of Mary Brown: Ann Nan StX John', 'the same letters without them are another name');
});

t.test('only the name a person shows is hidden, and what is derived follows persons and personas as they change', async (t) => {
  const s = await viewsServer(t);
  const m = '/v1';
  const shown = await newPersona(s, m, 'William');
  const other = await newPersona(s, m, 'Bill', 'Smith');
  const person = await newPerson(s, m, [other, shown]);
  const read = async () => (await s.request('GET', `${m}/persons/${person}`, asAgent(s))).json().display_name;
  t.equal(await read(), 'Bill Smith');
  await redact(t, s, m, { target: shown, field: 'name' });
  t.equal(await read(), 'Bill Smith', "the person shows its first persona's name, which is not redacted");

  const split = await s.request('POST', `${m}/persons/${person}/split`, { body: { personas: [shown] } });
  t.equal(split.statusCode, 200);
  const moved = split.json().new_person.id as string;
  t.match(split.json(), { person: { display_name: 'Bill Smith' }, new_person: { display_name: 'William Smyth', redacted: ['display_name'] } }, 'the human is told at once');
  t.notOk('redacted' in split.json().person);
  t.equal((await s.request('GET', `${m}/persons/${moved}`, asAgent(s))).json().display_name, MARKER, 'split away, the persona names a person of its own: hidden');
  t.equal(await read(), 'Bill Smith');

  const later = await newPersona(s, m, 'Thomas');
  await redact(t, s, m, { target: later, field: 'name' });
  // An agent's read in between: the redactions are read and kept, so what follows must make them read again.
  t.equal(await read(), 'Bill Smith');
  const concluded = await s.request('POST', `${m}/persons`, { body: { personas: [later] }, ...asAgent(s) });
  t.equal(concluded.json().display_name, MARKER, 'a person concluded after the redaction');
  const id = concluded.json().id as string;
  const father = await newPeople(s, m, 'John');
  const edge = await parentOf(s, m, father.person, id);
  t.equal((await labelsOf(s, m, [edge], true)).get(edge)?.label, MARKER, 'a label quoting the name: hidden');

  const renamed = await s.request('PUT', `${m}/personas/${later}/name-pieces`, { body: { given: 'Tom', surname: 'Smyth' } });
  t.equal(renamed.statusCode, 200);
  t.equal((await labelsOf(s, m, [edge], true)).get(edge)?.label, MARKER, 'renamed: the label now quotes the new name, hidden at once');
  t.equal((await s.request('GET', `${m}/persons/${id}`, asAgent(s))).json().display_name, MARKER, 'renamed, the persona still hides the name it now has');
  t.equal((await s.request('GET', `${m}/persons/${id}`)).json().display_name, 'Tom Smyth');

  const retracted = await s.request('POST', `${m}/persons/${id}/retract`, { body: {} });
  t.equal(retracted.statusCode, 200);
  const again = await s.request('POST', `${m}/persons`, { body: { personas: [later] } });
  t.equal(again.statusCode, 201);
  t.equal((await s.request('GET', `${m}/persons/${again.json().id}`, asAgent(s))).json().display_name, MARKER, 'concluded again after a retraction');
});

t.test("a redacted claim's date hides the person's birth summary resting on it, wherever the person is shown", async (t) => {
  const s = await viewsServer(t);
  const m = '/v1';
  const child = await newPeople(s, m, 'William');
  const father = await newPeople(s, m, 'John');
  await parentOf(s, m, father.person, child.person);
  const birth = await capture(s, m, { persona: child.persona, kind: 'birth', date: '12 MAR 1851', place: 'Ledbury' });
  const death = await capture(s, m, { persona: child.persona, kind: 'death', date: '1920' });
  const other = await capture(s, m, { persona: child.persona, kind: 'occupation', value: 'glover', date: '1881' });
  await redact(t, s, m, { target: other.id, field: 'date' });
  t.match((await s.request('GET', `${m}/persons/${child.person}`, asAgent(s))).json(), { birth: { date: '12 MAR 1851' }, death: { date: '1920' } }, 'a redacted claim no summary rests on hides nothing of the person');

  await redact(t, s, m, { target: birth.id, field: 'date' });
  const person = (await s.request('GET', `${m}/persons/${child.person}`, asAgent(s))).json();
  t.equal(person.birth, MARKER, "GET /persons/{id}: the birth resting on the claim is the agent's marker");
  t.match(person, { display_name: 'William Smyth', death: { date: '1920' } }, 'the name and the death stay');
  t.match((await s.request('GET', `${m}/persons/${child.person}`)).json(), { birth: { date: '12 MAR 1851' }, redacted: ['birth'] }, 'the human reads it, flagged');
  const card = (await s.request('GET', `${m}/persons/${child.person}/card`, asAgent(s))).json();
  t.match(card, { birth: MARKER, life_years: MARKER }, 'the card: no birth, no life years');
  t.equal((await s.request('GET', `${m}/persons/${father.person}/card`, asAgent(s))).json().children[0].life_years, MARKER, "a relative's card shows no years");
  t.equal((await labelsOf(s, m, [child.person], true)).get(child.person)?.label, MARKER, 'the label carries the years: hidden');
  const text = JSON.stringify((await s.request('GET', `${m}/persons/${child.person}/pedigree`, asAgent(s))).json());
  t.notMatch(text, '1851', 'the pedigree does not show the year');
  t.notMatch((await s.request('GET', `${m}/persons/${child.person}/pedigree`, { headers: SVG, ...asAgent(s) })).body, '1851', 'nor its chart');

  await redact(t, s, m, { target: death.id });
  t.equal((await s.request('GET', `${m}/persons/${child.person}`, asAgent(s))).json().death, MARKER, 'a claim redacted whole hides the death resting on it');

  // The summary moves to another claim: what is hidden follows it.
  t.equal((await s.request('POST', `${m}/assertions/${birth.id}/refute`, { body: {} })).statusCode, 200);
  t.equal((await s.request('GET', `${m}/persons/${child.person}`, asAgent(s))).json().birth, null, 'refuted, the claim no longer makes the birth: nothing to hide');
  const baptism = await capture(s, m, { persona: child.persona, kind: 'baptism', date: '20 MAR 1851' });
  t.match((await s.request('GET', `${m}/persons/${child.person}`, asAgent(s))).json(), { birth: { date: '20 MAR 1851', assertion: baptism.id } }, 'a birth resting on an unredacted claim is shown');
});
