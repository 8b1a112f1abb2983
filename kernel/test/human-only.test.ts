import t from 'tap';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import { jottingsPlugin } from './fixtures/plugins.js';
import { ACTOR_COLUMNS, actorValues, systemActor, type Actor } from '../src/index.js';
import { problemOf, refused, snapshot, type Expected, type Refusal } from './fixtures/tables.js';

/**
 * What only the human may do (CONTRACT §3: tree create and `PUT /v1/trees/active` among
 * them), and `x-proposer-model`: stored on what an agent writes, never on what the human
 * writes, and checked whoever sends it.
 */

const humanOnly = refused(403, 'human-token-required', /needs the human token/);
const badProposer = refused(400, 'validation-failed', /x-proposer-model must be 1-200 printable ASCII characters/);

type Who = 'human' | 'agent';
const tokenOf = (s: TestServer, who: Who) => (who === 'human' ? s.humanToken : s.agentToken);

t.test('human-only table: an agent is refused before anything is read or written', async (t) => {
  const s = await buildTestServer(t);
  const first = s.server.kernel.registry.activeTreeId()!;
  const second = (await s.request('POST', '/v1/trees', { body: { name: 'Second' } })).json().tree_id as string;
  const rows: [name: string, who: Who, method: string, path: string, body: unknown, headers: Record<string, string>, expected: Expected][] = [
    ['agent creates a tree', 'agent', 'POST', '/v1/trees', { name: 'Agent tree' }, {}, humanOnly],
    ['agent creates a tree, naming its model', 'agent', 'POST', '/v1/trees', { name: 'Agent tree' }, { 'x-proposer-model': 'model-x' }, humanOnly],
    ['agent creates a tree with an invalid body (refused first, learns nothing)', 'agent', 'POST', '/v1/trees', { colour: 'blue' }, {}, humanOnly],
    ['agent switches the active tree', 'agent', 'PUT', '/v1/trees/active', { tree_id: second }, {}, humanOnly],
    ['agent switches to an unknown tree (403, not 404)', 'agent', 'PUT', '/v1/trees/active', { tree_id: 'nope' }, {}, humanOnly],
    ['agent switches to the tree already active', 'agent', 'PUT', '/v1/trees/active', { tree_id: first }, {}, humanOnly],
    ['human creates a tree', 'human', 'POST', '/v1/trees', { name: 'Human tree' }, {}, 'ok'],
    ['human switches the active tree', 'human', 'PUT', '/v1/trees/active', { tree_id: second }, {}, 'ok'],
    ['human switches back', 'human', 'PUT', '/v1/trees/active', { tree_id: first }, {}, 'ok'],
  ];
  for (const [name, who, method, path, body, headers, expected] of rows) {
    const before = snapshot(s);
    const reply = await s.request(method, path, { token: tokenOf(s, who), body, headers });
    if (expected === 'ok') {
      t.ok(reply.statusCode === 200 || reply.statusCode === 201, `${name}: ${reply.statusCode}`);
      t.notSame(snapshot(s), before, `${name}: applied`);
    } else {
      t.match(problemOf(reply), expected, name);
      t.same(snapshot(s), before, `${name}: nothing changed`);
    }
  }
  t.equal(s.server.kernel.registry.activeTreeId(), first);
  t.same((await s.request('GET', '/v1/trees', { token: s.agentToken })).json().items.map((tree: { name: string }) => tree.name), ['My tree', 'Second', 'Human tree'], 'an agent may still read the trees');
});

