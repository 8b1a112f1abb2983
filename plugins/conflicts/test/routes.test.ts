import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { claim, conclude, conflicts, conflictsServer, footprint, ok, otherTree, persona, proofArgument, UNKNOWN, walk } from './fixtures/helpers.js';

/** A tree with: persona a (2 conflicts of its own), persona b (1), person P over [a, c] (1 across them), persona d alone (1). */
async function seed(s: TestServer, prefix = '/v1') {
  const [a, b, c, d] = [await persona(s, undefined, prefix), await persona(s, undefined, prefix), await persona(s, undefined, prefix), await persona(s, undefined, prefix)];
  const capture = (body: Record<string, unknown>) => claim(s, body, 'human', prefix);
  await capture({ persona: a, kind: 'birth', date: '1850' });
  await capture({ persona: a, kind: 'birth', date: '1860' });
  await capture({ persona: a, kind: 'sex', value: 'M' });
  await capture({ persona: a, kind: 'sex', value: 'F' });
  await capture({ persona: b, kind: 'death', date: '1900' });
  await capture({ persona: b, kind: 'death', date: '1901' });
  await capture({ persona: c, kind: 'burial', place: 'Ledbury' });
  await capture({ persona: c, kind: 'burial', place: 'Ledbury, Herefordshire' });
  await capture({ persona: c, kind: 'baptism', date: '1 MAY 1850' });
  await capture({ persona: a, kind: 'baptism', date: '2 MAY 1850' });
  const person = (await conclude(s, [a, c], prefix)).id as string;
  await capture({ persona: d, kind: 'cremation', date: '1950' });
  await capture({ persona: d, kind: 'cremation', date: '1952' });
  return { a, b, c, d, person };
}

const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

t.test('the list: the whole tree, a persona\'s, a person\'s (plus its personas\'), open only, paged, on both mounts', async (t) => {
  const s = await conflictsServer(t);
  const { a, b, c, d, person } = await seed(s);
  const all = await conflicts(s);
  t.equal(all.total, 5);
  t.same(all.items.map((item: any) => [item.persona ?? item.person, item.kind]), [[a, 'birth'], [a, 'sex'], [b, 'death'], [person, 'baptism'], [d, 'cremation']], 'oldest first');
  const [aBirth, aSex, bDeath, pBaptism, dCremation] = ids(all);

  t.same(ids(await conflicts(s, { persona: a })), [aBirth, aSex], 'a persona: the conflicts naming it');
  t.equal((await conflicts(s, { persona: a })).total, 2);
  t.same(ids(await conflicts(s, { persona: c })), [], 'c\'s claims disagree only with a\'s: that is the person\'s conflict');
  t.same(ids(await conflicts(s, { person })), [aBirth, aSex, pBaptism], 'a person: its own and its personas\'');
  t.same(ids(await conflicts(s, { persona: d })), [dCremation]);

  await ok(s.request('POST', `/v1/conflicts/${aSex}/withdrawal`, { body: { reason: 'Transcription slip, not a dispute' } }));
  t.same(ids(await conflicts(s, { open_only: true })), [aBirth, bDeath, pBaptism, dCremation]);
  t.equal((await conflicts(s, { open_only: true })).total, 4);
  t.same(ids(await conflicts(s, { person, open_only: true })), [aBirth, pBaptism]);
  t.same(ids(await conflicts(s, { persona: a, open_only: 'true' as never })), [aBirth]);
  t.same(ids(await conflicts(s, { open_only: false })), ids(all), 'open_only=false keeps every status');

  // Paging: keyset, bound to the query.
  const first = await conflicts(s, { limit: 2 });
  t.same([ids(first), first.total, typeof first.next_cursor], [[aBirth, aSex], 5, 'string']);
  t.same((await walk(s, { limit: 2 })).map((item) => item.id), ids(all), 'every row once');
  t.same((await walk(s, { limit: 1, person })).map((item) => item.id), [aBirth, aSex, pBaptism]);
  t.same((await walk(s, { limit: 1, open_only: true })).map((item) => item.id), [aBirth, bDeath, pBaptism, dCremation]);
  const foreign = await s.request('GET', '/v1/conflicts', { query: { persona: a, cursor: first.next_cursor } });
  t.same([foreign.statusCode, foreign.json().code], [400, 'invalid-cursor'], 'a cursor of another filter');
  t.equal((await conflicts(s, { limit: 1000 })).items.length, 5, 'limit clamped, not refused');

  // The pinned mount: the same tree by id, and another tree of its own.
  const active = s.server.kernel.trees.active().id;
  t.same(await conflicts(s, { person }, `/v1/trees/${active}`), await conflicts(s, { person }));
  const other = await otherTree(s);
  t.same(await conflicts(s, {}, other.prefix), { items: [], next_cursor: null, total: 0 });
  const there = await seed(s, other.prefix);
  t.same((await conflicts(s, { person: there.person }, other.prefix)).total, 3);
  t.equal((await conflicts(s)).total, 5, 'the active tree is untouched');
  t.equal((await s.request('GET', '/v1/conflicts', { query: { person: there.person } })).statusCode, 404, 'another tree\'s person is unknown here');
  const crossed = await s.request('GET', `${other.prefix}/conflicts`, { query: { limit: 2, cursor: first.next_cursor } });
  t.same([crossed.statusCode, crossed.json().code], [400, 'invalid-cursor'], 'a cursor of another tree');
});

