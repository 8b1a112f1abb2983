import t from 'tap';
import { capture, claimIn, db, evidenceServer, footprint, newPersona, newSource, REACHABLE, recordKinds, sourceClaimCount, STATUSES, statusOf, type Status } from './fixtures/helpers.js';

/** CONTRACT §7, written out independently of the code: the status after each review, or 422. */
const EXPECTED: Record<string, Record<Status, Status | 422>> = {
  confirm: { pending: 'confirmed', deferred: 'confirmed', confirmed: 'confirmed', refuted: 422, fabricated: 422, superseded: 422 },
  refute: { pending: 'refuted', deferred: 'refuted', confirmed: 'refuted', refuted: 'refuted', fabricated: 422, superseded: 422 },
  'mark-fabricated': { pending: 'fabricated', deferred: 'fabricated', confirmed: 422, refuted: 422, fabricated: 'fabricated', superseded: 422 },
  supersede: { pending: 'superseded', deferred: 'superseded', confirmed: 'superseded', refuted: 422, fabricated: 422, superseded: 'superseded' },
};
const RECORD: Record<string, string> = {
  confirm: 'assertion.confirmed.v1',
  refute: 'assertion.refuted.v1',
  'mark-fabricated': 'assertion.fabricated.v1',
  supersede: 'assertion.superseded.v1',
};

// The deferred column is checked in plugins/pending/test: only the pending plugin's defer route reaches it.
t.test('every review from every status: allowed moves write one record, repeats are 200 no-ops, the rest 422', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  for (const [review, outcomes] of Object.entries(EXPECTED)) {
    for (const from of REACHABLE) {
      const id = await claimIn(s, persona, from);
      const records = recordKinds(s, id).length;
      const before = footprint(s);
      const body = review === 'supersede' ? { replacement: { date: '1853' } } : undefined;
      const reply = await s.request('POST', `/v1/assertions/${id}/${review}`, { body });
      const expected = outcomes[from];
      const name = `${review} from ${from}`;
      if (expected === 422) {
        t.equal(reply.statusCode, 422, `${name}: refused`);
        t.equal(reply.json().code, 'invalid-state-transition', name);
        t.equal(reply.json().title, 'That change is not allowed from the current state', `${name}: the problem's title`);
        t.equal(reply.json().detail, `Assertion ${id} is ${from}; ${review} is not allowed from ${from}`, `${name}: the detail says which change from which state`);
        t.equal(reply.json().status, 422, `${name}: the Problem's status is the HTTP status`);
        t.equal(reply.json().assertion_status, from, `${name}: the claim's state beside it`);
        t.equal(statusOf(s, id), from, `${name}: status unchanged`);
        t.same(footprint(s), before, `${name}: nothing written`);
        continue;
      }
      t.equal(reply.statusCode, 200, `${name}: ${reply.body}`);
      t.equal(statusOf(s, id), expected, `${name} -> ${expected}`);
      const written = recordKinds(s, id).slice(records);
      if (expected === from) t.same(written, [], `${name}: no-op writes no record`);
      else t.same(written, [RECORD[review]], `${name}: one ${RECORD[review]}`);
      if (review !== 'supersede') t.equal(reply.body, '', `${name}: no body`);
    }
  }
  for (const state of STATUSES) {
    const listed = (await s.request('GET', '/v1/assertions', { query: { persona, state, limit: 1 } })).json().total;
    const counted = (db(s).prepare('SELECT count(*) AS n FROM assertions WHERE persona = ? AND status = ?').get(persona, state) as { n: number }).n;
    t.equal(listed, counted, `after all the moves, total of state=${state} is the number of ${state} claims`);
  }
});

t.test('confirm, refute and mark-fabricated are the human\'s: an agent gets 403 and nothing changes', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const id = await claimIn(s, persona, 'pending');
  for (const review of ['confirm', 'refute', 'mark-fabricated']) {
    const reply = await s.request('POST', `/v1/assertions/${id}/${review}`, { token: s.agentToken });
    t.equal(reply.statusCode, 403, review);
    t.equal(reply.json().code, 'human-token-required', review);
  }
  t.equal(statusOf(s, id), 'pending');
  t.same(recordKinds(s, id), ['assertion.captured.v1']);
  const supersede = await s.request('POST', `/v1/assertions/${id}/supersede`, { token: s.agentToken, body: { replacement: { date: '1850' } } });
  t.equal(supersede.statusCode, 200, 'an agent may supersede (CONTRACT §3 lists it nowhere as human-only)');
  t.equal(statusOf(s, id), 'superseded');
  t.equal(statusOf(s, supersede.json().replacement), 'pending', 'but the agent\'s replacement waits for review: pending, not confirmed');
  t.equal((await s.request('POST', '/v1/assertions/01938f0e-0000-7000-8000-000000000000/confirm')).statusCode, 404);
  t.equal((await s.request('POST', '/v1/assertions/01938f0e-0000-7000-8000-000000000000/refute')).statusCode, 404);
});

