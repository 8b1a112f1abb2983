import t from 'tap';
import { footprint, manualClock, ok, person, pinned, problem, question, researchServer, UNKNOWN, walk } from './fixtures/helpers.js';

const QUESTION = 'Who were the parents of William Smyth, born about 1851 in Ledbury?';

t.test('a question is asked, read and listed on both mounts, exactly as stored', async (t) => {
  const clock = manualClock();
  const s = await researchServer(t, { clock });
  const william = await person(s, 'William', 'Smyth');
  const created = await question(s, { text: QUESTION, subjects: [william.id] });
  const [record] = s.records({ kind: 'research_question' });
  t.same(created, {
    id: created.id,
    text: QUESTION,
    status: 'open',
    subjects: [william.id],
    anchor: null,
    answer: null,
    proof_argument: null,
    closed_at_ms: null,
    plan: { total: 0, done: 0 },
    coverage_confirmed: null,
    created_at_ms: clock.now(),
    updated_at_ms: clock.now(),
    seq: record.seq,
  });
  t.match(record, { kind: 'research_question.created.v1', entity_type: 'research_question', entity_id: created.id, actor: { kind: 'human' } });
  t.same(record.payload, { subjects: [william.id], anchor: false });
  for (const prefix of ['/v1', pinned(s)]) {
    t.same(await ok(s.request('GET', `${prefix}/research/questions/${created.id}`)), created, `${prefix}: read`);
    t.same(await ok(s.request('GET', `${prefix}/research/questions`)), { items: [created], next_cursor: null, total: 1 }, `${prefix}: listed`);
  }
  const viaPinned = await question(s, { text: 'Asked through the pinned mount' }, pinned(s));
  t.same(viaPinned.subjects, [], 'subjects default to none');
  t.equal((await ok(s.request('GET', '/v1/research/questions'))).total, 2);
});

t.test('an agent asks a question: it carries the model it reported', async (t) => {
  const s = await researchServer(t);
  const asked = await ok(s.request('POST', '/v1/research/questions', { body: { text: QUESTION }, token: s.agentToken, headers: { 'x-proposer-model': 'example-model-1' } }));
  t.equal(asked.proposer, 'example-model-1');
  t.same(s.records({ kind: 'research_question' })[0].actor, { kind: 'agent', credential_id: s.agentCredentialId, proposer: 'example-model-1' });
  const human = await question(s);
  t.notOk('proposer' in human, 'a human\'s question has no proposer');
});

t.test('unknown questions and subjects are 404 and bad bodies 400; nothing is written', async (t) => {
  const s = await researchServer(t);
  const william = await person(s, 'William', 'Smyth');
  const asked = await question(s, { text: QUESTION, subjects: [william.id] });
  const before = footprint(s);
  t.same(await problem(s.request('POST', '/v1/research/questions', { body: { text: QUESTION, subjects: [william.id, UNKNOWN] } })), {
    status: 404, code: 'not-found', detail: `There is no person ${UNKNOWN} in this tree`,
  });
  for (const [method, path, body] of [
    ['GET', `/v1/research/questions/${UNKNOWN}`, undefined],
    ['PUT', `/v1/research/questions/${UNKNOWN}/text`, { text: 'x' }],
    ['PUT', `/v1/research/questions/${UNKNOWN}/subjects`, { subjects: [] }],
    ['POST', `/v1/research/questions/${UNKNOWN}/close`, {}],
    ['POST', `/v1/research/questions/${UNKNOWN}/reopen`, undefined],
  ] as const) {
    t.same(await problem(s.request(method, path, { body })), { status: 404, code: 'not-found', detail: `There is no research question ${UNKNOWN} in this tree` }, `${method} ${path}`);
  }
  t.same(await problem(s.request('PUT', `/v1/research/questions/${asked.id}/subjects`, { body: { subjects: [UNKNOWN] } })), {
    status: 404, code: 'not-found', detail: `There is no person ${UNKNOWN} in this tree`,
  });
  const bad = [{}, { text: '' }, { text: '   ' }, { text: 5 }, { text: 'x', extra: 1 }, { text: 'x', subjects: ['not-a-uuid'] }, { text: 'x', subjects: [william.id, william.id] }, { text: 'x'.repeat(10_001) }];
  for (const body of bad) t.equal((await problem(s.request('POST', '/v1/research/questions', { body }))).code, 'validation-failed', JSON.stringify(body).slice(0, 40));
  t.equal((await problem(s.request('PUT', `/v1/research/questions/${asked.id}/text`, { body: { text: ' ' } }))).code, 'validation-failed');
  t.equal((await problem(s.request('GET', '/v1/research/questions/not-a-uuid'))).status, 400);
  t.same(footprint(s), before, 'nothing written by any refusal');
});

