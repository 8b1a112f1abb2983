import t from 'tap';
import { MISSING, QUESTION, countRows, sql, footprint, newArgument, newCitation, newClaim, newPersona, newSource, proofServer, BOOK } from './fixtures/helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

t.test('an argument is written with its claims in order, each once, and read back on both mounts', async (t) => {
  const s = await proofServer(t);
  const persona = await newPersona(s);
  const census = await newSource(s, '1851 census, Ledbury');
  const book = await newSource(s, 'Old Fairfield');
  const citation = await newCitation(s, book, BOOK, 'book');
  const birth = await newClaim(s, { persona, value: 'William Smyth, son of John', date: 'MAR 1851', place: 'Ledbury, Herefordshire', source: census });
  const baptism = await newClaim(s, { persona, kind: 'baptism', date: '23 MAR 1851', citation });
  const before = countRows(s, 'records');
  const reply = await s.request('POST', '/v1/proof-arguments', {
    body: { title: 'Born in March 1851', text: 'The census and the register agree.', question: QUESTION, assertions: [baptism, birth, baptism], conclusion: 'Born MAR 1851.' },
  });
  t.equal(reply.statusCode, 201);
  const created = reply.json();
  t.match(created.id, UUID);
  t.same(created, {
    id: created.id, title: 'Born in March 1851', text: 'The census and the register agree.', question: QUESTION,
    assertions: [baptism, birth], conclusion: 'Born MAR 1851.', created_at_ms: created.created_at_ms, updated_at_ms: created.created_at_ms,
  }, 'the repeated claim is kept once, where it first appears; a human has no proposer');
  t.ok(Math.abs(created.created_at_ms - Date.now()) < 60_000, 'created now');
  t.equal(countRows(s, 'records'), before + 1, 'one record');
  const [record] = s.records({ kind: 'proof_argument' });
  t.match(record, { kind: 'proof_argument.created.v1', entity_type: 'proof_argument', entity_id: created.id, actor: { kind: 'human' } });
  t.same(record.payload, { title: 'Born in March 1851', question: QUESTION, assertions: [baptism, birth] });
  t.same(s.server.kernel.trees.active().db.prepare('SELECT position, assertion FROM proof_argument_claims WHERE argument = ? ORDER BY position').all(created.id), [
    { position: 0, assertion: baptism },
    { position: 1, assertion: birth },
  ]);

  const expected = {
    ...created,
    claims: [
      {
        assertion: baptism, persona, kind: 'baptism', value: null, date: '23 MAR 1851', place: null, status: 'confirmed',
        source: { id: book, title: 'Old Fairfield' },
        citation: { id: citation, first_reference: 'Donald Lines Jacobus, History and Genealogy of the Families of Old Fairfield (New Haven: Tuttle, Morehouse & Taylor, 1930), 212.' },
      },
      {
        assertion: birth, persona, kind: 'birth', value: 'William Smyth, son of John', date: 'MAR 1851', place: 'Ledbury, Herefordshire', status: 'confirmed',
        source: { id: census, title: '1851 census, Ledbury' }, citation: null,
      },
    ],
  };
  const treeId = s.server.kernel.registry.activeTreeId();
  for (const prefix of ['/v1', `/v1/trees/${treeId}`]) {
    const read = await s.request('GET', `${prefix}/proof-arguments/${created.id}`);
    t.equal(read.statusCode, 200, prefix);
    t.same(read.json(), expected, `${prefix}: the argument with each claim expanded`);
    t.same((await s.request('GET', `${prefix}/proof-arguments`)).json(), { items: [created], next_cursor: null, total: 1 }, `${prefix}: listed`);
  }
  const pinned = await newArgument(s, { title: 'Pinned', text: 'Written on the pinned mount.' }, { path: `/v1/trees/${treeId}/proof-arguments` });
  t.same((await s.request('GET', `/v1/proof-arguments/${pinned.id}`)).json(), { ...pinned, claims: [] }, 'written on the pinned mount, read on the active one');
});

