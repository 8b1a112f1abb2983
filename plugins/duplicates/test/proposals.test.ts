import t from 'tap';
import { defineProblem, definePlugin, type ServiceCradle } from '@rootline/kernel';
import { db, duplicatesServer, footprint, ok, otherTree, person, PLUGINS, UNKNOWN } from './fixtures/helpers.js';

const propose = (s: any, persons: string[], options: { token?: string; headers?: Record<string, string>; prefix?: string } = {}) =>
  s.request('POST', `${options.prefix ?? '/v1'}/proposals`, { body: { persons, rationale: 'Same parents, same parish' }, token: options.token, headers: options.headers });

t.test('pending -> approved: the persons are merged, the first survives', async (t) => {
  const s = await duplicatesServer(t);
  const [a, b] = [await person(s, { given: 'John', surname: 'Smith' }, { birth: '1850' }), await person(s, { given: 'Jno', surname: 'Smyth' })];
  const created = await ok(propose(s, [a.id, b.id], { token: s.agentToken, headers: { 'x-proposer-model': 'claude-test' } }), 200);
  t.match(created, { id: String, persons: [a.id, b.id], rationale: 'Same parents, same parish', status: 'pending', proposer: 'claude-test', created_at_ms: Number, decided_at_ms: null, note: null, reason: null, merged_into: null });
  t.same(Object.keys(created), ['id', 'persons', 'rationale', 'status', 'created_at_ms', 'decided_at_ms', 'note', 'reason', 'merged_into', 'proposer']);
  t.same(await ok(s.request('GET', `/v1/proposals/${created.id}`)), created, 'read back as made');
  t.same(s.records({ kind: 'proposal' }).map((r) => [r.kind, r.entity_type, r.entity_id, r.actor.kind, r.actor.proposer, r.payload]), [
    ['proposal.created.v1', 'proposal', created.id, 'agent', 'claude-test', { persons: [a.id, b.id], rationale: 'Same parents, same parish' }],
  ]);

  const approved = await ok(s.request('POST', `/v1/proposals/${created.id}/approve`, { body: { note: 'Checked the register' } }));
  t.same(approved, { ...created, status: 'approved', decided_at_ms: approved.decided_at_ms, note: 'Checked the register', merged_into: a.id });
  t.type(approved.decided_at_ms, 'number');
  t.same((await s.request('GET', `/v1/persons/${b.id}`)).statusCode, 307, 'the second person is merged into the first');
  t.same((await ok(s.request('GET', `/v1/persons/${a.id}`))).personas, [...a.personas, ...b.personas]);
  t.same(s.records({ kind: 'proposal.approved' }).map((r) => [r.entity_type, r.entity_id, r.actor.kind, r.payload]), [['proposal', created.id, 'human', { persons: [a.id, b.id], survivor: a.id, merged: b.id, note: 'Checked the register' }]]);
  t.same(s.records({ kind: 'person.merged' }).map((r) => r.payload), [{ survivor: a.id, merged: b.id, personas: b.personas }]);
  t.match(created.proposer, 'claude-test');
});

t.test('approve: the survivor may be the second; a bare POST is an empty body', async (t) => {
  const s = await duplicatesServer(t);
  const [a, b, c] = [await person(s, { given: 'Ann', surname: 'Lee' }), await person(s, { given: 'Anne', surname: 'Lee' }), await person(s, { given: 'Anna', surname: 'Leigh' })];
  const first = await ok(propose(s, [a.id, b.id]), 200);
  t.notOk('proposer' in first, 'the human has no proposer');
  t.same((await ok(s.request('POST', `/v1/proposals/${first.id}/approve`, { body: { survivor: b.id } }))).merged_into, b.id);
  t.equal((await s.request('GET', `/v1/persons/${a.id}`)).statusCode, 307);
  const second = await ok(propose(s, [b.id, c.id]), 200);
  const bare = await ok(s.request('POST', `/v1/proposals/${second.id}/approve`));
  t.same([bare.status, bare.merged_into, bare.note], ['approved', b.id, null]);
});

