import t from 'tap';
import { systemActor } from '@rootline/kernel';
import { consumerOf } from '@rootline/kernel/testing';
import { MISSING, QUESTION, newArgument, newClaim, newPersona, newSource, proofServer } from './fixtures/helpers.js';

/** A plugin that depends on proofs (as conflicts does), built by the kernel's stand-in; proofs is 0.1.x, so its range is ^0.1.0. */
const proofsConsumer = () => consumerOf('@rootline/plugin-proofs', '^0.1.0');

t.test('a dependent plugin gets proofArgumentsService from the request scope: exists, get, labels', async (t) => {
  const consumer = proofsConsumer();
  const s = await proofServer(t, { plugins: [consumer.name], builtIn: [consumer.source] });
  const persona = await newPersona(s);
  const source = await newSource(s, '1851 census, Ledbury');
  const claim = await newClaim(s, { persona, date: 'MAR 1851', source });
  const first = await newArgument(s, { title: 'Born in March 1851', text: 'x', question: QUESTION, assertions: [claim] });
  const second = await newArgument(s, { title: 'A second argument', text: 'y' });
  const proofs = await consumer.fromRequest(s, (cradle) => cradle.proofArgumentsService);

  t.equal(proofs.exists(first.id), true);
  t.equal(proofs.exists(second.id), true);
  t.equal(proofs.exists(MISSING), false);
  t.same(proofs.get(first.id), (await s.request('GET', `/v1/proof-arguments/${first.id}`)).json(), 'get is what GET answers');
  t.same(proofs.get(second.id), { ...second, claims: [] });
  t.equal(proofs.get(MISSING), undefined);
  t.same(proofs.labels([second.id, MISSING, first.id]), [
    { id: first.id, kind: 'proof_argument', label: 'Born in March 1851' },
    { id: second.id, kind: 'proof_argument', label: 'A second argument' },
  ], 'each known argument\'s title, unknown ids left out');
  t.same(proofs.labels([]), []);
  t.equal(proofs.document(MISSING), undefined);
});

t.test('a claim removed from the tree after the argument was written reads as removed', async (t) => {
  const consumer = proofsConsumer();
  const s = await proofServer(t, { plugins: [consumer.name], builtIn: [consumer.source] });
  const persona = await newPersona(s);
  const source = await newSource(s, '1851 census, Ledbury');
  const kept = await newClaim(s, { persona, kind: 'baptism', source });
  const gone = await newClaim(s, { persona, value: 'Removed later', source });
  const argument = await newArgument(s, { title: 'T', text: 'x', assertions: [gone, kept] });
  const removed = await consumer.fromRequest(s, (cradle) => cradle.assertionsService.remove(systemActor, gone, 'import undone'));
  t.equal(removed, true);

  const read = (await s.request('GET', `/v1/proof-arguments/${argument.id}`)).json();
  t.same(read.assertions, [gone, kept], 'the argument still names it');
  t.same(read.claims[0], { assertion: gone, persona: null, kind: null, value: null, date: null, place: null, status: 'removed', source: null, citation: null });
  t.equal(read.claims[1].status, 'confirmed');
  t.equal((await s.request('GET', `/v1/proof-arguments/${argument.id}/export`)).body,
    `# T\n\nx\n\n## Claims weighed\n\n1. Claim ${gone} (no longer in the tree)[^1]\n2. Baptism (confirmed)[^2]\n\n[^1]: No source cited.\n[^2]: 1851 census, Ledbury.\n\n## Sources\n\n- 1851 census, Ledbury.\n`);
  const refused = await s.request('POST', '/v1/proof-arguments', { body: { title: 'T', text: 'x', assertions: [gone] } });
  t.equal(refused.statusCode, 404, 'a removed claim cannot be weighed by a new argument');
});

t.test('the service writes for any actor: a system actor has no proposer', async (t) => {
  const consumer = proofsConsumer();
  const s = await proofServer(t, { plugins: [consumer.name], builtIn: [consumer.source] });
  const made = await consumer.fromRequest(s, (cradle) => cradle.proofArgumentsService.create(systemActor, { title: 'By the system', text: 'x' }));
  t.same(made, { id: made.id, title: 'By the system', text: 'x', question: null, assertions: [], conclusion: null, created_at_ms: made.created_at_ms, updated_at_ms: made.created_at_ms });
  t.match(s.records({ kind: 'proof_argument.created' })[0], { entity_id: made.id, actor: { kind: 'system' } });
});