t.test('text and subjects change; each change is recorded and moves seq and updated_at_ms', async (t) => {
  const clock = manualClock();
  const s = await researchServer(t, { clock });
  const william = await person(s, 'William', 'Smyth');
  const mary = await person(s, 'Mary', 'Smyth');
  const asked = await question(s, { text: QUESTION, subjects: [william.id] });
  clock.advance(1000);
  const reworded = await ok(s.request('PUT', `/v1/research/questions/${asked.id}/text`, { body: { text: 'Who were William\'s parents?' } }));
  const [textRecord] = s.records({ kind: 'research_question.text_set' });
  t.same(reworded, { ...asked, text: 'Who were William\'s parents?', updated_at_ms: asked.created_at_ms + 1000, seq: textRecord.seq });
  t.same(textRecord.payload, {});
  clock.advance(1000);
  const resubjected = await ok(s.request('PUT', `/v1/research/questions/${asked.id}/subjects`, { body: { subjects: [mary.id, william.id] } }));
  t.same(resubjected.subjects, [mary.id, william.id], 'subjects in the order given');
  t.equal(resubjected.updated_at_ms, asked.created_at_ms + 2000);
  t.same(s.records({ kind: 'research_question.subjects_set' })[0].payload, { subjects: [mary.id, william.id] });
  const cleared = await ok(s.request('PUT', `/v1/research/questions/${asked.id}/subjects`, { body: { subjects: [] } }));
  t.same(cleared.subjects, []);
  t.same((await ok(s.request('GET', `/v1/research/questions/${asked.id}`))).subjects, []);
});

t.test('close and reopen: answers, proof arguments, 409 for a repeat, reopen human only', async (t) => {
  const clock = manualClock();
  const s = await researchServer(t, { clock });
  const asked = await question(s, { text: QUESTION });
  const other = await question(s, { text: 'Another question' });
  const argument = await ok(s.request('POST', '/v1/proof-arguments', { body: { title: 'Parents of William', text: 'The baptism and census agree.', question: asked.id } }), 201);
  const elsewhere = await ok(s.request('POST', '/v1/proof-arguments', { body: { title: 'Other', text: 'About the other question.', question: other.id } }), 201);
  const unattached = await ok(s.request('POST', '/v1/proof-arguments', { body: { title: 'Loose', text: 'Names no question.' } }), 201);

  let before = footprint(s);
  t.same(await problem(s.request('POST', `/v1/research/questions/${asked.id}/close`, { body: { proof_argument: UNKNOWN } })), {
    status: 404, code: 'not-found', detail: `There is no proof argument ${UNKNOWN} in this tree`,
  });
  t.same(await problem(s.request('POST', `/v1/research/questions/${asked.id}/close`, { body: { proof_argument: elsewhere.id } })), {
    status: 422, code: 'proof-argument-other-question', detail: `The proof argument ${elsewhere.id} answers the research question ${other.id}, not ${asked.id}`,
  });
  t.same(await problem(s.request('POST', `/v1/research/questions/${asked.id}/reopen`)), { status: 409, code: 'question-already-open', detail: `The research question ${asked.id} is open` });
  t.same(footprint(s), before, 'refusals write nothing');

  clock.advance(5000);
  const closed = await ok(s.request('POST', `/v1/research/questions/${asked.id}/close`, { body: { answer: 'John and Mary Smyth', proof_argument: argument.id }, token: s.agentToken }));
  const [closing] = s.records({ kind: 'research_question.closed' });
  t.same(closed, { ...asked, status: 'closed', answer: 'John and Mary Smyth', proof_argument: argument.id, closed_at_ms: clock.now(), updated_at_ms: clock.now(), seq: closing.seq });
  t.same(closing.payload, { answered: true, proof_argument: argument.id });
  t.equal(closing.actor.kind, 'agent', 'agents may close');

  before = footprint(s);
  t.same(await problem(s.request('POST', `/v1/research/questions/${asked.id}/close`, { body: { answer: 'Someone else' } })), {
    status: 409, code: 'question-already-closed', detail: `The research question ${asked.id} was closed; reopen it (human only) to close it again`,
  });
  t.same(await problem(s.request('POST', `/v1/research/questions/${asked.id}/reopen`, { token: s.agentToken })), {
    status: 403, code: 'human-token-required', detail: 'This operation needs the human token; an agent credential cannot do it',
  });
  t.same(footprint(s), before, 'a second close and an agent\'s reopen write nothing');
  t.same(await ok(s.request('GET', `/v1/research/questions/${asked.id}`)), closed, 'the first answer stands');

  clock.advance(1000);
  const reopened = await ok(s.request('POST', `${pinned(s)}/research/questions/${asked.id}/reopen`));
  const [reopening] = s.records({ kind: 'research_question.reopened' });
  t.same(reopened, { ...asked, updated_at_ms: clock.now(), seq: reopening.seq });
  t.same(reopening.payload, { answer: 'John and Mary Smyth', proof_argument: argument.id }, 'the record keeps what was cleared');

  const bare = await ok(s.request('POST', `/v1/research/questions/${asked.id}/close`));
  t.same([bare.status, bare.answer, bare.proof_argument], ['closed', null, null], 'a bare close: no body');
  t.same(s.records({ kind: 'research_question.closed' })[0].payload, { answered: false, proof_argument: null });
  const loose = await ok(s.request('POST', `/v1/research/questions/${other.id}/close`, { body: { proof_argument: unattached.id } }));
  t.equal(loose.proof_argument, unattached.id, 'an argument naming no question may answer any');
});