t.test('an argument without question, claims or conclusion; a claim citing a citation without a template', async (t) => {
  const s = await proofServer(t);
  const bare = await newArgument(s, { title: 'T', text: 'x' });
  t.same(bare, { id: bare.id, title: 'T', text: 'x', question: null, assertions: [], conclusion: null, created_at_ms: bare.created_at_ms, updated_at_ms: bare.created_at_ms });
  t.same(s.records({ kind: 'proof_argument' })[0].payload, { title: 'T', question: null, assertions: [] });
  const persona = await newPersona(s);
  const register = await newSource(s, 'Ledbury parish register');
  const freeForm = await newCitation(s, register, { page: 'folio 12' });
  const claim = await newClaim(s, { persona, kind: 'burial', place: 'Ledbury', citation: freeForm });
  const argument = await newArgument(s, { title: 'Burial', text: 'y', assertions: [claim] });
  t.same((await s.request('GET', `/v1/proof-arguments/${argument.id}`)).json().claims, [{
    assertion: claim, persona, kind: 'burial', value: null, date: null, place: 'Ledbury', status: 'confirmed',
    source: { id: register, title: 'Ledbury parish register' }, citation: { id: freeForm, first_reference: null },
  }], 'a citation without a template has no first reference note; the claim cites its source');
});

t.test('an agent may write an argument; the model it reports is kept as proposer', async (t) => {
  const s = await proofServer(t);
  const agent = await newArgument(s, { title: 'By an agent', text: 'x' }, { token: s.agentToken, headers: { 'x-proposer-model': 'example-model-1' } });
  t.equal(agent.proposer, 'example-model-1');
  t.same((await s.request('GET', `/v1/proof-arguments/${agent.id}`)).json().proposer, 'example-model-1', 'read back with its proposer');
  t.same((await s.request('GET', '/v1/proof-arguments')).json().items[0].proposer, 'example-model-1', 'listed with its proposer');
  t.match(s.records({ kind: 'proof_argument' })[0].actor, { kind: 'agent', credential_id: s.agentCredentialId, proposer: 'example-model-1' });
  const silent = await newArgument(s, { title: 'No model named', text: 'x' }, { token: s.agentToken });
  t.notOk('proposer' in silent, 'an agent naming no model has no proposer');
  const human = await newArgument(s, { title: 'By the human', text: 'x' }, { headers: { 'x-proposer-model': 'example-model-1' } });
  t.notOk('proposer' in human, 'the human never has a proposer');
  t.same(s.server.kernel.trees.active().db.prepare('SELECT actor_kind, credential_id, proposer FROM proof_arguments ORDER BY id').all(), [
    { actor_kind: 'agent', credential_id: s.agentCredentialId, proposer: 'example-model-1' },
    { actor_kind: 'agent', credential_id: s.agentCredentialId, proposer: null },
    { actor_kind: 'human', credential_id: (s.records({ kind: 'proof_argument' })[0].actor as { credential_id: string }).credential_id, proposer: null },
  ]);
});

t.test('an unknown claim is 404 naming it, and nothing is written', async (t) => {
  const s = await proofServer(t);
  const persona = await newPersona(s);
  const known = await newClaim(s, { persona });
  const before = footprint(s);
  const reply = await s.request('POST', '/v1/proof-arguments', { body: { title: 'T', text: 'x', assertions: [known, MISSING] } });
  t.equal(reply.statusCode, 404);
  t.match(reply.json(), { code: 'not-found', entity: 'assertion', detail: `There is no assertion ${MISSING} in this tree` });
  t.same(footprint(s), before, 'no argument, no claim row, no record');
  const agent = await s.request('POST', '/v1/proof-arguments', { body: { title: 'T', text: 'x', assertions: [MISSING] }, token: s.agentToken });
  t.equal(agent.statusCode, 404, 'the same for an agent');
  t.same(footprint(s), before);
});

