import t from 'tap';
import { MISSING, proofServer } from './fixtures/helpers.js';

/** The question an argument answers, in a server with the research plugin (a research review found any id taken, and kept for ever). */

t.test('an argument answers a research question of its own tree, else 404 and nothing written', async (t) => {
  const s = await proofServer(t, { plugins: ['@rootline/plugin-persons', '@rootline/plugin-research'] });
  const question = (await s.request('POST', '/v1/research/questions', { body: { text: 'When was William born?' } })).json().id as string;
  const other = (await s.request('POST', '/v1/trees', { body: { name: 'Another tree' } })).json().tree_id as string;
  const elsewhere = (await s.request('POST', `/v1/trees/${other}/research/questions`, { body: { text: 'Who was Ann?' } })).json().id as string;
  const argue = (body: Record<string, unknown>, prefix = '/v1') => s.request('POST', `${prefix}/proof-arguments`, { body: { title: 'T', text: 'x', ...body } });

  const made = await argue({ question });
  t.equal(made.statusCode, 201);
  t.equal(made.json().question, question);
  for (const [name, id] of [['unknown', MISSING], ["another tree's", elsewhere]]) {
    const refused = await argue({ question: id });
    t.equal(refused.statusCode, 404, `${name} question`);
    t.match(refused.json(), { code: 'not-found', entity: 'research question', detail: `There is no research question ${id} in this tree` });
  }
  t.equal((await s.request('GET', '/v1/proof-arguments')).json().total, 1, 'nothing written by the refusals');
  t.equal((await argue({ question: elsewhere }, `/v1/trees/${other}`)).statusCode, 201, 'in its own tree the other question is answered');
  t.equal((await argue({})).statusCode, 201, 'an argument need not answer a question');
});
