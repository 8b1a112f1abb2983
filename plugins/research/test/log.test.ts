import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { blob, footprint, manualClock, ok, person, persona, pinned, problem, question, researchServer, source, templateSource, UNKNOWN, walk } from './fixtures/helpers.js';

const post = (s: TestServer, path: string, body: unknown, token?: string) => ok(s.request('POST', `/v1/research/log${path}`, { body, token }));

t.test('a plain entry is logged, read back and recorded', async (t) => {
  const clock = manualClock();
  const s = await researchServer(t, { clock });
  const asked = await question(s);
  const william = await person(s, 'William', 'Smyth');
  const ledbury = await source(s);
  const entry = await post(s, '', { question: asked.id, text: 'Read the 1851 census of Ledbury', personas: [william.persona], sources: [ledbury] });
  const [record] = s.records({ kind: 'research_log_entry' });
  t.same(entry, {
    id: entry.id, question: asked.id, session: null, kind: 'entry', text: 'Read the 1851 census of Ledbury', personas: [william.persona], sources: [ledbury],
    evidence: null, searched: null, details: [], corrections: [], status: 'active', retracted_at_ms: null, retract_reason: null,
    created_at_ms: clock.now(), updated_at_ms: clock.now(), seq: record.seq,
  });
  t.match(record, { kind: 'research_log_entry.logged.v1', entity_type: 'research_log_entry', entity_id: entry.id });
  t.same(record.payload, { question: asked.id, kind: 'entry', session: null });
  for (const prefix of ['/v1', pinned(s)]) t.same(await ok(s.request('GET', `${prefix}/research/log/${entry.id}`)), entry, prefix);
  const agents = await post(s, '', { question: asked.id, text: 'From an assistant' }, s.agentToken);
  t.equal(s.records({ kind: 'research_log_entry' })[0].actor.kind, 'agent');
  t.equal(agents.kind, 'entry');
});

t.test('captures carry evidence; the evidence is checked; the sources it names are findable', async (t) => {
  const s = await researchServer(t);
  const asked = await question(s);
  const census = await templateSource(s, 'uk-census-enumeration');
  const plain = await source(s, 'Family letters');
  const scan = await blob(s, 'a scan of the census page');
  const entry = await post(s, '/capture', { question: asked.id, text: 'William, 1 month', sources: [plain], evidence: { citation: census.citation, blob: scan.toUpperCase() } });
  t.same([entry.kind, entry.sources, entry.evidence], ['capture', [plain], { source: null, citation: census.citation, blob: scan }], 'the blob address is kept in lower case');
  const bySource = async (id: string) => (await ok(s.request('GET', '/v1/research/log/entries', { query: { source: id } }))).items.map((item: { id: string }) => item.id);
  t.same(await bySource(census.source), [entry.id], 'the citation\'s source counts as cited');
  t.same(await bySource(plain), [entry.id]);
  const withSource = await post(s, '/capture', { question: asked.id, text: 'The source alone', evidence: { source: plain } });
  t.same(withSource.evidence, { source: plain, citation: null, blob: null });
  t.same(await bySource(plain), [entry.id, withSource.id]);

  const before = footprint(s);
  const missing = (kind: string, id: string) => ({ status: 404, code: 'not-found', detail: `There is no ${kind} ${id} in this tree` });
  const absent = 'ab'.repeat(32);
  t.same(await problem(s.request('POST', '/v1/research/log/capture', { body: { question: asked.id, text: 'x', evidence: { source: UNKNOWN } } })), missing('source', UNKNOWN));
  t.same(await problem(s.request('POST', '/v1/research/log/capture', { body: { question: asked.id, text: 'x', evidence: { citation: UNKNOWN } } })), missing('citation', UNKNOWN));
  t.same(await problem(s.request('POST', '/v1/research/log/capture', { body: { question: asked.id, text: 'x', evidence: { blob: absent.toUpperCase() } } })), missing('blob', absent));
  t.same(await problem(s.request('POST', '/v1/research/log/capture', { body: { question: UNKNOWN, text: 'x' } })), missing('research question', UNKNOWN));
  t.same(await problem(s.request('POST', '/v1/research/log/capture', { body: { question: asked.id, text: 'x', sources: [plain, UNKNOWN] } })), missing('source', UNKNOWN));
  t.same(await problem(s.request('POST', '/v1/research/log/capture', { body: { question: asked.id, text: 'x', personas: [UNKNOWN] } })), missing('persona', UNKNOWN));
  t.same(await problem(s.request('POST', '/v1/research/log', { body: { question: UNKNOWN, text: 'x' } })), missing('research question', UNKNOWN));
  t.same(await problem(s.request('POST', '/v1/research/log', { body: { question: asked.id, text: 'x', session: UNKNOWN } })), missing('research session', UNKNOWN));
  t.same(await problem(s.request('POST', '/v1/research/log/negative-evidence', { body: { question: asked.id, text: 'x', searched: { source: UNKNOWN } } })), missing('source', UNKNOWN));
  t.same(await problem(s.request('POST', '/v1/research/log/capture', { body: { text: 'no question, bad persona', personas: [UNKNOWN] } })), missing('persona', UNKNOWN), 'no anchor is made for a refused capture');
  for (const body of [{ question: asked.id }, { question: asked.id, text: '' }, { question: asked.id, text: 'x', evidence: {} }, { question: asked.id, text: 'x', evidence: { blob: 'abc' } }, { question: asked.id, text: 'x', evidence: { url: 'https://example.org' } }]) {
    const path = 'evidence' in body || !('question' in body) ? '/v1/research/log/capture' : '/v1/research/log';
    const reply = await problem(s.request('POST', path, { body }));
    t.equal(reply.code, 'validation-failed', `${path} ${JSON.stringify(body)}`);
  }
  t.equal((await problem(s.request('POST', '/v1/research/log', { body: { text: 'the plain log needs its question' } }))).code, 'validation-failed');
  t.equal((await problem(s.request('POST', '/v1/research/log/negative-evidence', { body: { text: 'x', searched: { categories: ['census', 'gossip'] } } }))).code, 'validation-failed', 'categories come from the list');
  t.same(footprint(s), before, 'no refusal wrote anything');
});