t.test('pending -> denied: remembered as not a match, in either order', async (t) => {
  const s = await duplicatesServer(t);
  const [a, b] = [await person(s, { given: 'Mary', surname: 'Ward' }), await person(s, { given: 'Mary', surname: 'Warde' })];
  const created = await ok(propose(s, [a.id, b.id]), 200);
  const denied = await ok(s.request('POST', `/v1/proposals/${created.id}/deny`, { body: { reason: 'Different husbands' } }));
  t.same(denied, { ...created, status: 'denied', decided_at_ms: denied.decided_at_ms, reason: 'Different husbands' });
  t.same(s.records({ kind: 'proposal.denied' }).map((r) => [r.entity_id, r.payload]), [[created.id, { persons: [a.id, b.id], reason: 'Different husbands' }]]);
  t.same(db(s).prepare('SELECT a, b, proposal, inherited_from FROM duplicate_not_a_match').all(), [{ a: [a.id, b.id].sort()[0], b: [a.id, b.id].sort()[1], proposal: created.id, inherited_from: null }]);
  for (const pair of [[a.id, b.id], [b.id, a.id]]) {
    const before = footprint(s);
    t.same((await propose(s, pair)).json(), {
      type: 'urn:rootline:problem:known-not-a-match', title: 'These persons are known not to be one person', status: 409, code: 'known-not-a-match',
      detail: `Persons ${pair[0]} and ${pair[1]} were found not to be one person (proposal ${created.id} was denied)`, instance: '/v1/proposals', persons: pair, proposal: created.id,
    });
    t.same(footprint(s), before, 'nothing written');
  }
});

