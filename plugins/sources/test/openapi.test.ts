import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { evidencePlugins } from './fixtures/blob-upload.js';

const UNKNOWN = '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d';

t.test('the API description shows a source and a citation, each with an example, and lists what attach-blob may answer', async (t) => {
  const s = await buildTestServer(t, { plugins: evidencePlugins });
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const reply = (path: string, method: string, status: string) => doc.paths[path][method].responses[status].content['application/json'];
  // Each reply is written out in place, with its example, which the kernel checks against it.
  t.match(reply('/v1/sources', 'post', '200'), { schema: { required: ['id', 'title'] }, example: { title: String } }, 'a source, with an example');
  t.match(reply('/v1/citations', 'post', '200'), { schema: { required: ['id', 'source', 'template', 'elements'] }, example: { template: String, elements: Object } }, 'a citation, with an example');
  t.same(Object.keys(doc.paths['/v1/sources/{id}/attach-blob'].post.responses).sort(), ['200', '400', '401', '403', '404', '413', '415', '421', '500', '507']);
});

t.test('a source body is checked before anything is written', async (t) => {
  const s = await buildTestServer(t, { plugins: evidencePlugins });
  const records = () => s.records().length;
  const before = records();
  for (const body of [{}, { title: '' }, { title: 'x'.repeat(501), author: 'x'.repeat(501) }, { title: 'Parish register', url: 'ftp://example.org/x' }, { title: 'Parish register', colour: 'red' }]) {
    const created = await s.request('POST', '/v1/sources', { body });
    t.equal(created.statusCode, 400, JSON.stringify(body).slice(0, 60));
    t.equal(created.json().code, 'validation-failed');
  }
  t.equal(records(), before, 'nothing written');
  t.equal((await s.request('POST', `/v1/sources/${UNKNOWN}/attach-blob`, { body: { blob: 'not-an-address' } })).statusCode, 400);
});

t.test('the records of a new source and citation say what they are about', async (t) => {
  const s = await buildTestServer(t, { plugins: evidencePlugins });
  const source = (await s.request('POST', '/v1/sources', { body: { title: 'Parish register of Ledbury' } })).json();
  const citation = (await s.request('POST', '/v1/citations', { body: { elements: { text: 'Family tradition' } } })).json();
  t.match(s.records({ kind: 'source.created' }), [{ entity_type: 'source', entity_id: source.id, payload: { title: 'Parish register of Ledbury' } }]);
  t.match(s.records({ kind: 'citation.created' }), [{ entity_type: 'citation', entity_id: citation.id, payload: { source: citation.source } }]);
});
