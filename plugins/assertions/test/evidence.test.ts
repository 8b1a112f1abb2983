import t from 'tap';
import { systemActor } from '@rootline/kernel';
import type { TestServer } from '@rootline/kernel/testing';
import { capture, claimIn, evidenceServer, footprint, newCitation, newPersona, newSource, recordKinds, sourceClaimCount, statusOf } from './fixtures/helpers.js';

/** Stores bytes in the tree's blob store, as an upload through the blobs plugin would. */
async function storeBlob(s: TestServer, text: string): Promise<string> {
  const blob = await s.server.kernel.trees.active().blobs.write([Buffer.from(text)], { maxBytes: 1 << 20, actor: systemActor });
  return blob.address;
}

const UNKNOWN = '01938f0e-0000-7000-8000-000000000000';

t.test('each kind of evidence attaches to a claim and is read back with it', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const source = await newSource(s);
  const citation = await newCitation(s, source);
  const claim = await capture(s, { persona, kind: 'birth' }, 'agent');
  const blob = await storeBlob(s, 'scan of the baptism register');
  const bodies = [
    { kind: 'blob', blob: blob.toUpperCase(), description: 'Register scan' },
    { kind: 'url', url: 'https://www.freecen.org.uk/search_records/1851-ledbury' },
    { kind: 'offline_record', description: 'Family bible, page 3' },
    { kind: 'citation', citation },
  ];
  for (const body of bodies) {
    const reply = await s.request('POST', `/v1/assertions/${claim.id}/attach-evidence`, { body, token: s.agentToken });
    t.equal(reply.statusCode, 200, `${body.kind}: ${reply.body}`);
    t.equal(reply.body, '', 'no body');
  }
  const read = (await s.request('GET', `/v1/assertions/${claim.id}`)).json();
  t.same(read.evidence.map((e: { kind: string }) => e.kind), ['blob', 'url', 'offline_record', 'citation']);
  t.equal(read.evidence[0].blob, blob, 'blob addresses are kept in lowercase hex');
  t.equal(read.status, 'pending', 'attaching evidence alone changes no status');
  t.equal(read.source, source, 'a citation gives an unsourced claim its source');
  t.equal(await sourceClaimCount(s, source), 1);
  t.same(recordKinds(s, claim.id).filter((kind) => kind === 'assertion.evidence_attached.v1').length, 4, 'one record per evidence');
  const attached = s.records({ kind: 'assertion.evidence_attached' }).filter((record) => record.entity_id === claim.id).map((record) => record.payload as { kind: string; source?: string });
  t.same(attached.filter((payload) => payload.source !== undefined).map((payload) => [payload.kind, payload.source]), [['citation', source]], 'the record of the citation that gave the claim its source says so; the others name none');
});