t.test('every refusal writes nothing', async (t) => {
  const s = await duplicatesServer(t);
  const [a, b, c] = [await person(s, { given: 'Tom', surname: 'Hill' }), await person(s, { given: 'Thomas', surname: 'Hill' }), await person(s, { given: 'Thos', surname: 'Hille' })];
  const retracted = await person(s, { given: 'T', surname: 'Hill' });
  await ok(s.request('POST', `/v1/persons/${retracted.id}/retract`, { body: {} }));
  const pending = await ok(propose(s, [a.id, b.id]), 200);
  const decided = await ok(propose(s, [a.id, c.id]), 200);
  await ok(s.request('POST', `/v1/proposals/${decided.id}/deny`, { body: { reason: 'No' } }));

  const refusals: [string, () => Promise<any>, number, Record<string, unknown>][] = [
    ['the same person twice', () => propose(s, [a.id, a.id]), 422, { code: 'same-person', title: 'A proposal names two different persons', detail: `Person ${a.id} is named twice; a merge proposal names two different persons`, person: a.id }],
    ['an unknown person', () => propose(s, [a.id, UNKNOWN]), 404, { code: 'not-found', entity: 'person', detail: `There is no person ${UNKNOWN} in this tree` }],
    ['a retracted person', () => propose(s, [retracted.id, a.id]), 404, { code: 'not-found', detail: `There is no person ${retracted.id} in this tree` }],
    ['a pair already pending', () => propose(s, [b.id, a.id]), 409, { code: 'proposal-exists', title: 'A proposal for these persons is already pending', detail: `Proposal ${pending.id} for the same persons is pending: it waits for the human to approve or deny it`, proposal: pending.id }],
    ['a pair known not a match', () => propose(s, [c.id, a.id]), 409, { code: 'known-not-a-match' }],
    ['one person only', () => s.request('POST', '/v1/proposals', { body: { persons: [a.id], rationale: 'x' } }), 400, { code: 'validation-failed' }],
    ['three persons', () => s.request('POST', '/v1/proposals', { body: { persons: [a.id, b.id, c.id], rationale: 'x' } }), 400, { code: 'validation-failed' }],
    ['no rationale', () => s.request('POST', '/v1/proposals', { body: { persons: [a.id, b.id] } }), 400, { code: 'validation-failed' }],
    ['a blank rationale', () => s.request('POST', '/v1/proposals', { body: { persons: [a.id, c.id], rationale: '  ' } }), 400, { code: 'validation-failed' }],
    ['an unknown field', () => s.request('POST', '/v1/proposals', { body: { persons: [a.id, c.id], rationale: 'x', score: 1 } }), 400, { code: 'validation-failed' }],
    ['reading a proposal by an id that is none', () => s.request('GET', '/v1/proposals/not-an-id'), 400, { code: 'validation-failed' }],
    ['approving a denied proposal', () => s.request('POST', `/v1/proposals/${decided.id}/approve`, { body: {} }), 409, { code: 'proposal-not-pending', title: 'The proposal is no longer pending', detail: `Proposal ${decided.id} is denied; only a pending proposal can be approved or denied`, proposal_status: 'denied' }],
    ['denying a denied proposal', () => s.request('POST', `/v1/proposals/${decided.id}/deny`, { body: { reason: 'again' } }), 409, { code: 'proposal-not-pending', proposal_status: 'denied' }],
    ['approving an unknown proposal', () => s.request('POST', `/v1/proposals/${UNKNOWN}/approve`, { body: {} }), 404, { code: 'not-found', entity: 'proposal', detail: `There is no proposal ${UNKNOWN} in this tree` }],
    ['denying an unknown proposal', () => s.request('POST', `/v1/proposals/${UNKNOWN}/deny`, { body: { reason: 'x' } }), 404, { code: 'not-found', entity: 'proposal' }],
    ['a survivor not of the pair', () => s.request('POST', `/v1/proposals/${pending.id}/approve`, { body: { survivor: c.id } }), 422, { code: 'survivor-not-in-proposal', title: "The survivor must be one of the proposal's persons", detail: `Person ${c.id} is not one of ${a.id} and ${b.id}`, survivor: c.id }],
    ['a denial without a reason', () => s.request('POST', `/v1/proposals/${pending.id}/deny`, { body: {} }), 400, { code: 'validation-failed' }],
    ['approving as an agent', () => s.request('POST', `/v1/proposals/${pending.id}/approve`, { body: {}, token: s.agentToken }), 403, { code: 'human-token-required' }],
    ['denying as an agent', () => s.request('POST', `/v1/proposals/${pending.id}/deny`, { body: { reason: 'x' }, token: s.agentToken }), 403, { code: 'human-token-required' }],
  ];
  for (const [what, call, status, problem] of refusals) {
    const before = footprint(s);
    const reply = await call();
    t.equal(reply.statusCode, status, what);
    t.match(reply.json(), { status, ...problem }, what);
    t.same(footprint(s), before, `${what}: nothing written`);
  }
  t.equal((await ok(s.request('GET', `/v1/proposals/${pending.id}`))).status, 'pending', 'still pending');
  t.match((await s.request('GET', `/v1/proposals/${UNKNOWN}`)).json(), { status: 404, code: 'not-found', entity: 'proposal' });
});

t.test('an approval whose merge is refused leaves the proposal pending and nothing written', async (t) => {
  // A stand-in for the family plugin, which refuses a merge that would make a person their own ancestor.
  const name = '@rootline/plugin-cycle-guard';
  const cycle = defineProblem('relationship-cycle', 422, 'A person cannot be their own ancestor');
  const plugin = definePlugin({
    name,
    scope: 'tree',
    dependencies: ['@rootline/plugin-persons'],
    register(app) {
      app.kernel.onRecord('person.merged.', () => {
        throw cycle('The merge would make a person their own ancestor');
      });
    },
  });
  const s = await duplicatesServer(t, {
    plugins: [...PLUGINS, name],
    builtIn: [{ name, version: '0.1.0', plugin, migrations: [], peerDependencies: { '@rootline/kernel': '^0.2.0', '@rootline/plugin-persons': '^0.1.0' } }],
  });
  const [a, b] = [await person(s, { given: 'Ed', surname: 'Cole' }), await person(s, { given: 'Edward', surname: 'Cole' })];
  const proposal = await ok(propose(s, [a.id, b.id]), 200);
  const before = footprint(s);
  t.match((await s.request('POST', `/v1/proposals/${proposal.id}/approve`, { body: {} })).json(), { status: 422, code: 'relationship-cycle' });
  t.same(footprint(s), before, 'nothing written');
  t.equal((await ok(s.request('GET', `/v1/proposals/${proposal.id}`))).status, 'pending');

  await ok(s.request('POST', `/v1/persons/${b.id}/retract`, { body: {} }));
  t.match((await s.request('POST', `/v1/proposals/${proposal.id}/approve`, { body: {} })).json(), { status: 409, code: 'proposal-not-pending', proposal_status: 'withdrawn' }, 'a person retracted since: withdrawn, not approvable');
});

