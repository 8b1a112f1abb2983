import t from 'tap';
import { World, UNKNOWN } from './fixtures/world.js';

t.test('an event is recorded with its participants and read back on both mounts, each from its own tree', async (t) => {
  const active = await World.boot(t);
  const pinned = await active.pinned();
  for (const world of [active, pinned]) {
    const william = await world.person('William Smyth');
    const godmother = await world.persona('Ann Price');
    const reply = await world.request('POST', '/events', {
      body: {
        type: 'bapm',
        date: ' 12 MAR 1851 ',
        place: 'Ledbury, Herefordshire',
        description: 'Baptised at St Michael',
        participants: [{ person: william.id, role: 'Principal' }, { persona: godmother, role: ' godparent ' }],
      },
    });
    t.equal(reply.statusCode, 201, world.prefix);
    const event = reply.json();
    t.match(event, {
      id: String,
      type: 'BAPM',
      date: '12 MAR 1851',
      sort_date: '1851-03-12:32',
      place: 'Ledbury, Herefordshire',
      description: 'Baptised at St Michael',
      corrections: [],
      created_at_ms: Number,
      updated_at_ms: Number,
    });
    t.same(event.participants, [{ person: william.id, role: 'principal' }, { persona: godmother, role: 'godparent' }], 'roles tidied, in the order given');
    t.same((await world.request('GET', `/events/${event.id}`)).json(), event, `GET ${world.prefix}/events/{id}`);
    const other = world === active ? pinned : active;
    t.equal((await other.request('GET', `/events/${event.id}`)).statusCode, 404, 'the other tree does not have it');
    const [record] = active.s.records({ kind: 'event', treeId: world.treeId });
    t.match(record, {
      kind: 'event.created.v1',
      entity_type: 'event',
      entity_id: event.id,
      actor: { kind: 'human' },
      payload: { type: 'BAPM', date: '12 MAR 1851', place: 'Ledbury, Herefordshire', participants: event.participants },
    });
  }
  t.equal(active.written().events, 1, 'one event in the active tree');
  t.equal(pinned.written().events, 1, 'one event in the pinned tree');
});

t.test('a minimal event needs only a type; unknown ids are 404 and bad ids 400', async (t) => {
  const w = await World.boot(t);
  const bare = await w.event({ type: 'custom:Apprenticeship' });
  t.same({ ...bare, id: 0, created_at_ms: 0, updated_at_ms: 0 }, {
    id: 0, type: 'custom:Apprenticeship', date: null, sort_date: null, place: null, description: null, participants: [], corrections: [], created_at_ms: 0, updated_at_ms: 0,
  });
  const missing = await w.request('GET', `/events/${UNKNOWN}`);
  t.equal(missing.statusCode, 404);
  t.match(missing.json(), { code: 'not-found', detail: `There is no event ${UNKNOWN} in this tree` });
  t.equal((await w.request('GET', '/events/not-a-uuid')).statusCode, 400);
  t.equal((await w.request('GET', `/events/${bare.id}`, { query: { expand: 'x' } })).json().code, 'unknown-query-parameter');
});

t.test('types: GEDCOM tags in any case, extension tags and custom:<text>; anything else is refused', async (t) => {
  const w = await World.boot(t);
  const cases: [string, string][] = [
    ['BIRT', 'BIRT'], ['chr', 'CHR'], ['Deat', 'DEAT'], ['BURI', 'BURI'], ['MARR', 'MARR'], ['RESI', 'RESI'], ['CENS', 'CENS'], ['OCCU', 'OCCU'],
    ['EMIG', 'EMIG'], ['IMMI', 'IMMI'], ['NATU', 'NATU'], ['PROB', 'PROB'], ['WILL', 'WILL'], ['GRAD', 'GRAD'], ['EVEN', 'EVEN'],
    ['_milt', '_MILT'], ['custom:  Apprenticed   to a cooper ', 'custom:Apprenticed to a cooper'], ['CUSTOM:Transported', 'custom:Transported'],
  ];
  for (const [given, stored] of cases) t.equal((await w.event({ type: given })).type, stored, given);
  const before = w.written();
  for (const type of ['BIRTH', 'Baptism', 'custom:', 'custom:   ', '_', 'BAPM!', '', '   ']) {
    const reply = await w.request('POST', '/events', { body: { type } });
    t.equal(reply.statusCode, 400, JSON.stringify(type));
    t.equal(reply.json().code, 'validation-failed');
  }
  t.match((await w.request('POST', '/events', { body: { type: 'BIRTH' } })).json().errors, [{ location: 'body', name: 'type' }]);
  t.same(w.written(), before, 'nothing written');
});

