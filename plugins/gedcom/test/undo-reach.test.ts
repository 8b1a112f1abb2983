import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { finished, fixture, importServer, upload } from './helpers.js';

/**
 * Undo after other work: what was made since about the import's own entities goes with it
 * (claims on its personas, notes, associations), and what ties them to the rest of the tree (a
 * merge either way, a person holding one of its personas) refuses the undo until reversed, with
 * nothing changed. Before, an undo left persons listing deleted personas, claims on no persona,
 * and lost a person the human had merged into an imported one.
 */

async function made(s: TestServer, method: string, path: string, body: unknown, token?: string) {
  const reply = await s.request(method, path, { body, ...(token ? { token } : {}) });
  if (reply.statusCode >= 300) throw new Error(`${method} ${path}: ${reply.statusCode} ${reply.body}`);
  return reply.json();
}

async function ownPerson(s: TestServer, given: string) {
  const persona = (await made(s, 'POST', '/v1/personas', { given, surname: 'Brown' })).id as string;
  return { persona, person: (await made(s, 'POST', '/v1/persons', { personas: [persona] })).id as string };
}

async function importSmith(s: TestServer) {
  const started = (await upload(s, fixture('smith.ged'))).json();
  await finished(s, started.job_id);
  const persons = (await s.request('GET', '/v1/persons', { query: { limit: '100' } })).json().items as { id: string; display_name: string; personas: string[] }[];
  const byName = (name: string) => persons.find((person) => person.display_name.includes(name))!;
  return { key: started.import_key as string, john: byName('John'), mary: byName('Mary'), william: byName('William') };
}

const counts = async (s: TestServer, persona: string) => ({
  persons: (await s.request('GET', '/v1/persons', { query: { limit: '1' } })).json().total,
  claims: (await s.request('GET', '/v1/assertions', { query: { persona } })).json().total,
});

t.test('a merge with an imported person, either way, refuses the undo with nothing changed; split apart, the undo goes through and takes what was made on its personas', async (t) => {
  const s = await importServer(t);
  const pre = await ownPerson(s, 'Alice');
  const pre2 = await ownPerson(s, 'Bella');
  const run = await importSmith(s);
  await made(s, 'POST', '/v1/persons/merge', { survivor: pre.person, merged: run.john.id });
  await made(s, 'POST', '/v1/persons/merge', { survivor: run.william.id, merged: pre2.person });
  const human = await made(s, 'POST', '/v1/assertions/capture', { persona: run.mary.personas[0], kind: 'occupation', value: 'dressmaker' });
  const agent = await made(s, 'POST', '/v1/assertions/capture', { persona: run.mary.personas[0], kind: 'residence', place: 'Ledbury' }, s.agentToken);
  const note = await made(s, 'POST', '/v1/notes', { target: run.mary.id, text: 'Seen in the 1851 census' });
  const association = await made(s, 'POST', '/v1/associations', { from: pre.person, to: run.mary.id, role: 'neighbour' });
  const before = await counts(s, run.mary.personas[0]);
  const recordsBefore = s.records().length;

  const refused = await s.request('POST', `/v1/imports/${run.key}/undo`, { body: {} });
  t.equal(refused.statusCode, 409, 'the merges tie the import to the rest of the tree');
  t.match(refused.json(), { code: 'import-in-use', count: 2, changes: [{ kind: 'person.merged.v1', entity_id: pre.person }, { kind: 'person.merged.v1', entity_id: run.william.id }] });
  t.match(refused.json().detail, /2 changes made since import .* tie what it created to other work .*Nothing was changed/);
  t.same(await counts(s, run.mary.personas[0]), before, 'nothing changed');
  t.equal((await s.request('GET', `/v1/notes/${note.id}`)).statusCode, 200, 'the note is there');
  t.equal(s.records().length, recordsBefore, 'nothing recorded');
  t.equal((await s.request('GET', `/v1/imports`)).json().items[0].state, 'succeeded');

  // Split apart as they were: the merges no longer hold.
  await made(s, 'POST', `/v1/persons/${pre.person}/split`, { personas: run.john.personas });
  await made(s, 'POST', `/v1/persons/${run.william.id}/split`, { personas: [pre2.persona] });
  const undone = await s.request('POST', `/v1/imports/${run.key}/undo`);
  t.equal(undone.statusCode, 200, 'undone once nothing ties it (a bare POST: the reason is optional)');
  t.same((await s.request('GET', `/v1/persons/${pre.person}`)).json().personas, [pre.persona], 'the human\'s person keeps only its own persona');
  t.equal((await s.request('GET', `/v1/persons/${pre2.person}`)).statusCode, 200, 'the person merged into an imported one lives again');
  for (const claim of [human.id, agent.id]) t.equal((await s.request('GET', `/v1/assertions/${claim}`)).statusCode, 404, 'a claim made since on its persona went with it');
  t.equal((await s.request('GET', `/v1/notes/${note.id}`)).statusCode, 404, 'so did the note on its person');
  t.ok(s.records({ kind: 'association.removed' }).some((record) => record.entity_id === association.id), 'and the association with its person');
  t.match(s.records({ kind: 'import.undone' }), [{ entity_id: run.key, payload: { also_removed: { claims: 2, notes: 1, associations: 1 } } }]);
  t.equal((await s.request('GET', '/v1/persons')).json().total, 2, 'only the two persons of the human remain');
});

