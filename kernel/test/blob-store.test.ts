import t from 'tap';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { BlobTooLargeError, systemActor, type Tree } from '../src/index.js';
import { buildTestServer } from '@rootline/kernel/testing';

/** The kernel's blob store on its own, without HTTP: what sources, media, GEDCOM and backup rely on. */

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const read = async (stream: Readable) => Buffer.concat(await stream.toArray());

/** Every file under the objects folder, relative, sorted. */
function objectFiles(tree: Tree): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(tree.objectsDir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) found.push(join(entry.parentPath ?? entry.path, entry.name).slice(tree.objectsDir.length + 1));
  }
  return found.sort();
}
const rows = (tree: Tree) => tree.db.prepare('SELECT address, size_bytes, media_type FROM blobs ORDER BY address').all();
const storedRecords = (tree: Tree) => tree.db.prepare("SELECT entity_id, payload FROM records WHERE kind = 'blob.stored.v1' ORDER BY seq").all() as { entity_id: string; payload: string }[];

async function activeTree(t: Parameters<typeof buildTestServer>[0], dataDir?: string) {
  const s = await buildTestServer(t, { dataDir });
  return s.server.kernel.trees.active();
}

t.test('bytes written come back from disk, named by their SHA-256 under objects/ab/', async (t) => {
  const tree = await activeTree(t);
  const cases: [string, Buffer][] = [
    ['empty', Buffer.alloc(0)],
    ['one byte', Buffer.from([0])],
    ['5 MiB', randomBytes(5 * MiB)],
    ['random', randomBytes(123_457)],
  ];
  for (const [name, bytes] of cases) {
    // Many small chunks, as a socket delivers them.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536));
    const blob = await tree.blobs.write(Readable.from(chunks), { maxBytes: 10 * MiB, actor: systemActor });
    t.equal(blob.address, sha256(bytes), `${name}: address`);
    t.equal(blob.size_bytes, bytes.length, `${name}: size`);
    t.equal(blob.created, true, `${name}: new`);
    t.ok(existsSync(join(tree.objectsDir, blob.address.slice(0, 2), blob.address)), `${name}: file at objects/${blob.address.slice(0, 2)}/<hex>`);
    t.ok((await read(tree.blobs.openRead(blob.address))).equals(bytes), `${name}: same bytes`);
    t.same(tree.blobs.stat(blob.address), { address: blob.address, size_bytes: bytes.length, media_type: blob.media_type }, `${name}: stat`);
    t.ok(tree.blobs.has(blob.address), `${name}: has`);
  }
});

t.test('the address is what sha256sum says of the same bytes', async (t) => {
  const tree = await activeTree(t);
  const dir = mkdtempSync(join(tmpdir(), 'rootline-sum-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const bytes = randomBytes(300_001);
  writeFileSync(join(dir, 'scan.bin'), bytes);
  const blob = await tree.blobs.write(Readable.from([bytes]), { maxBytes: MiB, actor: systemActor });
  t.equal(blob.address, execFileSync('sha256sum', [join(dir, 'scan.bin')], { encoding: 'utf8' }).split(' ')[0]);
});

t.test('the same bytes twice keep one file, one row and one blob.stored.v1 record', async (t) => {
  const tree = await activeTree(t);
  const bytes = randomBytes(40_000);
  const first = await tree.blobs.write(Readable.from([bytes]), { maxBytes: MiB, actor: systemActor });
  const before = objectFiles(tree);
  const again = await tree.blobs.write(Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]), { maxBytes: MiB, actor: systemActor });
  t.equal(again.address, first.address);
  t.equal(again.created, false, 'reported as already stored');
  t.same(objectFiles(tree), before, 'no second file, no temporary left');
  t.equal(rows(tree).length, 1);
  t.same(storedRecords(tree).map((r) => r.entity_id), [first.address], 'one record, for the first upload only');
  t.same(JSON.parse(storedRecords(tree)[0].payload), { size_bytes: 40_000, media_type: first.media_type });
});

