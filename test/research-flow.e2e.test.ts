import t from 'tap';
import { cleanup, createAgent, ensureBundle, startServer } from './helpers/server-process.js';
import { openChangeStream } from './helpers/change-stream.js';

/**
 * A genealogist's afternoon over a real socket, with every plugin of the default build:
 * scan a register page, record its source, let an assistant propose what it says, review
 * the proposals, and watch it all arrive on the change stream and in the audit trail.
 */
t.test('from a scanned register to confirmed claims', async (t) => {
  const server = await startServer(ensureBundle());
  t.teardown(async () => {
    await server.stop();
    cleanup(server);
  });
  const agentToken = createAgent(server, 'Research assistant');
  const call = async (method: string, path: string, options: { body?: unknown; bytes?: Buffer; token?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${options.token ?? server.token}`, ...options.headers };
    let body: Buffer | string | undefined;
    if (options.bytes) {
      headers['content-type'] = 'application/octet-stream';
      body = options.bytes;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const reply = await fetch(`${server.url}${path}`, { method, headers, body });
    const text = await reply.text();
    return { status: reply.status, json: (text ? JSON.parse(text) : undefined) as any };
  };

  const stream = await openChangeStream(server);
  t.teardown(() => stream.close());

  const scan = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);
  const blob = await call('POST', '/v1/blobs', { bytes: scan });
  t.equal(blob.status, 200);
  t.equal(blob.json.media_type, 'application/pdf');

  const source = await call('POST', '/v1/sources', { body: { title: 'Ledbury parish register, baptisms 1850-1852', source_type: 'original' } });
  t.equal(source.status, 200, JSON.stringify(source.json));
  t.equal((await call('POST', `/v1/sources/${source.json.id}/attach-blob`, { body: { blob: blob.json.address } })).status, 200);

  const persona = await call('POST', '/v1/personas', { body: { name: 'William Smyth', given: 'William', surname: 'Smyth', sex: 'M', source: source.json.id } });
  t.equal(persona.status, 200, JSON.stringify(persona.json));

  const proposer = { 'x-proposer-model': 'example-model-7' };
  const birth = await call('POST', '/v1/assertions/capture', { token: agentToken, headers: proposer, body: { persona: persona.json.id, kind: 'birth', date: '12 MAR 1851', place: 'Ledbury, Herefordshire', source: source.json.id } });
  const father = await call('POST', '/v1/assertions/capture', { token: agentToken, headers: proposer, body: { persona: persona.json.id, kind: 'father', value: 'John Smyth', source: source.json.id } });
  t.equal(birth.json.status, 'pending', 'an assistant proposes; it does not decide');

  const lane = await call('GET', '/v1/pending');
  t.equal(lane.json.total, 2);
  const buckets = await call('GET', '/v1/pending?group_by=proposer');
  t.equal(buckets.json.buckets[0].key, 'example-model-7');

  const refused = await call('POST', `/v1/assertions/${birth.json.id}/confirm`, { token: agentToken });
  t.equal(refused.status, 403, 'only the human confirms');
  t.equal(refused.json.code, 'human-token-required');

  t.equal((await call('POST', `/v1/assertions/${birth.json.id}/confirm`)).status, 200);
  t.equal((await call('POST', `/v1/assertions/${father.json.id}/refute`)).status, 200);
  const again = await call('POST', `/v1/assertions/${father.json.id}/confirm`);
  t.equal(again.status, 422, 'a refuted claim stays refuted');
  t.equal(again.json.code, 'invalid-state-transition');

  t.equal((await call('GET', '/v1/pending')).json.total, 0, 'the lane is empty');
  const cited = await call('GET', `/v1/sources/${source.json.id}`);
  t.equal(cited.json.claim_count, 1, 'one active claim cites the register');
  const tally = await call('GET', '/v1/assertions/unsourced/tally');
  t.equal(tally.json.total, tally.json.sourced + tally.json.needs_source);

  const audit = await call('GET', '/v1/audit?include=assertion');
  t.same(audit.json.items.map((r: { kind: string }) => r.kind), ['assertion.refuted.v1', 'assertion.confirmed.v1', 'assertion.captured.v1', 'assertion.captured.v1']);
  t.equal(audit.json.items[3].actor.proposer, 'example-model-7');

  await stream.waitFor(/event: assertion\.refuted\.v1\n/, 3000);
  for (const kind of ['blob.stored.v1', 'source.created.v1', 'source.blob_attached.v1', 'persona.created.v1', 'assertion.captured.v1', 'assertion.confirmed.v1', 'assertion.refuted.v1']) {
    t.match(stream.text, new RegExp(`event: ${kind.replace(/\./g, '\\.')}\\n`), `the stream saw ${kind}`);
  }
});