t.test('mark-fabricated applies only to what an agent proposed', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const human = await capture(s, { persona, kind: 'birth' });
  // A human's claim is never pending through the routes; put one there to reach the agent rule itself.
  db(s).prepare("UPDATE assertions SET status = 'pending' WHERE id = ?").run(human.id);
  const reply = await s.request('POST', `/v1/assertions/${human.id}/mark-fabricated`);
  t.equal(reply.statusCode, 422);
  t.match(reply.json(), { code: 'invalid-state-transition', status: 422, reason: 'not-agent-proposed' });
  t.equal(statusOf(s, human.id), 'pending');
});

t.test('supersede creates the corrected claim, links the two, and keeps claim_count on active claims only', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const census = await newSource(s);
  const register = await newSource(s, 'Parish register');
  const old = await capture(s, { persona, kind: 'birth', date: '12 MAR 1851', place: 'Ledbury', source: census }, 'agent', 'claude');
  t.equal(await sourceClaimCount(s, census), 1);
  const reply = await s.request('POST', `/v1/assertions/${old.id}/supersede`, { body: { replacement: { date: '14 MAR 1851', source: register } } });
  t.equal(reply.statusCode, 200);
  const { ok, replacement } = reply.json();
  t.equal(ok, true);
  const corrected = (await s.request('GET', `/v1/assertions/${replacement}`)).json();
  t.match(corrected, { persona, kind: 'birth', date: '14 MAR 1851', place: 'Ledbury', source: register, status: 'confirmed', captured_by: 'human' });
  const superseded = (await s.request('GET', `/v1/assertions/${old.id}`)).json();
  t.match(superseded, { status: 'superseded', superseded_by: replacement });
  t.equal(await sourceClaimCount(s, census), 0, 'the superseded claim no longer counts');
  t.equal(await sourceClaimCount(s, register), 1, 'the replacement counts');
  const again = await s.request('POST', `/v1/assertions/${old.id}/supersede`, { body: { replacement: { date: '1 JAN 1900' } } });
  t.same(again.json(), { ok: true, replacement, superseded: true }, 'superseding again is a no-op naming the same replacement');
  const refute = await s.request('POST', `/v1/assertions/${replacement}/refute`);
  t.equal(refute.statusCode, 200);
  t.equal(await sourceClaimCount(s, register), 0, 'a refuted claim no longer counts');
  t.same(recordKinds(s, old.id), ['assertion.captured.v1', 'assertion.superseded.v1']);
});

t.test('supersede refuses bad input and writes nothing', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const id = await claimIn(s, persona, 'confirmed');
  const before = footprint(s);
  const unknown = '01938f0e-0000-7000-8000-000000000000';
  const cases: [unknown, number][] = [
    [undefined, 400],
    [{}, 400],
    [{ replacement: {} }, 400],
    [{ replacement: { date: { year: 1851 } } }, 400],
    [{ replacement: { persona } }, 400],
    [{ replacement: { date: '1851' }, reason: 'typo' }, 400],
    [{ replacement: { source: unknown } }, 404],
    [{ replacement: { citation: unknown } }, 404],
  ];
  for (const [body, status] of cases) t.equal((await s.request('POST', `/v1/assertions/${id}/supersede`, { body })).statusCode, status, JSON.stringify(body));
  t.equal((await s.request('POST', `/v1/assertions/${unknown}/supersede`, { body: { replacement: { date: '1851' } } })).statusCode, 404);
  t.same(footprint(s), before);
  t.equal(statusOf(s, id), 'confirmed');
});

t.test('a refused confirm says which claim, what it is and why: attach-and-confirm and bulk confirm', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const refuted = await claimIn(s, persona, 'refuted');
  const reply = await s.request('POST', `/v1/assertions/${refuted}/attach-evidence-and-confirm`, { body: { kind: 'url', url: 'https://example.org/register' } });
  t.equal(reply.statusCode, 422);
  t.match(reply.json(), { code: 'invalid-state-transition', detail: `Assertion ${refuted} is refuted; confirm is not allowed from refuted`, status: 422, assertion_status: 'refuted' });
  const services = s.server.kernel.servicesFor(s.server.kernel.trees.active(), { kind: 'human', credentialId: null });
  t.same(services.assertionsService.bulkConfirm({ kind: 'human', credentialId: null }, [refuted]), [{ id: refuted, outcome: 'refused', detail: 'The claim is refuted; it cannot be confirmed' }]);
});
