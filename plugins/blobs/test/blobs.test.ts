import t from 'tap';
import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import { incoming, sha256, storedObjects } from './fixtures/files.js';

const plugins = ['@rootline/plugin-blobs'];
const octets = { 'content-type': 'application/octet-stream' };

async function upload(s: TestServer, bytes: Buffer, options: { token?: string; prefix?: string } = {}) {
  const reply = await s.request('POST', `${options.prefix ?? '/v1'}/blobs`, { payload: bytes, headers: octets, token: options.token });
  return { reply, blob: reply.json<{ address: string; size_bytes: number; media_type: string }>() };
}

const countRows = (s: TestServer, sql: string, ...args: unknown[]) => (s.server.kernel.trees.active().db.prepare(sql).get(...args) as { n: number }).n;

t.test('bytes come back exactly as they went in', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const cases: [string, Buffer][] = [
    ['one byte', Buffer.from([0x42])],
    ['5 MiB', randomBytes(5 * 1024 * 1024)],
    ['random binary with every byte value', Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(70_001)])],
  ];
  for (const [name, bytes] of cases) {
    const { reply, blob } = await upload(s, bytes);
    t.equal(reply.statusCode, 200, `${name}: uploaded`);
    t.equal(blob.size_bytes, bytes.length, `${name}: size`);
    t.equal(blob.address, sha256(bytes), `${name}: address is the SHA-256`);
    const down = await s.request('GET', `/v1/blobs/sha256:${blob.address}`);
    t.equal(down.statusCode, 200, `${name}: downloaded`);
    t.equal(down.headers['content-type'], 'application/octet-stream');
    t.equal(Number(down.headers['content-length']), bytes.length, `${name}: Content-Length`);
    t.ok(down.rawPayload.equals(bytes), `${name}: same bytes`);
  }
});

t.test('an empty upload is refused (422 empty-upload), with or without a Content-Length; nothing stored', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const records = () => s.records({ kind: 'blob' }).length;
  const before = { rows: countRows(s, 'SELECT COUNT(*) AS n FROM blobs'), records: records() };
  const { reply } = await upload(s, Buffer.alloc(0));
  t.equal(reply.statusCode, 422);
  t.match(reply.json(), { code: 'empty-upload', status: 422, title: 'Empty upload', detail: /^The body is empty: send the bytes of the file; nothing was stored$/ });
  // Chunked: no Content-Length, the end comes with no bytes.
  const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(`${s.url}/v1/blobs`, { method: 'POST', headers: { authorization: `Bearer ${s.humanToken}`, 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end();
  });
  t.equal(chunked.status, 422, 'chunked, no bytes');
  t.equal(JSON.parse(chunked.body).code, 'empty-upload');
  t.same({ rows: countRows(s, 'SELECT COUNT(*) AS n FROM blobs'), records: records() }, before, 'no row, no record');
  t.same(storedObjects(s.server.kernel.trees.active().objectsDir), [], 'no file');
  t.same(incoming(s.server.kernel.trees.active().objectsDir), [], 'not even a temporary one');
  const one = await upload(s, Buffer.from([0]));
  t.equal(one.reply.statusCode, 200, 'one byte is a blob');
  const openapi = (await s.request('GET', '/v1/openapi.json')).json();
  const post = openapi.paths['/v1/blobs'].post;
  t.same(post.requestBody.content, { 'application/octet-stream': { schema: { type: 'string', format: 'binary', description: 'The bytes of the file, at least one' } } }, 'OpenAPI: the body is binary');
  t.ok(post.responses['422'], 'OpenAPI: 422 listed');
});

t.test('downloads are octet-stream and never sniffed into a page (nosniff)', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const page = Buffer.from('<!doctype html><script>alert(1)</script>');
  const { blob } = await upload(s, page);
  for (const method of ['GET', 'HEAD']) {
    const down = await s.request(method, `/v1/blobs/sha256:${blob.address}`);
    t.equal(down.headers['content-type'], 'application/octet-stream', `${method}: octet-stream whatever the bytes`);
    t.equal(down.headers['x-content-type-options'], 'nosniff', `${method}: nosniff`);
  }
  const part = await s.request('GET', `/v1/blobs/sha256:${blob.address}`, { headers: { range: 'bytes=0-3' } });
  t.equal(part.headers['x-content-type-options'], 'nosniff', 'a part too');
});