t.test('negative evidence is kept as evidence, with what was searched', async (t) => {
  const s = await researchServer(t);
  const asked = await question(s);
  const registers = await source(s, 'Ledbury baptisms');
  const searched = { source: registers, repository: 'Herefordshire Archive', scope: 'Ledbury baptisms 1849-1853', categories: ['church'] };
  const entry = await post(s, '/negative-evidence', { question: asked.id, text: 'No baptism of William', searched });
  t.same([entry.kind, entry.searched, entry.sources, entry.evidence], ['negative', searched, [], null]);
  const bare = await post(s, '/negative-evidence', { question: asked.id, text: 'Nothing in the 1861 census', searched: { scope: '1861 census' } });
  t.same(bare.searched, { source: null, repository: null, scope: '1861 census', categories: [] });
  const nothing = await post(s, '/negative-evidence', { question: asked.id, text: 'Asked the family: nobody knows' });
  t.equal(nothing.searched, null);
  t.same((await ok(s.request('GET', '/v1/research/log/entries', { query: { source: registers } }))).items.map((item: { id: string }) => item.id), [entry.id], 'a searched source finds the entry');
  t.same(s.records({ kind: 'research_log_entry' })[0].payload, { question: asked.id, kind: 'negative', session: null });
});

t.test('captures and negative evidence without a question go to an entry anchor', async (t) => {
  const s = await researchServer(t);
  const william = await person(s, 'William', 'Smyth');
  const loose = await persona(s, { given: 'Unplaced', surname: 'Smyth' });
  const capture = await post(s, '/capture', { text: 'A Smyth in the 1861 census', personas: [loose, william.persona] });
  const anchor = await ok(s.request('GET', `/v1/research/questions/${capture.question}`));
  t.same([anchor.text, anchor.subjects, anchor.anchor], ['General research: William Smyth', [william.id], { kind: 'person', person: william.id }], 'the first persona in a person gives the anchor');
  const again = await post(s, '/negative-evidence', { text: 'No William in the 1871 census', personas: [william.persona] });
  t.equal(again.question, capture.question, 'the same anchor again');
  const treeWide = await post(s, '/negative-evidence', { text: 'Nothing in the county index' });
  const general = await ok(s.request('GET', `/v1/research/questions/${treeWide.question}`));
  t.same([general.text, general.subjects, general.anchor], ['General research', [], { kind: 'tree', person: null }]);
  const unplaced = await post(s, '/capture', { text: 'Only the loose persona', personas: [loose] });
  t.equal(unplaced.question, treeWide.question, 'personas in no person: the tree\'s anchor');
  t.equal(s.records({ kind: 'research_question.created' }).length, 2, 'two anchors made, once each');
});

