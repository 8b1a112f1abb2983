import t from 'tap';
import { Readable } from 'node:stream';
import { systemActor } from '@rootline/kernel';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import { parseRange, type RangeAnswer } from '../src/range.js';

/**
 * Range as a table (RFC 9110 §14; the decisions are written in src/range.ts): every form and
 * error, on a 10-byte blob and on an empty one, through the route (status, Content-Range,
 * Content-Length and the bytes) and through the parser alone.
 */

const BYTES = Buffer.from('0123456789');
const EMPTY = Buffer.alloc(0);

/** 206 with bytes start..end, 200 with the whole blob, or 416. */
type Want = [206, number, number] | [200] | [416];

const TEN: [header: string, want: Want, why: string][] = [
  ['bytes=0-0', [206, 0, 0], 'the first byte'],
  ['bytes=0-', [206, 0, 9], 'from the start, open end'],
  ['bytes=3-', [206, 3, 9], 'from the middle, open end'],
  ['bytes=9-', [206, 9, 9], 'open end from the last byte'],
  ['bytes=-1', [206, 9, 9], 'the last byte'],
  ['bytes=-3', [206, 7, 9], 'a suffix'],
  ['bytes=-10', [206, 0, 9], 'a suffix the size of the blob'],
  ['bytes=-11', [206, 0, 9], 'a suffix longer than the blob: all of it'],
  ['bytes=-0', [416], 'a suffix of zero bytes: unsatisfiable'],
  ['bytes=0-9', [206, 0, 9], 'exactly size-1'],
  ['bytes=9-9', [206, 9, 9], 'the last byte by position'],
  ['bytes=2-10', [206, 2, 9], 'end at size: clamped to size-1'],
  ['bytes=2-999999', [206, 2, 9], 'end far past the size: clamped to size-1'],
  ['bytes=0-99999999999999999999', [206, 0, 9], 'an end past any integer: clamped'],
  ['bytes=10-', [416], 'start == size'],
  ['bytes=10-10', [416], 'start == size, with an end'],
  ['bytes=11-20', [416], 'start past the size'],
  ['bytes=5-2', [200], 'reversed: an invalid range is ignored'],
  ['bytes=0-1,3-4', [200], 'several ranges: ignored, the whole blob'],
  ['bytes=0-1,0-1', [200], 'the same range twice: still several'],
  ['items=0-1', [200], 'another unit: ignored'],
  ['Bytes=0-1', [206, 0, 1], 'the unit is case-insensitive'],
  ['bytes=0-1 ,', [206, 0, 1], 'an empty list element is dropped (one range)'],
  ['bytes= 0-1', [206, 0, 1], 'whitespace around a range of the list'],
  ['bytes=0 - 1', [200], 'whitespace inside a range: not the grammar, ignored'],
  ['bytes =0-1', [200], 'whitespace before "=": not the unit, ignored'],
  ['bytes=00-01', [206, 0, 1], 'leading zeros are digits'],
  ['bytes=1-2-3', [200], 'malformed: ignored'],
  ['bytes=a-b', [200], 'not numbers: ignored'],
  ['bytes=-', [200], 'neither end: ignored'],
  ['bytes=', [200], 'no range at all: ignored'],
  ['bytes', [200], 'no "=": ignored'],
  ['bytes=+1-2', [200], 'a sign is not a digit: ignored'],
];

const NONE: [header: string, want: Want, why: string][] = [
  ['bytes=0-0', [416], 'the first byte of nothing'],
  ['bytes=0-', [416], 'from the start of nothing'],
  ['bytes=-1', [416], 'a suffix of nothing'],
  ['bytes=-0', [416], 'a zero suffix'],
  ['bytes=0-9', [416], 'a range of nothing'],
  ['bytes=5-2', [200], 'invalid: ignored before anything is measured'],
  ['items=0-1', [200], 'another unit: ignored'],
];

const answerOf = (want: Want): RangeAnswer => (want[0] === 206 ? { kind: 'part', start: want[1], end: want[2] } : want[0] === 200 ? { kind: 'whole' } : { kind: 'unsatisfiable' });

