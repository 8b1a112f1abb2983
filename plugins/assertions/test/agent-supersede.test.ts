import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { capture, evidenceServer, footprint, newPersona, recordKinds, statusOf } from './fixtures/helpers.js';

/**
 * An agent credential cannot overturn a claim the human confirmed (issue 17, item 8): its
 * supersede files the replacement pending, in the pending lane, naming the claim it would
 * replace; the claim stays confirmed until the human confirms the replacement, which then
 * supersedes it. Statuses are read back from the database.
 */

const AGENT = { 'x-proposer-model': 'model-under-test' };
const URL_EVIDENCE = { kind: 'url', url: 'https://www.familysearch.org/ark:/61903/1:1:XYZ1-ABC' };

async function lane(s: TestServer) {
  return (await s.request('GET', '/v1/pending')).json().items as { id: string; replaces?: string }[];
}

async function agentSupersede(s: TestServer, id: string, date = '14 MAR 1851') {
  const reply = await s.request('POST', `/v1/assertions/${id}/supersede`, { token: s.agentToken, headers: AGENT, body: { replacement: { date } } });
  t.equal(reply.statusCode, 200, reply.body);
  return reply.json() as { ok: true; replacement: string; superseded: boolean };
}

async function confirmedClaim(s: TestServer) {
  const persona = await newPersona(s);
  return (await capture(s, { persona, kind: 'birth', date: '12 MAR 1851', place: 'Ledbury' })).id as string;
}

t.test('an agent\'s supersede of a confirmed claim files a pending replacement in the lane; the claim stays confirmed', async (t) => {
  const s = await evidenceServer(t, ['@rootline/plugin-pending']);
  const original = await confirmedClaim(s);
  const answer = await agentSupersede(s, original);
  t.match(answer, { ok: true, superseded: false }, 'the answer says the claim was not superseded');
  t.equal(statusOf(s, original), 'confirmed', 'the human\'s claim still stands');
  const read = (await s.request('GET', `/v1/assertions/${original}`)).json();
  t.equal(read.superseded_by, null, 'and names no replacement');
  const replacement = (await s.request('GET', `/v1/assertions/${answer.replacement}`)).json();
  t.match(replacement, { status: 'pending', date: '14 MAR 1851', place: 'Ledbury', captured_by: 'agent', replaces: original }, 'the replacement is pending and names the claim');
  t.same((await lane(s)).map((claim) => [claim.id, claim.replaces]), [[answer.replacement, original]], 'the pending lane shows it, linked to the claim it would replace');
  const listed = (await s.request('GET', '/v1/assertions', { query: { persona: read.persona } })).json().items;
  t.same(listed.map((claim: { id: string; replaces?: string }) => claim.replaces ?? null), [null, original], 'the list (built in SQL) agrees with the single read');
  t.same(recordKinds(s, original), ['assertion.captured.v1'], 'no record touches the claim');
});

t.test('the human confirms the replacement: the claim becomes superseded by it, by the human, in the same step', async (t) => {
  const s = await evidenceServer(t, ['@rootline/plugin-pending']);
  for (const how of ['confirm', 'bulk-confirm'] as const) {
    const original = await confirmedClaim(s);
    const { replacement } = await agentSupersede(s, original);
    const reply = how === 'confirm'
      ? await s.request('POST', `/v1/assertions/${replacement}/confirm`)
      : await s.request('POST', '/v1/pending/bulk-confirm', { body: { ids: [replacement] } });
    t.equal(reply.statusCode, 200, reply.body);
    t.equal(statusOf(s, replacement), 'confirmed', `${how}: the replacement is confirmed`);
    t.equal(statusOf(s, original), 'superseded', `${how}: the claim is superseded`);
    t.equal((await s.request('GET', `/v1/assertions/${original}`)).json().superseded_by, replacement, `${how}: by the replacement`);
    const [record] = s.records({ kind: 'assertion.superseded.v1' }).filter((r) => r.entity_id === original);
    t.match(record, { actor: { kind: 'human' }, payload: { from: 'confirmed', to: 'superseded', replacement, via: 'replacement-confirmed' } }, `${how}: recorded as the human's`);
  }
  t.same(await lane(s), [], 'the lane is empty');
});

