/**
 * readGedcom: records as a stream, the header before any iteration, chunk boundaries
 * anywhere (inside a line, a CRLF, a UTF-8 character), stats, stopping early.
 */
import t from 'tap';
import { Readable } from 'node:stream';
import { parseGedcom, readGedcom, type GedcomIssue, type GedcomNode } from '../src/index.js';
import { SNIFF_BYTES } from '../src/read/session.js';

const HEAD = '\uFEFF0 HEAD\r\n1 GEDC\r\n2 VERS 5.5.1\r\n1 CHAR UTF-8\r\n';
/** Enough persons that the text runs well past the 64 KB the reader sniffs. */
const persons = (count: number) =>
  Array.from({ length: count }, (_, i) => `0 @I${i}@ INDI\r\n1 NAME Zoë ${i} /Müller/\r\n1 NOTE a€b\r\n2 CONT 😀\r\n`).join('');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

async function* chunked(data: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

async function collect(reader: ReturnType<typeof readGedcom>): Promise<GedcomNode[]> {
  const records: GedcomNode[] = [];
  for await (const record of reader.records) records.push(record);
  return records;
}

t.test('the same records and issues whatever the chunk size', async (t) => {
  const data = bytes(`${HEAD}${persons(2000)}\r\n0 TRLR\r\n`);
  t.ok(data.length > 2 * SNIFF_BYTES, 'past the sniffed head');
  const expected = parseGedcom(data);
  t.equal(expected.records.length, 2001);
  t.same(expected.records[7].children.map((c) => c.value), ['Zoë 6 /Müller/', 'a€b\n😀']);
  for (const size of [3, 7, 4096, SNIFF_BYTES + 1, 1 << 20]) {
    const issues: GedcomIssue[] = [];
    const records = await collect(readGedcom(chunked(data, size), { onIssue: (issue) => issues.push(issue) }));
    t.same(records, expected.records, `chunks of ${size}`);
    t.same(issues, expected.issues, `chunks of ${size}: issues`);
  }
  t.same(expected.issues.map((i) => `${i.code}@${i.line}`), ['blank-line@8005']);
});

t.test('a Node stream or one Uint8Array', async (t) => {
  const data = bytes(`${HEAD}${persons(3)}0 TRLR\r\n`);
  t.same((await collect(readGedcom(Readable.from([Buffer.from(data)])))).map((r) => r.xref), [undefined, 'I0', 'I1', 'I2']);
  t.same((await collect(readGedcom(data))).length, 4);
});

t.test('header resolves before records are iterated; stats count what was read', async (t) => {
  const data = bytes(`${HEAD}1 SOUR Rootline\r\n${persons(3000)}0 TRLR\r\n`);
  const reader = readGedcom(chunked(data, 1000));
  const header = await reader.header;
  t.same([header.version, header.sourceSystem, header.encoding], ['5.5.1', 'Rootline', 'utf-8']);
  const early = reader.stats();
  t.ok(early.bytes >= SNIFF_BYTES && early.bytes < data.length, `only the head was read (${early.bytes} bytes)`);
  const records = await collect(reader);
  t.equal(records.length, 3001);
  t.same(reader.stats(), { lines: 5 + 4 * 3000 + 1, records: 3001, bytes: data.length });
  t.equal(reader.xrefs().size, 3000);
  t.ok(reader.xrefs().has('I2999'));
  t.throws(() => reader.records[Symbol.asyncIterator](), /only once/);
});

t.test('header without HEAD, and for an empty stream', async (t) => {
  t.same(await readGedcom(bytes('0 @I1@ INDI\n0 TRLR\n')).header, { encoding: 'utf-8', schema: {} });
  const empty = readGedcom(chunked(new Uint8Array(0), 1));
  t.same(await empty.header, { encoding: 'utf-8', schema: {} });
  t.same(await collect(empty), []);
});

t.test('an abort signal stops reading: records end, the source is left', async (t) => {
  const controller = new AbortController();
  let pulled = 0;
  async function* source() {
    for await (const chunk of chunked(bytes(`${HEAD}${persons(5000)}0 TRLR\n`), 4096)) {
      pulled++;
      yield chunk;
    }
  }
  const reader = readGedcom(source(), { signal: controller.signal });
  const records: GedcomNode[] = [];
  for await (const record of reader.records) {
    records.push(record);
    if (records.length === 10) controller.abort();
  }
  t.equal(records.length, 10);
  t.ok(pulled < 40, `stopped after ${pulled} chunks`);
  const aborted = new AbortController();
  aborted.abort();
  t.same(await collect(readGedcom(bytes(`${HEAD}0 TRLR\n`), { signal: aborted.signal })), [], 'aborted before it began');
});

t.test('breaking out of the loop ends the source', async (t) => {
  let finished = false;
  async function* source() {
    try {
      yield* chunked(bytes(`${HEAD}${persons(5000)}0 TRLR\n`), 4096);
    } finally {
      finished = true;
    }
  }
  for await (const record of readGedcom(source()).records) if (record.tag === 'INDI') break;
  t.ok(finished);
});

t.test('a binary file is refused after its head, not read to the end', async (t) => {
  let pulled = 0;
  async function* source() {
    for (let i = 0; i < 1000; i++) {
      pulled++;
      yield new Uint8Array(4096);
    }
  }
  const issues: GedcomIssue[] = [];
  const reader = readGedcom(source(), { onIssue: (issue) => issues.push(issue) });
  t.same(await collect(reader), []);
  t.same(issues.map((i) => `${i.code}@${i.line}`), ['not-gedcom@1']);
  t.equal(pulled, SNIFF_BYTES / 4096);
  t.same(await reader.header, { encoding: 'utf-8', schema: {} });
});

t.test('a failing source fails the iteration, and header still resolves', async (t) => {
  async function* source() {
    yield bytes(`${HEAD}0 @I1@ INDI\n`);
    throw new Error('disk gone');
  }
  const reader = readGedcom(source());
  await t.rejects(collect(reader), /disk gone/);
  t.same(await reader.header, { encoding: 'utf-8', schema: {} });
});