t.test('bad bodies are 400 validation-failed and write nothing', async (t) => {
  const s = await proofServer(t);
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `01938f0e-0000-7000-8000-${String(i).padStart(12, '0')}`);
  const cases: [string, unknown, string][] = [
    ['empty', {}, 'title'],
    ['no text', { title: 'T' }, 'text'],
    ['no title', { text: 'x' }, 'title'],
    ['empty title', { title: '', text: 'x' }, 'title'],
    ['blank title', { title: '   ', text: 'x' }, 'title'],
    ['title of 501', { title: 'x'.repeat(501), text: 'x' }, 'title'],
    ['empty text', { title: 'T', text: '' }, 'text'],
    ['blank text', { title: 'T', text: '\n\t ' }, 'text'],
    ['text of 100001', { title: 'T', text: 'x'.repeat(100_001) }, 'text'],
    ['title not a string', { title: 5, text: 'x' }, 'title'],
    ['question not a uuid', { title: 'T', text: 'x', question: 'q-1' }, 'question'],
    ['question null', { title: 'T', text: 'x', question: null }, 'question'],
    ['assertions not an array', { title: 'T', text: 'x', assertions: MISSING }, 'assertions'],
    ['an assertion not a uuid', { title: 'T', text: 'x', assertions: ['nope'] }, 'assertions.0'],
    ['501 assertions', { title: 'T', text: 'x', assertions: ids(501) }, 'assertions'],
    ['blank conclusion', { title: 'T', text: 'x', conclusion: ' ' }, 'conclusion'],
    ['empty conclusion', { title: 'T', text: 'x', conclusion: '' }, 'conclusion'],
    ['conclusion of 100001', { title: 'T', text: 'x', conclusion: 'x'.repeat(100_001) }, 'conclusion'],
    ['unknown field', { title: 'T', text: 'x', claims: [] }, 'claims'],
  ];
  const before = footprint(s);
  for (const [name, body, field] of cases) {
    const reply = await s.request('POST', '/v1/proof-arguments', { body });
    t.equal(reply.statusCode, 400, name);
    t.equal(reply.json().code, 'validation-failed', name);
    t.ok(reply.json().errors.some((error: { location: string; name: string }) => error.location === 'body' && error.name.includes(field)), `${name}: names ${field} (${JSON.stringify(reply.json().errors)})`);
  }
  t.same(footprint(s), before, 'nothing written');
});

t.test('the limits themselves are accepted: 500-character title, 100,000-character text and conclusion, 500 assertions', async (t) => {
  const s = await proofServer(t);
  const persona = await newPersona(s);
  const claim = await newClaim(s, { persona });
  const text = `${'x'.repeat(99_999)}y`;
  const argument = await newArgument(s, { title: 't'.repeat(500), text, conclusion: text, assertions: Array(500).fill(claim) });
  t.equal(argument.title.length, 500);
  t.equal(argument.text, text);
  t.equal(argument.conclusion, text);
  t.same(argument.assertions, [claim], '500 copies of one claim are that claim once');
  t.equal(countRows(s, 'proof_argument_claims'), 1);
});

t.test('the list pages oldest first, filters by question, and refuses what it does not know', async (t) => {
  const s = await proofServer(t);
  const other = '01938f11-0000-7000-8000-00000000000b';
  const made = [];
  for (let i = 0; i < 5; i++) made.push(await newArgument(s, { title: `A${i}`, text: 'x', ...(i % 2 === 0 ? { question: QUESTION } : i === 3 ? { question: other } : {}) }));
  const titles = (page: { items: { title: string }[] }) => page.items.map((item) => item.title);

  const first = (await s.request('GET', '/v1/proof-arguments', { query: { limit: 2 } })).json();
  t.same(titles(first), ['A0', 'A1']);
  t.equal(first.total, 5);
  t.type(first.next_cursor, 'string');
  const second = (await s.request('GET', '/v1/proof-arguments', { query: { limit: 2, cursor: first.next_cursor } })).json();
  t.same(titles(second), ['A2', 'A3']);
  const third = (await s.request('GET', '/v1/proof-arguments', { query: { limit: 2, cursor: second.next_cursor } })).json();
  t.same(third, { items: [made[4]], next_cursor: null, total: 5 }, 'the last page, with the whole item');

  const ofQuestion = (await s.request('GET', '/v1/proof-arguments', { query: { question: QUESTION, limit: 2 } })).json();
  t.same(titles(ofQuestion), ['A0', 'A2']);
  t.equal(ofQuestion.total, 3, 'total counts the matches, not the page');
  const rest = (await s.request('GET', '/v1/proof-arguments', { query: { question: QUESTION, limit: 2, cursor: ofQuestion.next_cursor } })).json();
  t.same(rest, { items: [made[4]], next_cursor: null, total: 3 });
  t.same((await s.request('GET', '/v1/proof-arguments', { query: { question: other } })).json(), { items: [made[3]], next_cursor: null, total: 1 });
  t.same((await s.request('GET', '/v1/proof-arguments', { query: { question: MISSING } })).json(), { items: [], next_cursor: null, total: 0 }, 'a question without arguments: an empty page');

  const foreign = await s.request('GET', '/v1/proof-arguments', { query: { limit: 2, cursor: ofQuestion.next_cursor } });
  t.equal(foreign.statusCode, 400, 'a cursor of the filtered list is refused on the whole list');
  t.equal(foreign.json().code, 'invalid-cursor');
  const unknown = await s.request('GET', '/v1/proof-arguments', { query: { persona: MISSING } });
  t.equal(unknown.statusCode, 400);
  t.match(unknown.json(), { code: 'unknown-query-parameter', errors: [{ location: 'query', name: 'persona' }] });
  const badQuestion = await s.request('GET', '/v1/proof-arguments', { query: { question: 'q-1' } });
  t.equal(badQuestion.statusCode, 400);
  t.match(badQuestion.json(), { code: 'validation-failed', errors: [{ location: 'query', name: 'question' }] });
  t.equal((await s.request('GET', '/v1/proof-arguments', { query: { limit: 'many' } })).json().code, 'validation-failed');
  t.same(titles((await s.request('GET', '/v1/proof-arguments', { query: { limit: 0 } })).json()), ['A0'], 'limit 0 is clamped to 1');
});

