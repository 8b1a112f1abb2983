import t, { type Test } from 'tap';
import sharp from 'sharp';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestServer, waitFor, type TestServer } from '@rootline/kernel/testing';
import { makePdf, textPdf, encryptedPdf, slowPdf, heavyPdf } from './fixtures/thumbnail-pdf.js';

const PLUGINS = ['@rootline/plugin-blobs'];
/**
 * The default limit (10 s a render) is for a genealogist's machine; a test machine under load
 * (ten runs beside mutation testing) took longer than that to start a renderer and draw a page.
 * These tests are not about the limit (the time-limit test sets its own), so they allow 2 min.
 */
const PATIENT = { ROOTLINE_THUMBNAIL_TIMEOUT_MS: '120000' };
/** The time limit of the time-limit test: past it a render is stopped. */
const TIME_LIMIT_MS = 3000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function upload(s: TestServer, bytes: Buffer): Promise<string> {
  const response = await s.request('POST', '/v1/blobs', { payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<{ address: string }>().address;
}

const thumbnail = (s: TestServer, address: string, headers?: Record<string, string>) =>
  s.request('GET', `/v1/blobs/sha256:${address}/thumbnail`, { headers });

/** Width and height from the IHDR chunk, which a PNG must start with. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

const tree = (s: TestServer) => s.server.kernel.trees.active();

/** Renders the server's ThumbnailService has started: unchanged means an answer came from the cache or a remembered failure. */
const renders = (s: TestServer) => s.server.kernel.container.cradle.thumbnailService.renders;
const runnerStats = (s: TestServer) => s.server.kernel.container.cradle.thumbnailService.runnerStats;

t.test('page 1 of a PDF becomes a PNG, 512 px on the long side, drawn right', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  const address = await upload(s, makePdf());
  const response = await thumbnail(s, address);
  t.equal(response.statusCode, 200, response.statusCode === 200 ? 'a thumbnail' : response.body.slice(0, 300));
  t.equal(response.headers['content-type'], 'image/png');
  const png = response.rawPayload;
  t.equal(Number(response.headers['content-length']), png.length);
  // A US Letter page (612 x 792 pt) scaled so its height is 512.
  t.same(pngSize(png), { width: 396, height: 512 });
  // The red rectangle (x 50-250, y 50-350 pt from the bottom) and white paper elsewhere.
  const scale = 512 / 792;
  t.same(await pixel(png, Math.round(150 * scale), Math.round((792 - 200) * scale)), [255, 0, 0]);
  t.same(await pixel(png, Math.round(400 * scale), Math.round((792 - 500) * scale)), [0, 0, 255]);
  t.same(await pixel(png, 5, 5), [255, 255, 255]);
  t.match(response.headers.etag, /^"sha256:[0-9a-f]{64}"$/);
  t.match(response.headers['cache-control'], /immutable/);
});

t.test('a PDF with text in a standard font renders (font data found without a network)', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  const response = await thumbnail(s, await upload(s, textPdf('Hello Rootline')));
  t.equal(response.statusCode, 200, response.statusCode === 200 ? 'a thumbnail' : response.body.slice(0, 300));
  t.same(pngSize(response.rawPayload), { width: 396, height: 512 });
  // Some dark ink where the text line is (top left of the page).
  const { data, info } = await sharp(response.rawPayload).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
  const band = data.subarray(info.width * 20, info.width * 70);
  t.ok(band.some((value) => value < 64), 'glyphs are drawn');
});

