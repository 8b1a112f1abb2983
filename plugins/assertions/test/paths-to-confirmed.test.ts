import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { capture, claimIn, evidenceServer, newPersona, newSource, statusOf, type Status } from './fixtures/helpers.js';

/**
 * Every path to `confirmed` this plugin has (capture, transcription-claim, confirm, supersede,
 * attach-evidence, attach-evidence-and-confirm), taken by an agent: at most `pending`, except
 * attach-evidence-and-confirm, which CONTRACT §3 opens to agents. The human's rows show the same
 * calls do reach `confirmed`, so the table can tell the two apart. Bulk-confirm and
 * defer/undefer are the pending plugin's (plugins/pending/test/paths-to-confirmed.test.ts).
 * Statuses are read back from the database, not inferred from the HTTP code.
 */

type Who = 'human' | 'agent';

interface Row {
  name: string;
  who: Who;
  /** The claim the call acts on, made first (none for the paths that create claims). */
  from?: Exclude<Status, 'deferred'>;
  call(s: TestServer, id: string | undefined, persona: string, token: string | undefined): Promise<{ statusCode: number; json(): any }>;
  reply: number;
  /** The status of the claim acted on, afterwards. */
  after?: Status;
  /** The status of every claim the call created. */
  created?: Status;
}

const URL_EVIDENCE = { kind: 'url', url: 'https://www.familysearch.org/ark:/61903/1:1:XYZ1-ABC' };
const post = (s: TestServer, path: string, token: string | undefined, body?: unknown) => s.request('POST', path, { token, body, headers: { 'x-proposer-model': 'model-under-test' } });

const ROWS: Row[] = [
  { name: 'agent captures', who: 'agent', call: (s, _id, persona, token) => post(s, '/v1/assertions/capture', token, { persona, kind: 'birth', date: '1851' }), reply: 200, created: 'pending' },
  { name: 'human captures', who: 'human', call: (s, _id, persona, token) => post(s, '/v1/assertions/capture', token, { persona, kind: 'birth', date: '1851' }), reply: 200, created: 'confirmed' },
  {
    name: 'agent transcribes a record',
    who: 'agent',
    call: async (s, _id, _persona, token) => post(s, '/v1/assertions/transcription-claim', token, {
      source: await newSource(s, 'Ledbury register'),
      transcription: 'Baptism of William Smyth',
      personas: [{ given: 'William', surname: 'Smyth', claims: [{ kind: 'baptism', date: '12 MAR 1851' }] }],
    }),
    reply: 200,
    created: 'pending',
  },
  { name: 'agent confirms a pending claim', who: 'agent', from: 'pending', call: (s, id, _p, token) => post(s, `/v1/assertions/${id}/confirm`, token), reply: 403, after: 'pending' },
  { name: 'human confirms a pending claim', who: 'human', from: 'pending', call: (s, id, _p, token) => post(s, `/v1/assertions/${id}/confirm`, token), reply: 200, after: 'confirmed' },
  { name: 'agent attaches evidence to a pending claim', who: 'agent', from: 'pending', call: (s, id, _p, token) => post(s, `/v1/assertions/${id}/attach-evidence`, token, URL_EVIDENCE), reply: 200, after: 'pending' },
  { name: 'agent supersedes a pending claim', who: 'agent', from: 'pending', call: (s, id, _p, token) => post(s, `/v1/assertions/${id}/supersede`, token, { replacement: { date: '1852' } }), reply: 200, after: 'superseded', created: 'pending' },
  { name: 'agent supersedes a confirmed claim', who: 'agent', from: 'confirmed', call: (s, id, _p, token) => post(s, `/v1/assertions/${id}/supersede`, token, { replacement: { date: '1852' } }), reply: 200, after: 'confirmed', created: 'pending' },
  { name: 'human supersedes a pending claim', who: 'human', from: 'pending', call: (s, id, _p, token) => post(s, `/v1/assertions/${id}/supersede`, token, { replacement: { date: '1852' } }), reply: 200, after: 'superseded', created: 'confirmed' },
  // CONTRACT §3: "attach-evidence-and-confirm is open to agents: real, followable evidence is the point."
  { name: 'agent attaches followable evidence and confirms', who: 'agent', from: 'pending', call: (s, id, _p, token) => post(s, `/v1/assertions/${id}/attach-evidence-and-confirm`, token, URL_EVIDENCE), reply: 200, after: 'confirmed' },
];