t.test('list refusals: both filters, unknown persona or person, bad values', async (t) => {
  const s = await conflictsServer(t);
  const { a, person } = await seed(s);
  const both = await s.request('GET', '/v1/conflicts', { query: { persona: a, person } });
  t.same([both.statusCode, both.json().code, both.json().errors], [400, 'validation-failed', [{ location: 'query', name: 'person', message: 'give persona or person, not both' }]]);
  const persona404 = await s.request('GET', '/v1/conflicts', { query: { persona: UNKNOWN } });
  t.same([persona404.statusCode, persona404.json().code, persona404.json().detail], [404, 'not-found', `There is no persona ${UNKNOWN} in this tree`]);
  const person404 = await s.request('GET', '/v1/conflicts', { query: { person: UNKNOWN } });
  t.same([person404.statusCode, person404.json().code, person404.json().detail, person404.json().entity], [404, 'not-found', `There is no person ${UNKNOWN} in this tree`, 'person']);
  t.same((await s.request('GET', '/v1/conflicts', { query: { person: a } })).statusCode, 404, 'a persona is not a person');
  for (const query of [{ persona: 'x' }, { open_only: 'maybe' }, { limit: 'many' }, { kind: 'birth' }] as Record<string, string>[]) {
    t.equal((await s.request('GET', '/v1/conflicts', { query })).statusCode, 400, JSON.stringify(query));
  }
  t.equal((await s.request('GET', '/v1/conflicts', { query: { state: 'open' } })).json().code, 'unknown-query-parameter');
  t.same((await s.request('GET', `/v1/conflicts/${UNKNOWN}`)).json().detail, `There is no conflict ${UNKNOWN} in this tree`);
});

t.test('resolution: 200 with the resolved conflict, recorded; 404 conflict or argument; 409 settled; nothing written by a refusal', async (t) => {
  const s = await conflictsServer(t);
  const { a } = await seed(s);
  const [birth, sex] = ids(await conflicts(s, { persona: a }));
  const argument = await proofArgument(s);
  const before = await ok(s.request('GET', `/v1/conflicts/${birth}`));

  const reply = await s.request('POST', `/v1/conflicts/${birth}/resolution`, { body: { proof_argument: argument, outcome: 'Born 1850: the baptism register' } });
  t.equal(reply.statusCode, 200);
  const record = s.records({ kind: 'conflict.resolved' })[0];
  t.same(reply.json(), { ...before, status: 'resolved', resolution: { proof_argument: argument, outcome: 'Born 1850: the baptism register', resolved_at_ms: record.at_ms } });
  t.same(await ok(s.request('GET', `/v1/conflicts/${birth}`)), reply.json());
  t.same([record.entity_id, record.actor.kind, record.payload], [birth, 'human', { proof_argument: argument, outcome: 'Born 1850: the baptism register' }]);

  const bare = await ok(s.request('POST', `/v1/trees/${s.server.kernel.trees.active().id}/conflicts/${sex}/resolution`, { body: { proof_argument: argument } }));
  t.same([bare.status, bare.resolution.outcome], ['resolved', null], 'the outcome is optional; the pinned mount answers too');
  t.same(s.records({ kind: 'conflict.resolved' })[0].payload, { proof_argument: argument, outcome: null });

  const [withdrawn] = ids(await conflicts(s, { open_only: true }));
  await ok(s.request('POST', `/v1/conflicts/${withdrawn}/withdrawal`, { body: { reason: 'Not a dispute' } }));
  const [open] = ids(await conflicts(s, { open_only: true }));

  const unchanged = footprint(s);
  const refusals: [string, unknown, number, string, string?][] = [
    [birth, { proof_argument: argument }, 409, 'already-settled', `The conflict ${birth} is already resolved; a settled conflict stays as it was settled`],
    [withdrawn, { proof_argument: argument }, 409, 'already-settled', `The conflict ${withdrawn} is already withdrawn; a settled conflict stays as it was settled`],
    [UNKNOWN, { proof_argument: argument }, 404, 'not-found', `There is no conflict ${UNKNOWN} in this tree`],
    [open, { proof_argument: UNKNOWN }, 404, 'not-found', `There is no proof argument ${UNKNOWN} in this tree`],
    [UNKNOWN, { proof_argument: UNKNOWN }, 404, 'not-found', `There is no conflict ${UNKNOWN} in this tree`],
    [birth, { proof_argument: UNKNOWN }, 404, 'not-found', `There is no proof argument ${UNKNOWN} in this tree`],
    [open, {}, 400, 'validation-failed'],
    [open, { proof_argument: 'x' }, 400, 'validation-failed'],
    [open, { proof_argument: argument, outcome: '' }, 400, 'validation-failed'],
    [open, { proof_argument: argument, outcome: '   ' }, 400, 'validation-failed'],
    [open, { proof_argument: argument, verdict: 'x' }, 400, 'validation-failed'],
    ['x', { proof_argument: argument }, 400, 'validation-failed'],
  ];
  for (const [id, body, status, code, detail] of refusals) {
    const refused = await s.request('POST', `/v1/conflicts/${id}/resolution`, { body });
    t.same([refused.statusCode, refused.json().code], [status, code], `${id} ${JSON.stringify(body)}`);
    if (detail) t.equal(refused.json().detail, detail);
  }
  const settled = await s.request('POST', `/v1/conflicts/${birth}/resolution`, { body: { proof_argument: argument } });
  t.same([settled.json().title, settled.json().status, settled.json().type, settled.json().conflict_status], ['The conflict is already settled', 409, 'urn:rootline:problem:already-settled', 'resolved']);
  const agent = await s.request('POST', `/v1/conflicts/${open}/resolution`, { body: { proof_argument: argument }, token: s.agentToken });
  t.same([agent.statusCode, agent.json().code], [403, 'human-token-required'], 'the human\'s call: an agent writes the proof argument');
  t.same(footprint(s), unchanged, 'no refusal wrote anything');
});