t.test('dates: the text as written, a sort key from @rootline/gedcom-date, phrases kept', async (t) => {
  const w = await World.boot(t);
  const table: [string, string | null][] = [
    ['12 MAR 1851', '1851-03-12:32'],
    ['MAR 1851', '1851-03-01:22'],
    ['1851', '1851-01-01:12'],
    ['ABT 1850', '1850-01-01:13'],
    ['abt. 1850', '1850-01-01:13'],
    ['CAL 1850', '1850-01-01:13'],
    ['EST 1850', '1850-01-01:13'],
    ['BEF 1850', '1850-01-01:10'],
    ['AFT 1850', '1850-12-31:91'],
    ['BET 1840 AND 1845', '1840-01-01:11'],
    ['FROM 1840 TO 1845', '1840-01-01:11'],
    ['30 JAN 1648/49', '1649-01-30:32'],
    ['1750/51', '1751-01-01:12'],
    ['JULIAN 4 OCT 1582', '1582-10-14:32'],
    ['INT 1850 (about then)', '1850-01-01:12'],
    ['(in the spring)', null],
    ['Sometime in the spring', null],
    ['10 JAN', null],
  ];
  for (const [date, sortDate] of table) {
    const event = await w.event({ type: 'RESI', date });
    t.same([event.date, event.sort_date], [date, sortDate], date);
    t.same((await w.request('GET', `/events/${event.id}`)).json().date, date, `${date} kept as written`);
  }
});

t.test('participants on create: unknown person or persona 404, the same one twice in a role 409, nothing written', async (t) => {
  const w = await World.boot(t);
  const mary = await w.person('Mary Price');
  const persona = await w.persona('Thomas Price');
  const before = w.written();
  const cases: [string, unknown, number, string][] = [
    ['unknown person', [{ person: UNKNOWN, role: 'principal' }], 404, 'not-found'],
    ['unknown persona', [{ persona: UNKNOWN, role: 'witness' }], 404, 'not-found'],
    ['a persona id given as a person', [{ person: persona, role: 'witness' }], 404, 'not-found'],
    ['a good one, then an unknown one', [{ person: mary.id, role: 'principal' }, { persona: UNKNOWN, role: 'witness' }], 404, 'not-found'],
    ['the same person twice in one role', [{ person: mary.id, role: 'witness' }, { person: mary.id, role: ' Witness' }], 409, 'participant-exists'],
    ['both person and persona', [{ person: mary.id, persona, role: 'witness' }], 400, 'validation-failed'],
    ['neither', [{ role: 'witness' }], 400, 'validation-failed'],
    ['no role', [{ person: mary.id }], 400, 'validation-failed'],
    ['blank role', [{ person: mary.id, role: '  ' }], 400, 'validation-failed'],
    ['not a uuid', [{ person: 'mary', role: 'witness' }], 400, 'validation-failed'],
  ];
  for (const [name, participants, status, code] of cases) {
    const reply = await w.request('POST', '/events', { body: { type: 'BAPM', participants } });
    t.equal(reply.statusCode, status, name);
    t.equal(reply.json().code, code, name);
  }
  const unknownPersona = await w.request('POST', '/events', { body: { type: 'BAPM', participants: [{ persona: UNKNOWN, role: 'witness' }] } });
  t.equal(unknownPersona.json().detail, `There is no persona ${UNKNOWN} in this tree`);
  t.same(w.written(), before, 'no event, no participant, no record');
  const twoRoles = await w.event({ type: 'MARR', participants: [{ person: mary.id, role: 'bride' }, { person: mary.id, role: 'witness' }] });
  t.equal(twoRoles.participants.length, 2, 'one person in two roles is fine');
});

t.test('bad bodies are 400 and write nothing', async (t) => {
  const w = await World.boot(t);
  const before = w.written();
  const bodies = [
    {},
    { type: 5 },
    { type: 'BIRT', date: '' },
    { type: 'BIRT', date: '   ' },
    { type: 'BIRT', place: '' },
    { type: 'BIRT', date: 'x'.repeat(201) },
    { type: 'BIRT', participants: 'all' },
    { type: 'BIRT', extra: true },
    { type: 'BIRT', date: 1851 },
  ];
  for (const body of bodies) t.equal((await w.request('POST', '/events', { body })).statusCode, 400, JSON.stringify(body).slice(0, 50));
  t.same(w.written(), before);
});

