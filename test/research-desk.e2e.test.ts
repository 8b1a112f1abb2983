import t from 'tap';
import { type Api, createAgent, ensureBundle, ownServer } from './helpers/server-process.js';

/**
 * The research desk over a real socket, against the built server with every plugin of the
 * default build: an assistant reads where the investigation stands, works a question (plan,
 * session, log entries, negative evidence, claims), a conflict opens, the human settles it with
 * a proof argument and closes the question; the project state and settled knowledge follow
 * every step, on both mounts, and `since` shows only what changed after each answer.
 */

type Call = (method: string, path: string, body?: unknown, status?: number) => Promise<any>;

function caller(api: Api, token: string | undefined, headers: Record<string, string> = {}): Call {
  return async (method, path, body, status = 200) => {
    const reply = await api(path, { method, token, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await reply.text();
    if (reply.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${reply.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

const ids = (section: { items: { id: string }[] }) => section.items.map((item) => item.id);

t.test('question -> plan -> session -> log and negative evidence -> claims -> conflict -> proof argument -> resolution -> question closed -> settled', async (t) => {
  const server = await ownServer(t, ensureBundle());
  const agentToken = createAgent(server, 'Research assistant');
  const human = caller(server.api, undefined);
  const agent = caller(server.api, agentToken, { 'x-proposer-model': 'example-model-7' });
  const state = (since?: string, prefix = '/v1') => agent('GET', `${prefix}/project/state${since === undefined ? '' : `?since=${encodeURIComponent(since)}`}`);

  // A second tree, so the two mounts can be told apart.
  const active = ((await human('GET', '/v1/trees')).items as { tree_id: string; active: boolean }[]).find((tree) => tree.active)!.tree_id;
  const other = (await human('POST', '/v1/trees', { name: 'The Joneses' }, 201)).tree_id as string;
  t.not(other, active);
  const elsewhere = await human('POST', `/v1/trees/${other}/research/questions`, { text: 'Who were the parents of Mary Jones?' });

  const start = await state();
  t.same(start.sections.open_questions.items, [], 'the active tree has no question yet');
  t.same(ids((await state(undefined, `/v1/trees/${other}`)).sections.open_questions), [elsewhere.id], 'the other tree has its own');

  // The human records the people and the source; the assistant takes the question.
  const register = (await human('POST', '/v1/sources', { title: 'Ledbury parish register, baptisms 1848-1853' })).id;
  const census = (await human('POST', '/v1/sources', { title: '1851 census, Ledbury' })).id;
  const william = (await human('POST', '/v1/personas', { given: 'William', surname: 'Smyth' })).id;
  const person = (await human('POST', '/v1/persons', { personas: [william] }, 201)).id;
  const question = (await agent('POST', '/v1/research/questions', { text: 'When was William Smyth born?', subjects: [person] })).id;
  const baptisms = (await agent('POST', `/v1/research/questions/${question}/plan/items`, { description: 'Search the Ledbury baptisms 1848-1853' })).id;
  await agent('POST', `/v1/research/questions/${question}/plan/items`, { description: 'Read the 1851 census' });
  const session = (await agent('POST', '/v1/research/sessions', { question, goal: 'Find William\'s birth' })).id;
  const read = await agent('POST', '/v1/research/log', { question, text: 'Read the 1851 census: William Smyth, 1 month, born Ledbury.', personas: [william], sources: [census] });
  t.equal(read.session, session, 'the entry joined the assistant\'s open session');
  const nothing = await agent('POST', '/v1/research/log/negative-evidence', {
    question,
    text: 'No baptism of William Smyth in the Ledbury register 1848-1850.',
    searched: { source: register, scope: '1848-1850' },
  });
  const early = (await agent('POST', '/v1/assertions/capture', { persona: william, kind: 'birth', date: 'FEB 1851', place: 'Ledbury', source: census })).id;
  const late = (await agent('POST', '/v1/assertions/capture', { persona: william, kind: 'birth', date: '1856', place: 'Ledbury' })).id;

  const working = await state(start.cursor);
  t.equal(working.since, start.cursor);
  const [open] = working.sections.open_questions.items;
  t.same(ids(working.sections.open_questions), [question], 'only what changed since the first answer: the other tree\'s question is not here');
  t.match(open, { status: 'open', text: 'When was William Smyth born?', subjects: [person], plan: { total: 2, done: 0 } });
  t.equal(working.sections.conflicts.items.length, 1, 'the two birth dates disagree: a conflict opened');
  const conflict = working.sections.conflicts.items[0];
  t.match(conflict, { kind: 'birth', status: 'open', persona: william });
  t.same(conflict.claims.map((claim: { assertion: string }) => claim.assertion).sort(), [early, late].sort());
  t.same(working.sections.pending, { total: 2, items: [{ proposer: 'example-model-7', count: 2 }], more: false }, 'the assistant\'s claims wait under its name');
  t.same(working.sections.recent_log.items.map((e: any) => [e.id, e.kind, e.status, e.session, e.proposer]), [
    [nothing.id, 'negative', 'active', session, 'example-model-7'],
    [read.id, 'entry', 'active', session, 'example-model-7'],
  ], 'the session\'s entries, newest first');
  t.same(ids(working.sections.changed_persons), [person]);
  t.equal((await state(working.cursor)).sections.recent_log.items.length, 0, 'asked again at once: nothing new');

  // The human weighs the evidence, settles the conflict and closes the question.
  const argument = (await human('POST', '/v1/proof-arguments', {
    title: 'William was born in February 1851',
    text: 'The census taken in March 1851 gives him as one month old; the 1856 date has no source.',
    question,
    assertions: [early, late],
    conclusion: 'William Smyth was born in February 1851 at Ledbury.',
  }, 201)).id;
  const refused = await server.api(`/v1/conflicts/${conflict.id}/resolution`, { method: 'POST', token: agentToken, body: JSON.stringify({ proof_argument: argument }) });
  t.equal(refused.status, 403, 'only the human resolves a conflict');
  await human('POST', `/v1/conflicts/${conflict.id}/resolution`, { proof_argument: argument, outcome: 'February 1851' });
  await human('POST', `/v1/assertions/${early}/confirm`);
  await human('POST', `/v1/assertions/${late}/refute`);
  await agent('PUT', `/v1/research/plan-items/${baptisms}/done`, { done: true });
  await agent('POST', `/v1/research/sessions/${session}/end`);
  await human('POST', `/v1/research/questions/${question}/close`, { answer: 'February 1851, at Ledbury.', proof_argument: argument });

  const settledState = await state(working.cursor);
  t.same(settledState.sections.open_questions.items.map((q: any) => [q.id, q.status, q.plan]), [[question, 'closed', { total: 2, done: 1 }]], 'the question closed since, with its status now');
  t.same(settledState.sections.conflicts.items.map((c: any) => [c.id, c.status]), [[conflict.id, 'resolved']], 'the conflict resolved since');
  t.same(settledState.sections.pending, { total: 0, items: [], more: false }, 'no claim was captured since');
  t.same(settledState.sections.recent_log.items, [], 'no entry was written since: none repeated');
  t.same(settledState.sections.changed_persons.items, [], 'no person changed since');
  const now = await state();
  t.same(now.sections.open_questions.items, [], 'without since: no open question is left');
  t.same(now.sections.conflicts.items, [], 'nor an open conflict');
  t.equal(now.sections.pending.total, 0, 'nor a claim waiting');
  t.same(ids(now.sections.recent_log), [nothing.id, read.id], 'the log stays');

  const settled = await agent('GET', '/v1/settled');
  t.same(settled.settled.resolved_conflicts.items.map((c: any) => [c.id, c.resolution.outcome, c.resolution.proof_argument]), [
    [conflict.id, 'February 1851', { id: argument, title: 'William was born in February 1851', conclusion: 'William Smyth was born in February 1851 at Ledbury.' }],
  ], 'the conflict with the argument that settled it');
  t.same(settled.settled.closed_questions.items.map((q: any) => [q.id, q.answer, q.proof_argument.id]), [[question, 'February 1851, at Ledbury.', argument]]);
  t.same(ids(settled.settled.confirmed_claims), [early]);
  t.same(ids(settled.retired.refuted_claims), [late], 'the 1856 lead is retired');
  t.same(settled.retired.negative_evidence.items.map((e: any) => [e.id, e.searched.source, e.searched.scope]), [[nothing.id, register, '1848-1850']], 'the empty search is remembered');
  t.same(settled.retired.denied_merges, { total: 0, items: [], more: false });

  // Both mounts: the pinned mount of the active tree is the same; the other tree has settled nothing.
  t.same(await agent('GET', `/v1/trees/${active}/settled`), settled);
  t.same((await state(undefined, `/v1/trees/${active}`)).sections, now.sections);
  const otherSettled = await agent('GET', `/v1/trees/${other}/settled`);
  t.same([...Object.values(otherSettled.settled), ...Object.values(otherSettled.retired)].map((section: any) => section.items.length), [0, 0, 0, 0, 0, 0]);
  const foreign = await server.api(`/v1/trees/${other}/project/state?since=${encodeURIComponent(now.cursor)}`, { token: agentToken });
  t.equal(foreign.status, 400, 'a cursor of one tree is refused on the other');
  t.equal((await foreign.json()).code, 'invalid-cursor');
});

t.test('since over a real socket under concurrent writes: every entry seen exactly once', async (t) => {
  const server = await ownServer(t, ensureBundle());
  const agentToken = createAgent(server, 'Research assistant');
  const agent = caller(server.api, agentToken);
  const question = (await agent('POST', '/v1/research/questions', { text: 'Where was William in 1861?' })).id;
  const written: string[] = [];
  const seen: string[] = [];
  let cursor = (await agent('GET', '/v1/project/state')).cursor as string;
  for (let round = 0; round < 5; round++) {
    const writes = Array.from({ length: 4 }, (_, i) => agent('POST', '/v1/research/log', { question, text: `Round ${round}, search ${i}` }).then((entry) => written.push(entry.id)));
    const [digest] = await Promise.all([agent('GET', `/v1/project/state?since=${encodeURIComponent(cursor)}`), ...writes]);
    seen.push(...ids(digest.sections.recent_log));
    cursor = digest.cursor;
  }
  seen.push(...ids((await agent('GET', `/v1/project/state?since=${encodeURIComponent(cursor)}`)).sections.recent_log));
  t.equal(written.length, 20);
  t.equal(new Set(seen).size, seen.length, 'none twice');
  t.same([...seen].sort(), [...written].sort(), 'none missed');
});

t.test('a redacted claim in a conflict: the agent reads the marker in the digest and in settled, the human the value', async (t) => {
  const server = await ownServer(t, ensureBundle());
  const agentToken = createAgent(server, 'Research assistant');
  const human = caller(server.api, undefined);
  const agent = caller(server.api, agentToken);
  const william = (await human('POST', '/v1/personas', { given: 'William', surname: 'Smyth' })).id;
  await human('POST', '/v1/assertions/capture', { persona: william, kind: 'birth', date: '1850' });
  const secret = (await human('POST', '/v1/assertions/capture', { persona: william, kind: 'birth', date: '1870', place: 'Ledbury' })).id;
  await human('POST', '/v1/redactions', { target: secret, reason: 'a living relative asked' }, 201);

  const [seen] = (await agent('GET', '/v1/project/state')).sections.conflicts.items;
  t.same(seen.claims[1], { assertion: secret, value: '[redacted]', date: '[redacted]', place: '[redacted]' }, 'the agent reads the marker');
  t.equal(seen.disagreement, 'Not shown: a claim of this conflict is redacted');
  const [shown] = (await human('GET', '/v1/project/state')).sections.conflicts.items;
  t.match(shown.claims[1], { assertion: secret, date: '1870', place: 'Ledbury', redacted: ['value', 'date', 'place'] }, 'the human reads the values, marked');
  t.match(shown.disagreement, /1870/);

  const argument = (await human('POST', '/v1/proof-arguments', { title: 'Born 1850', text: 'The register.' }, 201)).id;
  await human('POST', `/v1/conflicts/${seen.id}/resolution`, { proof_argument: argument });
  const [settled] = (await agent('GET', '/v1/settled')).settled.resolved_conflicts.items;
  t.same([settled.claims[1].date, settled.disagreement], ['[redacted]', 'Not shown: a claim of this conflict is redacted']);
  const body = JSON.stringify(await agent('GET', '/v1/project/state')) + JSON.stringify(await agent('GET', '/v1/settled'));
  t.notOk(body.includes('1870'), 'the redacted date reaches the agent nowhere');
});

t.test("a redacted name in the research signals: the agent reads the marker in a signal's example, the human the name", async (t) => {
  const server = await ownServer(t, ensureBundle());
  const agentToken = createAgent(server, 'Research assistant');
  const human = caller(server.api, undefined);
  const agent = caller(server.api, agentToken);
  const dora = (await human('POST', '/v1/personas', { given: 'Dora', surname: 'Old' })).id;
  const person = (await human('POST', '/v1/persons', { personas: [dora] }, 201)).id;
  const example = async (call: Call) => (await call('GET', '/v1/research/signals')).sourceless_people.examples.find((item: { id: string }) => item.id === person);
  t.match(await example(agent), { kind: 'person', label: /Dora Old/ }, 'before: the agent reads the name, the person having no source');
  await human('POST', '/v1/redactions', { target: dora, field: 'name', reason: 'a living relative asked' }, 201);
  t.equal((await example(agent)).label, '[redacted]', 'the agent reads the marker');
  t.notMatch(JSON.stringify(await agent('GET', '/v1/research/signals')), /Dora|Old/, 'nowhere in the signals');
  t.match(await example(human), { label: /Dora Old/, redacted: ['label'] }, 'the human reads the name, flagged');

  // The duplicate search: the candidate's reasons quote its name words.
  const search = async (call: Call) => (await call('GET', '/v1/persons/duplicate-candidates?given=Dorothy&surname=Olde')).items.find((item: { person: { id: string } }) => item.person.id === person);
  const seen = await search(agent);
  t.equal(seen.person.display_name, '[redacted]');
  t.ok(seen.reasons.length > 0 && seen.reasons.every((reason: { detail: string }) => reason.detail === '[redacted]'), 'every name reason hidden from the agent');
  t.notMatch(JSON.stringify(seen), /Dora\b|\bOld\b/, 'no word of the name anywhere in the candidate');
  t.match((await search(human)).reasons, [{ detail: /Old/, redacted: ['detail'] }], 'the human reads the reasons, flagged');
});