t.test('withdrawal: 200 with the withdrawn conflict, recorded; remembered; 404; 409; agents refused; nothing written by a refusal', async (t) => {
  const s = await conflictsServer(t);
  const { d } = await seed(s);
  const [cremation] = ids(await conflicts(s, { persona: d }));
  const before = await ok(s.request('GET', `/v1/conflicts/${cremation}`));
  const reply = await s.request('POST', `/v1/conflicts/${cremation}/withdrawal`, { body: { reason: 'Two cremation registers of one event, one dated by the funeral' } });
  t.equal(reply.statusCode, 200);
  const record = s.records({ kind: 'conflict.withdrawn' })[0];
  t.same(reply.json(), { ...before, status: 'withdrawn', withdrawal: { reason: 'Two cremation registers of one event, one dated by the funeral', automatic: false, withdrawn_at_ms: record.at_ms } });
  t.same([record.entity_id, record.actor.kind, record.payload], [cremation, 'human', { reason: 'Two cremation registers of one event, one dated by the funeral', automatic: false }]);

  // The same two claims are compared again when the persona is concluded: the pair is remembered.
  await conclude(s, [d]);
  await conclude(s, [await persona(s)]);
  t.same((await conflicts(s, { persona: d })).items.map((item: any) => item.status), ['withdrawn']);

  const argument = await proofArgument(s);
  await ok(s.request('POST', `/v1/conflicts/${ids(await conflicts(s, { open_only: true }))[0]}/resolution`, { body: { proof_argument: argument } }));
  const resolved = (await conflicts(s)).items.find((item: any) => item.status === 'resolved').id;
  const [open] = ids(await conflicts(s, { open_only: true }));
  const unchanged = footprint(s);
  const refusals: [string, unknown, number, string][] = [
    [cremation, { reason: 'again' }, 409, 'already-settled'],
    [resolved, { reason: 'never mind' }, 409, 'already-settled'],
    [UNKNOWN, { reason: 'x' }, 404, 'not-found'],
    [open, {}, 400, 'validation-failed'],
    [open, { reason: '' }, 400, 'validation-failed'],
    [open, { reason: ' \n ' }, 400, 'validation-failed'],
    [open, { reason: 'x'.repeat(2001) }, 400, 'validation-failed'],
    [open, { reason: 'x', automatic: true }, 400, 'validation-failed'],
  ];
  for (const [id, body, status, code] of refusals) {
    const refused = await s.request('POST', `/v1/conflicts/${id}/withdrawal`, { body });
    t.same([refused.statusCode, refused.json().code], [status, code], `${id} ${JSON.stringify(body).slice(0, 40)}`);
  }
  const agent = await s.request('POST', `/v1/conflicts/${open}/withdrawal`, { body: { reason: 'x' }, token: s.agentToken });
  t.same([agent.statusCode, agent.json().code], [403, 'human-token-required']);
  t.same(footprint(s), unchanged, 'no refusal wrote anything');
});

t.test('agents read conflicts like the human', async (t) => {
  const s = await conflictsServer(t);
  const { person } = await seed(s);
  const agent = await s.request('GET', '/v1/conflicts', { query: { person }, token: s.agentToken });
  t.equal(agent.statusCode, 200);
  t.same(agent.json(), await conflicts(s, { person }));
  t.equal((await s.request('GET', '/v1/conflicts', { token: null })).statusCode, 401);
});
