import t from 'tap';
import { fitDigest, DIGEST_MAX_BYTES } from '../src/bound.js';
import { clip } from '../src/text.js';
import { desk, projectServer } from './fixtures/helpers.js';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
const items = (prefix: string, n: number, size: number) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, text: 'x'.repeat(size) }));

t.test('fitDigest cuts the largest section first, from its end, until the digest fits', async (t) => {
  const digest = { cursor: 'c', sections: { big: { items: items('b', 10, 100), more: false }, small: { items: items('s', 3, 10), more: false } } };
  const limit = bytes(digest) - 250;
  fitDigest(digest, limit);
  t.ok(bytes(digest) <= limit, 'it fits');
  t.same(digest.sections.big.items.map((i) => i.id), ['b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'], 'the oldest items of the largest section went');
  t.equal(digest.sections.big.more, true);
  t.same(digest.sections.small, { items: items('s', 3, 10), more: false }, 'the small section is untouched');
  t.ok(bytes(digest) > limit - 130, 'no more was cut than needed (one item is ~120 bytes)');
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
  const personas = await Promise.all(Array.from({ length: 60 }, (_, i) => d.persona(`P${i}`)));
  const persons = [];
  for (const persona of personas) persons.push((await d.person([persona])).id);
  for (let i = 0; i < 25; i++) await d.question(`Question ${i} ${'about the family '.repeat(15)}`, persons);
  const reply = await s.request('GET', '/v1/project/state', { token: s.agentToken });
  t.equal(reply.statusCode, 200);
  t.ok(Buffer.byteLength(reply.body, 'utf8') <= 65536, `the answer is ${Buffer.byteLength(reply.body, 'utf8')} bytes`);
  const { open_questions } = reply.json().sections;
  t.ok(open_questions.items.length < 25 && open_questions.items.length > 5, `${open_questions.items.length} questions kept`);
  t.equal(open_questions.more, true);
  t.equal(open_questions.items[0].text.startsWith('Question 24 '), true, 'the most recently changed first');
});