async function compareWithPoppler(t: Test) {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  const pdf = makePdf();
  const ours = (await thumbnail(s, await upload(s, pdf))).rawPayload;
  const dir = mkdtempSync(join(tmpdir(), 'rootline-pdftoppm-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'in.pdf'), pdf);
  const run = spawnSync('pdftoppm', ['-png', '-singlefile', '-scale-to', '512', join(dir, 'in.pdf'), join(dir, 'out')]);
  t.equal(run.status, 0, 'pdftoppm ran');
  const theirs = readFileSync(join(dir, 'out.png'));
  t.same(pngSize(ours), pngSize(theirs), 'same size');
  // Mean absolute difference of the pixels, 0-255: only anti-aliased edges may differ.
  const a = await sharp(ours).removeAlpha().raw().toBuffer();
  const b = await sharp(theirs).removeAlpha().raw().toBuffer();
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  t.ok(sum / a.length < 2, `pixels agree (mean difference ${(sum / a.length).toFixed(3)})`);
}

// Said plainly when it cannot run: a skipped comparison is not a passed one.
if (spawnSync('pdftoppm', ['-v']).error) {
  t.skip('our rendering agrees with pdftoppm: NOT RUN, pdftoppm is not installed (apt-get install -y poppler-utils)', compareWithPoppler);
} else {
  t.test('our rendering agrees with pdftoppm (poppler)', compareWithPoppler);
}

t.test('a large JPEG is scaled to 512 on its long side; a small one keeps its size', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  const large = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  const small = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#996633' } }).jpeg().toBuffer();
  const big = await thumbnail(s, await upload(s, large));
  t.equal(big.statusCode, 200, big.statusCode === 200 ? 'a thumbnail' : big.body.slice(0, 300));
  t.same(pngSize(big.rawPayload), { width: 512, height: 256 });
  const meta = await sharp(big.rawPayload).metadata();
  t.equal(meta.format, 'png');
  const little = await thumbnail(s, await upload(s, small));
  t.same(pngSize(little.rawPayload), { width: 120, height: 90 }, 'never enlarged');
});

t.test('PNG, GIF, WebP and TIFF are thumbnailed too', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  const base = sharp({ create: { width: 600, height: 1200, channels: 3, background: '#aa2211' } });
  for (const format of ['png', 'gif', 'webp', 'tiff'] as const) {
    const bytes = await base.clone().toFormat(format).toBuffer();
    const response = await thumbnail(s, await upload(s, bytes));
    t.equal(response.statusCode, 200, response.statusCode === 200 ? format : `${format}: ${response.body.slice(0, 200)}`);
    t.same(pngSize(response.rawPayload), { width: 256, height: 512 }, format);
  }
});

t.test('the second request is served from the cache', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  const address = await upload(s, makePdf({ width: 800, height: 400 }));
  const first = await thumbnail(s, address);
  t.equal(first.statusCode, 200);
  t.equal(renders(s), 1, 'the first request renders');
  const row = tree(s).prepare('SELECT thumbnail, width, height, created_at_ms FROM blob_thumbnails WHERE original = ?').get(address) as
    { thumbnail: string; width: number; height: number; created_at_ms: number } | undefined;
  t.ok(row, 'blob_thumbnails row written');
  t.same({ width: row!.width, height: row!.height }, { width: 512, height: 256 });
  t.equal(first.headers.etag, `"sha256:${row!.thumbnail}"`, 'the ETag is the PNG blob address');
  // The PNG is a blob of its own: downloadable by its address.
  const stored = await s.request('GET', `/v1/blobs/sha256:${row!.thumbnail}`);
  t.ok(stored.rawPayload.equals(first.rawPayload));

  const second = await thumbnail(s, address);
  t.equal(second.statusCode, 200);
  t.ok(second.rawPayload.equals(first.rawPayload), 'identical bytes');
  t.equal(second.headers.etag, first.headers.etag);
  t.equal(renders(s), 1, 'served without rendering again');
  const again = tree(s).prepare('SELECT created_at_ms FROM blob_thumbnails WHERE original = ?').get(address) as { created_at_ms: number };
  t.equal(again.created_at_ms, row!.created_at_ms, 'row not rewritten');

  const head = await s.request('HEAD', `/v1/blobs/sha256:${address}/thumbnail`);
  t.equal(head.statusCode, 200);
  t.equal(Number(head.headers['content-length']), first.rawPayload.length);
  const notModified = await thumbnail(s, address, { 'if-none-match': first.headers.etag as string });
  t.equal(notModified.statusCode, 304);
  const pinned = await s.request('GET', `/v1/trees/${tree(s).id}/blobs/sha256:${address}/thumbnail`);
  t.ok(pinned.rawPayload.equals(first.rawPayload), 'the pinned mount serves the same thumbnail');
  t.equal(renders(s), 1, 'HEAD, 304 and the pinned mount render nothing either');
});

