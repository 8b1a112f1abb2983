import t from 'tap';
import { bodyHasExamples } from '@rootline/kernel/testing';
import { personsServer } from './fixtures/helpers.js';

const ROUTES = [
  ['post', '/persons', '201'],
  ['get', '/persons', '200'],
  ['get', '/persons/{id}', '200'],
  ['put', '/persons/{id}/living-status', '200'],
  ['post', '/persons/{id}/retract', '200'],
  ['post', '/persons/{id}/split', '200'],
] as const;

t.test('every route is documented on both mounts, with examples, and living-status as human only', async (t) => {
  const s = await personsServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const components = doc.components?.schemas ?? {};
  for (const [method, path, status] of ROUTES) {
    for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
      const name = `${method.toUpperCase()} ${mount}${path}`;
      const operation = doc.paths[`${mount}${path}`]?.[method];
      t.ok(operation, `${name} is documented`);
      if (!operation) continue;
      t.equal(operation['x-service-tier'], 'preview', `${name} tier`);
      if (operation.requestBody) t.ok(bodyHasExamples(operation.requestBody.content?.['application/json'], components), `${name} body has examples`);
      t.ok(bodyHasExamples(operation.responses[status]?.content?.['application/json'], components), `${name} ${status} has examples`);
      t.equal(operation['x-access'], path === '/persons/{id}/living-status' ? 'human' : 'agent', `${name}: human only where it says`);
    }
  }
});

t.test('a body that may be left out is documented as not required; one the route needs, as required', async (t) => {
  const s = await personsServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
    t.equal(doc.paths[`${mount}/persons/{id}/retract`].post.requestBody.required, false, `${mount} retract: the reason is optional, so is the body`);
    t.equal(doc.paths[`${mount}/persons/{id}/split`].post.requestBody.required, true, `${mount} split: personas are required`);
    t.equal(doc.paths[`${mount}/persons`].post.requestBody.required, true, `${mount} conclude: required`);
  }
  const persona = (await s.request('POST', '/v1/personas', { body: { given: 'Ann', surname: 'Smyth' } })).json().id;
  const person = (await s.request('POST', '/v1/persons', { body: { personas: [persona] } })).json().id;
  t.equal((await s.request('POST', `/v1/persons/${person}/retract`)).statusCode, 200, 'and the route takes a request without one');
});