t.test('details append, corrections keep the history, retract leaves every active view', async (t) => {
  const clock = manualClock();
  const s = await researchServer(t, { clock });
  const asked = await question(s);
  const entry = await post(s, '', { question: asked.id, text: 'No baptism 1849-1853' });
  clock.advance(1000);
  const detailed = await ok(s.request('POST', `/v1/research/log/${entry.id}/details`, { body: { text: 'Also the bishop\'s transcripts' }, token: s.agentToken }));
  const first = { text: 'Also the bishop\'s transcripts', at_ms: clock.now(), actor_kind: 'agent', credential_id: s.agentCredentialId };
  t.same(detailed, { ...entry, details: [first], updated_at_ms: clock.now(), seq: s.records({ kind: 'research_log_entry.details_added' })[0].seq });
  t.same(s.records({ kind: 'research_log_entry.details_added' })[0].payload, { question: asked.id });
  clock.advance(1000);
  const second = await ok(s.request('POST', `/v1/research/log/${entry.id}/details`, { body: { text: 'And the nonconformist chapel' } }));
  t.same(second.details.map((detail: { text: string }) => detail.text), ['Also the bishop\'s transcripts', 'And the nonconformist chapel']);
  clock.advance(1000);
  const corrected = await ok(s.request('PUT', `/v1/research/log/${entry.id}/text`, { body: { text: 'No baptism 1848-1853', reason: 'Searched from 1848' } }));
  const humanId = corrected.corrections[0].credential_id;
  t.same(corrected.corrections, [{ text: 'No baptism 1849-1853', reason: 'Searched from 1848', at_ms: clock.now(), actor_kind: 'human', credential_id: humanId }]);
  t.equal(corrected.text, 'No baptism 1848-1853');
  t.same(s.records({ kind: 'research_log_entry.corrected' })[0].payload, { question: asked.id, reason: 'Searched from 1848' });
  clock.advance(1000);
  const twice = await ok(s.request('PUT', `/v1/research/log/${entry.id}/text`, { body: { text: 'No baptism 1848-1854' } }));
  t.same(twice.corrections.map((c: { text: string; reason: string | null }) => [c.text, c.reason]), [['No baptism 1849-1853', 'Searched from 1848'], ['No baptism 1848-1853', null]], 'oldest first');
  t.same(s.records({ kind: 'research_log_entry.corrected' })[0].payload, { question: asked.id, reason: null });

  const kept = await post(s, '', { question: asked.id, text: 'Another entry' });
  clock.advance(1000);
  const retracted = await ok(s.request('POST', `/v1/research/log/${entry.id}/retract`, { body: { reason: 'Wrong question' } }));
  t.same(retracted, { ...twice, status: 'retracted', retracted_at_ms: clock.now(), retract_reason: 'Wrong question', updated_at_ms: clock.now(), seq: s.records({ kind: 'research_log_entry.retracted' })[0].seq });
  t.same(s.records({ kind: 'research_log_entry.retracted' })[0].payload, { question: asked.id, reason: 'Wrong question' });
  t.same(await ok(s.request('GET', `/v1/research/log/${entry.id}`)), retracted, 'still readable');
  t.same((await ok(s.request('GET', '/v1/research/log/entries', { query: { question: asked.id } }))).items.map((item: { id: string }) => item.id), [kept.id], 'out of the list');
  t.same((await ok(s.request('GET', '/v1/research/log', { query: { question: asked.id } }))).length, 1, 'out of the lines');

  const before = footprint(s);
  t.same(await ok(s.request('POST', `/v1/research/log/${entry.id}/retract`)), retracted, 'retracting again: unchanged');
  t.same(await problem(s.request('POST', `/v1/research/log/${entry.id}/details`, { body: { text: 'late' } })), {
    status: 409, code: 'log-entry-retracted', detail: `The research log entry ${entry.id} was retracted; log a new entry instead`,
  });
  t.equal((await problem(s.request('PUT', `/v1/research/log/${entry.id}/text`, { body: { text: 'late' } }))).code, 'log-entry-retracted');
  for (const [method, path, body] of [['GET', '', undefined], ['POST', '/details', { text: 'x' }], ['PUT', '/text', { text: 'x' }], ['POST', '/retract', {}]] as const) {
    t.same(await problem(s.request(method, `/v1/research/log/${UNKNOWN}${path}`, { body })), { status: 404, code: 'not-found', detail: `There is no research log entry ${UNKNOWN} in this tree` }, `${method} ${path}`);
  }
  t.same(footprint(s), before, 'nothing written');
  const bare = await ok(s.request('POST', `/v1/research/log/${kept.id}/retract`));
  t.same([bare.status, bare.retract_reason], ['retracted', null], 'a bare retract: no body');
});