t.test('the parser, form by form', async (t) => {
  for (const [header, want, why] of TEN) t.same(parseRange(header, BYTES.length), answerOf(want), `10 bytes, ${JSON.stringify(header)}: ${why}`);
  for (const [header, want, why] of NONE) t.same(parseRange(header, 0), answerOf(want), `empty, ${JSON.stringify(header)}: ${why}`);
  t.same(parseRange(undefined, 10), { kind: 'whole' }, 'no header');
  t.same(parseRange('', 10), { kind: 'whole' }, 'an empty header');
  t.same(parseRange('  bytes=0-1  ', 10), { kind: 'part', start: 0, end: 1 }, 'the field value is trimmed');
  t.same(parseRange('bytes=0-', 1), { kind: 'part', start: 0, end: 0 }, 'a one-byte blob');
});

async function upload(s: TestServer, bytes: Buffer): Promise<string> {
  const reply = await s.request('POST', '/v1/blobs', { payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
  return `/v1/blobs/sha256:${reply.json().address}`;
}

/** The part of a tap test a row asserts with. */
interface Assert {
  equal(found: unknown, wanted: unknown, message: string): unknown;
  ok(value: unknown, message: string): unknown;
}

async function checkRow(t: Assert, s: TestServer, path: string, blob: Buffer, header: string, want: Want, why: string) {
  const name = `${blob.length} bytes, Range ${JSON.stringify(header)}: ${why}`;
  for (const method of ['GET', 'HEAD'] as const) {
    const reply = await s.request(method, path, { headers: { range: header } });
    const label = `${method} ${name}`;
    t.equal(reply.statusCode, want[0], `${label}: ${want[0]}`);
    if (want[0] === 206) {
      const [, start, end] = want;
      t.equal(reply.headers['content-range'], `bytes ${start}-${end}/${blob.length}`, `${label}: Content-Range`);
      t.equal(reply.headers['content-length'], String(end - start + 1), `${label}: Content-Length`);
      if (method === 'GET') t.ok(reply.rawPayload.equals(blob.subarray(start, end + 1)), `${label}: the bytes ${start}..${end}`);
    } else if (want[0] === 200) {
      t.equal(reply.headers['content-range'], undefined, `${label}: no Content-Range`);
      t.equal(reply.headers['content-length'], String(blob.length), `${label}: Content-Length of the whole blob`);
      if (method === 'GET') t.ok(reply.rawPayload.equals(blob), `${label}: the whole blob`);
    } else {
      t.equal(reply.headers['content-range'], `bytes */${blob.length}`, `${label}: Content-Range names the size`);
      if (method === 'GET') {
        t.equal(reply.json().code, 'range-not-satisfiable', `${label}: the Problem`);
        t.equal(reply.headers['content-length'], String(reply.rawPayload.length), `${label}: Content-Length of the Problem`);
      }
    }
    // A 416 is a Problem document; for HEAD the socket drops its body (Node does), inject does not.
    if (method === 'HEAD' && want[0] !== 416) t.equal(reply.rawPayload.length, 0, `${label}: no body`);
  }
}

t.test('through the route: status, Content-Range, Content-Length and the bytes', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-blobs'] });
  const ten = await upload(s, BYTES);
  // An empty upload is refused (422 empty-upload), but a tree can still hold an empty blob
  // (written by the kernel, e.g. an imported media file of 0 bytes): store it that way.
  const stored = await s.server.kernel.trees.active().blobs.write(Readable.from([]), { maxBytes: 1024, actor: systemActor });
  const empty = `/v1/blobs/sha256:${stored.address}`;
  for (const [header, want, why] of TEN) await checkRow(t, s, ten, BYTES, header, want, why);
  for (const [header, want, why] of NONE) await checkRow(t, s, empty, EMPTY, header, want, why);
  const plain = await s.request('GET', ten);
  t.equal(plain.statusCode, 200, 'no Range: the whole blob');
  t.equal(plain.headers['accept-ranges'], 'bytes', 'and says ranges are served');
});