const claimIds = (s: TestServer): Set<string> =>
  new Set((s.server.kernel.trees.active().db.prepare('SELECT id FROM assertions').all() as { id: string }[]).map((row) => row.id));

t.test('every path to confirmed: an agent reaches at most pending, unless the contract says otherwise', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  for (const row of ROWS) {
    const token = row.who === 'agent' ? s.agentToken : undefined;
    const id = row.from ? await claimIn(s, persona, row.from) : undefined;
    const before = claimIds(s);
    const reply = await row.call(s, id, persona, token);
    t.equal(reply.statusCode, row.reply, `${row.name}: HTTP ${row.reply}`);
    if (id && row.after) t.equal(statusOf(s, id), row.after, `${row.name}: the claim is ${row.after}`);
    const created = [...claimIds(s)].filter((claim) => !before.has(claim));
    if (row.created) {
      t.ok(created.length > 0, `${row.name}: made a claim`);
      for (const claim of created) {
        t.equal(statusOf(s, claim), row.created, `${row.name}: the new claim is ${row.created}`);
        const [record] = s.records({ kind: 'assertion.captured.v1' }).filter((r) => r.entity_id === claim);
        t.match(record, { actor: { kind: row.who }, payload: { status: row.created } }, `${row.name}: its record says ${row.created}, by the ${row.who}`);
      }
    } else {
      t.same(created, [], `${row.name}: made no claim`);
    }
  }
});

t.test('the agent\'s supersede: the replacement waits in the lane, named as the agent\'s proposal', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const old = await capture(s, { persona, kind: 'birth', date: '12 MAR 1851' });
  t.equal(old.status, 'confirmed', 'the human\'s claim stands');
  const reply = await s.request('POST', `/v1/assertions/${old.id}/supersede`, { token: s.agentToken, headers: { 'x-proposer-model': 'model-under-test' }, body: { replacement: { date: '14 MAR 1851' } } });
  t.equal(reply.statusCode, 200);
  const replacement = (await s.request('GET', `/v1/assertions/${reply.json().replacement}`)).json();
  t.match(replacement, { status: 'pending', date: '14 MAR 1851', captured_by: 'agent', proposer: 'model-under-test' }, 'the replacement is pending, not confirmed');
  const lane = (await s.request('GET', '/v1/assertions', { query: { persona, state: 'pending' } })).json();
  t.same(lane.items.map((claim: { id: string }) => claim.id), [replacement.id], 'and is the one pending claim of the persona');
});

t.test('the record log agrees: no agent record confirms anything except attach-evidence-and-confirm', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  for (const row of ROWS) {
    const id = row.from ? await claimIn(s, persona, row.from) : undefined;
    await row.call(s, id, persona, row.who === 'agent' ? s.agentToken : undefined);
  }
  const agentRecords = s.records({ kind: 'assertion' }).filter((record) => record.actor.kind === 'agent');
  t.ok(agentRecords.length > 0);
  for (const record of agentRecords) {
    const payload = record.payload as { status?: string; to?: string; via?: string };
    if (record.kind === 'assertion.captured.v1') t.equal(payload.status, 'pending', `${record.kind} ${record.entity_id}: captured pending`);
    if (payload.to === 'confirmed') t.equal(payload.via, 'attach-evidence-and-confirm', `${record.kind} ${record.entity_id}: confirmed only with followable evidence`);
    if (record.kind === 'assertion.confirmed.v1') t.equal(payload.via, 'attach-evidence-and-confirm', `${record.kind}: by an agent only through attach-evidence-and-confirm`);
  }
});
