import t from 'tap';
import { evidenceServer, newPersona, newSource, capture } from './helpers.js';

t.test('smoke', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const source = await newSource(s);
  const claim = await capture(s, { persona, kind: 'birth', date: '12 MAR 1851', source }, 'agent', 'claude');
  t.equal(claim.status, 'pending');
  const list = await s.request('GET', '/v1/assertions', { query: { persona } });
  t.equal(list.statusCode, 200, list.body);
  t.equal(list.json().total, 1);
  const got = await s.request('GET', `/v1/assertions/${claim.id}`);
  t.equal(got.statusCode, 200, got.body);
  console.log(got.json());
});
