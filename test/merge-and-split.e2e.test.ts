import t from 'tap';
import { apiOf, cleanup, createAgent, ensureBundle, startServer } from './helpers/server-process.js';

/**
 * Issue 11 end to end, over a real socket with the default build: the same man recorded twice
 * (two persons with their own parents, partner, children, events, associations, notes and a
 * redaction) is merged, then the merge is reversed by a split. Everything a reader can see of
 * the tree (persons, cards, pedigrees, FAN networks, notes, events, what an agent reads) must
 * be exactly as it was before the merge.
 */
t.test('a merge then its split restores the tree exactly', async (t) => {
  const server = await startServer(ensureBundle());
  t.teardown(async () => {
    await server.stop();
    cleanup(server);
  });
  const api = apiOf(server);
  const agentToken = createAgent(server, 'e2e');
  const post = async (path: string, body: unknown, status = 201) => {
    const reply = await api(path, { method: 'POST', body: JSON.stringify(body) });
    const json = await reply.json();
    t.equal(reply.status, status, `${path} ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  const get = async (path: string, token?: string) => {
    const reply = await api(path, token ? { token } : {});
    return { status: reply.status, body: await reply.json() };
  };

  const source = await post('/v1/sources', { title: 'Parish register of Ledbury, baptisms 1840-1860' }, 200);
  const personaOf = async (given: string, surname: string, sex: 'M' | 'F', born?: string) => {
    const persona = await post('/v1/personas', { given, surname, sex, source: source.id }, 200);
    if (born) await post('/v1/assertions/capture', { persona: persona.id, kind: 'birth', date: born, place: 'Ledbury', source: source.id }, 200);
    return persona.id as string;
  };
  const person = async (...personas: string[]) => (await post('/v1/persons', { personas })).id as string;

  const johnPersona = await personaOf('John', 'Smyth', 'M', 'ABT 1820');
  const jackPersonas = [await personaOf('Jack', 'Smythe', 'M', '1821'), await personaOf('J.', 'Smith', 'M')];
  const john = await person(johnPersona);
  const jack = await person(...jackPersonas);
  const [thomas, ann, mary, william, eliza, godfather] = [
    await person(await personaOf('Thomas', 'Smyth', 'M', 'BEF 1795')),
    await person(await personaOf('Ann', 'Müller', 'F')),
    await person(await personaOf('Mary', 'Ó Súilleabháin', 'F', '1824')),
    await person(await personaOf('William', 'Smyth', 'M', '12 MAR 1851')),
    await person(await personaOf('Eliza', 'Smyth', 'F', '1853')),
    await person(await personaOf('Edward', 'Price', 'M', '1830')),
  ];
  await post('/v1/relationships', { kind: 'parent', parent: thomas, child: john });
  await post('/v1/relationships', { kind: 'parent', parent: thomas, child: jack });
  await post('/v1/relationships', { kind: 'parent', parent: ann, child: jack });
  await post('/v1/relationships', { kind: 'parent', parent: john, child: william });
  await post('/v1/relationships', { kind: 'parent', parent: jack, child: eliza });
  await post('/v1/relationships', { kind: 'parent', parent: mary, child: william });
  await post('/v1/relationships', { kind: 'spouse', partners: [john, mary] });
  await post('/v1/relationships', { kind: 'spouse', partners: [jack, mary] });
  const baptism = await post('/v1/events', { type: 'BAPM', date: '20 MAR 1851', place: 'Ledbury', participants: [{ person: william, role: 'principal' }, { person: john, role: 'father' }, { person: jack, role: 'father' }, { person: godfather, role: 'godparent' }] });
  const census = await post('/v1/events', { type: 'CENS', date: '1851', place: 'Ledbury', participants: [{ person: jack, role: 'head' }, { person: eliza, role: 'daughter' }] });
  await post('/v1/associations', { from: jack, to: godfather, role: 'neighbour' });
  await post('/v1/notes', { target: jack, text: 'Signs as Jack in the 1851 census' });
  await post('/v1/notes', { target: john, text: 'Baptised at Ledbury' });
  await post('/v1/redactions', { target: jack, field: 'death', reason: 'Family asked' });

  const everyone = [john, jack, thomas, ann, mary, william, eliza, godfather];
  /** What a reader sees of the whole tree (persons, cards, pedigrees, FAN networks, notes, events) and what an agent reads of Jack. */
  const view = async () => {
    const seen: Record<string, unknown> = {};
    seen.persons = (await get('/v1/persons?limit=100')).body.items;
    for (const id of everyone) {
      seen[`card ${id}`] = (await get(`/v1/persons/${id}/card?expand=events,assertions,sources`)).body;
      seen[`pedigree ${id}`] = (await get(`/v1/persons/${id}/pedigree?generations=4`)).body;
      seen[`fan ${id}`] = (await get(`/v1/persons/${id}/fan-network`)).body;
      seen[`notes ${id}`] = (await get(`/v1/notes?target=${id}`)).body;
    }
    for (const event of [baptism.id, census.id]) seen[`event ${event}`] = (await get(`/v1/events/${event}`)).body;
    seen.agent = (await get(`/v1/persons/${jack}`, agentToken)).body;
    // When a person last changed is not part of the tree's shape: a merge and its reversal are changes.
    return JSON.parse(JSON.stringify(seen, (key, value) => (key === 'updated_at_ms' ? undefined : value)));
  };
  const before = await view();

  const merged = await post('/v1/persons/merge', { survivor: john, merged: jack }, 200);
  t.same(merged.personas, [johnPersona, ...jackPersonas], 'John gains Jack\'s personas');
  const redirect = await api(`/v1/persons/${jack}`, { redirect: 'manual' });
  t.equal(redirect.status, 307);
  t.equal(redirect.headers.get('location'), `/v1/persons/${john}`);
  t.equal((await get(`/v1/persons/${jack}`)).body.id, john, 'a client following the redirect reads the survivor');
  const pedigree = (await get(`/v1/persons/${eliza}/pedigree?generations=3`)).body;
  t.same(pedigree.slots.map((slot: { ahnentafel: number; person: string }) => [slot.ahnentafel, slot.person]), [[1, eliza], [2, john], [4, thomas], [5, ann]], 'Eliza\'s father is now John, with Jack\'s mother');
  t.same((await get(`/v1/notes?target=${john}`)).body.map((note: { text: string }) => note.text), ['Signs as Jack in the 1851 census', 'Baptised at Ledbury']);
  t.equal((await get(`/v1/persons?limit=100`)).body.total, everyone.length - 1);

  const split = await post(`/v1/persons/${john}/split`, { personas: jackPersonas }, 200);
  t.equal(split.new_person.id, jack, 'Jack is back under his own id');
  t.same(await view(), before, 'every person, card, pedigree, FAN network, note and event as before the merge, and the agent\'s view too');

  // Merged again: a note an assistant writes about Jack afterwards is on John, where Jack's notes are, and comes back with them.
  await post('/v1/persons/merge', { survivor: john, merged: jack }, 200);
  const card = await api(`/v1/persons/${jack}/card?expand=events`, { redirect: 'manual' });
  t.equal(card.status, 307, "the merged person's card redirects too");
  t.equal(card.headers.get('location'), `/v1/persons/${john}/card?expand=events`);
  const late = await api('/v1/notes', { method: 'POST', token: agentToken, body: JSON.stringify({ target: jack, text: 'Jack again in the 1861 census' }) });
  t.equal(late.status, 201);
  t.equal((await late.json()).target, john, 'the note is written on the survivor');
  t.ok((await get(`/v1/notes?target=${john}`)).body.some((note: { text: string }) => note.text === 'Jack again in the 1861 census'), 'and read with it');
  await post(`/v1/persons/${john}/split`, { personas: jackPersonas }, 200);
  t.same((await get(`/v1/notes?target=${jack}`)).body.map((note: { text: string }) => note.text), ['Signs as Jack in the 1851 census', 'Jack again in the 1861 census'], 'the split gives it back to Jack with the others');
});