t.test('limit defaults to 50 and is clamped to 200', async (t) => {
  const s = await proofServer(t);
  for (let i = 0; i < 201; i++) await newArgument(s, { title: `A${i}`, text: 'x' });
  const page = (await s.request('GET', '/v1/proof-arguments')).json();
  t.equal(page.items.length, 50);
  t.equal(page.total, 201);
  t.equal(page.items[49].title, 'A49');
  const big = (await s.request('GET', '/v1/proof-arguments', { query: { limit: 500 } })).json();
  t.equal(big.items.length, 200);
  t.type(big.next_cursor, 'string');
  t.same((await s.request('GET', '/v1/proof-arguments', { query: { limit: 500, cursor: big.next_cursor } })).json().items.map((item: { title: string }) => item.title), ['A200']);
});

t.test('reading an unknown argument is 404; an id that is not a UUID is 400', async (t) => {
  const s = await proofServer(t);
  const missing = await s.request('GET', `/v1/proof-arguments/${MISSING}`);
  t.equal(missing.statusCode, 404);
  t.match(missing.json(), { code: 'not-found', entity: 'proof argument', detail: `There is no proof argument ${MISSING} in this tree` });
  const notAnId = await s.request('GET', '/v1/proof-arguments/not-a-uuid');
  t.equal(notAnId.statusCode, 400);
  t.match(notAnId.json(), { code: 'validation-failed', errors: [{ location: 'path', name: 'id' }] });
  const treeId = s.server.kernel.registry.activeTreeId();
  t.equal((await s.request('GET', `/v1/trees/${treeId}/proof-arguments/${MISSING}`)).statusCode, 404, 'pinned mount too');
});

t.test('a claim whose source has gone from the tree shows the source by its id', async (t) => {
  const s = await proofServer(t);
  const persona = await newPersona(s);
  const source = await newSource(s, 'Soon gone');
  const claim = await newClaim(s, { persona, source });
  const argument = await newArgument(s, { title: 'T', text: 'x', assertions: [claim] });
  sql(s, 'DELETE FROM sources WHERE id = ?', source);
  t.same((await s.request('GET', `/v1/proof-arguments/${argument.id}`)).json().claims[0].source, { id: source, title: source });
});

t.test('a claim whose citation has gone from the tree shows the citation without a note, and the export its source', async (t) => {
  const s = await proofServer(t);
  const persona = await newPersona(s);
  const source = await newSource(s, 'Old Fairfield');
  const citation = await newCitation(s, source, BOOK, 'book');
  const claim = await newClaim(s, { persona, citation });
  const argument = await newArgument(s, { title: 'T', text: 'x', assertions: [claim] });
  sql(s, 'DELETE FROM citations WHERE id = ?', citation);
  const read = (await s.request('GET', `/v1/proof-arguments/${argument.id}`)).json();
  t.same(read.claims[0].citation, { id: citation, first_reference: null });
  t.same(read.claims[0].source, { id: source, title: 'Old Fairfield' });
  t.match((await s.request('GET', `/v1/proof-arguments/${argument.id}/export`)).body, '[^1]: Old Fairfield.\n');
});
