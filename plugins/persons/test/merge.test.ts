import t from 'tap';
import { claim, conclude, db, footprint, list, ok, otherTree, persona, personNamed, personsConsumer, personsServer, UNKNOWN } from './fixtures/helpers.js';

t.test('merge: the survivor gains the personas and is derived again; the merged person points to it', async (t) => {
  const consumer = personsConsumer();
  const s = await personsServer(t, { consumer });
  const a = await persona(s, { given: 'William', surname: 'Smyth', sex: 'M' });
  const b = await persona(s, { given: 'Will', surname: 'Smith' });
  const c = await persona(s, { given: 'Wm', surname: 'Smythe' });
  const birth = await claim(s, { persona: c, kind: 'birth', date: '12 MAR 1851', place: 'Ledbury' });
  const survivor = await conclude(s, [a, b]);
  const merged = await conclude(s, [c]);
  t.equal(survivor.birth, null, 'the survivor knew no birth before');

  const reply = await s.request('POST', '/v1/persons/merge', { body: { survivor: survivor.id, merged: merged.id } });
  t.equal(reply.statusCode, 200);
  const after = reply.json();
  t.equal(after.id, survivor.id);
  t.same(after.personas, [a, b, c], 'the merged personas join after the survivor\'s own, in order');
  t.equal(after.display_name, 'William Smyth', 'the display name is still the first persona\'s');
  t.same([after.birth.date, after.birth.assertion, after.birth.place], ['12 MAR 1851', birth, 'Ledbury'], 'summaries now rest on the merged person\'s claims too');
  t.equal(after.sex, 'M');

  const gone = await s.request('GET', `/v1/persons/${merged.id}`);
  t.equal(gone.statusCode, 307, 'reading the merged person redirects');
  t.equal(gone.headers.location, `/v1/persons/${survivor.id}`);
  t.same(gone.json(), { id: merged.id, status: 'merged', merged_into: survivor.id });

  const page = await list(s, {});
  t.same([page.total, page.items.map((item: { id: string }) => item.id)], [1, [survivor.id]], 'one person left in the list and its total');
  const found = await list(s, { q: 'smythe' });
  t.same(found.items.map((item: { id: string }) => item.id), [survivor.id], 'the merged names are found on the survivor');
  t.equal(db(s).prepare('SELECT count(*) FROM person_names').pluck().get(), 1, 'the merged person left the search index');

  const seen = await consumer.fromRequest(s, ({ personsService }) => ({
    get: personsService.get(merged.id),
    exists: personsService.exists(merged.id),
    personOfPersona: personsService.personOfPersona(c),
    survivorOf: personsService.survivorOf(merged.id),
    notMerged: personsService.survivorOf(survivor.id),
    unknown: personsService.survivorOf(UNKNOWN),
  }));
  t.same(seen, { get: undefined, exists: false, personOfPersona: survivor.id, survivorOf: survivor.id, notMerged: null, unknown: null });

  const records = s.records({ kind: 'person.merged' });
  t.same(records.map((record) => [record.entity_id, record.entity_type, record.payload]), [[survivor.id, 'person', { survivor: survivor.id, merged: merged.id, personas: [c] }]]);
  t.equal(records[0].actor.kind, 'human');

  // A claim captured on the merged persona now reaches the survivor.
  await claim(s, { persona: c, kind: 'death', date: '1920' });
  t.equal((await ok(s.request('GET', `/v1/persons/${survivor.id}`))).death.date, '1920');
});

t.test('merge on the pinned mount redirects on that mount; merges of merges lead to the last survivor', async (t) => {
  const s = await personsServer(t);
  const other = await otherTree(s);
  const x = await personNamed(s, { given: 'Ann' }, other.prefix);
  const y = await personNamed(s, { given: 'Anne' }, other.prefix);
  const z = await personNamed(s, { given: 'Anna' }, other.prefix);
  await ok(s.request('POST', `${other.prefix}/persons/merge`, { body: { survivor: y.id, merged: x.id } }));
  const last = await ok(s.request('POST', `${other.prefix}/persons/merge`, { body: { survivor: z.id, merged: y.id } }));
  t.same(last.personas, [z.personas[0], y.personas[0], x.personas[0]]);
  const gone = await s.request('GET', `${other.prefix}/persons/${x.id}`);
  t.equal(gone.statusCode, 307);
  t.equal(gone.headers.location, `${other.prefix}/persons/${z.id}`, 'straight to the person it lives on in now');
  t.equal(gone.json().merged_into, z.id);
  t.equal((await s.request('GET', `/v1/persons/${x.id}`)).statusCode, 404, 'not a person of the active tree');
});

