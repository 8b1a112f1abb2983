import t from 'tap';
import { readFileSync } from 'node:fs';
import { buildTestServer } from '@rootline/kernel/testing';
import { allTemplates } from '../src/templates/index.js';
import { elementsOf } from '../src/citations/renderer.js';

type Styles = Record<'first_reference' | 'subsequent' | 'bibliography' | 'source_list', string>;
// Expected renderings, read and checked by eye against Evidence Explained's QuickCheck models.
const golden = JSON.parse(readFileSync(new URL('./fixtures/renderings.json', import.meta.url), 'utf8')) as Record<string, { example: Styles; required_only: Styles }>;
const STYLES = ['first_reference', 'subsequent', 'bibliography', 'source_list'] as const;

t.test('the shipped templates are many, distinct and well formed', async (t) => {
  t.ok(allTemplates.length >= 25, `${allTemplates.length} templates`);
  t.equal(new Set(allTemplates.map((template) => template.id)).size, allTemplates.length, 'ids are unique');
  t.same(Object.keys(golden).sort(), allTemplates.map((template) => template.id).sort(), 'every template has golden renderings');
  for (const template of allTemplates) {
    const declared = new Set(template.elements.map((element) => element.name));
    for (const style of STYLES) {
      for (const name of elementsOf(template.patterns[style])) t.ok(declared.has(name), `${template.id} ${style} uses declared element ${name}`);
    }
  }
});

t.test('every template renders its example and its required elements alone in all four styles, as the golden file says', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources'] });
  for (const template of allTemplates) {
    const cases = {
      example: template.example,
      required_only: Object.fromEntries(template.elements.filter((element) => element.required).map((element) => [element.name, template.example[element.name]])),
    };
    for (const [name, elements] of Object.entries(cases) as [keyof (typeof golden)[string], Record<string, string>][]) {
      for (const style of STYLES) {
        const res = await s.request('POST', '/v1/citations/render', { body: { template: template.id, elements, style } });
        t.equal(res.statusCode, 200, `${template.id} ${name} ${style}`);
        const expected = golden[template.id][name][style];
        t.equal(res.json().markdown, expected, `${template.id} ${name} ${style} markdown`);
        t.equal(res.json().text, expected.replace(/\*/g, ''), `${template.id} ${name} ${style} text`);
      }
    }
  }
});

t.test('the template list filters by category and documents elements', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources'] });
  const all = await s.request('GET', '/v1/citation-templates');
  t.equal(all.statusCode, 200);
  t.equal(all.json().length, allTemplates.length);
  const census = await s.request('GET', '/v1/citation-templates', { query: { category: 'census' } });
  t.same(census.json().map((template: { id: string }) => template.id), ['us-federal-census-population', 'uk-census-enumeration', 'ireland-census-return']);
  const [first] = census.json();
  t.match(first.elements[0], { name: 'year', label: String, kind: 'number', required: true });
  const wanted = ['census', 'civil-registration', 'church-registers', 'probate-and-land', 'courts-and-taxes', 'military', 'migration', 'publications', 'online', 'cemeteries', 'family-and-personal', 'dna', 'government'];
  for (const category of wanted) {
    const res = await s.request('GET', '/v1/citation-templates', { query: { category } });
    t.ok(res.json().length > 0, `category ${category} has templates`);
  }
  const unknown = await s.request('GET', '/v1/citation-templates', { query: { category: 'astrology' } });
  t.equal(unknown.statusCode, 400);
  t.equal(unknown.json().code, 'validation-failed');
  const pinned = await s.request('GET', `/v1/trees/${s.server.kernel.trees.active().id}/citation-templates`, { query: { category: 'dna' } });
  t.equal(pinned.json()[0].id, 'dna-test-results');
});
