import t from 'tap';
import { countRows, evidenceServer, footprint, newCitation, newSource, recordKinds, sourceClaimCount } from './fixtures/helpers.js';

const UNKNOWN = '01938f0e-0000-7000-8000-000000000000';
const TEXT = 'Baptism 12 Mar 1851, William son of John Smyth, labourer, and Ann his wife, of Ledbury';

t.test('a transcription creates the personas it names and the claims it supports, all citing its source', async (t) => {
  const s = await evidenceServer(t);
  const source = await newSource(s, 'Ledbury parish register');
  const citation = await newCitation(s, source);
  const body = {
    source,
    citation,
    transcription: TEXT,
    personas: [
      { given: 'William', surname: 'Smyth', sex: 'M', role: 'principal', claims: [{ kind: 'baptism', date: '12 MAR 1851', place: 'Ledbury' }] },
      { name: 'John Smyth', role: 'father', claims: [{ kind: 'occupation', value: 'labourer' }] },
      { given: 'Ann', claims: [] },
    ],
  };
  const reply = await s.request('POST', '/v1/assertions/transcription-claim', { body, token: s.agentToken, headers: { 'x-proposer-model': 'claude-opus' } });
  t.equal(reply.statusCode, 200, reply.body);
  const result = reply.json();
  t.equal(result.personas.length, 3, 'one persona per person named');
  t.match(result, { kind: 'transcription', value: TEXT, persona: result.personas[0], source, citation, status: 'pending', proposer: 'claude-opus' });
  t.same(
    result.claims.map((claim: { persona: string; kind: string; value: string | null }) => [result.personas.indexOf(claim.persona), claim.kind, claim.value]),
    [[0, 'role', 'principal'], [0, 'baptism', null], [1, 'role', 'father'], [1, 'occupation', 'labourer']],
  );
  t.ok(result.claims.every((claim: { source: string; status: string }) => claim.source === source && claim.status === 'pending'), 'every claim cites the source');
  const persona = (await s.request('GET', `/v1/personas/${result.personas[0]}`)).json();
  t.match(persona, { name: { given: 'William', surname: 'Smyth' }, sex: 'M', source }, 'personas are made through personasService.create');
  t.match((await s.request('GET', `/v1/personas/${result.personas[1]}`)).json(), { name: { as_written: 'John Smyth' } });
  t.equal(await sourceClaimCount(s, source), 5, 'claim_count counts the transcription and its four claims');
  t.same(recordKinds(s, result.personas[1]), ['persona.created.v1'], 'the persona service recorded its personas');
  const list = (await s.request('GET', '/v1/assertions', { query: { persona: result.personas[1] } })).json();
  t.equal(list.total, 2);
});

t.test('a transcription with bad input writes nothing: no persona, no claim, no record', async (t) => {
  const s = await evidenceServer(t);
  const source = await newSource(s);
  const before = footprint(s);
  const person = { given: 'William', claims: [{ kind: 'birth' }] };
  const cases: [unknown, number][] = [
    [{ transcription: TEXT, personas: [person] }, 400],
    [{ source, personas: [person] }, 400],
    [{ source, transcription: TEXT }, 400],
    [{ source, transcription: TEXT, personas: [] }, 400],
    [{ source, transcription: '   ', personas: [person] }, 400],
    [{ source, transcription: TEXT, personas: [{ claims: [] }] }, 400],
    [{ source, transcription: TEXT, personas: [{ given: 'William' }] }, 400],
    [{ source, transcription: TEXT, personas: [{ given: 'William', claims: [{ value: 'x' }] }] }, 400],
    [{ source, transcription: TEXT, personas: [{ given: 'William', sex: 'male', claims: [] }] }, 400],
    [{ source, transcription: TEXT, personas: [{ given: '', claims: [] }] }, 400],
    [{ source, transcription: TEXT, personas: [{ surname: 'S'.repeat(201), claims: [] }] }, 400],
    [{ source, transcription: TEXT, personas: [{ name: 42, claims: [] }] }, 400],
    [{ source, transcription: TEXT, personas: [{ ...person, age: 3 }] }, 400],
    [{ source, transcription: TEXT, personas: [{ given: 'William', claims: [{ kind: 'birth', status: 'confirmed' }] }] }, 400],
    [{ source, transcription: TEXT, personas: [person], language: 'en' }, 400],
    [{ source, transcription: TEXT, personas: 'William' }, 400],
    [{ source: UNKNOWN, transcription: TEXT, personas: [person] }, 404],
    [{ source, citation: UNKNOWN, transcription: TEXT, personas: [person] }, 404],
  ];
  for (const [body, status] of cases) {
    const reply = await s.request('POST', '/v1/assertions/transcription-claim', { body });
    t.equal(reply.statusCode, status, JSON.stringify(body));
  }
  t.same(footprint(s), before, 'nothing written');
  t.equal(countRows(s, 'personas'), 0);
  t.equal(await sourceClaimCount(s, source), 0);
});
