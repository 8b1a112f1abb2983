import t from 'tap';
import { fitDigest, DIGEST_MAX_BYTES } from '../src/bound.js';
import { clip } from '../src/text.js';
import { desk, projectServer } from './fixtures/helpers.js';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
const items = (prefix: string, n: number, size: number) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, text: 'x'.repeat(size) }));

t.test('fitDigest cuts the largest section first, from its end, no more than needed', async (t) => {
  // Each big item is 121 bytes; one cut takes the item, its comma and a byte of `"more":false` -> `true`.
  const make = () => ({ cursor: 'c', sections: { big: { items: items('b', 10, 100), more: false }, small: { items: items('s', 3, 10), more: false } } });
  t.equal(bytes(items('b', 1, 100)[0]), 121);
  const ids = (digest: ReturnType<typeof make>) => digest.sections.big.items.map((i) => i.id);

  const over250 = make();
  const limit = bytes(over250) - 250;
  fitDigest(over250, limit);
  t.ok(bytes(over250) <= limit, 'it fits');
  t.same(ids(over250), ['b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6'], 'two cuts free 245 bytes, not 250: a third item goes, the oldest (last) first');
  t.equal(bytes(over250), limit - 117, 'three items, their commas and the more flag');
  t.equal(over250.sections.big.more, true);
  t.same(over250.sections.small, { items: items('s', 3, 10), more: false }, 'the small section is untouched');

  const over123 = make();
  fitDigest(over123, bytes(over123) - 123);
  t.same(ids(over123), ['b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8'], '123 bytes over: one item with its comma and the flag is exactly enough');
  t.equal(bytes(over123), bytes(make()) - 123);

  const over124 = make();
  fitDigest(over124, bytes(over124) - 124);
  t.equal(ids(over124).length, 8, 'one byte more: a second item goes');
  t.equal(bytes(over124), bytes(make()) - 245, 'the second cut does not flip the flag again');

  const over1 = make();
  fitDigest(over1, bytes(over1) - 1);
  t.equal(ids(over1).length, 9, 'one byte over: one item');
});

t.test('fitDigest: the last item of a section has no comma; an already cut section has no flag to flip', async (t) => {
  const one = { sections: { a: { items: items('a', 1, 100), more: false } } };
  const full = bytes(one);
  fitDigest(one, full - 122);
  t.same(one.sections.a, { items: [], more: true }, 'the item and the flag: 122 bytes');
  t.equal(bytes(one), full - 122);
  const cut = { sections: { a: { items: items('a', 2, 100), more: true }, b: { items: items('b', 1, 10), more: false } } };
  const before = bytes(cut);
  fitDigest(cut, before - 122);
  t.same(cut.sections.a.items.map((i) => i.id), ['a0'], 'one item and its comma are 122 bytes: enough when more was already true');
  t.equal(bytes(cut), before - 122);
  t.same(cut.sections.b, { items: items('b', 1, 10), more: false });
});

t.test('fitDigest: the count stays exact as sections empty and flags are already set, so the result always fits', async (t) => {
  // Emptying a section frees no comma: counting one would stop a byte too early.
  const emptied = { sections: { a: { items: items('a', 1, 100), more: false }, b: { items: items('b', 1, 10), more: false } } };
  const limit = bytes(emptied) - 123;
  fitDigest(emptied, limit);
  t.ok(bytes(emptied) <= limit, `fits (${bytes(emptied)} <= ${limit})`);
  t.same([emptied.sections.a, emptied.sections.b], [{ items: [], more: true }, { items: [], more: true }], '122 bytes freed by the first section; the second must go too');
  // A section already marked more frees no flag byte: counting one would stop a byte too early.
  const marked = { sections: { a: { items: items('a', 2, 100), more: true } } };
  const markedLimit = bytes(marked) - 123;
  fitDigest(marked, markedLimit);
  t.ok(bytes(marked) <= markedLimit, 'fits');
  t.same(marked.sections.a, { items: [], more: true });
  // An empty section is never picked, nor marked, even when cutting cannot reach the bound.
  // (the empty one first: once both are empty, their items weigh the same `[]`)
  const hopeless = { cursor: 'x'.repeat(50), sections: { b: { items: [] as unknown[], more: false }, a: { items: items('a', 2, 10), more: false } } };
  fitDigest(hopeless, 10);
  t.same(hopeless.sections, { b: { items: [], more: false }, a: { items: [], more: true } });
});