t.test('If-None-Match on a thumbnail is a list, may be weak or *, and any match gets 304', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  const address = await upload(s, makePdf({ width: 200, height: 100 }));
  const etag = (await thumbnail(s, address)).headers.etag as string;
  for (const header of [`"x", ${etag}`, `W/${etag}`, '*']) {
    const reply = await thumbnail(s, address, { 'if-none-match': header });
    t.equal(reply.statusCode, 304, header.slice(0, 30));
    t.equal(reply.rawPayload.length, 0);
  }
  t.equal((await thumbnail(s, address, { 'if-none-match': '"sha256:0000"' })).statusCode, 200, 'another ETag gets the PNG');
});

t.test('broken PDFs give 404, and the failure is remembered rather than rendered again', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  const good = makePdf();
  const broken = {
    truncated: good.subarray(0, 120),
    garbage: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 'garbage ')]),
  };
  for (const [name, bytes] of Object.entries(broken)) {
    const address = await upload(s, bytes);
    const before = renders(s);
    const response = await thumbnail(s, address);
    t.equal(response.statusCode, 404, name);
    t.equal(response.json().code, 'not-found');
    t.match(response.json().detail, /the PDF cannot be rendered \(Invalid PDF structure\.\)/, `${name}: in the parser's own words`);
    t.equal(renders(s), before + 1, `${name}: one render found it broken`);
    t.ok(tree(s).prepare('SELECT 1 FROM blob_thumbnail_failures WHERE original = ?').get(address), `${name}: remembered`);
    const second = await thumbnail(s, address);
    t.equal(second.statusCode, 404);
    t.equal(second.json().detail, response.json().detail);
    t.equal(renders(s), before + 1, `${name}: not rendered again`);
  }
});

t.test('requests for the same original at once share one render', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  const address = await upload(s, makePdf({ width: 300, height: 300 }));
  const answers = await Promise.all([1, 2, 3].map(() => thumbnail(s, address)));
  t.same(answers.map((answer) => answer.statusCode), [200, 200, 200]);
  t.ok(answers.every((answer) => answer.rawPayload.equals(answers[0]!.rawPayload)));
  t.same(pngSize(answers[0]!.rawPayload), { width: 300, height: 300 }, 'a 300 pt page is not enlarged');
  t.equal(renders(s), 1, 'three requests, one render');
});

t.test('a broken image gives 404 saying it cannot be rendered', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#222222' } }).jpeg().toBuffer();
  // A JPEG header followed by noise: sniffed as image/jpeg, undecodable.
  const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(5000, 0x5a)]);
  const response = await thumbnail(s, await upload(s, broken));
  t.equal(response.statusCode, 404);
  t.match(response.json().detail, /the image cannot be rendered/);
  t.notMatch(response.json().detail, /\/work|node_modules/, 'no paths in the Problem');
});

t.test('a password-protected PDF gives 404 saying so', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  const response = await thumbnail(s, await upload(s, encryptedPdf()));
  t.equal(response.statusCode, 404);
  t.match(response.json().detail, /encrypted/);
});