t.test('retracting a person withdraws the pending proposals naming it, in the same transaction', async (t) => {
  const s = await duplicatesServer(t);
  const [a, b, c, d] = [await person(s, { given: 'Jane', surname: 'Owen' }), await person(s, { given: 'Jayne', surname: 'Owen' }), await person(s, { given: 'Jane', surname: 'Owens' }), await person(s, { given: 'Joan', surname: 'Owen' })];
  const first = await ok(propose(s, [a.id, b.id]), 200);
  const second = await ok(propose(s, [c.id, b.id]), 200);
  const untouched = await ok(propose(s, [a.id, c.id]), 200);
  const denied = await ok(propose(s, [b.id, d.id]), 200);
  await ok(s.request('POST', `/v1/proposals/${denied.id}/deny`, { body: { reason: 'Not her' } }));

  await ok(s.request('POST', `/v1/persons/${b.id}/retract`, { body: { reason: 'A ghost of a bad transcription' } }));
  const reason = `Person ${b.id} was retracted: A ghost of a bad transcription`;
  const withdrawn = await ok(s.request('GET', '/v1/proposals', { query: { status: 'withdrawn' } }));
  t.same(withdrawn.items.map((p: any) => [p.id, p.status, p.reason, p.note, p.merged_into]), [
    [first.id, 'withdrawn', reason, null, null],
    [second.id, 'withdrawn', reason, null, null],
  ], 'both proposals naming the person, whichever end');
  t.equal(withdrawn.total, 2);
  t.type(withdrawn.items[0].decided_at_ms, 'number');
  t.same((await ok(s.request('GET', '/v1/proposals'))).items.map((p: any) => p.id), [untouched.id], 'the pending list keeps only what can still be decided');
  t.same((await ok(s.request('GET', `/v1/proposals/${denied.id}`))).status, 'denied', 'a decided proposal stays as it was');
  t.same(s.records({ kind: 'proposal.withdrawn' }).map((r) => [r.entity_type, r.entity_id, r.actor.kind, r.payload]), [
    ['proposal', second.id, 'human', { persons: [c.id, b.id], reason }],
    ['proposal', first.id, 'human', { persons: [a.id, b.id], reason }],
  ], 'recorded (newest first) by whoever retracted the person');
  t.same(db(s).prepare('SELECT count(*) AS n FROM duplicate_not_a_match').get(), { n: 1 }, 'a withdrawal remembers no pair as not a match (the denial does)');
  for (const id of [first.id, second.id]) {
    t.match((await s.request('POST', `/v1/proposals/${id}/deny`, { body: { reason: 'late' } })).json(), { status: 409, code: 'proposal-not-pending', proposal_status: 'withdrawn' });
  }

  await ok(s.request('POST', `/v1/persons/${d.id}/retract`, { body: {} }));
  t.same(s.records({ kind: 'proposal.withdrawn' }).length, 2, 'a person with only decided proposals withdraws nothing');
  await ok(s.request('POST', `/v1/persons/${c.id}/retract`, { body: {} }));
  t.same((await ok(s.request('GET', `/v1/proposals/${untouched.id}`))).reason, `Person ${c.id} was retracted`, 'no reason given: the person alone');
});