t.test('the address is what sha256sum prints for the same bytes', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const dir = mkdtempSync(join(tmpdir(), 'rootline-sha-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const bytes = randomBytes(300_000);
  const file = join(dir, 'scan.bin');
  writeFileSync(file, bytes);
  const printed = execFileSync('sha256sum', [file], { encoding: 'utf8' }).split(/\s+/)[0];
  const { blob } = await upload(s, bytes);
  t.equal(blob.address, printed);
  t.match(blob.address, /^[0-9a-f]{64}$/);
});

t.test('uploading the same bytes twice stores them once', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const objectsDir = s.server.kernel.trees.active().objectsDir;
  const bytes = randomBytes(10_000);
  const first = await upload(s, bytes);
  const second = await upload(s, bytes);
  t.equal(second.reply.statusCode, 200);
  t.same(second.blob, first.blob, 'the same answer both times');
  t.same(storedObjects(objectsDir), [join(first.blob.address.slice(0, 2), first.blob.address)], 'one file, at objects/ab/<hex>');
  t.equal(countRows(s, 'SELECT count(*) AS n FROM blobs'), 1, 'one blobs row');
  t.equal(countRows(s, "SELECT count(*) AS n FROM records WHERE kind = 'blob.stored.v1' AND entity_id = ?", first.blob.address), 1, 'one blob.stored.v1 record');
});

t.test('addresses that are not sha256:<64 lowercase hex> are refused; unknown ones are not found', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const hex = sha256(Buffer.from('the register'));
  for (const address of ['sha256:XYZ', hex, `sha256:${hex.toUpperCase()}`, `sha256:${hex.slice(1)}`, `md5:${hex}`]) {
    const reply = await s.request('GET', `/v1/blobs/${address}`);
    t.equal(reply.statusCode, 400, `${address.slice(0, 20)}...: 400`);
    t.equal(reply.json().code, 'validation-failed');
  }
  const unknown = await s.request('GET', `/v1/blobs/sha256:${hex}`);
  t.equal(unknown.statusCode, 404);
  t.equal(unknown.json().code, 'not-found');
});

t.test('ranges: a part, an open end, a suffix, and one past the end', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const bytes = randomBytes(1000);
  const { blob } = await upload(s, bytes);
  const path = `/v1/blobs/sha256:${blob.address}`;

  const first = await s.request('GET', path, { headers: { range: 'bytes=0-9' } });
  t.equal(first.statusCode, 206);
  t.equal(first.headers['content-range'], 'bytes 0-9/1000');
  t.equal(Number(first.headers['content-length']), 10);
  t.ok(first.rawPayload.equals(bytes.subarray(0, 10)));

  const open = await s.request('GET', path, { headers: { range: 'bytes=10-' } });
  t.equal(open.statusCode, 206);
  t.equal(open.headers['content-range'], 'bytes 10-999/1000');
  t.ok(open.rawPayload.equals(bytes.subarray(10)));

  const suffix = await s.request('GET', path, { headers: { range: 'bytes=-5' } });
  t.equal(suffix.statusCode, 206);
  t.equal(suffix.headers['content-range'], 'bytes 995-999/1000');
  t.ok(suffix.rawPayload.equals(bytes.subarray(995)));

  const past = await s.request('GET', path, { headers: { range: 'bytes=999999-' } });
  t.equal(past.statusCode, 416);
  t.equal(past.json().code, 'range-not-satisfiable');
  t.equal(past.headers['content-range'], 'bytes */1000');
});

t.test('HEAD answers the headers without the bytes; a known ETag gets 304', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const bytes = randomBytes(4096);
  const { blob } = await upload(s, bytes);
  const path = `/v1/blobs/sha256:${blob.address}`;

  const head = await s.request('HEAD', path);
  t.equal(head.statusCode, 200);
  t.equal(Number(head.headers['content-length']), 4096);
  t.equal(head.headers['accept-ranges'], 'bytes');
  t.equal(head.rawPayload.length, 0, 'no body');
  const etag = head.headers.etag as string;
  t.equal(etag, `"sha256:${blob.address}"`);

  const again = await s.request('GET', path, { headers: { 'if-none-match': etag } });
  t.equal(again.statusCode, 304);
  t.equal(again.rawPayload.length, 0);
  t.equal(again.headers.etag, etag);

  const other = await s.request('GET', path, { headers: { 'if-none-match': '"sha256:0000"' } });
  t.equal(other.statusCode, 200, 'another ETag gets the bytes');
});

t.test('the media type is read from the bytes, not from the request', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 120, g: 80, b: 40 } } }).png().toBuffer();
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  t.equal((await upload(s, png)).blob.media_type, 'image/png');
  t.equal((await upload(s, pdf)).blob.media_type, 'application/pdf');
  const claimed = await s.request('POST', '/v1/blobs', { payload: randomBytes(64), headers: { 'content-type': 'image/jpeg' } });
  t.equal(claimed.statusCode, 200, 'any Content-Type is taken as bytes');
  t.not(claimed.json().media_type, 'image/jpeg', 'a claimed type is not believed');
});

