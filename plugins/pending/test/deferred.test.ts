import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { deferred, laneServer, make, propose, recordKinds, statusOf } from './fixtures/helpers.js';

// The assertions plugin's cases that need a deferred claim: only this plugin's defer route
// makes one, so they live here (the assertions suite covers every other status).

/** CONTRACT §7, the deferred column, written out independently of the code: the status after each review and its record. */
const FROM_DEFERRED: Record<string, [string, string]> = {
  confirm: ['confirmed', 'assertion.confirmed.v1'],
  refute: ['refuted', 'assertion.refuted.v1'],
  'mark-fabricated': ['fabricated', 'assertion.fabricated.v1'],
  supersede: ['superseded', 'assertion.superseded.v1'],
};

const tally = async (s: TestServer) => (await s.request('GET', '/v1/assertions/unsourced/tally')).json();

t.test('every review of a deferred claim moves it and writes one record', async (t) => {
  const s = await laneServer(t);
  const persona = await make(s, '/v1/personas', { given: 'William' });
  for (const [review, [expected, record]] of Object.entries(FROM_DEFERRED)) {
    const id = await deferred(s, { persona, kind: 'birth', date: '1851' });
    const records = recordKinds(s, id).length;
    const body = review === 'supersede' ? { replacement: { date: '1853' } } : undefined;
    const reply = await s.request('POST', `/v1/assertions/${id}/${review}`, { body });
    t.equal(reply.statusCode, 200, `${review} from deferred: ${reply.body}`);
    t.equal(statusOf(s, id), expected, `${review} from deferred -> ${expected}`);
    t.same(recordKinds(s, id).slice(records), [record], `${review} from deferred: one ${record}`);
    if (review !== 'supersede') t.equal(reply.body, '', `${review} from deferred: no body`);
  }
  await deferred(s, { persona, kind: 'birth' });
  const listed = (await s.request('GET', '/v1/assertions', { query: { persona, state: 'deferred', limit: 1 } })).json().total;
  const counted = (s.server.kernel.trees.active().db.prepare("SELECT count(*) AS n FROM assertions WHERE persona = ? AND status = 'deferred'").get(persona) as { n: number }).n;
  t.equal(listed, counted, 'the total of state=deferred is the number of deferred claims');
  t.equal(listed, 1);
});

t.test('attach-evidence-and-confirm confirms a deferred claim, once, for an agent too', async (t) => {
  const s = await laneServer(t);
  const persona = await make(s, '/v1/personas', { given: 'Ann' });
  const url = { kind: 'url', url: 'https://www.familysearch.org/ark:/61903/1:1:XYZ1-ABC' };
  const id = await deferred(s, { persona, kind: 'birth' });
  const reply = await s.request('POST', `/v1/assertions/${id}/attach-evidence-and-confirm`, { body: url, token: s.agentToken });
  t.equal(reply.statusCode, 200, reply.body);
  t.match(reply.json(), { id, status: 'confirmed', evidence: [{ kind: 'url', url: url.url }] }, 'the claim as it now stands');
  t.equal(recordKinds(s, id).filter((kind) => kind === 'assertion.confirmed.v1').length, 1, 'confirmed once');
});

t.test('a deferred claim is still active: the tally counts it and the unsourced lane lists it', async (t) => {
  const s = await laneServer(t);
  const persona = await make(s, '/v1/personas', { given: 'John' });
  const source = await make(s, '/v1/sources', { title: '1851 census' });
  await deferred(s, { persona, kind: 'birth', source });
  t.same(await tally(s), { sourced: 1, needs_source: 0, total: 1 }, 'after a sourced deferred claim');
  const unsourced = await deferred(s, { persona, kind: 'death' });
  t.same(await tally(s), { sourced: 1, needs_source: 1, total: 2 }, 'after an unsourced deferred claim');
  const waiting = await propose(s, { persona, kind: 'burial' });
  const refuted = await propose(s, { persona, kind: 'burial' });
  await s.request('POST', `/v1/assertions/${refuted}/refute`);
  const first = (await s.request('GET', '/v1/assertions/unsourced', { query: { limit: 1 } })).json();
  t.equal(first.total, 2);
  t.equal(first.total, (await tally(s)).needs_source);
  const second = (await s.request('GET', '/v1/assertions/unsourced', { query: { limit: 1, cursor: first.next_cursor } })).json();
  t.same([...first.items, ...second.items].map((item: { id: string }) => item.id), [unsourced, waiting]);
  t.equal(second.next_cursor, null);
});
