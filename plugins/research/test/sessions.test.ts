import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { footprint, manualClock, ok, person, pinned, problem, question, researchServer, source, UNKNOWN } from './fixtures/helpers.js';

const start = (s: TestServer, body: Record<string, unknown>, token?: string, prefix = '/v1') => ok(s.request('POST', `${prefix}/research/sessions`, { body, token }));
const capture = async (s: TestServer, persona: string, kind: string, token?: string) => (await ok(s.request('POST', '/v1/assertions/capture', { body: { persona, kind, value: kind }, token }))).id as string;
const NO_CLAIMS = { total: 0, by_status: { pending: 0, deferred: 0, confirmed: 0, refuted: 0, fabricated: 0, superseded: 0, removed: 0 }, items: [] };
const NO_ENTRIES = { total: 0, by_kind: { entry: 0, capture: 0, negative: 0 }, retracted: 0, items: [] };

t.test('a session starts, is the caller\'s current one, and ends; summaries are exact', async (t) => {
  const clock = manualClock();
  const s = await researchServer(t, { clock });
  const asked = await question(s);
  const started = await start(s, { question: asked.id, goal: 'Search the baptisms' }, s.agentToken);
  const [record] = s.records({ kind: 'research_session' });
  t.same(started, {
    id: started.id, goal: 'Search the baptisms', question: asked.id, assignment: null, status: 'open', actor_kind: 'agent', credential_id: s.agentCredentialId, proposer: null,
    started_at_ms: clock.now(), ended_at_ms: null, end_reason: null, time_spent_ms: 0, entries: NO_ENTRIES, claims: NO_CLAIMS,
  });
  t.match(record, { kind: 'research_session.started.v1', entity_type: 'research_session', entity_id: started.id });
  t.same(record.payload, { question: asked.id, assignment: null });
  clock.advance(90_000);
  for (const prefix of ['/v1', pinned(s)]) {
    t.same(await ok(s.request('GET', `${prefix}/sessions/current`, { token: s.agentToken })), { ...started, time_spent_ms: 90_000 }, `${prefix}: current, time running`);
    t.same(await ok(s.request('GET', `${prefix}/sessions/${started.id}`)), { ...started, time_spent_ms: 90_000 }, `${prefix}: by id`);
  }
  const none = await s.request('GET', '/v1/sessions/current');
  t.same([none.statusCode, none.body], [200, 'null'], 'the human has no open session: null');
  clock.advance(30_000);
  const ended = await ok(s.request('POST', `/v1/research/sessions/${started.id}/end`, { token: s.agentToken }));
  t.same(ended, { ...started, status: 'ended', ended_at_ms: clock.now(), end_reason: 'ended', time_spent_ms: 120_000 });
  t.same(s.records({ kind: 'research_session.ended' })[0].payload, { reason: 'ended' });
  clock.advance(60_000);
  const records = s.records().length;
  t.same(await ok(s.request('POST', `${pinned(s)}/research/sessions/${started.id}/end`)), ended, 'ending again: unchanged, time stopped');
  t.equal(s.records().length, records, 'nothing recorded');
  t.equal((await s.request('GET', '/v1/sessions/current', { token: s.agentToken })).body, 'null');
  const plain = await start(s, { goal: 'No question' });
  t.same([plain.question, plain.actor_kind, plain.credential_id === null], [null, 'human', false]);
});

t.test('starting another session ends the open one; a proposer is kept', async (t) => {
  const clock = manualClock();
  const s = await researchServer(t, { clock });
  const first = await start(s, { goal: 'First' }, s.agentToken);
  const human = await start(s, { goal: 'The human\'s own' });
  clock.advance(10_000);
  const second = await ok(s.request('POST', '/v1/research/sessions', { body: { goal: 'Second' }, token: s.agentToken, headers: { 'x-proposer-model': 'example-model-1' } }));
  t.equal(second.proposer, 'example-model-1');
  const superseded = await ok(s.request('GET', `/v1/sessions/${first.id}`));
  t.same([superseded.status, superseded.end_reason, superseded.ended_at_ms, superseded.time_spent_ms], ['ended', 'superseded', clock.now(), 10_000]);
  t.same(s.records({ kind: 'research_session.ended' })[0].payload, { reason: 'superseded', by: second.id });
  t.equal((await ok(s.request('GET', '/v1/sessions/current', { token: s.agentToken }))).id, second.id);
  t.equal((await ok(s.request('GET', '/v1/sessions/current'))).id, human.id, 'another credential\'s session is untouched');
});

