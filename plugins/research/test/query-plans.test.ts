import t from 'tap';
import { SELECT_QUESTION } from '../src/question-store.js';
import { db, ok, person, question, researchServer } from './fixtures/helpers.js';

/**
 * A question's `subjects` array is built by json_group_array over its subjects in their given
 * order. The order must come from an index (migration 003), not from a sort run again for every
 * question of a list; the array stays in the order the writer gave, not in id order.
 */

t.test('a question\'s subjects are read in order from an index, with no sort per question', async (t) => {
  const s = await researchServer(t);
  for (const where of ['WHERE q.id = ?', "WHERE q.status = 'open' ORDER BY q.id LIMIT 50"]) {
    const plan = (db(s).prepare(`EXPLAIN QUERY PLAN ${SELECT_QUESTION} ${where}`).all(...(where.includes('?') ? ['x'] : [])) as { detail: string }[]).map((row) => row.detail);
    t.ok(plan.some((step) => /SEARCH research_question_subjects USING COVERING INDEX research_subjects_in_order \(question=\?\)/.test(step)), `${where}: subjects by index (${plan.join('; ')})`);
    t.notOk(plan.some((step) => /TEMP B-TREE/.test(step)), `${where}: no sort (${plan.join('; ')})`);
  }
});

t.test('subjects come back in the order given, also after a reorder, however their ids sort', async (t) => {
  const s = await researchServer(t);
  const people = [];
  for (const given of ['Ann', 'John', 'Mary', 'William']) people.push((await person(s, given, 'Smyth')).id);
  const given = [people[2], people[0], people[3], people[1]];
  t.not(JSON.stringify(given), JSON.stringify([...given].sort()), 'not in id order');
  const asked = await question(s, { text: 'Who were the parents of William Smyth?', subjects: given });
  t.same(asked.subjects, given);
  t.same((await ok(s.request('GET', `/v1/research/questions/${asked.id}`))).subjects, given, 'read back in the given order');
  const reordered = [given[3], given[1], given[0]];
  await ok(s.request('PUT', `/v1/research/questions/${asked.id}/subjects`, { body: { subjects: reordered } }));
  t.same((await ok(s.request('GET', `/v1/research/questions/${asked.id}`))).subjects, reordered, 'and in the new order after a reorder');
  const listed = (await ok(s.request('GET', '/v1/research/questions'))).items.find((item: { id: string }) => item.id === asked.id);
  t.same(listed.subjects, reordered, 'the list agrees');
});
