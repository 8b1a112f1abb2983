import t from 'tap';
import { capture, countRows, db, evidenceServer, footprint, newCitation, newPersona, newSource, recordKinds, sourceClaimCount } from './fixtures/helpers.js';

t.test('an agent capture waits in the pending lane with its proposer; a human capture stands confirmed', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const source = await newSource(s);
  const agent = await capture(s, { persona, kind: 'birth', value: 'William son of John', date: '12 MAR 1851', place: 'Ledbury', source }, 'agent', 'claude-sonnet-4');
  t.match(agent, { persona, kind: 'birth', status: 'pending', value: 'William son of John', date: '12 MAR 1851', place: 'Ledbury', source, citation: null, captured_by: 'agent', proposer: 'claude-sonnet-4' });
  const row = db(s).prepare('SELECT proposer, actor_kind, credential_id FROM assertions WHERE id = ?').get(agent.id);
  t.same(row, { proposer: 'claude-sonnet-4', actor_kind: 'agent', credential_id: s.agentCredentialId }, 'the proposer is stored with the claim');
  const human = await capture(s, { persona, kind: 'occupation', value: 'labourer' });
  t.equal(human.status, 'confirmed');
  t.notOk('proposer' in human, 'the human has no proposer');
  t.same(recordKinds(s, agent.id), ['assertion.captured.v1'], 'the capture writes its record');
  t.equal(await sourceClaimCount(s, source), 1, 'claim_count counts the active claim citing the source');
  const read = await s.request('GET', `/v1/assertions/${agent.id}`);
  t.same(read.json(), { ...agent, evidence: [] }, 'read back as captured');
});

t.test('a claim citing a citation alone cites the citation\'s source', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const source = await newSource(s);
  const citation = await newCitation(s, source);
  const claim = await capture(s, { persona, kind: 'baptism', citation });
  t.equal(claim.citation, citation);
  t.equal(claim.source, source);
  t.equal(await sourceClaimCount(s, source), 1);
});

t.test('capture refuses bad input and writes nothing', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const source = await newSource(s);
  const before = footprint(s);
  const unknown = '01938f0e-0000-7000-8000-000000000000';
  const cases: [string, unknown, number, string][] = [
    ['missing persona', { kind: 'birth' }, 400, 'validation-failed'],
    ['missing kind', { persona }, 400, 'validation-failed'],
    ['no body', undefined, 400, ''],
    ['persona not a uuid', { persona: 'william', kind: 'birth' }, 400, 'validation-failed'],
    ['kind of the wrong type', { persona, kind: 7 }, 400, 'validation-failed'],
    ['value of the wrong type', { persona, kind: 'birth', value: { text: 'x' } }, 400, 'validation-failed'],
    ['empty value', { persona, kind: 'birth', value: '' }, 400, 'validation-failed'],
    ['kind not a word', { persona, kind: 'Birth Date!' }, 400, 'validation-failed'],
    ['extra field', { persona, kind: 'birth', confidence: 'high' }, 400, 'validation-failed'],
    ['status may not be chosen', { persona, kind: 'birth', status: 'confirmed' }, 400, 'validation-failed'],
    ['unknown persona', { persona: unknown, kind: 'birth' }, 404, 'not-found'],
    ['unknown source', { persona, kind: 'birth', source: unknown }, 404, 'not-found'],
    ['unknown citation', { persona, kind: 'birth', source, citation: unknown }, 404, 'not-found'],
  ];
  for (const [name, body, status, code] of cases) {
    const reply = await s.request('POST', '/v1/assertions/capture', { body, token: s.agentToken });
    t.equal(reply.statusCode, status, name);
    if (code) t.equal(reply.json().code, code, `${name}: ${code}`);
  }
  const extra = await s.request('POST', '/v1/assertions/capture', { body: { persona, kind: 'birth', confidence: 'high' } });
  t.match(extra.json().errors, [{ location: 'body', name: 'confidence' }], 'the unknown field is named');
  const missingPersona = await s.request('POST', '/v1/assertions/capture', { body: { persona: unknown, kind: 'birth' } });
  t.match(missingPersona.json(), { entity: 'persona' }, 'the 404 names what is missing');
  t.same(footprint(s), before, 'no claim, no record written');
  t.equal(await sourceClaimCount(s, source), 0);
  t.equal(countRows(s, 'assertions'), 0);
});

t.test('reading an unknown claim is 404; a malformed id is 400', async (t) => {
  const s = await evidenceServer(t);
  const missing = await s.request('GET', '/v1/assertions/01938f0e-0000-7000-8000-000000000000');
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().code, 'not-found');
  t.equal((await s.request('GET', '/v1/assertions/not-a-uuid')).statusCode, 400);
});

t.test('the pinned mount captures into the named tree', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const tree = s.server.kernel.trees.active().id;
  const reply = await s.request('POST', `/v1/trees/${tree}/assertions/capture`, { body: { persona, kind: 'death' } });
  t.equal(reply.statusCode, 200);
  t.equal((await s.request('GET', `/v1/trees/no-such-tree/assertions/${reply.json().id}`)).json().code, 'tree-not-found');
});

t.test('the record log keeps every change to a claim, with the agent and its proposer', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const claim = await capture(s, { persona, kind: 'birth' }, 'agent', 'claude-sonnet-4');
  await s.request('POST', `/v1/assertions/${claim.id}/attach-evidence`, { body: { kind: 'url', url: 'https://example.org/baptism' }, token: s.agentToken });
  await s.request('POST', `/v1/assertions/${claim.id}/confirm`);
  const records = s.records({ kind: 'assertion' });
  t.same(records.map((entry) => entry.kind), ['assertion.confirmed.v1', 'assertion.evidence_attached.v1', 'assertion.captured.v1']);
  t.match(records[2], { entity_type: 'assertion', entity_id: claim.id, actor: { kind: 'agent', proposer: 'claude-sonnet-4' } });
  t.match(records[0], { actor: { kind: 'human' }, payload: { from: 'pending', to: 'confirmed' } });
});