t.test('entries and claims of a session are counted exactly, with the claims\' review state now', async (t) => {
  const clock = manualClock();
  const s = await researchServer(t, { clock });
  const asked = await question(s);
  const william = await person(s, 'William', 'Smyth');
  const before = await capture(s, william.persona, 'occupation', s.agentToken);
  const session = await start(s, { question: asked.id, goal: 'Work' }, s.agentToken);
  clock.advance(1000);
  const claims = [
    await capture(s, william.persona, 'residence', s.agentToken),
    await capture(s, william.persona, 'religion', s.agentToken),
    await capture(s, william.persona, 'education', s.agentToken),
    await capture(s, william.persona, 'nationality', s.agentToken),
  ];
  await capture(s, william.persona, 'title', undefined);
  clock.advance(1000);
  const transcribed = await ok(s.request('POST', '/v1/assertions/transcription-claim', {
    body: { source: await source(s), transcription: 'William Smyth, labourer', personas: [{ given: 'William', surname: 'Smyth', claims: [{ kind: 'occupation', value: 'labourer' }] }] },
    token: s.agentToken,
  }));
  const entries = [
    await ok(s.request('POST', '/v1/research/log', { body: { question: asked.id, text: 'one' }, token: s.agentToken })),
    await ok(s.request('POST', '/v1/research/log/negative-evidence', { body: { question: asked.id, text: 'two' }, token: s.agentToken })),
    await ok(s.request('POST', '/v1/research/log/capture', { body: { question: asked.id, text: 'three' }, token: s.agentToken })),
    await ok(s.request('POST', '/v1/research/log/capture', { body: { question: asked.id, text: 'four', session: session.id } })),
    await ok(s.request('POST', '/v1/research/log', { body: { question: asked.id, text: 'five' }, token: s.agentToken })),
  ];
  await ok(s.request('POST', '/v1/research/log', { body: { question: asked.id, text: 'the human\'s, in no session' } }));
  t.same(entries.map((entry) => entry.session), entries.map(() => session.id), 'entries without session joined the caller\'s; an explicit session is honoured');
  await ok(s.request('POST', `/v1/research/log/${entries[4].id}/retract`));
  t.equal((await s.request('POST', `/v1/assertions/${claims[0]}/confirm`)).statusCode, 200);
  t.equal((await s.request('POST', `/v1/assertions/${claims[1]}/refute`)).statusCode, 200);
  const tree = s.server.kernel.trees.active();
  const human = { kind: 'human' as const, credentialId: null };
  const { assertionsService } = s.server.kernel.servicesFor(tree, human);
  assertionsService.review(human, claims[2], 'defer');
  assertionsService.remove(human, claims[3], 'import undone');
  clock.advance(1000);
  await ok(s.request('POST', `/v1/research/sessions/${session.id}/end`, { token: s.agentToken }));
  await capture(s, william.persona, 'height', s.agentToken);

  const summary = await ok(s.request('GET', `/v1/sessions/${session.id}`));
  const transcribedIds: string[] = [transcribed.id, ...transcribed.claims.map((claim: { id: string }) => claim.id)];
  t.equal(transcribedIds.length, 2, 'the transcription and its one claim');
  t.same(summary.entries, { total: 4, by_kind: { entry: 1, capture: 2, negative: 1 }, retracted: 1, items: entries.slice(0, 4).map((entry) => entry.id) });
  t.equal(summary.claims.total, 4 + transcribedIds.length, 'the agent\'s captures while open: not before, not after, not the human\'s');
  t.same(summary.claims.by_status, { pending: transcribedIds.length, deferred: 1, confirmed: 1, refuted: 1, fabricated: 0, superseded: 0, removed: 1 });
  t.same(summary.claims.items.slice(0, 4), [
    { assertion: claims[0], status: 'confirmed', captured_at_ms: session.started_at_ms + 1000 },
    { assertion: claims[1], status: 'refuted', captured_at_ms: session.started_at_ms + 1000 },
    { assertion: claims[2], status: 'deferred', captured_at_ms: session.started_at_ms + 1000 },
    { assertion: claims[3], status: 'removed', captured_at_ms: session.started_at_ms + 1000 },
  ].sort((a, b) => (a.assertion < b.assertion ? -1 : 1)));
  t.same(summary.claims.items.slice(4).map((item: { assertion: string }) => item.assertion).sort(), [...transcribedIds].sort());
  t.notOk(summary.claims.items.some((item: { assertion: string }) => item.assertion === before), 'a claim from before the session is not in it');
  t.equal(summary.time_spent_ms, 3000);
});

