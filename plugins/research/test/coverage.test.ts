import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { footprint, manualClock, ok, person, pinned, problem, question, researchServer, source, templateSource, UNKNOWN } from './fixtures/helpers.js';
import { categoriesOfScope, categoryOfTemplate, RECORD_CATEGORIES } from '../src/categories.js';

const coverage = (s: TestServer, id: string, prefix = '/v1') => ok(s.request('GET', `${prefix}/research/questions/${id}/coverage`));
const TYPICAL = ['census', 'vital', 'church', 'probate', 'land', 'military', 'newspapers', 'immigration', 'court', 'cemetery'];
const label = (id: string) => RECORD_CATEGORIES.find((category) => category.id === id)!.label;

t.test('coverage: subjects\' places and years, categories searched from real entries and cited sources, the typical ones not searched', async (t) => {
  const clock = manualClock();
  const s = await researchServer(t, { clock });
  const william = await person(s, 'William', 'Smyth', [
    { kind: 'birth', date: '12 MAR 1851', place: 'Ledbury, Herefordshire, England' },
    { kind: 'death', date: 'ABT 1920', place: 'Hereford' },
    { kind: 'residence', date: 'BET 1861 AND 1871', place: 'Bosbury' },
    { kind: 'occupation', value: 'labourer', place: 'Ledbury, Herefordshire, England' },
  ]);
  const mary = await person(s, 'Mary', 'Smyth');
  const asked = await question(s, { text: 'Parents of William', subjects: [william.id, mary.id] });
  const other = await question(s, { text: 'Other' });
  const census = await templateSource(s, 'uk-census-enumeration');
  const news = await templateSource(s, 'newspaper-article');
  const grave = await templateSource(s, 'gravestone');
  const military = await templateSource(s, 'military-service-record');
  const plain = await source(s, 'Notes from an aunt');

  const empty = await coverage(s, asked.id);
  t.same(empty.searched, [], 'nothing searched yet');
  t.same(empty.not_searched, TYPICAL.map((category) => ({ category, label: label(category) })));

  const e1 = await ok(s.request('POST', '/v1/research/log/capture', { body: { question: asked.id, text: '1851 census', sources: [census.source] } }));
  const e2 = await ok(s.request('POST', '/v1/research/log/negative-evidence', { body: { question: asked.id, text: 'Nothing', searched: { categories: ['church'], scope: 'Herefordshire WILLS 1850-1900 in England' } } }));
  const e3 = await ok(s.request('POST', '/v1/research/log/capture', { body: { question: asked.id, text: 'Obituary', evidence: { citation: news.citation } } }));
  await ok(s.request('POST', '/v1/research/log', { body: { question: asked.id, text: 'Asked the aunt', sources: [plain] } }));
  const e5 = await ok(s.request('POST', '/v1/research/log/negative-evidence', { body: { question: asked.id, text: 'No stone', searched: { source: grave.source } } }));
  await ok(s.request('POST', '/v1/research/log/capture', { body: { question: other.id, text: 'Other question', sources: [military.source] } }));
  const e7 = await ok(s.request('POST', '/v1/research/log/capture', { body: { question: asked.id, text: 'Census again', evidence: { source: census.source }, sources: [census.source] } }));

  const withGrave = await coverage(s, asked.id);
  t.same(withGrave.searched.find((hit: { category: string }) => hit.category === 'cemetery'), { category: 'cemetery', label: label('cemetery'), typical: true, entries: [e5.id], sources: [grave.source] });
  await ok(s.request('POST', `/v1/research/log/${e5.id}/retract`));

  const expected = {
    question: asked.id,
    status: 'incomplete',
    subjects: [
      { person: william.id, display_name: 'William Smyth', places: ['Ledbury, Herefordshire, England', 'Hereford', 'Bosbury'], years: { from: 1851, to: 1920 } },
      { person: mary.id, display_name: 'Mary Smyth', places: [], years: null },
    ],
    searched: [
      { category: 'census', label: label('census'), typical: true, entries: [e1.id, e7.id], sources: [census.source] },
      { category: 'church', label: label('church'), typical: true, entries: [e2.id], sources: [] },
      { category: 'probate', label: label('probate'), typical: true, entries: [e2.id], sources: [] },
      { category: 'newspapers', label: label('newspapers'), typical: true, entries: [e3.id], sources: [news.source] },
    ],
    not_searched: ['vital', 'land', 'military', 'immigration', 'court', 'cemetery'].map((category) => ({ category, label: label(category) })),
    confirmed: null,
  };
  for (const prefix of ['/v1', pinned(s)]) t.same(await coverage(s, asked.id, prefix), expected, `${prefix}: a retracted entry and another question's entries do not count`);

  clock.advance(1000);
  const confirmed = await ok(s.request('POST', `/v1/research/questions/${asked.id}/coverage-confirm`, { body: { note: 'Every Ledbury record set searched' }, token: s.agentToken }));
  const judgment = { at_ms: clock.now(), actor_kind: 'agent', credential_id: s.agentCredentialId, note: 'Every Ledbury record set searched' };
  t.same(confirmed, { ...expected, status: 'reasonably_exhaustive', confirmed: judgment });
  const [record] = s.records({ kind: 'research_question.coverage_confirmed' });
  t.same(record.payload, { note: 'Every Ledbury record set searched' });
  const q = await ok(s.request('GET', `/v1/research/questions/${asked.id}`));
  t.same([q.coverage_confirmed, q.seq, q.updated_at_ms], [judgment, record.seq, clock.now()]);
  clock.advance(1000);
  const again = await ok(s.request('POST', `/v1/research/questions/${asked.id}/coverage-confirm`));
  t.same(again.confirmed, { at_ms: clock.now(), actor_kind: 'human', credential_id: again.confirmed.credential_id, note: null }, 'confirming again replaces the judgment; no body');
  t.not(again.confirmed.credential_id, null);

  await ok(s.request('PUT', `/v1/research/questions/${asked.id}/subjects`, { body: { subjects: [william.id] } }));
  const changed = await coverage(s, asked.id);
  t.same([changed.status, changed.confirmed, changed.subjects.length], ['incomplete', null, 1], 'new subjects clear the judgment');
  t.same((await ok(s.request('GET', `/v1/research/questions/${asked.id}`))).coverage_confirmed, null);

  const before = footprint(s);
  const missing = { status: 404, code: 'not-found', detail: `There is no research question ${UNKNOWN} in this tree` };
  t.same(await problem(s.request('GET', `/v1/research/questions/${UNKNOWN}/coverage`)), missing);
  t.same(await problem(s.request('POST', `/v1/research/questions/${UNKNOWN}/coverage-confirm`)), missing);
  t.equal((await problem(s.request('POST', `/v1/research/questions/${asked.id}/coverage-confirm`, { body: { note: '' } }))).code, 'validation-failed');
  t.same(footprint(s), before);
});