t.test('a person made since from an imported persona, or a claim elsewhere citing an imported source, refuses the undo; edits of the import alone do not', async (t) => {
  const s = await importServer(t);
  const own = await ownPerson(s, 'Alice');
  const run = await importSmith(s);
  await made(s, 'PUT', `/v1/persons/${run.mary.id}/living-status`, { living: false });
  const refute = (await s.request('GET', '/v1/assertions', { query: { persona: run.mary.personas[0] } })).json().items[0];
  if (refute) await made(s, 'POST', `/v1/assertions/${refute.id}/refute`, {});
  const source = (await s.request('GET', '/v1/sources')).json().items[0].id;
  await made(s, 'POST', '/v1/assertions/capture', { persona: own.persona, kind: 'birth', date: '1850', source });
  const refused = await s.request('POST', `/v1/imports/${run.key}/undo`, { body: {} });
  t.equal(refused.statusCode, 409);
  t.match(refused.json(), { code: 'import-in-use', count: 1, changes: [{ kind: 'assertion.captured.v1', entity_type: 'assertion' }] }, 'the claim citing its source; not the living status nor the refutal');
});

t.test('two imported persons merged into one of the tree, then split off together into a new person: that new person holds its personas and refuses the undo', async (t) => {
  const s = await importServer(t);
  const own = await ownPerson(s, 'Alice');
  const run = await importSmith(s);
  await made(s, 'POST', '/v1/persons/merge', { survivor: own.person, merged: run.john.id });
  await made(s, 'POST', '/v1/persons/merge', { survivor: own.person, merged: run.mary.id });
  const split = await made(s, 'POST', `/v1/persons/${own.person}/split`, { personas: [...run.john.personas, ...run.mary.personas] });
  const refused = await s.request('POST', `/v1/imports/${run.key}/undo`, { body: {} });
  t.equal(refused.statusCode, 409, 'the new person would be left holding personas that are gone');
  t.match(refused.json(), { code: 'import-in-use', changes: [{ kind: 'person.split.v1', entity_id: own.person }] });
  t.equal((await s.request('GET', `/v1/persons/${split.new_person.id}`)).statusCode, 200, 'nothing changed');
});

t.test("an imported person's own persona split off into a new person (after it absorbed another of the import): that new person refuses the undo", async (t) => {
  const s = await importServer(t);
  const run = await importSmith(s);
  await made(s, 'POST', '/v1/persons/merge', { survivor: run.john.id, merged: run.mary.id });
  const split = await made(s, 'POST', `/v1/persons/${run.john.id}/split`, { personas: run.john.personas });
  t.notOk([run.john.id, run.mary.id].includes(split.new_person.id), 'a new person, not a merge reversed');
  const refused = await s.request('POST', `/v1/imports/${run.key}/undo`, { body: {} });
  t.equal(refused.statusCode, 409);
  t.match(refused.json(), { code: 'import-in-use', count: 1, changes: [{ kind: 'person.split.v1', entity_id: run.john.id }] });
});

t.test('three undos of the same run sent at once: one does the work, the others are answered as a second undo is', async (t) => {
  const s = await importServer(t);
  const run = await importSmith(s);
  const answers = await Promise.all([1, 2, 3].map(() => s.request('POST', `/v1/imports/${run.key}/undo`)));
  t.same(answers.map((answer) => answer.statusCode).sort(), [200, 409, 409]);
  t.same(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().code), ['import-already-undone', 'import-already-undone']);
  t.equal(s.records({ kind: 'import.undone' }).length, 1, 'undone once');
  t.equal((await s.request('POST', `/v1/imports/${run.key}/undo`)).json().code, 'import-already-undone', 'and again later');
});
