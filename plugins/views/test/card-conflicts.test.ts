import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { PLUGINS, capture, newPeople, viewsServer } from './fixtures/helpers.js';

/** The card's count of open conflicts: the conflicts plugin's, when the server has it (a research review found it always 0). */

t.test("the card counts the open conflicts among its person's claims", async (t) => {
  const s = await buildTestServer(t, { plugins: [...PLUGINS, '@rootline/plugin-proofs', '@rootline/plugin-conflicts'] });
  const patrick = await newPeople(s, '/v1', 'Patrick', 'Kennedy');
  const other = await newPeople(s, '/v1', 'Bridget', 'Murphy');
  const counts = async (person: string) => (await s.request('GET', `/v1/persons/${person}/card`)).json().counts;
  t.equal((await counts(patrick.person)).open_conflicts, 0, 'no claims, no conflict');
  await capture(s, '/v1', { persona: patrick.persona, kind: 'birth', date: '1823' });
  await capture(s, '/v1', { persona: patrick.persona, kind: 'birth', date: 'ABT 1827' });
  t.equal((await s.request('GET', '/v1/conflicts', { query: { person: patrick.person, open_only: 'true' } })).json().total, 1, 'the two births disagree');
  t.equal((await counts(patrick.person)).open_conflicts, 1, 'the card says so');
  t.equal((await counts(other.person)).open_conflicts, 0, "another person's card does not");
});

t.test('a server built without the conflicts plugin counts none', async (t) => {
  const s = await viewsServer(t);
  const patrick = await newPeople(s, '/v1', 'Patrick', 'Kennedy');
  await capture(s, '/v1', { persona: patrick.persona, kind: 'birth', date: '1823' });
  await capture(s, '/v1', { persona: patrick.persona, kind: 'birth', date: 'ABT 1827' });
  t.equal((await s.request('GET', `/v1/persons/${patrick.person}/card`)).json().counts.open_conflicts, 0);
});
