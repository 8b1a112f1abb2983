import t from 'tap';
import { boot } from './fixtures/helpers.js';

t.test('every route is documented on both mounts, with its problems; the pedigree offers JSON and SVG', async (t) => {
  const { s } = await boot(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const routes = [['post', '/relationships', [404, 409, 422]], ['post', '/relationships/reparent', [404, 409, 422]], ['post', '/relationships/unlink', [404]], ['get', '/persons/{id}/pedigree', [404]]] as const;
  for (const [method, path, problems] of routes) {
    for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
      const operation = doc.paths[`${mount}${path}`]?.[method];
      t.ok(operation, `${method.toUpperCase()} ${mount}${path}`);
      for (const status of [...problems, 400, 401]) t.ok(operation.responses[String(status)], `${path} documents ${status}`);
      t.ok(operation.responses[path === '/relationships' ? '201' : '200'], `${path} documents its success`);
      t.equal(operation['x-service-tier'], 'preview');
    }
  }
  const content = doc.paths['/v1/persons/{id}/pedigree'].get.responses['200'].content;
  t.same(Object.keys(content).sort(), ['application/json', 'image/svg+xml']);
  t.same(doc.paths['/v1/persons/{id}/pedigree'].get.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name), ['generations']);
});
