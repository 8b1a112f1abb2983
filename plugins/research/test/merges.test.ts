import t from 'tap';
import { db, ok, person, question, researchServer } from './fixtures/helpers.js';

t.test('a question\'s subjects follow a merge of persons and come back when it is reversed', async (t) => {
  const s = await researchServer(t);
  const [will, bill, ann] = [await person(s, 'William', 'Smyth'), await person(s, 'Bill', 'Smith'), await person(s, 'Ann', 'Lee')];
  const aboutBill = await question(s, { text: 'Who were Bill\'s parents?', subjects: [ann.id, bill.id] });
  const aboutBoth = await question(s, { text: 'Are Will and Bill one man?', subjects: [bill.id, will.id] });
  const subjects = async (id: string) => (await ok(s.request('GET', `/v1/research/questions/${id}`))).subjects;

  await ok(s.request('POST', '/v1/persons/merge', { body: { survivor: will.id, merged: bill.id } }));
  t.same(await subjects(aboutBill.id), [ann.id, will.id], 'the survivor takes the merged person\'s place');
  t.same(await subjects(aboutBoth.id), [will.id], 'named once where it already was a subject');
  const byPerson = await ok(s.request('GET', '/v1/research/questions', { query: { subject_kind: 'person', subject_id: will.id } }));
  t.same(byPerson.items.map((q: { id: string }) => q.id).sort(), [aboutBill.id, aboutBoth.id].sort(), 'listed under the survivor');

  await ok(s.request('POST', `/v1/persons/${will.id}/split`, { body: { personas: [bill.persona] } }));
  t.same(await subjects(aboutBill.id), [ann.id, bill.id], 'back as it was');
  t.same(await subjects(aboutBoth.id), [bill.id, will.id], 'in its old place');
  t.equal(db(s).prepare('SELECT count(*) FROM research_subject_merges').pluck().get(), 0);
});

t.test('subjects set after a merge stay as set when it is reversed', async (t) => {
  const s = await researchServer(t);
  const [will, bill, ann] = [await person(s, 'William', 'Smyth'), await person(s, 'Bill', 'Smith'), await person(s, 'Ann', 'Lee')];
  const q = await question(s, { text: 'Bill\'s baptism?', subjects: [bill.id] });
  await ok(s.request('POST', '/v1/persons/merge', { body: { survivor: will.id, merged: bill.id } }));
  await ok(s.request('PUT', `/v1/research/questions/${q.id}/subjects`, { body: { subjects: [ann.id] } }));
  await ok(s.request('POST', `/v1/persons/${will.id}/split`, { body: { personas: [bill.persona] } }));
  t.same((await ok(s.request('GET', `/v1/research/questions/${q.id}`))).subjects, [ann.id]);
});