t.test('fitDigest measures sections by their bytes, not their items', async (t) => {
  const digest = { sections: { many: { items: items('m', 8, 5), more: false }, few: { items: items('f', 2, 200), more: false }, none: { items: [] as unknown[], more: false } } };
  fitDigest(digest, bytes(digest) - 10);
  t.same(digest.sections.few.items.map((i) => i.id), ['f0'], 'the two long items outweigh the eight short ones');
  t.equal(digest.sections.many.items.length, 8);
  t.same(digest.sections.none, { items: [], more: false }, 'an empty section is never marked');
  const later = { sections: { first: { items: items('x', 2, 50), more: false }, second: { items: items('y', 2, 50), more: false } } };
  fitDigest(later, bytes(later) - 1);
  t.same([later.sections.first.items.length, later.sections.second.items.length], [1, 2], 'of two equal sections, the first is cut first');
});

t.test('fitDigest: a digest that fits is unchanged; sections shrink side by side; it stops when every section is empty', async (t) => {
  const fits = { sections: { a: { items: items('a', 2, 10), more: false } } };
  t.same(fitDigest(structuredClone(fits), 10_000), fits);
  const exact = { sections: { a: { items: items('a', 2, 10), more: false } } };
  t.same(fitDigest(structuredClone(exact), bytes(exact)), exact, 'exactly at the bound is within it');
  const even = { sections: { a: { items: items('a', 6, 50), more: false }, b: { items: items('b', 6, 50), more: false } } };
  fitDigest(even, bytes(even) / 2);
  t.ok(Math.abs(even.sections.a.items.length - even.sections.b.items.length) <= 1, 'equal sections are cut alike');
  const tiny = { sections: { a: { items: items('a', 3, 50), more: false } } };
  fitDigest(tiny, 5);
  t.same(tiny.sections.a, { items: [], more: true }, 'emptied, and still terminates');
  t.equal(DIGEST_MAX_BYTES, 65536);
});

t.test('fitDigest measures what the reader gets (redactions change sizes)', async (t) => {
  const make = () => ({ sections: { a: { items: items('a', 4, 10), more: false } } });
  // A reader that turns each text into a longer marker, as a redaction of a short value would.
  const view = (value: unknown) => JSON.parse(JSON.stringify(value), (key, v) => (key === 'text' ? 'y'.repeat(30) : v));
  const digest = make();
  const limit = bytes(view(make())) - 1;
  fitDigest(digest, limit, view);
  t.ok(bytes(view(digest)) <= limit, 'what the reader gets fits');
  t.equal(digest.sections.a.items.length, 3, 'one item of the reader\'s size is enough');
  const plain = make();
  fitDigest(plain, limit);
  t.equal(plain.sections.a.items.length, 4, 'measured as it is, it already fits');
});

t.test('clip keeps text up to the limit and cuts longer text at a character, not a byte', async (t) => {
  t.equal(clip(null), null);
  t.equal(clip('abc', 3), 'abc');
  t.equal(clip('abcd', 3), 'ab…');
  t.equal(clip('ÓSúillé', 4), 'ÓSú…');
  t.equal(clip('😀😀😀😀', 3), '😀😀…', 'astral characters are not split');
});

t.test('a digest over 64 KB is cut to fit, keeping each section\'s newest items and saying more', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  // Items are small by design (text clipped to 300 characters), so it takes long lists to pass
  // 64 KB: 25 questions of 50 subjects (~55 KB) and 25 log entries about 100 personas (~100 KB).
  const personas: string[] = [];
  for (let i = 0; i < 100; i++) personas.push(await d.persona(`P${i}`));
  const persons: string[] = [];
  for (const persona of personas.slice(0, 50)) persons.push((await d.person([persona])).id);
  const questions: string[] = [];
  for (let i = 0; i < 26; i++) questions.push(await d.question(`Question ${i} ${'about the family '.repeat(15)}`, persons));
  const entries: string[] = [];
  for (let i = 0; i < 26; i++) entries.push((await d.log({ question: questions[0], text: `Entry ${i} ${'searched the registers '.repeat(15)}`, personas })).id);
  const reply = await s.request('GET', '/v1/project/state', { token: s.agentToken });
  t.equal(reply.statusCode, 200);
  const size = Buffer.byteLength(reply.body, 'utf8');
  t.ok(size <= 65536, `the answer is ${size} bytes`);
  t.ok(size > 65536 - 4200, 'no more was cut than needed (the largest item is about 4 KB)');
  const { open_questions, recent_log, changed_persons } = reply.json().sections;
  t.ok(open_questions.items.length < 25 && open_questions.items.length > 5, `${open_questions.items.length} questions kept`);
  t.ok(recent_log.items.length < 25 && recent_log.items.length > 5, `${recent_log.items.length} entries kept`);
  t.equal(open_questions.more, true);
  t.equal(recent_log.more, true);
  t.same(open_questions.items.map((q: { id: string }) => q.id), [...questions].reverse().slice(0, open_questions.items.length), 'the most recently changed first; the oldest were cut');
  t.same(recent_log.items.map((e: { id: string }) => e.id), [...entries].reverse().slice(0, recent_log.items.length), 'the newest entries kept');
  t.equal(changed_persons.items.length, 25, 'a small section keeps its items');
});
