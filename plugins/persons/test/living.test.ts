import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { claim, conclude, footprint, ok, otherTree, persona, personsServer, UNKNOWN } from './fixtures/helpers.js';

/** Today is 1 June 2025 for these tests: 110 years back is 1915. */
const clock = { now: () => Date.UTC(2025, 5, 1, 12) };

async function personWith(s: TestServer, claims: { kind: string; date?: string; as?: 'human' | 'agent' }[], prefix = '/v1') {
  const id = await persona(s, { given: 'Test', surname: 'Person' }, prefix);
  const made: string[] = [];
  for (const { kind, date, as } of claims) made.push(await claim(s, { persona: id, kind, ...(date ? { date } : {}) }, as ?? 'human', prefix));
  return { person: await conclude(s, [id], prefix), claims: made };
}

const living = async (s: TestServer, claims: { kind: string; date?: string; as?: 'human' | 'agent' }[]) => {
  const { person } = await personWith(s, claims);
  return [person.living, person.living_source];
};

t.test('derived: no standing death or burial claim, and no birth known or one at most 110 years ago', async (t) => {
  const s = await personsServer(t, { clock });
  t.same(await living(s, []), [true, 'derived'], 'nothing known: living');
  t.same(await living(s, [{ kind: 'birth', date: '1915' }]), [true, 'derived'], 'born 110 years ago: living');
  t.same(await living(s, [{ kind: 'birth', date: '1914' }]), [false, 'derived'], 'born 111 years ago: not living');
  t.same(await living(s, [{ kind: 'baptism', date: 'BET 1900 AND 1920' }]), [true, 'derived'], 'an uncertain birth counts at its latest year');
  t.same(await living(s, [{ kind: 'birth', date: 'Easter, the year of the flood' }]), [true, 'derived'], 'a birth date without a year is not a known birth year');
  t.same(await living(s, [{ kind: 'birth', date: '1990' }, { kind: 'death', date: '2020', as: 'agent' }]), [false, 'derived'], 'a pending death claim is enough');
  t.same(await living(s, [{ kind: 'burial' }]), [false, 'derived'], 'a burial without a date too');

  const { person, claims } = await personWith(s, [{ kind: 'birth', date: '1950' }, { kind: 'death', date: '2001', as: 'agent' }]);
  t.equal(person.living, false);
  t.equal((await s.request('POST', `/v1/assertions/${claims[1]}/refute`)).statusCode, 200);
  t.equal((await ok(s.request('GET', `/v1/persons/${person.id}`))).living, true, 'the refuted death no longer counts');
});

t.test('the human overrides it, and null goes back to derived, on both mounts', async (t) => {
  const s = await personsServer(t, { clock });
  const other = await otherTree(s);
  for (const prefix of ['/v1', other.prefix]) {
    const { person } = await personWith(s, [{ kind: 'birth', date: '1890' }], prefix);
    t.equal(person.living, false);
    const set = await ok(s.request('PUT', `${prefix}/persons/${person.id}/living-status`, { body: { living: true, reason: 'A centenarian: the 2010 census lists her' } }));
    t.same([set.living, set.living_source], [true, 'override']);
    t.same(await ok(s.request('GET', `${prefix}/persons/${person.id}`)), set);
    const off = await ok(s.request('PUT', `${prefix}/persons/${person.id}/living-status`, { body: { living: false } }));
    t.same([off.living, off.living_source], [false, 'override']);
    const back = await ok(s.request('PUT', `${prefix}/persons/${person.id}/living-status`, { body: { living: null } }));
    t.same([back.living, back.living_source], [false, 'derived']);
    const treeId = prefix === '/v1' ? undefined : other.id;
    t.same(
      s.records({ kind: 'person.living_status_set', treeId }).map((record) => [record.entity_id, record.payload]).reverse(),
      [
        [person.id, { living: true, reason: 'A centenarian: the 2010 census lists her' }],
        [person.id, { living: false, reason: null }],
        [person.id, { living: null, reason: null }],
      ],
    );
  }
});

t.test('an agent may not set it; refusals write nothing', async (t) => {
  const s = await personsServer(t, { clock });
  const { person } = await personWith(s, [{ kind: 'birth', date: '1990' }]);
  const retracted = (await personWith(s, [])).person;
  await ok(s.request('POST', `/v1/persons/${retracted.id}/retract`));
  const before = footprint(s);
  const agent = await s.request('PUT', `/v1/persons/${person.id}/living-status`, { token: s.agentToken, body: { living: false } });
  t.equal(agent.statusCode, 403);
  t.equal(agent.json().code, 'human-token-required');
  const cases: [string, string, unknown, number][] = [
    ['unknown person', UNKNOWN, { living: false }, 404],
    ['retracted person', retracted.id, { living: false }, 404],
    ['living missing', person.id, {}, 400],
    ['living not a boolean', person.id, { living: 'no' }, 400],
    ['unknown field', person.id, { living: false, source: 'x' }, 400],
  ];
  for (const [name, id, body, status] of cases) t.equal((await s.request('PUT', `/v1/persons/${id}/living-status`, { body })).statusCode, status, name);
  t.same(footprint(s), before);
  const now = await ok(s.request('GET', `/v1/persons/${person.id}`));
  t.same([now.living, now.living_source, now.updated_at_ms], [true, 'derived', person.updated_at_ms], 'the person is unchanged');
});
