import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { systemActor } from '@rootline/kernel';
import { claim, conclude, ok, otherTree, persona, personsServer } from './fixtures/helpers.js';

const get = (s: TestServer, id: string, prefix = '/v1') => ok(s.request('GET', `${prefix}/persons/${id}`));
async function review(s: TestServer, claimId: string, action: string, prefix = '/v1') {
  const reply = await s.request('POST', `${prefix}/assertions/${claimId}/${action}`);
  if (reply.statusCode !== 200) throw new Error(`${action}: ${reply.statusCode} ${reply.body}`);
}

t.test('birth and death summaries come from the personas\' claims: confirmed first, then pending (flagged)', async (t) => {
  const s = await personsServer(t);
  const census = await persona(s, { given: 'William', surname: 'Smyth' });
  const parish = await persona(s, { given: 'Wm', surname: 'Smith' });
  const pendingBirth = await claim(s, { persona: census, kind: 'birth', date: 'ABT 1850', place: 'Ledbury' }, 'agent');
  const confirmedBaptism = await claim(s, { persona: parish, kind: 'baptism', date: '12 MAR 1851', place: 'Ledbury, St Michael' });
  await claim(s, { persona: census, kind: 'occupation', value: 'glover' });
  const person = await conclude(s, [census, parish]);
  t.same(person.birth, { date: '12 MAR 1851', sort_date: '1851-03-12:32', place: 'Ledbury, St Michael', assertion: confirmedBaptism, status: 'confirmed', flagged: false }, 'a confirmed baptism beats a pending birth');
  t.equal(person.death, null);

  const alone = await conclude(s, [await persona(s, { given: 'Ann', surname: 'Smyth' })]);
  t.equal(alone.birth, null, 'no claims, no summary');

  const pendingOnly = await persona(s, { given: 'John', surname: 'Smyth' });
  const guess = await claim(s, { persona: pendingOnly, kind: 'christening', date: 'BET 1840 AND 1845' }, 'agent');
  const john = await conclude(s, [pendingOnly]);
  t.same(john.birth, { date: 'BET 1840 AND 1845', sort_date: '1840-01-01:11', place: null, assertion: guess, status: 'pending', flagged: true }, 'a pending claim is used, flagged');

  t.not(pendingBirth, confirmedBaptism);
});

t.test('summaries follow claims captured, confirmed, refuted, fabricated and superseded through the assertions routes', async (t) => {
  const s = await personsServer(t);
  const mary = await persona(s, { given: 'Mary', surname: 'Price' });
  const person = await conclude(s, [mary]);
  const stamp = () => get(s, person.id).then((p) => p.updated_at_ms as number);

  const deathClaim = await claim(s, { persona: mary, kind: 'death', date: '1899', place: 'Hereford' }, 'agent');
  let now = await get(s, person.id);
  t.match(now.death, { date: '1899', assertion: deathClaim, status: 'pending', flagged: true }, 'an agent\'s death claim shows, flagged');
  t.equal(now.living, false, 'and the person is no longer living');
  t.ok(now.updated_at_ms >= person.updated_at_ms);

  await review(s, deathClaim, 'confirm');
  now = await get(s, person.id);
  t.match(now.death, { assertion: deathClaim, status: 'confirmed', flagged: false }, 'confirming it clears the flag');

  const burial = await claim(s, { persona: mary, kind: 'burial', date: '4 JAN 1900', place: 'Hereford Cathedral' }, 'agent');
  t.equal((await get(s, person.id)).death.assertion, deathClaim, 'a pending burial does not replace a confirmed death');

  await review(s, deathClaim, 'refute');
  now = await get(s, person.id);
  t.match(now.death, { date: '4 JAN 1900', assertion: burial, status: 'pending', flagged: true }, 'refuted: the burial stands in');

  await review(s, burial, 'mark-fabricated');
  now = await get(s, person.id);
  t.equal(now.death, null, 'fabricated claims are ignored too');
  t.equal(now.living, true, 'living again: no death claim stands');

  const birth = await claim(s, { persona: mary, kind: 'birth', date: '1830' });
  t.match((await get(s, person.id)).birth, { date: '1830', status: 'confirmed' });
  const corrected = await ok(s.request('POST', `/v1/assertions/${birth}/supersede`, { body: { replacement: { date: '2 MAY 1831' } } }));
  now = await get(s, person.id);
  t.match(now.birth, { date: '2 MAY 1831', sort_date: '1831-05-02:32', assertion: corrected.replacement }, 'superseded: the replacement is the summary');

  const before = await stamp();
  await claim(s, { persona: mary, kind: 'residence', place: 'Ledbury' });
  t.equal(await stamp(), before, 'a claim of another kind changes nothing, not even updated_at_ms');
  t.equal((await s.request('POST', `/v1/assertions/${corrected.replacement}/attach-evidence`, { body: { kind: 'url', url: 'https://example.org/register' } })).statusCode, 200);
  t.equal(await stamp(), before, 'nor does evidence');
});

t.test('claims of a persona outside any person change nothing until it is concluded', async (t) => {
  const s = await personsServer(t);
  const loose = await persona(s, { given: 'Edward', surname: 'Lloyd' });
  const birth = await claim(s, { persona: loose, kind: 'birth', date: '1870' }, 'agent');
  await review(s, birth, 'confirm');
  const person = await conclude(s, [loose]);
  t.match(person.birth, { date: '1870', status: 'confirmed', flagged: false });
});

t.test('summaries follow claims on the pinned mount of a tree that is not active', async (t) => {
  const s = await personsServer(t);
  const other = await otherTree(s);
  const here = await conclude(s, [await persona(s, { given: 'Same', surname: 'Name' })]);
  const there = await persona(s, { given: 'Same', surname: 'Name' }, other.prefix);
  const person = await conclude(s, [there], other.prefix);
  const death = await claim(s, { persona: there, kind: 'death', date: 'AFT 1900' }, 'agent', other.prefix);
  t.match((await get(s, person.id, other.prefix)).death, { date: 'AFT 1900', sort_date: '1900-12-31:91', flagged: true });
  await review(s, death, 'confirm', other.prefix);
  t.match((await get(s, person.id, other.prefix)).death, { flagged: false });
  t.equal((await get(s, here.id)).death, null, 'the active tree\'s person is untouched');
});

t.test('a claim removed (an import undone) leaves the summaries: the next claim stands in, or none', async (t) => {
  const s = await personsServer(t);
  const nell = await persona(s, { given: 'Nell', surname: 'Gwyn' });
  const baptism = await claim(s, { persona: nell, kind: 'baptism', date: '1950' }, 'agent');
  const birth = await claim(s, { persona: nell, kind: 'birth', date: '2 FEB 1950' });
  const death = await claim(s, { persona: nell, kind: 'death', date: '2010' });
  const person = await conclude(s, [nell]);
  t.match(person.birth, { assertion: birth, status: 'confirmed' });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), { kind: 'human', credentialId: null });

  t.ok(cradle.assertionsService.remove(systemActor, birth, 'import undone'));
  let now = await get(s, person.id);
  t.match(now.birth, { date: '1950', assertion: baptism, status: 'pending', flagged: true }, 'the birth removed: the pending baptism stands in');
  t.ok(now.updated_at_ms >= person.updated_at_ms);

  cradle.assertionsService.remove(systemActor, death, 'import undone');
  now = await get(s, person.id);
  t.equal(now.death, null, 'the only death claim removed: no death summary');
  t.equal(now.living, true, 'and the person, born in 1950, counts as living again');
});