t.test('attach-evidence refuses evidence that is not real or not followable, and writes nothing', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const claim = await capture(s, { persona, kind: 'birth' }, 'agent');
  const before = footprint(s);
  const cases: [unknown, number, string?][] = [
    [undefined, 400],
    [{}, 400],
    [{ kind: 'photograph' }, 400],
    [{ kind: 'blob' }, 400, 'blob'],
    [{ kind: 'blob', blob: 'abc' }, 400],
    [{ kind: 'blob', blob: 'a'.repeat(64) }, 404],
    [{ kind: 'url' }, 400, 'url'],
    [{ kind: 'url', url: 'ftp://example.org/register.pdf' }, 400, 'url'],
    [{ kind: 'url', url: 'javascript:alert(1)' }, 400, 'url'],
    [{ kind: 'url', url: 'not a url' }, 400, 'url'],
    [{ kind: 'url', url: 'https://example.invalid/nothing' }, 400, 'url'],
    [{ kind: 'url', url: 'https://records.TEST./register' }, 400, 'url'],
    [{ kind: 'url', url: 'http://parish.example/1851' }, 400, 'url'],
    [{ kind: 'url', url: 'http://localhost:8080/scan' }, 400, 'url'],
    [{ kind: 'url', url: 'https://example.org', citation: UNKNOWN }, 400, 'citation'],
    [{ kind: 'citation' }, 400, 'citation'],
    [{ kind: 'citation', citation: UNKNOWN }, 404],
    [{ kind: 'offline_record' }, 400, 'description'],
    [{ kind: 'offline_record', description: 'Bible', page: 3 }, 400, 'page'],
    [{ kind: 'url', url: { href: 'https://example.org' } }, 400],
  ];
  for (const [body, status, field] of cases) {
    const reply = await s.request('POST', `/v1/assertions/${claim.id}/attach-evidence`, { body });
    t.equal(reply.statusCode, status, JSON.stringify(body));
    if (field) t.match(reply.json().errors, [{ location: 'body', name: field }], `names ${field}`);
  }
  const reserved = await s.request('POST', `/v1/assertions/${claim.id}/attach-evidence-and-confirm`, { body: { kind: 'url', url: 'https://example.invalid/nothing' }, token: s.agentToken });
  t.match(reserved.json(), {
    status: 400,
    code: 'validation-failed',
    errors: [{ location: 'body', name: 'url', message: 'is under .invalid, a name reserved never to lead to a record: give the address where the record can be opened' }],
  }, 'an address that can lead nowhere confirms nothing');
  t.equal((await s.request('GET', `/v1/assertions/${claim.id}`)).json().status, 'pending', 'the claim still waits for the human');
  const missing = await s.request('POST', `/v1/assertions/${UNKNOWN}/attach-evidence`, { body: { kind: 'url', url: 'https://example.org' } });
  t.equal(missing.statusCode, 404);
  t.same(footprint(s), before, 'nothing written');
});

// A deferred claim (reached through the pending plugin) is checked in plugins/pending/test.
t.test('attach-evidence-and-confirm: open to agents, confirms what awaits review, refuses offline records and final claims', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const url = { kind: 'url', url: 'https://www.familysearch.org/ark:/61903/1:1:XYZ1-ABC' };
  for (const from of ['pending', 'confirmed'] as const) {
    const id = await claimIn(s, persona, from);
    const reply = await s.request('POST', `/v1/assertions/${id}/attach-evidence-and-confirm`, { body: url, token: s.agentToken });
    t.equal(reply.statusCode, 200, `${from}: ${reply.body}`);
    t.match(reply.json(), { id, status: 'confirmed', evidence: [{ kind: 'url', url: url.url }] }, `${from}: the claim as it now stands`);
    const confirmations = recordKinds(s, id).filter((kind) => kind === 'assertion.confirmed.v1').length;
    t.equal(confirmations, from === 'confirmed' ? 0 : 1, `${from}: confirmed once`);
  }
  for (const from of ['refuted', 'fabricated', 'superseded'] as const) {
    const id = await claimIn(s, persona, from);
    const before = footprint(s);
    const reply = await s.request('POST', `/v1/assertions/${id}/attach-evidence-and-confirm`, { body: url, token: s.agentToken });
    t.equal(reply.statusCode, 422, from);
    t.equal(reply.json().code, 'invalid-state-transition', from);
    t.same(footprint(s), before, `${from}: nothing attached`);
  }
  const pending = await claimIn(s, persona, 'pending');
  const before = footprint(s);
  const offline = await s.request('POST', `/v1/assertions/${pending}/attach-evidence-and-confirm`, { body: { kind: 'offline_record', description: 'Family bible' }, token: s.agentToken });
  t.equal(offline.statusCode, 422);
  t.equal(offline.json().code, 'offline-record-refused');
  const dead = await s.request('POST', `/v1/assertions/${pending}/attach-evidence-and-confirm`, { body: { kind: 'url', url: 'file:///etc/passwd' } });
  t.equal(dead.statusCode, 400);
  t.equal((await s.request('POST', `/v1/assertions/${pending}/attach-evidence-and-confirm`, { body: { kind: 'citation', citation: UNKNOWN } })).statusCode, 404);
  t.same(footprint(s), before, 'refused: nothing written');
  t.equal(statusOf(s, pending), 'pending');
});
