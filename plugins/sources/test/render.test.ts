import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const book = { author: 'Donald Lines Jacobus', title: 'History and Genealogy of the Families of Old Fairfield', place: 'New Haven', publisher: 'Tuttle, Morehouse & Taylor', year: '1930', page: '212' };

t.test('render route: styles, stored citations and every refusal', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources'] });
  const render = (body: unknown) => s.request('POST', '/v1/citations/render', { body });

  const first = await render({ template: 'book', elements: book });
  t.equal(first.json().style, 'first_reference', 'first reference by default');
  t.equal(first.json().text, 'Donald Lines Jacobus, History and Genealogy of the Families of Old Fairfield (New Haven: Tuttle, Morehouse & Taylor, 1930), 212.');

  const created = (await s.request('POST', '/v1/citations', { body: { template: 'book', elements: book } })).json();
  const stored = await render({ citation: created.id, style: 'subsequent' });
  t.equal(stored.statusCode, 200);
  t.same(stored.json(), { citation: created.id, template: 'book', style: 'subsequent', text: 'Donald Lines Jacobus, History and Genealogy of the Families of Old Fairfield, 212.', markdown: 'Donald Lines Jacobus, *History and Genealogy of the Families of Old Fairfield*, 212.' });

  const missing = await render({ template: 'book', elements: { author: 'Jacobus' } });
  t.equal(missing.statusCode, 400);
  t.equal(missing.json().code, 'validation-failed');
  t.same(missing.json().errors.map((error: { name: string }) => error.name).sort(), ['elements.page', 'elements.place', 'elements.publisher', 'elements.title', 'elements.year'], 'lists every missing required element');

  const illTyped = await render({ template: 'book', elements: { ...book, year: 'nineteen thirty', colour: 'red' } });
  t.equal(illTyped.statusCode, 400);
  t.same(illTyped.json().errors.map((error: { name: string }) => error.name).sort(), ['elements.colour', 'elements.year']);

  t.equal((await render({ template: 'no-such-template', elements: {} })).statusCode, 404);
  const unknownCitation = await render({ citation: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d' });
  t.equal(unknownCitation.statusCode, 404);
  t.equal(unknownCitation.json().code, 'not-found');

  t.equal((await render({})).statusCode, 400, 'neither citation nor template');
  t.equal((await render({ citation: created.id, template: 'book', elements: book })).statusCode, 400, 'both');
  t.equal((await render({ template: 'book', elements: book, style: 'footnote' })).statusCode, 400, 'unknown style');
  t.equal((await render({ template: 'book', elements: book, colour: 'red' })).statusCode, 400, 'unknown field');

  const freeForm = (await s.request('POST', '/v1/citations', { body: { elements: { text: 'Family tradition, told by Aunt May' } } })).json();
  const noTemplate = await render({ citation: freeForm.id });
  t.equal(noTemplate.statusCode, 400);
  t.equal(noTemplate.json().errors[0].name, 'citation');
});