t.test('the list: pending by default, a status filter, oldest first, paged', async (t) => {
  const s = await duplicatesServer(t);
  const persons = [];
  for (let i = 0; i < 6; i++) persons.push((await person(s, { given: 'Ann', surname: `Lee${'e'.repeat(i)}` })).id);
  const made = [];
  for (let i = 0; i < 5; i++) made.push(await ok(propose(s, [persons[i], persons[i + 1]]), 200));
  await ok(s.request('POST', `/v1/proposals/${made[1].id}/deny`, { body: { reason: 'No' } }));
  await ok(s.request('POST', `/v1/proposals/${made[3].id}/approve`, { body: {} }));
  const list = async (query: Record<string, string | number>) => ok(s.request('GET', '/v1/proposals', { query }));
  const page = await list({});
  t.same(page.items.map((p: any) => p.id), [made[0].id, made[2].id, made[4].id]);
  t.same([page.total, page.next_cursor], [3, null]);
  t.same((await list({ status: 'denied' })).items.map((p: any) => [p.id, p.status]), [[made[1].id, 'denied']]);
  t.same((await list({ status: 'approved' })).items.map((p: any) => [p.id, p.status, p.merged_into]), [[made[3].id, 'approved', persons[3]]]);
  const first = await list({ limit: 2 });
  t.same([first.items.map((p: any) => p.id), first.total], [[made[0].id, made[2].id], 3]);
  const next = await list({ limit: 2, cursor: first.next_cursor });
  t.same([next.items.map((p: any) => p.id), next.next_cursor], [[made[4].id], null]);
  t.same((await list({ limit: 0 })).items.length, 1, 'limit 0 reads as 1');
  t.match((await s.request('GET', '/v1/proposals', { query: { status: 'open' } })).json(), { status: 400, code: 'validation-failed' });
  t.same(await list({ status: 'withdrawn' }), { items: [], next_cursor: null, total: 0 }, 'none withdrawn');
  t.match((await s.request('GET', '/v1/proposals', { query: { status: 'denied', cursor: first.next_cursor } })).json(), { status: 400, code: 'invalid-cursor' }, 'a cursor of another status');
  const other = await otherTree(s);
  t.same(await ok(s.request('GET', `${other.prefix}/proposals`)), { items: [], next_cursor: null, total: 0 }, 'each tree its own proposals');
  t.match((await s.request('GET', `${other.prefix}/proposals/${made[0].id}`)).json(), { status: 404 });
  t.equal((await propose(s, [persons[0], persons[1]], { prefix: other.prefix })).statusCode, 404, 'persons of another tree are unknown');
});

t.test('not-a-match pairs follow a merge, and go back when the merge is reversed', async (t) => {
  const s = await duplicatesServer(t);
  const [a, b, x] = [await person(s, { given: 'Jane', surname: 'Roe' }), await person(s, { given: 'Jayne', surname: 'Rowe' }), await person(s, { given: 'Jane', surname: 'Row' })];
  const proposal = await ok(propose(s, [b.id, x.id]), 200);
  await ok(s.request('POST', `/v1/proposals/${proposal.id}/deny`, { body: { reason: 'Not her' } }));
  await ok(s.request('POST', '/v1/persons/merge', { body: { survivor: a.id, merged: b.id } }));
  t.match((await propose(s, [a.id, x.id])).json(), { status: 409, code: 'known-not-a-match', detail: `Persons ${a.id} and ${x.id} were found not to be one person`, proposal: null }, 'b was not x, so neither is what b became part of');
  t.same(db(s).prepare('SELECT proposal, inherited_from FROM duplicate_not_a_match ORDER BY inherited_from IS NULL').all(), [{ proposal: null, inherited_from: b.id }, { proposal: proposal.id, inherited_from: null }]);
  await ok(s.request('POST', `/v1/persons/${a.id}/split`, { body: { personas: b.personas } }));
  t.equal((await propose(s, [a.id, x.id])).statusCode, 200, 'the merge reversed: a may be x again');
  t.equal((await propose(s, [b.id, x.id])).statusCode, 409, 'b still is not');

  // The human merges two persons known not to be one (the persons plugin does not ask): nothing to carry over to itself.
  await ok(s.request('POST', '/v1/persons/merge', { body: { survivor: x.id, merged: b.id } }));
  t.same(db(s).prepare('SELECT a, b, inherited_from FROM duplicate_not_a_match').all(), [{ a: [b.id, x.id].sort()[0], b: [b.id, x.id].sort()[1], inherited_from: null }]);
});