t.test('two uploads of the same bytes at once still make one row and one record', async (t) => {
  const tree = await activeTree(t);
  const bytes = randomBytes(2 * MiB);
  const results = await Promise.all([1, 2, 3].map(() => tree.blobs.write(Readable.from([bytes]), { maxBytes: 4 * MiB, actor: systemActor })));
  t.same(results.map((r) => r.address), [1, 2, 3].map(() => sha256(bytes)));
  t.equal(results.filter((r) => r.created).length, 1, 'exactly one upload created it');
  t.equal(rows(tree).length, 1);
  t.equal(storedRecords(tree).length, 1);
  t.equal(objectFiles(tree).length, 1);
});

t.test('past the ceiling nothing is kept: no file, no temporary, no row, no record', async (t) => {
  const tree = await activeTree(t);
  const exact = await tree.blobs.write(Readable.from([randomBytes(1000)]), { maxBytes: 1000, actor: systemActor });
  t.equal(exact.size_bytes, 1000, 'exactly the ceiling is accepted');
  const before = { files: objectFiles(tree), rows: rows(tree), records: storedRecords(tree) };
  const tooMany = Readable.from([randomBytes(600), randomBytes(600)]);
  await t.rejects(tree.blobs.write(tooMany, { maxBytes: 1000, actor: systemActor }), BlobTooLargeError);
  t.same({ files: objectFiles(tree), rows: rows(tree), records: storedRecords(tree) }, before);
});

t.test('a source that fails half-way leaves nothing', async (t) => {
  const tree = await activeTree(t);
  // The first read gives bytes, the next one fails: the failure comes while the store is
  // reading, however slow the machine (a timer could fire before it starts and go unheard).
  let reads = 0;
  const broken = new Readable({
    read() {
      if (reads++ === 0) this.push(randomBytes(100_000));
      else setImmediate(() => this.destroy(new Error('connection reset')));
    },
  });
  await t.rejects(tree.blobs.write(broken, { maxBytes: MiB, actor: systemActor }), { message: 'connection reset' });
  t.same(objectFiles(tree), []);
  t.same(rows(tree), []);
});

t.test('the media type is sniffed from the bytes', async (t) => {
  const tree = await activeTree(t);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const noise = Buffer.from([0x00, 0xff, 0x13, 0x07, 0x00, 0x01, 0x02]);
  t.equal((await tree.blobs.write(Readable.from([pdf]), { maxBytes: MiB, actor: systemActor })).media_type, 'application/pdf');
  t.equal((await tree.blobs.write(Readable.from([png]), { maxBytes: MiB, actor: systemActor })).media_type, 'image/png');
  t.equal((await tree.blobs.write(Readable.from([noise]), { maxBytes: MiB, actor: systemActor })).media_type, 'application/octet-stream');
});

t.test('part of a blob is read from disk by inclusive offsets', async (t) => {
  const tree = await activeTree(t);
  const blob = await tree.blobs.write(Readable.from([Buffer.from('Parish register of St Mary, 1841')]), { maxBytes: MiB, actor: systemActor });
  t.equal(await text(tree.blobs.openRead(blob.address, { start: 0, end: 5 })), 'Parish');
  t.equal(await text(tree.blobs.openRead(blob.address, { start: 28, end: 31 })), '1841');
});

t.test('malformed and unknown addresses are simply not there', async (t) => {
  const tree = await activeTree(t);
  for (const address of ['', 'sha256:' + '0'.repeat(64), 'A'.repeat(64), '0'.repeat(63), '../../registry.db']) {
    t.equal(tree.blobs.has(address), false, `has(${JSON.stringify(address)})`);
    t.equal(tree.blobs.stat(address), undefined, `stat(${JSON.stringify(address)})`);
  }
  t.equal(tree.blobs.stat('0'.repeat(64)), undefined, 'well formed but never stored');
  t.throws(() => tree.blobs.openRead('../../registry.db'), 'a path is never read');
});

