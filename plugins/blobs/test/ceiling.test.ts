import t from 'tap';
import { request } from 'node:http';
import { connect } from 'node:net';
import { dirname } from 'node:path';
import { buildTestServer, waitFor, type TestServer } from '@rootline/kernel/testing';
import { chunkedUpload } from './fixtures/chunked.js';
import { incoming, snapshot } from './fixtures/files.js';

const MIB = 1024 * 1024;
const env = { ROOTLINE_BLOB_MAX_BYTES: String(MIB) };
const plugins = ['@rootline/plugin-blobs'];

/** What a person could find changed in the data folder: files and their sizes, blob rows, records. */
function dataState(s: TestServer) {
  const tree = s.server.kernel.trees.active();
  const count = (sql: string) => (tree.db.prepare(sql).get() as { n: number }).n;
  return { files: snapshot(dirname(tree.objectsDir)), blobs: count('SELECT count(*) AS n FROM blobs'), records: count('SELECT count(*) AS n FROM records') };
}

t.test('a declared Content-Length over the ceiling is refused before any byte is read', async (t) => {
  const s = await buildTestServer(t, { plugins, env });
  const before = dataState(s);
  const answer = await new Promise<{ status?: number; body: string; closed: boolean; connection?: string }>((resolve, reject) => {
    const req = request(`${s.url}/v1/blobs`, {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${s.humanToken}`, 'content-type': 'application/octet-stream', 'content-length': String(2 * MIB) },
    });
    req.on('error', reject);
    // Only the headers go out: the answer must not wait for a body that never comes.
    req.flushHeaders();
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text) => (body += text));
      const answered = { status: res.statusCode, body, closed: true, connection: res.headers.connection };
      res.on('end', () => req.socket?.once('close', () => resolve({ ...answered, body })) ?? resolve({ ...answered, body }));
    });
  });
  t.equal(answer.status, 413);
  t.equal(answer.connection, 'close', 'the answer says the connection ends');
  t.equal(JSON.parse(answer.body).code, 'payload-too-large');
  t.equal(JSON.parse(answer.body).max_bytes, MIB);
  t.same(dataState(s), before, 'nothing written');
});

t.test('a chunked body that passes the ceiling is refused while arriving, and leaves nothing', async (t) => {
  const s = await buildTestServer(t, { plugins, env });
  const objectsDir = s.server.kernel.trees.active().objectsDir;
  const before = dataState(s);
  // 3 MiB offered in 64 KiB pieces every 5 ms; the server should stop it just past 1 MiB.
  const outcome = await chunkedUpload(s.url, s.humanToken, { chunk: Buffer.alloc(64 * 1024, 7), chunks: 48, intervalMs: 5 });
  t.equal(outcome.status, 413, `answered 413 (${outcome.error ?? 'no error'})`);
  t.equal(outcome.body && JSON.parse(outcome.body).code, 'payload-too-large');
  t.ok(outcome.sentBeforeAnswer < 3 * MIB, `the answer came while the body was still arriving (${outcome.sentBeforeAnswer} of ${3 * MIB} bytes sent)`);
  t.ok(outcome.closed, 'the connection was closed');
  t.equal(outcome.headers?.connection, 'close', 'and the answer said it would be');
  t.ok(await waitFor(() => incoming(objectsDir).length === 0), 'no temporary file left');
  t.same(dataState(s), before, 'the data folder is as it was');

  // The server is still fine for the next upload.
  const small = await s.request('POST', '/v1/blobs', { payload: Buffer.alloc(1000, 1), headers: { 'content-type': 'application/octet-stream' } });
  t.equal(small.statusCode, 200);
});

t.test('a chunked body past the ceiling in one small piece: the 413 says the connection ends, and it does', async (t) => {
  const s = await buildTestServer(t, { plugins, env: { ROOTLINE_BLOB_MAX_BYTES: '1000' } });
  const before = dataState(s);
  const { port } = new URL(s.url);
  // 1,500 bytes in one chunk and no last chunk: the body is still open when the answer goes.
  const answer = await new Promise<{ head: string; body: string; ended: boolean }>((resolve) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`POST /v1/blobs HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${s.humanToken}\r\n` +
        `Content-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n5dc\r\n${'x'.repeat(1500)}\r\n`);
    });
    let text = '';
    socket.setEncoding('utf8').on('data', (piece: string) => (text += piece));
    socket.on('end', () => {
      const [head, body] = text.split('\r\n\r\n');
      socket.destroy();
      resolve({ head, body, ended: true });
    });
  });
  t.match(answer.head, /^HTTP\/1\.1 413 /, '413');
  t.match(answer.head, /\r\nconnection: close(\r\n|$)/i, 'Connection: close, not keep-alive');
  t.notMatch(answer.head, /keep-alive/i);
  t.equal(JSON.parse(answer.body).code, 'payload-too-large');
  t.ok(answer.ended, 'the server ended the connection');
  t.same(dataState(s), before, 'nothing written');
});

t.test('a body of exactly the ceiling is accepted', async (t) => {
  const s = await buildTestServer(t, { plugins, env });
  const outcome = await chunkedUpload(s.url, s.humanToken, { chunk: Buffer.alloc(256 * 1024, 3), chunks: 4, intervalMs: 1 });
  t.equal(outcome.status, 200);
  t.equal(outcome.body && JSON.parse(outcome.body).size_bytes, MIB);
});

t.test('a client that goes away mid-upload leaves nothing behind', async (t) => {
  const s = await buildTestServer(t, { plugins, env });
  const objectsDir = s.server.kernel.trees.active().objectsDir;
  const before = dataState(s);
  const outcome = await chunkedUpload(s.url, s.humanToken, { chunk: Buffer.alloc(32 * 1024, 9), chunks: 16, intervalMs: 5, abortAfter: 256 * 1024 });
  t.equal(outcome.status, undefined, 'no answer: we left first');
  t.ok(await waitFor(() => incoming(objectsDir).length === 0), 'the server noticed and removed the temporary file');
  t.same(dataState(s), before, 'the data folder is as it was');
});