t.test('a huge page renders at thumbnail size without a huge canvas', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  // Drawn at full size this page would be a 14400 x 7200 px canvas (over 400 MB); it must be drawn at 512 x 256.
  const response = await thumbnail(s, await upload(s, makePdf({ width: 14400, height: 7200 })));
  t.equal(response.statusCode, 200, response.statusCode === 200 ? 'a thumbnail' : response.body.slice(0, 300));
  t.same(pngSize(response.rawPayload), { width: 512, height: 256 });
  t.equal(renders(s), 1);
});

t.test('a render past the time limit is stopped: 404, the server keeps answering', async (t) => {
  // The slow PDF draws for well over a minute, so it always reaches the limit; the limit
  // leaves an ordinary render (a few hundred ms, more under load) plenty of room.
  const s = await buildTestServer(t, { plugins: PLUGINS, env: { ROOTLINE_THUMBNAIL_TIMEOUT_MS: String(TIME_LIMIT_MS) } });
  const slow = await upload(s, slowPdf());
  const text = await upload(s, Buffer.from('a transcription, not an image\n'));
  let settled = false;
  const pending = thumbnail(s, slow).finally(() => (settled = true));
  t.ok(await waitFor(() => renders(s) === 1), 'the render started');
  // While the worker grinds, the event loop is free: another request is answered before the render ends.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const other = await s.request('GET', `/v1/blobs/sha256:${text}`);
  t.equal(other.statusCode, 200);
  t.notOk(settled, 'a download was answered while the render was still running');
  const response = await pending;
  t.equal(response.statusCode, 404);
  t.match(response.json().detail, new RegExp(`took too long \\(over ${TIME_LIMIT_MS} ms.*remembered for this blob; ask again with \\?retry=true`));
  t.ok(tree(s).prepare('SELECT 1 FROM blob_thumbnail_failures WHERE original = ?').get(slow), 'the timeout is remembered');
  t.equal(runnerStats(s).killed, 1, 'the renderer past the limit was killed');
  const again = await thumbnail(s, slow);
  t.equal(again.statusCode, 404);
  t.equal(again.json().detail, response.json().detail, 'asked again: the same Problem');
  t.equal(renders(s), 1, 'answered at once, not rendered again');
  // A normal file still renders afterwards: the stopped worker left nothing behind.
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } }).jpeg().toBuffer();
  const ok = await thumbnail(s, await upload(s, jpeg));
  t.equal(ok.statusCode, 200, ok.statusCode === 200 ? 'a thumbnail after the stopped render' : ok.body.slice(0, 300));
  t.equal(renders(s), 2);
});

t.test('a remembered failure is rendered again only when asked: ?retry=true', async (t) => {
  // A broken PDF fails at once; this test is about the failure being remembered.
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  const broken = await upload(s, makePdf().subarray(0, 120));
  const first = await thumbnail(s, broken);
  t.equal(first.statusCode, 404);
  t.match(first.json().detail, /the PDF cannot be rendered .*\(remembered for this blob; ask again with \?retry=true to render it again\)$/);
  t.equal(renders(s), 1);
  t.equal((await thumbnail(s, broken)).statusCode, 404);
  t.equal(renders(s), 1, 'remembered: not rendered again');
  const again = await s.request('GET', `/v1/blobs/sha256:${broken}/thumbnail`, { query: { retry: 'true' } });
  t.equal(again.statusCode, 404, 'retry=true: still broken');
  t.match(again.json().detail, /the PDF cannot be rendered/);
  t.equal(renders(s), 2, 'the retry rendered it again');
  t.equal((await thumbnail(s, broken)).statusCode, 404);
  t.equal(renders(s), 2, 'and without retry the new failure is remembered again');
  const good = await upload(s, makePdf());
  t.equal((await thumbnail(s, good)).statusCode, 200);
  t.equal((await s.request('GET', `/v1/blobs/sha256:${good}/thumbnail`, { query: { retry: 'true' } })).statusCode, 200);
  t.equal(renders(s), 3, 'retry on a cached thumbnail serves the cache');
  for (const retry of ['please', '1']) {
    const bad = await s.request('GET', `/v1/blobs/sha256:${good}/thumbnail`, { query: { retry } });
    t.equal(bad.statusCode, 400, `retry=${retry}: retry must be true or false`);
  }
});