t.test('the log as lines: one per active entry, oldest first, dated, negative marked, details after', async (t) => {
  const clock = manualClock(Date.UTC(2026, 10, 25, 23, 30));
  const s = await researchServer(t, { clock });
  const asked = await question(s);
  const other = await question(s, { text: 'Other' });
  await post(s, '', { question: asked.id, text: 'Read the 1851 census\nof Ledbury' });
  clock.advance(3_600_000);
  const negative = await post(s, '/negative-evidence', { question: asked.id, text: 'No baptism of William' });
  await ok(s.request('POST', `/v1/research/log/${negative.id}/details`, { body: { text: 'Bishop\'s transcripts too' } }));
  await post(s, '/capture', { question: other.id, text: 'Not this question' });
  const retracted = await post(s, '', { question: asked.id, text: 'Retracted' });
  await ok(s.request('POST', `/v1/research/log/${retracted.id}/retract`));
  const expected = ['2026-11-25 — Read the 1851 census of Ledbury', '2026-11-26 — Searched, found nothing: No baptism of William — Bishop\'s transcripts too'];
  for (const prefix of ['/v1', pinned(s)]) t.same(await ok(s.request('GET', `${prefix}/research/log`, { query: { question: asked.id } })), expected, prefix);
  t.same(await ok(s.request('GET', '/v1/research/log', { query: { question: (await question(s, { text: 'Empty' })).id } })), [], 'a question without entries');
  t.same(await problem(s.request('GET', '/v1/research/log', { query: { question: UNKNOWN } })), { status: 404, code: 'not-found', detail: `There is no research question ${UNKNOWN} in this tree` });
  t.equal((await problem(s.request('GET', '/v1/research/log'))).code, 'validation-failed', 'question is required');
});

t.test('entries: filters, order asc and desc, cursor walks see every row once; other orders are 400', async (t) => {
  const s = await researchServer(t);
  const [q1, q2] = [await question(s), await question(s, { text: 'Second' })];
  const [p1, p2] = [await persona(s, { given: 'A', surname: 'Smyth' }), await persona(s, { given: 'B', surname: 'Smyth' })];
  const [s1, s2] = [await source(s, 'One'), await source(s, 'Two')];
  const session = await ok(s.request('POST', '/v1/research/sessions', { body: { goal: 'Log things' }, token: s.agentToken }));
  const made: any[] = [];
  for (let i = 0; i < 11; i++) {
    const body = { question: i % 2 ? q1.id : q2.id, text: `entry ${i}`, personas: i % 3 === 0 ? [p1] : [p1, p2].slice(1), sources: i % 4 === 0 ? [s1] : [] };
    made.push(await post(s, i === 5 ? '/negative-evidence' : '', i === 5 ? { question: body.question, text: body.text, personas: body.personas, searched: { source: s2 } } : body, i >= 7 ? s.agentToken : undefined));
  }
  await ok(s.request('POST', `/v1/research/log/${made[3].id}/retract`));
  const active = made.filter((_, i) => i !== 3);
  const ids = (rows: any[]) => rows.map((row) => row.id);
  const cases: [Record<string, string>, any[]][] = [
    [{}, active],
    [{ question: q1.id }, active.filter((entry) => entry.question === q1.id)],
    [{ persona: p1 }, active.filter((entry) => entry.personas.includes(p1))],
    [{ persona: p2 }, active.filter((entry) => entry.personas.includes(p2))],
    [{ source: s1 }, active.filter((entry) => entry.sources.includes(s1))],
    [{ source: s2 }, [made[5]]],
    [{ session: session.id }, active.filter((entry) => entry.session === session.id)],
    [{ question: q2.id, persona: p1, source: s1 }, active.filter((entry) => entry.question === q2.id && entry.personas.includes(p1) && entry.sources.includes(s1))],
    [{ question: UNKNOWN }, []],
  ];
  t.equal(cases[6][1].length, 4, 'the agent\'s entries joined its open session');
  for (const [query, expected] of cases) {
    const asc = await walk(s, '/v1/research/log/entries', { ...query, limit: 3 });
    t.same(ids(asc.items), ids(expected), `${JSON.stringify(query)} asc`);
    t.same(asc.totals, asc.pages.map(() => expected.length));
    const desc = await walk(s, `${pinned(s)}/research/log/entries`, { ...query, order: 'desc', limit: 2 });
    t.same(ids(desc.items), ids(expected).reverse(), `${JSON.stringify(query)} desc`);
  }
  t.same((await walk(s, '/v1/research/log/entries', { order: 'asc' })).items, active, 'items as stored; asc spelled out');
  t.same(await problem(s.request('GET', '/v1/research/log/entries', { query: { order: 'newest' } })), { status: 400, code: 'invalid-order', detail: 'Unknown order "newest": use asc or desc' });
  t.equal((await problem(s.request('GET', '/v1/research/log/entries', { query: { order: 'ASC' } }))).code, 'invalid-order');
  t.equal((await problem(s.request('GET', '/v1/research/log/entries', { query: { question: 'nope' } }))).code, 'validation-failed');
  t.equal((await problem(s.request('GET', '/v1/research/log/entries', { query: { kind: 'negative' } }))).code, 'unknown-query-parameter');
  const page = await ok(s.request('GET', '/v1/research/log/entries', { query: { limit: 1 } }));
  t.equal((await problem(s.request('GET', '/v1/research/log/entries', { query: { limit: 1, order: 'desc', cursor: page.next_cursor } }))).code, 'invalid-cursor', 'a cursor is bound to its order');
});
