import t from 'tap';
import { escapeXml, renderPedigreeSvg } from '../src/svg.js';
import { prefersSvg } from '../src/accept.js';
import type { Pedigree } from '../src/schemas.js';
import { elements, parseXml, textOf } from './fixtures/xml.js';

const vital = (date: string | null) => ({ date, sort_date: null, place: null, assertion: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d', status: 'confirmed', flagged: false });
const slot = (ahnentafel: number, display_name: string, extra: Partial<Pedigree['slots'][number]> = {}) => ({
  ahnentafel, person: `01938f0e-0000-7000-8000-${String(ahnentafel).padStart(12, '0')}`, display_name, birth: null, death: null, ...extra,
});
const SVG_ELEMENTS = new Set(['svg', 'title', 'g', 'rect', 'text', 'path']);

t.test('the chart is well-formed SVG: one box per slot with name and life years, a line per parent', async (t) => {
  const nasty = 'O\'Brien <script>alert("x")</script> & Sons \u0007\uD800';
  const pedigree: Pedigree = {
    person: slot(1, '').person, generations: 4,
    slots: [
      slot(1, 'William Smyth', { birth: vital('12 MAR 1851'), death: vital('ABT 1920') }),
      slot(2, nasty, { birth: vital('BEF 1820') }),
      slot(3, 'Ó Súilleabháin, Máire', { death: vital('1890') }),
      slot(7, 'A name long enough to need shortening in its box, surely'),
      slot(6, 'Ancestor Twice', { birth: vital('1760') }),
      slot(14, 'Ancestor Twice', { birth: vital('1760'), collapsed: true, same_as: 6 }),
    ].sort((a, b) => a.ahnentafel - b.ahnentafel),
  };
  const text = renderPedigreeSvg(pedigree);
  t.match(text, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  t.notMatch(text, /<script/, 'markup in a name is escaped');
  const root = parseXml(text);
  t.equal(root.name, 'svg');
  t.equal(root.attributes.xmlns, 'http://www.w3.org/2000/svg');
  const all = elements(root);
  t.same(all.filter((e) => !SVG_ELEMENTS.has(e.name)), [], 'only plain SVG elements');
  const lengths = all.flatMap((e) => ['x', 'y', 'width', 'height'].filter((name) => name in e.attributes).map((name) => e.attributes[name]));
  t.ok(lengths.length > 20 && lengths.every((value) => Number.isFinite(Number(value))), 'every position and size is a number');
  const boxes = all.filter((e) => e.name === 'g' && e.attributes['data-ahnentafel']);
  t.same(boxes.map((b) => Number(b.attributes['data-ahnentafel'])), [1, 2, 3, 6, 7, 14]);
  const box = (n: number) => boxes.find((b) => b.attributes['data-ahnentafel'] === String(n))!;
  t.equal(textOf(box(1).children.find((c) => typeof c !== 'string' && c.name === 'title') as never), '1. William Smyth (1851–c. 1920)');
  t.same(box(1).children.filter((c) => typeof c !== 'string' && c.name === 'text').map((c) => textOf(c as never)), ['William Smyth', '1851–c. 1920']);
  t.match(textOf(box(2)), 'O\'Brien <script>alert("x")</script> & Sons', 'the name reads back exactly, minus characters XML cannot hold');
  t.match(textOf(box(2)), 'bef. 1820–');
  t.match(textOf(box(3)), 'Ó Súilleabháin, Máire');
  t.match(textOf(box(3)), '–1890');
  t.match(textOf(box(7)), 'A name long enough to need sh…', 'long names are shortened in the box');
  t.match(textOf(box(7)), 'A name long enough to need shortening in its box, surely', 'and whole in the title');
  t.match(textOf(box(14)), '1760– · same as 6');
  t.equal(box(14).attributes['data-collapsed'], 'true');
  t.notOk(box(6).attributes['data-collapsed']);
  t.equal(all.filter((e) => e.name === 'path').length, 5, 'a line from each child to each parent');
  t.equal(textOf(all[1]), 'Pedigree of William Smyth, 4 generations');
});

t.test('boxes stand between their parents, generations left to right', async (t) => {
  const pedigree: Pedigree = { person: slot(1, 'a').person, generations: 3, slots: [slot(1, 'me'), slot(2, 'dad'), slot(4, 'gf'), slot(5, 'gm'), slot(3, 'mum')].sort((a, b) => a.ahnentafel - b.ahnentafel) };
  const root = parseXml(renderPedigreeSvg(pedigree));
  const rect = (n: number) => elements(root).find((e) => e.attributes['data-ahnentafel'] === String(n))!.children.find((c) => typeof c !== 'string' && c.name === 'rect') as { attributes: Record<string, string> };
  const mid = (n: number) => Number(rect(n).attributes.y) + Number(rect(n).attributes.height) / 2;
  const x = (n: number) => Number(rect(n).attributes.x);
  t.ok(x(1) < x(2) && x(2) < x(4) && x(2) === x(3) && x(4) === x(5), 'one column per generation');
  t.equal(mid(2), (mid(4) + mid(5)) / 2, 'a father midway between his parents');
  t.equal(mid(1), (mid(2) + mid(3)) / 2);
  t.ok(mid(4) < mid(5) && mid(5) < mid(3), 'fathers above mothers, and only filled slots take rows');
  t.equal(Number(root.attributes.height), 16 * 2 + 3 * 46 + 2 * 10, 'three rows tall');
});

t.test('escapeXml escapes the five entities and drops what XML cannot hold', async (t) => {
  t.equal(escapeXml(`<a href="x">Tom & Jerry's</a>`), '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
  t.equal(escapeXml('bell\u0007 nul\u0000 tab\t lone\uDC00 ok 🌳'), 'bell nul tab\t lone ok 🌳');
});

t.test('Accept: SVG only when asked for, and not ranked below JSON', async (t) => {
  t.equal(prefersSvg(undefined), false);
  t.equal(prefersSvg('*/*'), false);
  t.equal(prefersSvg('application/json'), false);
  t.equal(prefersSvg('image/svg+xml'), true);
  t.equal(prefersSvg('image/svg+xml, application/json;q=0.5'), true);
  t.equal(prefersSvg('application/json, image/svg+xml;q=0.8'), false);
  t.equal(prefersSvg('image/svg+xml;q=0'), false);
  t.equal(prefersSvg('text/html, IMAGE/SVG+XML; q=0.9, */*;q=0.1'), true);
});

t.test('the XML check in these tests refuses what is not well-formed', async (t) => {
  for (const bad of ['<svg><g></svg>', '<a>&</a>', '<a>Tom & Jerry</a>', '<a x=1/>', '<a x="1" x="2"/>', '<a>&nbsp;</a>', '<a/><b/>', '<a x="<"/>', '<a>\u0007</a>', '<!DOCTYPE a><a/>', '<a>']) {
    t.throws(() => parseXml(bad), bad);
  }
  t.same(parseXml('<?xml version="1.0"?>\n<a k=\'&lt;v&#38;\'>x &amp; <b/>y&#x1F333;</a>\n'), { name: 'a', attributes: { k: '<v&' }, children: ['x & ', { name: 'b', attributes: {}, children: [] }, 'y🌳'] });
});