t.test('a small image never waits behind heavy PDFs: PDFs take one lane, images the other', async (t) => {
  // Long enough that the heavy PDFs are still being drawn when the image is answered.
  const s = await buildTestServer(t, { plugins: PLUGINS, env: { ROOTLINE_THUMBNAIL_TIMEOUT_MS: '60000' } });
  const heavy = [await upload(s, slowPdf()), await upload(s, slowPdf(4, 61))];
  const settled = [false, false];
  const pdfs = heavy.map((address, i) => thumbnail(s, address).finally(() => (settled[i] = true)));
  t.ok(await waitFor(() => runnerStats(s).running.pdf === 1 && runnerStats(s).waiting.pdf === 1), 'one heavy PDF renders, the other waits in the PDF lane');
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#345678' } }).jpeg().toBuffer();
  const image = await thumbnail(s, await upload(s, jpeg));
  t.equal(image.statusCode, 200, 'the image is thumbnailed');
  t.same(settled, [false, false], 'while both heavy PDFs are still unanswered');
  t.same(runnerStats(s).running, { pdf: 1, image: 0 });
  await s.server.kernel.container.cradle.thumbnailService.close();
  const answers = await Promise.all(pdfs);
  t.same(answers.map((answer) => answer.statusCode), [404, 404], 'closing stops them');
  t.notOk(tree(s).prepare('SELECT 1 FROM blob_thumbnail_failures WHERE original = ?').get(heavy[0]), 'a render cut short by shutdown is not remembered');
});

t.test('a renderer past its memory limit is killed; the failure is remembered and the next render works', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: { ROOTLINE_THUMBNAIL_MAX_MEMORY_MB: '256', ROOTLINE_THUMBNAIL_TIMEOUT_MS: '120000' } });
  const heavy = await upload(s, heavyPdf());
  t.ok(heavyPdf().length < 200_000, 'a small file (millions of operations, compressed)');
  const response = await thumbnail(s, heavy);
  t.equal(response.statusCode, 404);
  t.match(response.json().detail, /needed more memory than a thumbnail may use .*ROOTLINE_THUMBNAIL_MAX_MEMORY_MB.*remembered/);
  t.equal(runnerStats(s).killed, 1, 'the renderer was killed at the limit');
  t.ok(tree(s).prepare('SELECT 1 FROM blob_thumbnail_failures WHERE original = ?').get(heavy), 'remembered');
  const again = await thumbnail(s, heavy);
  t.equal(again.statusCode, 404);
  t.equal(renders(s), 1, 'not rendered again');
  const ok = await thumbnail(s, await upload(s, makePdf()));
  t.equal(ok.statusCode, 200, ok.statusCode === 200 ? 'a fresh renderer draws the next file' : ok.body);
  t.equal(runnerStats(s).started, 2);
});

t.test('other types, unknown and malformed addresses', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS, env: PATIENT });
  const text = await thumbnail(s, await upload(s, Buffer.from('Born 1843 in Cork; baptised 1843-05-02.\n')));
  t.equal(text.statusCode, 404);
  t.equal(text.json().code, 'not-found');
  t.match(text.json().detail, /text\/plain/);

  const unknown = await thumbnail(s, 'ab'.repeat(32));
  t.equal(unknown.statusCode, 404);
  t.match(unknown.json().detail, /No blob/);

  for (const bad of ['abc', `sha1:${'ab'.repeat(20)}`, `sha256:${'AB'.repeat(32)}`, 'ab'.repeat(32)]) {
    const response = await s.request('GET', `/v1/blobs/${bad}/thumbnail`);
    t.equal(response.statusCode, 400, bad);
    t.equal(response.json().code, 'validation-failed');
  }
});