t.test('proposer table: stored on what an agent writes, never on what the human writes', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const tree = s.server.kernel.trees.active();
  const humanCredential = s.server.kernel.registry.listCredentials('human').find((row) => row.revoked_at_ms === null)!.credential_id;
  const model = 'Claude Opus 4 (2025-05) ~ build #7';
  const rows: [name: string, who: Who, proposer: string | undefined, expected: { proposer: string | null } | Refusal][] = [
    ['human without the header', 'human', undefined, { proposer: null }],
    ['human naming a model', 'human', 'model-x', { proposer: null }],
    ['human naming a 200-character model', 'human', 'm'.repeat(200), { proposer: null }],
    ['agent without the header', 'agent', undefined, { proposer: null }],
    ['agent naming its model', 'agent', 'model-x', { proposer: 'model-x' }],
    ['agent naming a model with spaces and punctuation', 'agent', model, { proposer: model }],
    ['agent naming a 1-character model', 'agent', 'm', { proposer: 'm' }],
    ['agent naming a 200-character model', 'agent', 'm'.repeat(200), { proposer: 'm'.repeat(200) }],
    ['agent: empty', 'agent', '', badProposer],
    ['agent: 201 characters', 'agent', 'm'.repeat(201), badProposer],
    ['agent: non-ASCII', 'agent', 'modèle', badProposer],
    ['agent: a control character', 'agent', 'model\x01', badProposer],
    ['agent: a tab', 'agent', 'model\tx', badProposer],
    ['human: invalid is refused too (the header is checked for everyone)', 'human', 'm'.repeat(201), badProposer],
  ];
  for (const [name, who, proposer, expected] of rows) {
    const before = snapshot(s);
    const reply = await s.request('POST', '/v1/jottings', {
      token: tokenOf(s, who),
      body: { target: 'p', text: name },
      headers: proposer === undefined ? {} : { 'x-proposer-model': proposer },
    });
    if ('proposer' in expected) {
      t.equal(reply.statusCode, 201, name);
      const seq = tree.records.lastSeq();
      t.equal(seq, before.lastSeq[tree.id] + 1, `${name}: one record`);
      const row = tree.db.prepare('SELECT actor_kind, credential_id, proposer FROM records WHERE seq = ?').get(seq);
      t.same(row, { actor_kind: who, credential_id: who === 'human' ? humanCredential : s.agentCredentialId, proposer: expected.proposer }, `${name}: the record's actor`);
      const [record] = tree.records.list({ beforeSeq: null, limit: 1, kindPrefixes: [] });
      t.equal(record.actor.proposer, expected.proposer ?? undefined, `${name}: the record as read back`);
      t.equal('proposer' in record.actor, expected.proposer !== null, `${name}: proposer present only when stored`);
    } else {
      t.match(problemOf(reply), expected, name);
      t.same(reply.json().errors, [{ location: 'header', name: 'x-proposer-model', message: 'must be 1-200 printable ASCII characters' }], `${name}: names the header`);
      t.same(snapshot(s), before, `${name}: nothing written`);
    }
  }
});

t.test('a revoked agent is 401 on a human-only route, not 403', async (t) => {
  const s = await buildTestServer(t);
  s.server.kernel.registry.revokeCredential(s.agentCredentialId);
  const before = snapshot(s);
  t.match(problemOf(await s.request('POST', '/v1/trees', { token: s.agentToken, body: { name: 'X' } })), refused(401, 'unauthorized'));
  t.same(snapshot(s), before);
});

t.test('the actor columns every table keeps, and the values a human, an agent and the system give them', async (t) => {
  t.equal(ACTOR_COLUMNS, 'actor_kind, credential_id, proposer');
  const rows: [name: string, actor: Actor, expected: ReturnType<typeof actorValues>][] = [
    ['human', { kind: 'human', credentialId: 'h1' }, ['human', 'h1', null]],
    ['human claiming a proposer', { kind: 'human', credentialId: 'h1', proposer: 'model-x' }, ['human', 'h1', null]],
    ['agent', { kind: 'agent', credentialId: 'a1' }, ['agent', 'a1', null]],
    ['agent with its model', { kind: 'agent', credentialId: 'a1', proposer: 'model-x' }, ['agent', 'a1', 'model-x']],
    ['system', systemActor, ['system', null, null]],
    ['system claiming a proposer', { ...systemActor, proposer: 'model-x' }, ['system', null, null]],
  ];
  for (const [name, actor, expected] of rows) t.same(actorValues(actor), expected, name);
  t.same(systemActor, { kind: 'system', credentialId: null });
});