t.test('sessions refuse unknown questions, sessions and assignments, and ended sessions; nothing written', async (t) => {
  const s = await researchServer(t);
  const asked = await question(s);
  const other = await question(s, { text: 'Other' });
  const ended = await start(s, { goal: 'Done' });
  await ok(s.request('POST', `/v1/research/sessions/${ended.id}/end`));
  const item = await ok(s.request('POST', `/v1/research/questions/${asked.id}/plan/items`, { body: { description: 'Assigned', assignee: s.agentCredentialId } }));
  const gone = await ok(s.request('POST', `/v1/research/questions/${asked.id}/plan/items`, { body: { description: 'Withdrawn', assignee: s.agentCredentialId } }));
  await ok(s.request('DELETE', `/v1/research/plan-items/${gone.id}`));
  const before = footprint(s);
  const missing = (kind: string, id: string) => ({ status: 404, code: 'not-found', detail: `There is no ${kind} ${id} in this tree` });
  t.same(await problem(s.request('POST', '/v1/research/sessions', { body: { question: UNKNOWN, goal: 'x' } })), missing('research question', UNKNOWN));
  t.same(await problem(s.request('POST', '/v1/research/sessions', { body: { assignment: UNKNOWN, goal: 'x' } })), missing('assignment', UNKNOWN));
  t.same(await problem(s.request('POST', '/v1/research/sessions', { body: { assignment: gone.assignment.id, goal: 'x' } })), {
    status: 409, code: 'assignment-withdrawn', detail: `The plan item of assignment ${gone.assignment.id} was deleted`,
  });
  t.same(await problem(s.request('POST', '/v1/research/sessions', { body: { question: other.id, assignment: item.assignment.id, goal: 'x' } })), {
    status: 422, code: 'assignment-other-question', detail: `The assignment ${item.assignment.id} belongs to the research question ${asked.id}, not ${other.id}`,
  });
  t.same(await problem(s.request('POST', `/v1/research/sessions/${UNKNOWN}/end`)), missing('research session', UNKNOWN));
  t.same(await problem(s.request('GET', `/v1/sessions/${UNKNOWN}`)), missing('research session', UNKNOWN));
  t.same(await problem(s.request('POST', '/v1/research/log', { body: { question: asked.id, text: 'late', session: ended.id } })), {
    status: 409, code: 'session-ended', detail: `The research session ${ended.id} has ended; start a new one`,
  });
  for (const body of [{}, { goal: '' }, { goal: ' ' }, { goal: 'x', question: 'nope' }, { goal: 'x', extra: true }]) {
    t.equal((await problem(s.request('POST', '/v1/research/sessions', { body }))).code, 'validation-failed', JSON.stringify(body));
  }
  t.same(footprint(s), before, 'nothing written');
});