t.test('a subject\'s places stop at 20, first seen first; years span every date', async (t) => {
  const s = await researchServer(t);
  const facts = [...Array(23)].map((_, i) => ({ kind: 'residence', date: `${1850 + i}`, place: `Place ${String(i).padStart(2, '0')}` }));
  const many = await person(s, 'Many', 'Places', [{ kind: 'birth', date: 'BET 1849 AND 1850', place: 'Place 05' }, ...facts]);
  const asked = await question(s, { text: 'Where?', subjects: [many.id] });
  const [subject] = (await coverage(s, asked.id)).subjects;
  t.same(subject.places, ['Place 05', ...[...Array(20)].map((_, i) => `Place ${String(i).padStart(2, '0')}`).filter((place) => place !== 'Place 05')].slice(0, 20));
  t.equal(subject.places.length, 20);
  t.same(subject.years, { from: 1849, to: 1872 });
});

t.test('categories: every template named exists in the sources catalogue; scopes are read by whole words', async (t) => {
  const s = await researchServer(t);
  const catalogue = new Map((await ok(s.request('GET', '/v1/citation-templates'))).map((template: { id: string; category: string }) => [template.id, template.category]));
  for (const category of RECORD_CATEGORIES) for (const template of category.templates) t.ok(catalogue.has(template), `${category.id}: ${template} is a template`);
  t.same(RECORD_CATEGORIES.filter((category) => category.typical).map((category) => category.id), TYPICAL);
  t.equal(categoryOfTemplate('church-burial-register'), 'church');
  t.equal(categoryOfTemplate('land-deed-recorded'), 'land');
  t.equal(categoryOfTemplate('will-recorded'), 'probate');
  t.equal(categoryOfTemplate('online-database-entry'), null, 'an online database is no category');
  t.equal(categoryOfTemplate(null), null, 'a citation without a template');
  t.same(categoriesOfScope('1851 Census of Ledbury, England'), ['census'], '"England" is not land');
  t.same(categoriesOfScope('Land tax assessments 1790'), ['land', 'tax']);
  t.same(categoriesOfScope('St Michael\'s churchyard'), ['cemetery'], '"churchyard" is not "church"');
  t.same(categoriesOfScope('Parish register and bishops transcripts'), ['church']);
  t.same(categoriesOfScope('Passenger lists, Liverpool to New York; naturalisation'), ['immigration']);
  t.same(categoriesOfScope('Court order book 1850'), ['court']);
  t.same(categoriesOfScope('Birth index 1837-1860, death certificate'), ['vital']);
  t.same(categoriesOfScope('Pension files; obituary in the Hereford Times'), ['military', 'newspapers']);
  t.same(categoriesOfScope('Deeds and probate inventory'), ['probate', 'land']);
  t.same(categoriesOfScope('Family Bible; city directory; DNA; county history'), ['directories', 'published', 'family', 'dna']);
  t.same(categoriesOfScope('I will look later'), [], 'no category in plain words');
  t.same(categoriesOfScope(''), []);
  t.same(categoriesOfScope(null), []);
  t.same(categoriesOfScope(undefined), []);
});

t.test('every record category reads as itself: a label of its own, templates and keywords in one category only', async (t) => {
  const labels = new Set<string>();
  const templates = new Set<string>();
  for (const category of RECORD_CATEGORIES) {
    t.match(category.label, /^[A-Z][A-Za-z]+( [A-Za-z]+)*( \(.+\))?$|^DNA$/, `${category.id}: "${category.label}"`);
    t.notOk(labels.has(category.label), `${category.id}: its label is no other category's`);
    labels.add(category.label);
    for (const template of category.templates) {
      t.equal(categoryOfTemplate(template), category.id, `${template} -> ${category.id}`);
      t.notOk(templates.has(template), `${template} in one category only`);
      templates.add(template);
    }
    for (const keyword of category.keywords) {
      t.match(keyword, /^[a-z]+( [a-z]+)?$/, `${category.id}: keyword "${keyword}"`);
      t.ok(categoriesOfScope(`records: ${keyword}.`).includes(category.id), `"${keyword}" alone names ${category.id}`);
    }
  }
});
