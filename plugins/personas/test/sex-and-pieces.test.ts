import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const plugins = ['@rootline/plugin-sources', '@rootline/plugin-personas'];

t.test('every GEDCOM 7 sex is accepted and read back; the API description lists them', async (t) => {
  const s = await buildTestServer(t, { plugins });
  for (const sex of ['M', 'F', 'X', 'U']) {
    const reply = await s.request('POST', '/v1/personas', { body: { given: 'Alex', sex } });
    t.equal(reply.statusCode, 200, `sex ${sex}: ${reply.body}`);
    t.equal((await s.request('GET', `/v1/personas/${reply.json().id}`)).json().sex, sex, `sex ${sex} read back`);
  }
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const body = doc.paths['/v1/personas'].post.requestBody.content['application/json'].schema;
  t.same(body.properties.sex.enum, ['M', 'F', 'X', 'U'], 'the body names the four values');
});

t.test('name pieces: any one piece will do for a persona without a written name; blank or overlong pieces never', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const mary = (await s.request('POST', '/v1/personas', { body: { given: 'Mary' } })).json();
  const surnameOnly = await s.request('PUT', `/v1/personas/${mary.id}/name-pieces`, { body: { surname: 'Shaw' } });
  t.equal(surnameOnly.statusCode, 200, surnameOnly.body);
  t.match(surnameOnly.json().name, { display: 'Shaw', given: null, surname: 'Shaw', as_written: null }, 'the given name cleared, the surname kept');

  const written = (await s.request('POST', '/v1/personas', { body: { name: 'John Berg' } })).json();
  const records = s.records().length;
  for (const [body, why] of [
    [{ given: '   ' }, 'a blank piece'],
    [{ surname: '\t' }, 'a blank piece'],
    [{ surname: 'x'.repeat(201) }, 'a piece over 200 characters'],
    [{ given: '' }, 'an empty piece'],
  ] as const) {
    const reply = await s.request('PUT', `/v1/personas/${written.id}/name-pieces`, { body });
    t.equal(reply.statusCode, 400, `${why}, even with a written name: ${JSON.stringify(body).slice(0, 30)}`);
    t.equal(reply.json().code, 'validation-failed');
  }
  t.equal((await s.request('PUT', `/v1/personas/${written.id}/name-pieces`, { body: { surname: 'x'.repeat(200) } })).statusCode, 200, '200 characters is allowed');
  t.equal(s.records().length, records + 1, 'only the accepted change recorded');
});