t.test('merge refusals write nothing', async (t) => {
  const s = await personsServer(t);
  const a = await personNamed(s, { given: 'Ann' });
  const b = await personNamed(s, { given: 'Bea' });
  const c = await personNamed(s, { given: 'Cat' });
  await ok(s.request('POST', `/v1/persons/${c.id}/retract`));
  const merge = (body: unknown, token?: string) => s.request('POST', '/v1/persons/merge', { body, token });
  const before = footprint(s);

  const self = await merge({ survivor: a.id, merged: a.id });
  t.same([self.statusCode, self.json().code, self.json().detail], [422, 'merge-self', `Survivor and merged are both person ${a.id}; name two different persons`]);
  for (const [name, body, missing] of [
    ['unknown survivor', { survivor: UNKNOWN, merged: b.id }, UNKNOWN],
    ['unknown merged', { survivor: a.id, merged: UNKNOWN }, UNKNOWN],
    ['retracted merged', { survivor: a.id, merged: c.id }, c.id],
    ['retracted survivor', { survivor: c.id, merged: a.id }, c.id],
  ] as const) {
    const reply = await merge(body);
    t.same([reply.statusCode, reply.json().code], [404, 'not-found'], name);
    t.match(reply.json().detail, missing, `${name}: names the person`);
  }
  const agent = await merge({ survivor: a.id, merged: b.id }, s.agentToken);
  t.same([agent.statusCode, agent.json().code], [403, 'human-token-required'], 'an assistant proposes, it does not merge');
  for (const body of [{ survivor: a.id }, { merged: b.id }, { survivor: a.id, merged: 'x' }, { survivor: a.id, merged: b.id, extra: 1 }]) {
    t.equal((await merge(body)).statusCode, 400, JSON.stringify(body));
  }
  t.same(footprint(s), before, 'nothing written');

  await ok(s.request('POST', '/v1/persons/merge', { body: { survivor: a.id, merged: b.id } }));
  const again = await merge({ survivor: a.id, merged: b.id });
  t.same([again.statusCode, again.json().code], [404, 'not-found'], 'a person already merged cannot merge again');
  const into = await merge({ survivor: b.id, merged: a.id });
  t.equal(into.statusCode, 404, 'nor be a survivor');
});

t.test('split of exactly the merged personas reverses the merge under the merged person\'s own id', async (t) => {
  const s = await personsServer(t);
  const a = await persona(s, { given: 'Jane', surname: 'Evans', sex: 'F' });
  const b = await persona(s, { given: 'Jenny', surname: 'Evans' });
  const c = await persona(s, { given: 'Janet', surname: 'Evanson' });
  const d = await persona(s, { given: 'Jan', surname: 'Evans' });
  await claim(s, { persona: c, kind: 'birth', date: '1852' });
  const survivor = await conclude(s, [a]);
  const merged = await conclude(s, [d, c, b]);
  await ok(s.request('PUT', `/v1/persons/${merged.id}/living-status`, { body: { living: false } }));
  const mergedBefore = await ok(s.request('GET', `/v1/persons/${merged.id}`));
  const survivorBefore = await ok(s.request('GET', `/v1/persons/${survivor.id}`));
  await ok(s.request('POST', '/v1/persons/merge', { body: { survivor: survivor.id, merged: merged.id } }));

  const split = await ok(s.request('POST', `/v1/persons/${survivor.id}/split`, { body: { personas: [b, c, d] } }));
  t.equal(split.new_person.id, merged.id, 'the merged person comes back, not a new one');
  t.same(split.new_person.personas, [d, c, b], 'with its personas in its own order');
  t.same(split.person.personas, [a]);
  const strip = ({ updated_at_ms: _u, ...rest }: Record<string, unknown>) => rest;
  t.same(strip(await ok(s.request('GET', `/v1/persons/${merged.id}`))), strip(mergedBefore), 'as it was, its living override too');
  t.same(strip(await ok(s.request('GET', `/v1/persons/${survivor.id}`))), strip(survivorBefore));
  t.same(s.records({ kind: 'person.split' })[0].payload, { new_person: merged.id, personas: [d, c, b], unmerged: true });
  t.same((await list(s, { q: 'evanson' })).items.map((item: { id: string }) => item.id), [merged.id], 'searchable again');
  t.equal(db(s).prepare('SELECT count(*) FROM person_merges').pluck().get(), 0, 'the merge is forgotten once reversed');

  // Merged again and split differently: a plain split, a new person.
  await ok(s.request('POST', '/v1/persons/merge', { body: { survivor: survivor.id, merged: merged.id } }));
  const partial = await ok(s.request('POST', `/v1/persons/${survivor.id}/split`, { body: { personas: [c] } }));
  t.not(partial.new_person.id, merged.id, 'a subset of the merged personas makes a new person');
  t.same(s.records({ kind: 'person.split' })[0].payload, { new_person: partial.new_person.id, personas: [c], unmerged: false });
  t.equal((await s.request('GET', `/v1/persons/${merged.id}`)).statusCode, 307, 'and the merged person stays merged');
});

t.test('reversing merges of merges one at a time', async (t) => {
  const s = await personsServer(t);
  const [p, q, r] = [await persona(s, { given: 'P' }), await persona(s, { given: 'Q' }), await persona(s, { given: 'R' })];
  const x = await conclude(s, [p]);
  const y = await conclude(s, [q]);
  const z = await conclude(s, [r]);
  await ok(s.request('POST', '/v1/persons/merge', { body: { survivor: y.id, merged: x.id } }));
  await ok(s.request('POST', '/v1/persons/merge', { body: { survivor: z.id, merged: y.id } }));
  const first = await ok(s.request('POST', `/v1/persons/${z.id}/split`, { body: { personas: [q, p] } }));
  t.same([first.new_person.id, first.new_person.personas], [y.id, [q, p]], 'y comes back with what it had');
  const second = await ok(s.request('POST', `/v1/persons/${y.id}/split`, { body: { personas: [p] } }));
  t.same([second.new_person.id, second.new_person.personas], [x.id, [p]], 'then x');
  t.equal((await list(s, {})).total, 3);
});