t.test('an assignment shows its item, question, state and the sessions that worked on it', async (t) => {
  const clock = manualClock();
  const s = await researchServer(t, { clock });
  const asked = await question(s);
  const item = await ok(s.request('POST', `/v1/research/questions/${asked.id}/plan/items`, { body: { description: 'Search the baptisms', assignee: s.agentCredentialId } }));
  const [record] = s.records({ kind: 'research_assignment' });
  t.same(item.assignment, { id: record.entity_id, assignee: s.agentCredentialId });
  t.match(record, { kind: 'research_assignment.created.v1', entity_type: 'research_assignment', payload: { item: item.id, question: asked.id, assignee: s.agentCredentialId } });
  t.same(s.records({ kind: 'research_plan_item.added' })[0].payload, { question: asked.id, assignee: s.agentCredentialId });
  const id = item.assignment.id;
  const shown = await ok(s.request('GET', `/v1/assignments/${id}`));
  t.same(shown, {
    id, assignee: s.agentCredentialId, state: 'open', item, question: { id: asked.id, text: asked.text, status: 'open' }, sessions: [], created_at_ms: clock.now(),
  });
  clock.advance(1000);
  const worked = await start(s, { assignment: id, goal: 'Search' }, s.agentToken);
  t.equal(worked.question, asked.id, 'the question comes from the assignment');
  t.equal(worked.assignment, id);
  clock.advance(4000);
  await ok(s.request('POST', `/v1/research/sessions/${worked.id}/end`, { token: s.agentToken }));
  const again = await start(s, { assignment: id, question: asked.id, goal: 'Again' }, s.agentToken);
  await start(s, { question: asked.id, goal: 'Not for the assignment' });
  clock.advance(500);
  await ok(s.request('PUT', `/v1/research/plan-items/${item.id}/done`, { body: { done: true } }));
  const done = await ok(s.request('GET', `${pinned(s)}/assignments/${id}`));
  t.equal(done.state, 'done');
  t.same(done.sessions, [
    { id: worked.id, goal: 'Search', status: 'ended', credential_id: s.agentCredentialId, started_at_ms: worked.started_at_ms, ended_at_ms: worked.started_at_ms + 4000, time_spent_ms: 4000 },
    { id: again.id, goal: 'Again', status: 'open', credential_id: s.agentCredentialId, started_at_ms: again.started_at_ms, ended_at_ms: null, time_spent_ms: 500 },
  ]);
  t.same(done.item, (await ok(s.request('GET', `/v1/research/questions/${asked.id}/plan`))).items[0]);
  await ok(s.request('DELETE', `/v1/research/plan-items/${item.id}`));
  const withdrawn = await ok(s.request('GET', `/v1/assignments/${id}`));
  t.same([withdrawn.state, withdrawn.item.position, withdrawn.item.deleted_at_ms], ['withdrawn', -1, clock.now()]);
  t.same(await problem(s.request('GET', `/v1/assignments/${UNKNOWN}`)), { status: 404, code: 'not-found', detail: `There is no assignment ${UNKNOWN} in this tree` });
  const closed = await ok(s.request('POST', `/v1/research/questions/${asked.id}/close`));
  t.same((await ok(s.request('GET', `/v1/assignments/${id}`))).question, { id: asked.id, text: asked.text, status: closed.status });
});

t.test('a summary lists the first 100 entries and claims, and counts them all', async (t) => {
  const s = await researchServer(t);
  const asked = await question(s);
  const agent = { kind: 'agent' as const, credentialId: s.agentCredentialId };
  const session = await start(s, { goal: 'Many' }, s.agentToken);
  const services = s.server.kernel.servicesFor(s.server.kernel.trees.active(), agent);
  const persona = (await ok(s.request('POST', '/v1/personas', { body: { given: 'A', surname: 'B' } }))).id;
  const entries = [...Array(103)].map((_, i) => services.researchLogService.log(agent, { question: asked.id, text: `entry ${i}` }).id);
  const claims = [...Array(102)].map((_, i) => services.assertionsService.capture(agent, { persona, kind: 'occupation', value: `claim ${i}` }).id);
  const summary = await ok(s.request('GET', `/v1/sessions/${session.id}`));
  t.same(summary.entries.items, entries.slice(0, 100));
  t.same([summary.entries.total, summary.entries.by_kind.entry], [103, 103]);
  t.same(summary.claims.items.map((item: { assertion: string }) => item.assertion), [...claims].sort().slice(0, 100), 'captured in one millisecond: by id');
  t.same([summary.claims.total, summary.claims.by_status.pending], [102, 102]);
});
