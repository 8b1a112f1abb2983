import t from 'tap';
import { buildTestServer, consumerOf } from '@rootline/kernel/testing';
import { manualClock, ok, PLUGINS, question } from './fixtures/helpers.js';

t.test('a dependent plugin reads open and closed questions, recent entries and negative evidence since a seq or a time', async (t) => {
  const clock = manualClock();
  const consumer = consumerOf('@rootline/plugin-research', '^0.1.0');
  const s = await buildTestServer(t, { clock, plugins: [...PLUGINS, consumer.name], builtIn: [consumer.source] });
  const research = await consumer.fromRequest(s, (cradle) => cradle.researchService);
  const a = await question(s, { text: 'A' });
  const b = await question(s, { text: 'B' });
  const c = await question(s, { text: 'C' });
  await ok(s.request('POST', `/v1/research/questions/${a.id}/close`, { body: { answer: 'Answered' } }));
  const cursor = s.records()[0].seq;
  clock.advance(1000);
  const since = clock.now();
  await ok(s.request('POST', `/v1/research/questions/${b.id}/plan/items`, { body: { description: 'plan B' } }));
  const e1 = await ok(s.request('POST', '/v1/research/log', { body: { question: c.id, text: 'one' } }));
  const n1 = await ok(s.request('POST', '/v1/research/log/negative-evidence', { body: { question: c.id, text: 'none found' } }));
  const n2 = await ok(s.request('POST', '/v1/research/log/negative-evidence', { body: { question: b.id, text: 'retracted later' } }));
  await ok(s.request('POST', `/v1/research/log/${n2.id}/retract`));
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

  const open = research.openQuestions({ limit: 10 });
  t.same(ids(open), [b.id, c.id], 'open questions, most recently changed first (a plan change moves the question)');
  t.same(open[0].plan, { total: 1, done: 0 }, 'with plan progress');
  t.same(ids(research.openQuestions({ sinceSeq: cursor, limit: 10 })), [b.id], 'only what changed after the cursor');
  t.same(ids(research.openQuestions({ limit: 1 })), [b.id], 'bounded');
  const closed = research.closedQuestions({ limit: 10 });
  t.same(closed.map((q) => [q.id, q.answer]), [[a.id, 'Answered']]);
  t.same(research.closedQuestions({ sinceSeq: cursor, limit: 10 }), []);
  t.same(ids(research.recentEntries({ limit: 10 })), [n1.id, e1.id], 'active entries, newest change first');
  t.same(ids(research.recentEntries({ sinceSeq: e1.seq, limit: 10 })), [n1.id]);
  t.same(ids(research.recentEntries({ sinceMs: since + 1, limit: 10 })), [], 'logged at or after a time');
  t.same(ids(research.recentEntries({ sinceMs: since, limit: 1 })), [n1.id]);
  t.same(ids(research.negativeEvidence({ limit: 10 })), [n1.id], 'negative evidence, retracted left out');
  t.same(research.negativeEvidence({ sinceSeq: n1.seq, limit: 10 }), []);
  const corrected = await ok(s.request('PUT', `/v1/research/log/${e1.id}/text`, { body: { text: 'one, corrected' } }));
  t.same(ids(research.recentEntries({ sinceSeq: n1.seq, limit: 10 })), [e1.id], 'a correction is a change after the cursor');
  t.equal(research.recentEntries({ limit: 10 })[0].text, corrected.text);
  t.same(research.get(a.id)?.status, 'closed');
  t.equal(research.exists(c.id), true);
  t.same(research.subjects(c.id), []);
});

t.test('claims captured without a credential (an import) join no session', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  await ok(s.request('POST', '/v1/research/sessions', { body: { goal: 'Open' } }));
  const persona = (await ok(s.request('POST', '/v1/personas', { body: { given: 'A', surname: 'B' } }))).id;
  const system = { kind: 'system' as const, credentialId: null };
  s.server.kernel.servicesFor(s.server.kernel.trees.active(), system).assertionsService.capture(system, { persona, kind: 'occupation', value: 'x' });
  t.equal(s.server.kernel.trees.active().db.prepare('SELECT count(*) FROM research_session_claims').pluck().get(), 0);
  await ok(s.request('POST', '/v1/assertions/capture', { body: { persona, kind: 'occupation', value: 'y' } }));
  t.equal((await ok(s.request('GET', '/v1/sessions/current'))).claims.total, 1, 'the human\'s own capture joins the human\'s session');
});
