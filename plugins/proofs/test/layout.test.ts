import t from 'tap';
import { claimLine, layout, NO_SOURCE } from '../src/export/layout.js';
import { plainText, type Rich } from '../src/export/text.js';
import type { ClaimWeighed } from '../src/schemas.js';
import type { CitationNotes, ProofDocument } from '../src/service.js';

const claim = (over: Partial<ClaimWeighed> = {}): ClaimWeighed => ({
  assertion: 'c1', persona: 'p1', kind: 'birth', value: null, date: null, place: null, status: 'pending', source: null, citation: null, ...over,
});
const citation = (id: string, over: Partial<CitationNotes> = {}): CitationNotes => ({
  id, source: null, first_reference: `Full ${id}.`, subsequent: `Short ${id}.`, source_list: `List ${id}.`, elements: null, ...over,
});
const doc = (claims: ClaimWeighed[], citations: CitationNotes[]): ProofDocument => ({
  id: 'a1', title: 'T', text: 'x', question: null, assertions: claims.map((c) => c.assertion), conclusion: null, created_at_ms: 0, updated_at_ms: 0, claims, citations,
});
const texts = (rich: Rich[]) => rich.map(plainText);

t.test('a claim\'s line: kind, value, date, place, status', async (t) => {
  t.equal(claimLine(claim()), 'Birth (pending)');
  t.equal(claimLine(claim({ value: 'William', date: 'MAR 1851', place: 'Ledbury' })), 'Birth: William; MAR 1851; Ledbury (pending)');
  t.equal(claimLine(claim({ value: '  ', date: 'MAR 1851' })), 'Birth: MAR 1851 (pending)', 'a blank value is left out');
  t.equal(claimLine(claim({ place: 'Ledbury', status: 'refuted' })), 'Birth: Ledbury (refuted)');
  t.equal(claimLine(claim({ kind: 'residence.address' })), 'Residence address (pending)');
  t.equal(claimLine(claim({ kind: 'military_service--record' })), 'Military service record (pending)');
  t.equal(claimLine(claim({ kind: 'x' })), 'X (pending)');
  t.equal(claimLine(claim({ kind: 'birth_' })), 'Birth (pending)', 'no space left by a trailing separator');
  t.equal(claimLine(claim({ kind: null, status: 'removed' })), 'Claim c1 (no longer in the tree)');
});

t.test('footnotes: full note on a citation\'s first use, short note after; titles; elements; nothing', async (t) => {
  const plan = layout(doc([
    claim({ assertion: 'c1', citation: { id: 'k1', first_reference: null } }),
    claim({ assertion: 'c2', citation: { id: 'k2', first_reference: null } }),
    claim({ assertion: 'c3', citation: { id: 'k1', first_reference: null } }),
    claim({ assertion: 'c4', source: { id: 's1', title: 'Register' } }),
    claim({ assertion: 'c5', citation: { id: 'k3', first_reference: null } }),
    claim({ assertion: 'c6' }),
    claim({ assertion: 'c7', citation: { id: 'k1', first_reference: null } }),
    claim({ assertion: 'c8', citation: { id: 'gone', first_reference: null } }),
  ], [citation('k1'), citation('k2', { source: 's9' }), citation('k3', { first_reference: null, subsequent: null, source_list: null, elements: 'Bible, p. 3' })]));
  t.same(texts(plan.notes), ['Full k1.', 'Full k2.', 'Short k1.', 'Register.', 'Bible, p. 3.', NO_SOURCE, 'Short k1.', NO_SOURCE]);
  t.same(texts(plan.sources), ['Bible, p. 3.', 'List k1.', 'List k2.', 'Register.']);
  t.same(plan.claims, Array(8).fill('Birth (pending)'));
});

t.test('a citation missing one of its renderings is not used as rendered', async (t) => {
  for (const missing of ['first_reference', 'subsequent', 'source_list'] as const) {
    const plan = layout(doc([claim({ source: { id: 's1', title: 'Register' }, citation: { id: 'k1', first_reference: null } })], [citation('k1', { [missing]: null })]));
    t.same(texts(plan.notes), ['Register.'], missing);
    t.same(texts(plan.sources), ['Register.'], missing);
  }
});

t.test('sources: each once, the source-list entry preferred to a title whichever comes first, sorted ignoring case', async (t) => {
  const source = { id: 's1', title: 'Register' };
  const rendered = { id: 'k1', first_reference: null };
  const first = layout(doc([claim({ source, citation: rendered }), claim({ source })], [citation('k1', { source: 's1' })]));
  t.same(texts(first.sources), ['List k1.'], 'rendered first, title later: the rendering stays');
  const later = layout(doc([claim({ source }), claim({ source, citation: rendered })], [citation('k1', { source: 's1' })]));
  t.same(texts(later.sources), ['List k1.'], 'title first, rendered later: the rendering replaces it');
  const twoRenderings = layout(doc([claim({ citation: { id: 'k1', first_reference: null } }), claim({ citation: { id: 'k2', first_reference: null } })], [
    citation('k1', { source: 's1', source_list: 'First.' }),
    citation('k2', { source: 's1', source_list: 'Second.' }),
  ]));
  t.same(texts(twoRenderings.sources), ['First.'], 'two citations of one source: the first one\'s entry');
  const keyedByClaim = layout(doc([claim({ source, citation: rendered }), claim({ source })], [citation('k1', { source: null })]));
  t.same(texts(keyedByClaim.sources), ['List k1.'], 'a citation without a source counts under the claim\'s source');
  const sorted = layout(doc(['smith', 'Smith', 'abbot', 'Zeal', '1851'].map((title, at) => claim({ source: { id: `s${at}`, title } })), []));
  t.same(texts(sorted.sources), ['1851.', 'abbot.', 'Smith.', 'smith.', 'Zeal.'], 'case ignored, then capitals first');
  const reversed = layout(doc(['Zeal', 'smith', 'Smith', 'abbot'].map((title, at) => claim({ source: { id: `s${at}`, title } })), []));
  t.same(texts(reversed.sources), ['abbot.', 'Smith.', 'smith.', 'Zeal.'], 'whatever order they were cited in');
  const namesakes = layout(doc([claim({ source: { id: 's1', title: 'Census' } }), claim({ source: { id: 's2', title: 'Census' } }), claim({ source: { id: 's1', title: 'Census' } })], []));
  t.same(texts(namesakes.sources), ['Census.', 'Census.'], 'two sources of one title are two entries; a source cited twice is one');
  t.same(texts(layout(doc([], [])).sources), []);
});