t.test('participants are added later: 201 with the event, one record each; refusals write nothing', async (t) => {
  const active = await World.boot(t);
  const pinned = await active.pinned();
  for (const w of [active, pinned]) {
    const principal = await w.person('John Hill');
    const witness = await w.person('George Hill');
    const clerk = await w.persona('R. Jones, curate');
    const event = await w.event({ type: 'BURI', date: '3 APR 1890', participants: [{ person: principal.id, role: 'principal' }] });
    const added = await w.request('POST', `/events/${event.id}/participants`, { body: { person: witness.id, role: 'Informant' } });
    t.equal(added.statusCode, 201, w.prefix);
    t.same(added.json().participants, [{ person: principal.id, role: 'principal' }, { person: witness.id, role: 'informant' }]);
    t.ok(added.json().updated_at_ms >= event.updated_at_ms);
    const officiant = await w.request('POST', `/events/${event.id}/participants`, { body: { persona: clerk, role: 'officiant' } });
    t.same(officiant.json().participants.at(-1), { persona: clerk, role: 'officiant' });
    t.same((await w.request('GET', `/events/${event.id}`)).json().participants.length, 3);
    t.match(w.s.records({ kind: 'event.participant_added', treeId: w.treeId }).map((r) => r.payload), [{ persona: clerk, role: 'officiant' }, { person: witness.id, role: 'informant' }]);

    const before = w.written();
    const refusals: [string, string, unknown, number, string][] = [
      ['same person, same role', event.id, { person: witness.id, role: 'INFORMANT ' }, 409, 'participant-exists'],
      ['unknown event', UNKNOWN, { person: witness.id, role: 'witness' }, 404, 'not-found'],
      ['unknown person', event.id, { person: UNKNOWN, role: 'witness' }, 404, 'not-found'],
      ['unknown persona', event.id, { persona: UNKNOWN, role: 'witness' }, 404, 'not-found'],
      ['both', event.id, { person: witness.id, persona: clerk, role: 'witness' }, 400, 'validation-failed'],
      ['no role', event.id, { person: witness.id }, 400, 'validation-failed'],
    ];
    for (const [name, id, body, status, code] of refusals) {
      const reply = await w.request('POST', `/events/${id}/participants`, { body });
      t.equal(reply.statusCode, status, name);
      t.equal(reply.json().code, code, name);
    }
    t.same(w.written(), before, 'refusals wrote nothing');
  }
});

t.test('a retracted person cannot be added; agents may record events, with their proposer', async (t) => {
  const w = await World.boot(t);
  const gone = await w.person('Mistaken Conclusion');
  t.equal((await w.request('POST', `/persons/${gone.id}/retract`, { body: { reason: 'two men conflated' } })).statusCode, 200);
  const before = w.written();
  t.equal((await w.request('POST', '/events', { body: { type: 'BIRT', participants: [{ person: gone.id, role: 'principal' }] } })).statusCode, 404);
  t.same(w.written(), before);
  const persona = gone.personas[0];
  const byAgent = await w.request('POST', '/events', {
    token: w.s.agentToken,
    headers: { 'x-proposer-model': 'example-model-1' },
    body: { type: 'BIRT', participants: [{ persona, role: 'principal' }] },
  });
  t.equal(byAgent.statusCode, 201, 'the freed persona can still take part');
  t.match(w.s.records({ kind: 'event.created' })[0].actor, { kind: 'agent', proposer: 'example-model-1' });
});

t.test('OpenAPI documents every route on both mounts, with bodies, examples and refusals', async (t) => {
  const w = await World.boot(t);
  const doc = (await w.request('GET', '/openapi.json', { token: null })).json();
  const routes: [string, string][] = [
    ['post', '/events'], ['get', '/events/{id}'], ['post', '/events/{id}/corrections'], ['post', '/events/{id}/participants'],
    ['post', '/associations'], ['get', '/persons/{id}/fan-network'], ['get', '/fan/query'],
  ];
  for (const [method, path] of routes) {
    for (const mount of ['/v1', '/v1/trees/{tree_id}']) t.ok(doc.paths[`${mount}${path}`]?.[method], `${method.toUpperCase()} ${mount}${path}`);
  }
  const create = doc.paths['/v1/events'].post;
  t.ok(create.requestBody.content['application/json'].example ?? create.requestBody.content['application/json'].examples, 'create body example');
  t.ok(create.responses['404'] && create.responses['409'], 'create documents 404 and 409');
  t.ok(doc.paths['/v1/events/{id}/corrections'].post.responses['422']);
  t.ok(doc.paths['/v1/fan/query'].get.parameters.some((p: { name: string }) => p.name === 'edge_types'));
});