t.test('the pinned mount answers like the active one, for the same tree', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const treeId = s.server.kernel.trees.active().id;
  const bytes = randomBytes(2048);
  const { reply, blob } = await upload(s, bytes, { prefix: `/v1/trees/${treeId}` });
  t.equal(reply.statusCode, 200);
  const pinned = await s.request('GET', `/v1/trees/${treeId}/blobs/sha256:${blob.address}`);
  t.ok(pinned.rawPayload.equals(bytes));
  const active = await s.request('GET', `/v1/blobs/sha256:${blob.address}`);
  t.ok(active.rawPayload.equals(bytes), 'visible on /v1 too: the active tree is that tree');
  const missing = await s.request('GET', `/v1/trees/00000000-0000-7000-8000-000000000000/blobs/sha256:${blob.address}`);
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().code, 'tree-not-found');
});

t.test('an agent can upload, and the record says an agent stored it', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const { reply, blob } = await upload(s, randomBytes(512), { token: s.agentToken });
  t.equal(reply.statusCode, 200);
  const record = s.server.kernel.trees.active().db.prepare("SELECT actor_kind, credential_id FROM records WHERE kind = 'blob.stored.v1' AND entity_id = ?").get(blob.address);
  t.same(record, { actor_kind: 'agent', credential_id: s.agentCredentialId });
  const anonymous = await s.request('POST', '/v1/blobs', { payload: randomBytes(16), headers: octets, token: null });
  t.equal(anonymous.statusCode, 401, 'no token, no upload');
});

t.test('an upload without a Content-Type is still taken as bytes', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const bytes = randomBytes(3000);
  const reply = await s.request('POST', '/v1/blobs', { payload: bytes });
  t.equal(reply.statusCode, 200);
  t.equal(reply.json().address, sha256(bytes));
});

t.test('If-None-Match is a list, may be weak or *, and any match gets 304', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const { blob } = await upload(s, randomBytes(100));
  const path = `/v1/blobs/sha256:${blob.address}`;
  for (const header of [`"x", "sha256:${blob.address}"`, `W/"sha256:${blob.address}"`, '*']) {
    const reply = await s.request('GET', path, { headers: { 'if-none-match': header } });
    t.equal(reply.statusCode, 304, header.slice(0, 30));
  }
});

t.test('text that is not UTF-8 is sniffed the same whatever its length', async (t) => {
  const s = await buildTestServer(t, { plugins });
  // A Windows-1252 register transcription: "Zoë Müller, baptisée" repeated.
  const line = Buffer.from('Zo\xEB M\xFCller, baptis\xE9e le 3 mars 1851\n', 'latin1');
  const short = Buffer.concat(Array.from({ length: 10 }, () => line));
  const long = Buffer.concat(Array.from({ length: 400 }, () => line));
  t.equal((await upload(s, long)).blob.media_type, (await upload(s, short)).blob.media_type);
  // UTF-8 text whose sniffed head ends inside a multi-byte character is still text.
  const utf8 = Buffer.from('é'.repeat(5000), 'utf8');
  t.equal((await upload(s, Buffer.concat([Buffer.from('a'), utf8]))).blob.media_type, 'text/plain');
});

t.test("an agent cannot download a blob that is the human's (an imported GEDCOM file, the human's export); the human can", async (t) => {
  const s = await buildTestServer(t, { plugins });
  const tree = s.server.kernel.trees.active();
  const bytes = Buffer.from('0 HEAD\n0 @I1@ INDI\n1 NAME Rosemary /Kennedy/\n0 TRLR\n');
  const { address } = await tree.blobs.write([bytes], { maxBytes: 1024, actor: { kind: 'human', credentialId: null }, humanOnly: true });
  for (const method of ['GET', 'HEAD']) {
    const refused = await s.request(method, `/v1/blobs/sha256:${address}`, { token: s.agentToken });
    t.equal(refused.statusCode, 403, `${method} as an agent`);
    if (method === 'GET') {
      t.match(refused.json(), { code: 'human-token-required', detail: `Blob sha256:${address} is the human's (an imported GEDCOM file or the human's export, with living persons and redacted values): ask the human, or export with your own token` });
      t.notMatch(refused.body, 'Rosemary');
    }
    const human = await s.request(method, `/v1/blobs/sha256:${address}`);
    t.equal(human.statusCode, 200, `${method} as the human`);
  }
  t.ok((await s.request('GET', `/v1/blobs/sha256:${address}`)).rawPayload.equals(bytes), 'the human reads the bytes');
  const other = await upload(s, Buffer.from('a scan of a register'), { token: s.agentToken });
  t.equal((await s.request('GET', `/v1/blobs/sha256:${other.blob.address}`, { token: s.agentToken })).statusCode, 200, 'any other blob: the agent reads it');
  await upload(s, bytes, { token: s.agentToken });
  t.equal((await s.request('GET', `/v1/blobs/sha256:${address}`, { token: s.agentToken })).statusCode, 200, 'once the agent uploaded the same bytes itself, it may read them');
});
