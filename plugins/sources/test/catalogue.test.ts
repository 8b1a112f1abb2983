import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { allTemplates } from '../src/templates/index.js';
import { ELEMENT_KINDS, TEMPLATE_CATEGORIES } from '../src/citations/template.js';

/**
 * What a person choosing a template reads in `GET /citation-templates`: every template named,
 * every element labelled (the form's field labels), no two fields of one form alike. The
 * golden renderings (templates.test.ts) check the patterns; this checks the words around them.
 */
t.test('every template and element is named and labelled, and the list shows them as shipped', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources'] });
  const listed = (await s.request('GET', '/v1/citation-templates')).json();
  t.same(listed, allTemplates.map(({ id, category, name, description, elements, example }) => ({ id, category, name, description, elements, example })), 'the list is the catalogue');
  for (const template of listed) {
    t.match(template.id, /^[a-z0-9]+(-[a-z0-9]+)*$/, `${template.id}: id`);
    t.ok(TEMPLATE_CATEGORIES.includes(template.category), `${template.id}: category ${template.category}`);
    t.match(template.name, /\S/, `${template.id}: a name`);
    const names = template.elements.map((element: { name: string }) => element.name);
    const labels = template.elements.map((element: { label: string }) => element.label.trim().toLowerCase());
    t.equal(new Set(names).size, names.length, `${template.id}: element names unique`);
    t.equal(new Set(labels).size, labels.length, `${template.id}: labels unique`);
    for (const element of template.elements) {
      t.match(element.name, /^[a-z][a-z0-9_]*$/, `${template.id}: element ${element.name}`);
      t.match(element.label, /\S/, `${template.id}.${element.name}: a label`);
      t.ok(ELEMENT_KINDS.includes(element.kind), `${template.id}.${element.name}: kind ${element.kind}`);
      if (element.required) t.match(template.example[element.name], /\S/, `${template.id}.${element.name}: required, so in the example`);
    }
    t.ok(template.elements.some((element: { required: boolean }) => element.required), `${template.id}: something is required`);
    t.same(Object.keys(template.example).filter((name) => !names.includes(name)), [], `${template.id}: the example uses only its elements`);
  }
});
