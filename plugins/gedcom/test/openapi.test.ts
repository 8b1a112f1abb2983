import t from 'tap';
import { importServer } from './helpers.js';

/** The two routes that take a file as their raw body say so in the API description, so a generated client sends it. */
t.test('import and validate document the file as their raw body, required, on both mounts', async (t) => {
  const s = await importServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
    for (const path of ['/imports/gedcom', '/gedcom/validate']) {
      const body = doc.paths[`${mount}${path}`].post.requestBody;
      t.equal(body?.required, true, `${mount}${path}: a body is required`);
      t.match(body?.content, { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } }, `${mount}${path}: the file's bytes`);
    }
  }
  t.equal((await s.request('POST', '/v1/gedcom/validate', { headers: { 'content-type': 'application/octet-stream' }, payload: '' })).statusCode, 200, 'validate still reads what it is sent (the description validates nothing)');
});
