import t from 'tap';
import { renderPedigreeSvg } from '../src/svg.js';
import { prefersSvg } from '../src/accept.js';
import type { Pedigree } from '../src/schemas.js';

// The chart as a browser draws it: positions, sizes, colours, the dashed collapsed box, the
// elbow lines. A small chart is checked whole, so any change to the drawing shows here.
const vital = (date: string | null) => ({ date, sort_date: null, place: null, assertion: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d', status: 'confirmed', flagged: false });
const slot = (ahnentafel: number, display_name: string, extra: Partial<Pedigree['slots'][number]> = {}) => ({
  ahnentafel, person: `01938f0e-0000-7000-8000-${String(ahnentafel).padStart(12, '0')}`, display_name, birth: null, death: null, ...extra,
});

t.test('a three-generation chart with a collapsed slot, drawn exactly', async (t) => {
  const john = { birth: vital('ABT 1850'), death: vital('1920') };
  const pedigree: Pedigree = {
    person: slot(1, '').person, generations: 3,
    slots: [slot(1, 'Kid Smyth', { birth: vital('1880') }), slot(2, 'John Smyth', john), slot(3, 'Mary Jones'), slot(6, 'John Smyth', { ...john, collapsed: true, same_as: 2 })],
  };
  t.equal(renderPedigreeSvg(pedigree), [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="764" height="134" viewBox="0 0 764 134" role="img" aria-labelledby="pedigree-title" font-family="system-ui, sans-serif">',
    '<title id="pedigree-title">Pedigree of Kid Smyth, 3 generations</title>',
    '<g fill="none" stroke="#a0aec0" stroke-width="1.5"><path d="M236 67H254V39H272"/><path d="M236 67H254V95H272"/><path d="M492 95H510V95H528"/></g>',
    '<g data-ahnentafel="1"><title>1. Kid Smyth (1880–)</title><rect x="16" y="44" width="220" height="46" rx="5" fill="#eef4fb" stroke="#4a5568"/><text x="26" y="63" font-size="13" font-weight="600" fill="#1a202c">Kid Smyth</text><text x="26" y="80" font-size="11" fill="#4a5568">1880–</text></g>',
    '<g data-ahnentafel="2"><title>2. John Smyth (c. 1850–1920)</title><rect x="272" y="16" width="220" height="46" rx="5" fill="#ffffff" stroke="#4a5568"/><text x="282" y="35" font-size="13" font-weight="600" fill="#1a202c">John Smyth</text><text x="282" y="52" font-size="11" fill="#4a5568">c. 1850–1920</text></g>',
    '<g data-ahnentafel="3"><title>3. Mary Jones</title><rect x="272" y="72" width="220" height="46" rx="5" fill="#ffffff" stroke="#4a5568"/><text x="282" y="91" font-size="13" font-weight="600" fill="#1a202c">Mary Jones</text></g>',
    '<g data-ahnentafel="6" data-collapsed="true"><title>6. John Smyth (c. 1850–1920)</title><rect x="528" y="72" width="220" height="46" rx="5" fill="#ffffff" stroke="#4a5568" stroke-dasharray="5 3"/><text x="538" y="91" font-size="13" font-weight="600" fill="#1a202c">John Smyth</text><text x="538" y="108" font-size="11" fill="#4a5568">c. 1850–1920 · same as 2</text></g>',
    '</svg>',
    '',
  ].join('\n'));
});

t.test('the person alone: one box, no lines, one column', async (t) => {
  const text = renderPedigreeSvg({ person: slot(1, '').person, generations: 1, slots: [slot(1, 'Ann')] });
  t.match(text, '<svg xmlns="http://www.w3.org/2000/svg" width="252" height="78" viewBox="0 0 252 78"');
  t.match(text, '<g fill="none" stroke="#a0aec0" stroke-width="1.5"></g>');
  t.match(text, '<g data-ahnentafel="1"><title>1. Ann</title><rect x="16" y="16" ');
});

t.test('names of 30 characters fit their box; longer ones are cut to 29 and an ellipsis', async (t) => {
  const thirtyOne = 'Abcdefghij Klmnopqrst Uvwxyzabc';
  t.equal([...thirtyOne].length, 31);
  const fits = 'Abcdefghij Klmnopqrst Uvwxyzab';
  const cut = renderPedigreeSvg({ person: slot(1, '').person, generations: 1, slots: [slot(1, thirtyOne)] });
  t.match(cut, '>Abcdefghij Klmnopqrst Uvwxyza\u2026</text>');
  t.match(cut, `<title>1. ${thirtyOne}</title>`, 'the whole name in the tooltip');
  const kept = renderPedigreeSvg({ person: slot(1, '').person, generations: 1, slots: [slot(1, fits)] });
  t.match(kept, `>${fits}</text>`);
  t.notMatch(kept, '\u2026');
  // Characters, not UTF-16 units: 30 letters with accents and an emoji are not cut.
  const wide = `${'é'.repeat(28)}🌳🌳`;
  t.match(renderPedigreeSvg({ person: slot(1, '').person, generations: 1, slots: [slot(1, wide)] }), `>${wide}</text>`);
});

t.test('Accept: SVG and JSON at the same quality give the chart; a quality that is not a number counts as zero', async (t) => {
  t.equal(prefersSvg('image/svg+xml, application/json'), true);
  t.equal(prefersSvg('application/json;q=0.7, image/svg+xml;q=0.7'), true);
  t.equal(prefersSvg('image/svg+xml;q=abc'), false);
  t.equal(prefersSvg('image/svg+xml;q=abc, application/json;q=0'), false);
  t.equal(prefersSvg(' image/svg+xml ;q=0.5 , application/json ; q=0.4'), true, 'spaces around types and parameters');
  t.equal(prefersSvg('image/svg+xml;level=1;q=0.4, application/json;q=0.5'), false, 'q found among other parameters');
  t.equal(prefersSvg('image/svg+xml;level=1, application/json;q=0.5'), true, 'no q: quality 1');
  t.equal(prefersSvg(''), false);
});