t.test('duplicatesService.isKnownNotAMatch, as another plugin reads it', async (t) => {
  const name = '@rootline/plugin-duplicates-consumer';
  let use: (cradle: ServiceCradle) => void = () => undefined;
  const plugin = definePlugin({
    name,
    scope: 'tree',
    dependencies: ['@rootline/plugin-duplicates'],
    register(app) {
      app.kernel.treeRoutes(async (routes) => {
        routes.post('/duplicates-consumer', { config: { humanOnly: false } }, async (request) => {
          use(request.diScope.cradle);
          return { ok: true };
        });
      });
    },
  });
  const s = await duplicatesServer(t, {
    plugins: [...PLUGINS, name],
    builtIn: [{ name, version: '0.1.0', plugin, migrations: [], peerDependencies: { '@rootline/kernel': '^0.2.0', '@rootline/plugin-duplicates': '^0.1.0' } }],
  });
  const [a, b, c] = [await person(s, { given: 'Al', surname: 'Poe' }), await person(s, { given: 'Albert', surname: 'Poe' }), await person(s, { given: 'Alf', surname: 'Poe' })];
  const proposal = await ok(propose(s, [a.id, b.id]), 200);
  await ok(s.request('POST', `/v1/proposals/${proposal.id}/deny`, { body: { reason: 'No' } }));
  let answers: boolean[] = [];
  use = (cradle) => {
    answers = [cradle.duplicatesService.isKnownNotAMatch(a.id, b.id), cradle.duplicatesService.isKnownNotAMatch(b.id, a.id), cradle.duplicatesService.isKnownNotAMatch(a.id, c.id)];
  };
  await ok(s.request('POST', '/v1/duplicates-consumer'));
  t.same(answers, [true, true, false]);
});

t.test('a proposal naming a person merged since stands for the person it went into: approving merges the survivors, or says they are one already', async (t) => {
  const s = await duplicatesServer(t);
  const [x, y, z] = [await person(s, { given: 'John', surname: 'Smith' }), await person(s, { given: 'Jno', surname: 'Smyth' }), await person(s, { given: 'Johannes', surname: 'Schmidt' })];
  const moved = await ok(propose(s, [x.id, y.id], { token: s.agentToken }), 200);
  await ok(s.request('POST', '/v1/persons/merge', { body: { survivor: z.id, merged: x.id } }));
  const approved = await ok(s.request('POST', `/v1/proposals/${moved.id}/approve`, { body: { survivor: y.id } }));
  t.match(approved, { status: 'approved', persons: [x.id, y.id], merged_into: y.id }, 'X is now Z: Z and Y are merged, Y surviving as asked');
  t.match((await s.request('GET', `/v1/persons/${z.id}`)).json(), { merged_into: y.id }, 'Z went into Y');
  t.match(s.records({ kind: 'proposal.approved' }).find((r) => r.entity_id === moved.id)!.payload, { persons: [x.id, y.id], survivor: y.id, merged: z.id });

  const [p, q] = [await person(s, { given: 'Mary', surname: 'Jones' }), await person(s, { given: 'Mary', surname: 'Jonas' })];
  const settled = await ok(propose(s, [p.id, q.id], { token: s.agentToken }), 200);
  await ok(s.request('POST', '/v1/persons/merge', { body: { survivor: q.id, merged: p.id } }));
  const records = s.records({ kind: 'person.merged' }).length;
  const already = await ok(s.request('POST', `/v1/proposals/${settled.id}/approve`));
  t.match(already, { status: 'approved', merged_into: q.id }, 'merged directly by the human: approving says so');
  t.equal(s.records({ kind: 'person.merged' }).length, records, 'and merges nothing');
  t.match(s.records({ kind: 'proposal.approved' }).find((r) => r.entity_id === settled.id)!.payload, { survivor: q.id, merged: null, merged_already: true });
  t.equal((await s.request('GET', '/v1/proposals', { query: { status: 'pending' } })).json().items.length, 0, 'nothing left waiting for the human');
});
