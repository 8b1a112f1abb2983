import t from 'tap';
import { mounts, newPeople, parentOf, viewsServer } from './fixtures/helpers.js';

/**
 * The reads of a person's own sub-resources follow a merge as the person itself does: the card
 * (views), the pedigree (family) and the FAN network (events) of a merged person's id answer 307
 * to the survivor's, the query kept (persons' onRoute hook adds it to every such route).
 */

t.test("a merged person's card, pedigree and FAN network answer 307 to the survivor's, on both mounts", async (t) => {
  const s = await viewsServer(t);
  for (const { mount: m } of await mounts(s)) {
    const survivor = await newPeople(s, m, 'William');
    const merged = await newPeople(s, m, 'Will');
    const father = await newPeople(s, m, 'John');
    await parentOf(s, m, father.person, survivor.person);
    t.equal((await s.request('POST', `${m}/persons/merge`, { body: { survivor: survivor.person, merged: merged.person } })).statusCode, 200);

    for (const [path, query] of [['card', 'expand=events'], ['pedigree', 'generations=3'], ['fan-network', undefined]] as const) {
      for (const token of [undefined, s.agentToken]) {
        const reply = await s.request('GET', `${m}/persons/${merged.person}/${path}${query ? `?${query}` : ''}`, { token });
        t.equal(reply.statusCode, 307, `${m} ${path}: 307`);
        t.equal(reply.headers.location, `${m}/persons/${survivor.person}/${path}${query ? `?${query}` : ''}`, `${path}: Location names the survivor's, the query kept`);
        t.same(reply.json(), { id: merged.person, status: 'merged', merged_into: survivor.person }, `${path}: the body names the survivor`);
        const followed = await s.request('GET', reply.headers.location as string, { token });
        t.equal(followed.statusCode, 200, `${path}: the survivor's answers`);
      }
    }
    const card = (await s.request('GET', `${m}/persons/${survivor.person}/card`)).json();
    t.same(card.names.map((name: { id: string }) => name.id).sort(), [survivor.persona, merged.persona].sort(), "the survivor's card holds both names");
    t.equal((await s.request('GET', `${m}/persons/${survivor.person}/pedigree?generations=2`)).json().slots.length, 2, 'the pedigree of the survivor: itself and its father');

    t.equal((await s.request('POST', `${m}/persons/${father.person}/retract`, { body: {} })).statusCode, 200);
    for (const path of ['card', 'pedigree', 'fan-network']) {
      t.equal((await s.request('GET', `${m}/persons/${father.person}/${path}`)).statusCode, 404, `a retracted person's ${path}: 404, not a redirect`);
      t.equal((await s.request('GET', `${m}/persons/01938f0e-0000-7000-8000-000000000000/${path}`)).statusCode, 404, `an unknown person's ${path}: 404`);
    }
  }
});

t.test('the OpenAPI document lists the 307 of each read of a person', async (t) => {
  const s = await viewsServer(t);
  const paths = (await s.request('GET', '/v1/openapi.json')).json().paths;
  for (const path of ['card', 'pedigree', 'fan-network']) {
    for (const mount of ['/v1', '/v1/trees/{tree_id}']) t.ok(paths[`${mount}/persons/{id}/${path}`].get.responses['307'], `${mount} ${path}`);
  }
  t.notOk(paths['/v1/persons/{id}/split'].post.responses['307'], 'not a write');
});