t.test('temporary files a crash left behind are removed when the tree opens; blobs stay', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-reopen-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  let objectsDir = '';
  let address = '';
  await t.test('first run', async (t) => {
    const tree = await activeTree(t, dataDir);
    objectsDir = tree.objectsDir;
    address = (await tree.blobs.write(Readable.from([Buffer.from('kept')]), { maxBytes: MiB, actor: systemActor })).address;
  });
  // What a SIGKILL during an upload leaves: a half-written temporary file.
  const names = readdirSync(objectsDir);
  const leftover = join(objectsDir, '.incoming-deadbeefdeadbeef');
  writeFileSync(leftover, randomBytes(5000));
  const tree = await activeTree(t, dataDir);
  t.notOk(existsSync(leftover), 'the temporary file is gone');
  t.same(readdirSync(objectsDir), names, 'only the shard folders remain');
  t.equal(await text(tree.blobs.openRead(address)), 'kept', 'the stored blob is still readable');
});

t.test('a write cancelled by its signal stops even while the source is silent, and leaves nothing', async (t) => {
  const tree = await activeTree(t);
  const silent = new Readable({ read() {} });
  silent.push(randomBytes(50_000)); // then nothing more: a stalled upload
  const cancel = new AbortController();
  setTimeout(() => cancel.abort(new Error('import cancelled')), 50);
  await t.rejects(tree.blobs.write(silent, { maxBytes: MiB, actor: systemActor, signal: cancel.signal }), { message: 'import cancelled' });
  t.same(objectFiles(tree), []);
  t.same(rows(tree), []);
});

t.test('path() names the file under objects/ab/ for workers and tools, and refuses anything else', async (t) => {
  const tree = await activeTree(t);
  const blob = await tree.blobs.write(Readable.from([Buffer.from('Will of John Smyth, 1788')]), { maxBytes: MiB, actor: systemActor });
  t.equal(tree.blobs.path(blob.address), join(tree.objectsDir, blob.address.slice(0, 2), blob.address));
  t.throws(() => tree.blobs.path('../tree.db'));
});

t.test("a blob the human stores as theirs is the human's to download, until an agent stores the same bytes", async (t) => {
  const tree = await activeTree(t);
  const human = { kind: 'human' as const, credentialId: 'h' };
  const agent = { kind: 'agent' as const, credentialId: 'a' };
  const gedcom = Buffer.from('0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 NAME Rose /Kennedy/\n0 TRLR\n');
  const mine = await tree.blobs.write([gedcom], { maxBytes: MiB, actor: human, humanOnly: true });
  t.equal(tree.blobs.isHumanOnly(mine.address), true, "the human's import: theirs");
  await tree.blobs.write([gedcom], { maxBytes: MiB, actor: human });
  t.equal(tree.blobs.isHumanOnly(mine.address), true, 'stored again by the human without the mark: still theirs');
  await tree.blobs.write([gedcom], { maxBytes: MiB, actor: systemActor, humanOnly: true });
  t.equal(tree.blobs.isHumanOnly(mine.address), true, 'the system storing it changes nothing');
  await tree.blobs.write([gedcom], { maxBytes: MiB, actor: agent, humanOnly: true });
  t.equal(tree.blobs.isHumanOnly(mine.address), false, 'an agent that stores the same bytes has them: the mark goes');
  const plain = await tree.blobs.write([Buffer.from('a scan')], { maxBytes: MiB, actor: human });
  t.equal(tree.blobs.isHumanOnly(plain.address), false, 'a blob stored without the mark is anyone\'s');
  const system = await tree.blobs.write([Buffer.from('a system file')], { maxBytes: MiB, actor: systemActor, humanOnly: true });
  t.equal(tree.blobs.isHumanOnly(system.address), false, 'only a human write marks');
  t.equal(tree.blobs.isHumanOnly('0'.repeat(64)), false, 'an unknown address');
});