t.test('the list filters by status and subject before paging; a cursor walk sees every row once', async (t) => {
  const s = await researchServer(t);
  const william = await person(s, 'William', 'Smyth');
  const mary = await person(s, 'Mary', 'Smyth');
  const all: any[] = [];
  for (let i = 0; i < 13; i++) {
    const subjects = i % 3 === 0 ? [william.id] : i % 3 === 1 ? [william.id, mary.id] : [];
    all.push(await question(s, { text: `Question ${i}`, subjects }));
  }
  for (const index of [1, 4, 5, 9]) all[index] = await ok(s.request('POST', `/v1/research/questions/${all[index].id}/close`));
  const ids = (rows: any[]) => rows.map((row) => row.id);
  const cases: [Record<string, string>, any[]][] = [
    [{}, all],
    [{ status: 'open' }, all.filter((q) => q.status === 'open')],
    [{ status: 'closed' }, all.filter((q) => q.status === 'closed')],
    [{ subject_kind: 'person' }, all.filter((q) => q.subjects.length > 0)],
    [{ subject_id: mary.id }, all.filter((q) => q.subjects.includes(mary.id))],
    [{ subject_id: william.id, subject_kind: 'person', status: 'open' }, all.filter((q) => q.subjects.includes(william.id) && q.status === 'open')],
    [{ subject_id: UNKNOWN }, []],
  ];
  for (const [query, expected] of cases) {
    for (const prefix of ['/v1', pinned(s)]) {
      const walked = await walk(s, `${prefix}/research/questions`, { ...query, limit: 2 });
      t.same(ids(walked.items), ids(expected), `${prefix} ${JSON.stringify(query)}: every match once, oldest first`);
      t.same(walked.totals, walked.pages.map(() => expected.length), 'total counts every match on every page');
      t.same(walked.pages, expected.length === 0 ? [0] : [...Array(Math.ceil(expected.length / 2)).keys()].map((page) => Math.min(2, expected.length - page * 2)));
    }
  }
  t.same((await walk(s, '/v1/research/questions', { status: 'closed' })).items, all.filter((q) => q.status === 'closed'), 'items as stored');
  t.equal((await problem(s.request('GET', '/v1/research/questions', { query: { subject_kind: 'source' } }))).code, 'validation-failed', 'person is the only subject kind');
  t.equal((await problem(s.request('GET', '/v1/research/questions', { query: { status: 'pending' } }))).code, 'validation-failed');
  t.equal((await problem(s.request('GET', '/v1/research/questions', { query: { sort: 'text' } }))).code, 'unknown-query-parameter');
  const first = await ok(s.request('GET', '/v1/research/questions', { query: { status: 'open', limit: 1 } }));
  t.equal((await problem(s.request('GET', '/v1/research/questions', { query: { status: 'closed', cursor: first.next_cursor } }))).code, 'invalid-cursor', 'a cursor is bound to its filters');
  const clamped = await ok(s.request('GET', '/v1/research/questions', { query: { limit: 1000 } }));
  t.equal(clamped.items.length, 13);
  const one = await ok(s.request('GET', '/v1/research/questions', { query: { limit: 0 } }));
  t.equal(one.items.length, 1, 'limit is clamped to at least 1');
});
