import t from 'tap';
import { footprint, manualClock, ok, person, pinned, problem, researchServer, UNKNOWN } from './fixtures/helpers.js';

t.test('an entry anchor is made once per person and once for the tree, then found', async (t) => {
  const clock = manualClock();
  const s = await researchServer(t, { clock });
  const william = await person(s, 'William', 'Smyth');
  const made = await ok(s.request('POST', '/v1/research/entry-anchors', { body: { subject: william.id }, token: s.agentToken }));
  const [record] = s.records({ kind: 'research_question' });
  t.same(made, {
    created: true,
    question: {
      id: made.question.id, text: 'General research: William Smyth', status: 'open', subjects: [william.id], anchor: { kind: 'person', person: william.id },
      answer: null, proof_argument: null, closed_at_ms: null, plan: { total: 0, done: 0 }, coverage_confirmed: null,
      created_at_ms: clock.now(), updated_at_ms: clock.now(), seq: record.seq,
    },
  });
  t.same(record.payload, { subjects: [william.id], anchor: true });
  const found = await ok(s.request('POST', `${pinned(s)}/research/entry-anchors`, { body: { subject: william.id } }));
  t.same(found, { created: false, question: made.question }, 'found on the next call, either mount, any caller');
  const tree = await ok(s.request('POST', '/v1/research/entry-anchors', { body: {} }));
  t.same([tree.created, tree.question.text, tree.question.subjects, tree.question.anchor], [true, 'General research', [], { kind: 'tree', person: null }]);
  t.same(await ok(s.request('POST', '/v1/research/entry-anchors')), { created: false, question: tree.question }, 'a bare POST: the tree\'s anchor');
  t.equal(s.records({ kind: 'research_question.created' }).length, 2);
  const listed = await ok(s.request('GET', '/v1/research/questions', { query: { subject_id: william.id } }));
  t.same(listed.items, [made.question], 'an anchor is an ordinary question in the list');
});

t.test('calls arriving together make one question', async (t) => {
  const s = await researchServer(t);
  const william = await person(s, 'William', 'Smyth');
  const mary = await person(s, 'Mary', 'Smyth');
  const bodies = [...Array(12)].map((_, i) => (i % 3 === 0 ? { subject: william.id } : i % 3 === 1 ? { subject: mary.id } : {}));
  const replies = await Promise.all(bodies.map((body, i) => ok(s.request('POST', '/v1/research/entry-anchors', { body, token: i % 2 ? s.agentToken : undefined }))));
  const byKey = new Map<string, Set<string>>();
  bodies.forEach((body, i) => {
    const key = (body as { subject?: string }).subject ?? 'tree';
    byKey.set(key, (byKey.get(key) ?? new Set()).add(replies[i].question.id));
  });
  t.same([...byKey.values()].map((ids) => ids.size), [1, 1, 1], 'one question per anchor');
  t.equal(replies.filter((reply) => reply.created).length, 3, 'each made exactly once');
  t.equal(s.records({ kind: 'research_question.created' }).length, 3);
  t.equal((await ok(s.request('GET', '/v1/research/questions'))).total, 3);
  const captures = await Promise.all([...Array(6)].map((_, i) => ok(s.request('POST', '/v1/research/log/negative-evidence', { body: { text: `search ${i}` } }))));
  t.same(new Set(captures.map((entry) => entry.question)), new Set([byKey.get('tree')!.values().next().value]), 'captures without a question share the tree\'s anchor');
});

t.test('an unknown subject is 404 and makes nothing', async (t) => {
  const s = await researchServer(t);
  const before = footprint(s);
  t.same(await problem(s.request('POST', '/v1/research/entry-anchors', { body: { subject: UNKNOWN } })), { status: 404, code: 'not-found', detail: `There is no person ${UNKNOWN} in this tree` });
  t.equal((await problem(s.request('POST', '/v1/research/entry-anchors', { body: { subject: 'william' } }))).code, 'validation-failed');
  t.equal((await problem(s.request('POST', '/v1/research/entry-anchors', { body: { person: UNKNOWN } }))).code, 'validation-failed');
  t.same(footprint(s), before);
});