t.test('refuting the replacement, or a claim that stopped standing meanwhile, leaves the claim as it is', async (t) => {
  const s = await evidenceServer(t, ['@rootline/plugin-pending']);
  const kept = await confirmedClaim(s);
  const refuted = (await agentSupersede(s, kept)).replacement;
  t.equal((await s.request('POST', `/v1/assertions/${refuted}/refute`)).statusCode, 200);
  t.equal(statusOf(s, kept), 'confirmed', 'refuting the proposal keeps the claim confirmed');

  const gone = await confirmedClaim(s);
  const late = (await agentSupersede(s, gone)).replacement;
  t.equal((await s.request('POST', `/v1/assertions/${gone}/refute`)).statusCode, 200, 'the human refutes the claim itself first');
  t.equal((await s.request('POST', `/v1/assertions/${late}/confirm`)).statusCode, 200);
  t.equal(statusOf(s, gone), 'refuted', 'confirming the replacement later does not turn a refuted claim into superseded');
  t.equal(statusOf(s, late), 'confirmed');
});

t.test('an agent cannot confirm its own replacement with evidence; attach-evidence still works', async (t) => {
  const s = await evidenceServer(t, ['@rootline/plugin-pending']);
  const original = await confirmedClaim(s);
  const { replacement } = await agentSupersede(s, original);
  const before = footprint(s);
  const refused = await s.request('POST', `/v1/assertions/${replacement}/attach-evidence-and-confirm`, { token: s.agentToken, headers: AGENT, body: URL_EVIDENCE });
  t.equal(refused.statusCode, 403);
  t.match(refused.json(), { code: 'human-token-required', detail: new RegExp(`would replace the confirmed claim ${original}`) });
  t.same(footprint(s), before, 'nothing written');
  t.equal(statusOf(s, original), 'confirmed');
  t.equal(statusOf(s, replacement), 'pending');
  const attached = await s.request('POST', `/v1/assertions/${replacement}/attach-evidence`, { token: s.agentToken, headers: AGENT, body: URL_EVIDENCE });
  t.equal(attached.statusCode, 200, 'attaching evidence without confirming is allowed');
  const byHuman = await s.request('POST', `/v1/assertions/${replacement}/attach-evidence-and-confirm`, { body: URL_EVIDENCE });
  t.equal(byHuman.statusCode, 200, 'the human may confirm it with evidence');
  t.equal(statusOf(s, original), 'superseded', 'which supersedes the claim');
});

t.test('unchanged: the human\'s supersede, and an agent\'s supersede of a pending claim, supersede at once', async (t) => {
  const s = await evidenceServer(t, ['@rootline/plugin-pending']);
  const persona = await newPersona(s);
  const human = await confirmedClaim(s);
  const byHuman = await s.request('POST', `/v1/assertions/${human}/supersede`, { body: { replacement: { date: '1852' } } });
  t.match(byHuman.json(), { ok: true, superseded: true });
  t.equal(statusOf(s, human), 'superseded');
  t.equal((await s.request('GET', `/v1/assertions/${byHuman.json().replacement}`)).json().replaces, undefined, 'the human\'s replacement proposes nothing');
  const proposed = (await capture(s, { persona, kind: 'birth', date: '1851' }, 'agent', 'model-under-test')).id;
  const answer = await agentSupersede(s, proposed, '1852');
  t.equal(answer.superseded, true);
  t.equal(statusOf(s, proposed), 'superseded', 'an agent may replace what is not yet confirmed');
  t.equal((await s.request('GET', `/v1/assertions/${answer.replacement}`)).json().replaces, undefined);
});
