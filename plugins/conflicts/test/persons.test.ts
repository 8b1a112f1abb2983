import t from 'tap';
import { claim, conclude, conflictRecords, conflicts, conflictsServer, ok, persona } from './fixtures/helpers.js';

const SYSTEM = { kind: 'system', credential_id: null };
const pairOf = (item: any) => item.claims.map((c: any) => c.assertion);
const summary = (item: any) => [item.persona ?? null, item.person ?? null, item.kind, item.status, pairOf(item)];

t.test('concluding personas into one person opens the conflicts between their claims, naming the person', async (t) => {
  const s = await conflictsServer(t);
  const [a, b, c] = [await persona(s), await persona(s, { given: 'Wm', surname: 'Smith' }), await persona(s, { given: 'Will' })];
  const aBirth = await claim(s, { persona: a, kind: 'birth', date: '1850', place: 'Ledbury, Herefordshire' });
  const aBirth2 = await claim(s, { persona: a, kind: 'birth', date: '1856' });
  const bBirth = await claim(s, { persona: b, kind: 'birth', date: 'ABT 1851', place: 'Herefordshire, England' });
  const cBirth = await claim(s, { persona: c, kind: 'birth', date: '1850', place: 'Hereford, Herefordshire' });
  await claim(s, { persona: c, kind: 'residence', date: '1851', place: 'Leeds' });
  await claim(s, { persona: b, kind: 'residence', date: '1851', place: 'London' });
  const before = (await conflicts(s)).items;
  t.same(before.map(summary), [[a, null, 'birth', 'open', [aBirth, aBirth2]]], 'before: the persona\'s own');

  const person = await conclude(s, [a, b, c]);
  const concluded = s.records({ kind: 'person.concluded' })[0];
  const items = (await conflicts(s)).items;
  t.same(items.map(summary), [
    [a, null, 'birth', 'open', [aBirth, aBirth2]],
    [null, person.id, 'birth', 'open', [aBirth, cBirth]],
    [null, person.id, 'birth', 'open', [aBirth2, bBirth]],
    [null, person.id, 'birth', 'open', [aBirth2, cBirth]],
  ], 'the persona\'s conflict is not opened again; b agrees with a\'s first birth and with c\'s');
  t.same(items[1].disagreement, { on: ['place'], detail: 'The places "Ledbury, Herefordshire" and "Hereford, Herefordshire" are not one place' });
  t.same(items[1].opened_at_ms, concluded.at_ms);
  t.same(s.records({ kind: 'conflict.opened' })[2].payload, { kind: 'birth', person: person.id, claims: [aBirth, cBirth], disagree_on: ['place'], cause: concluded.seq });
  t.same(s.records({ kind: 'conflict.opened' })[2].actor, SYSTEM);

  // Claims captured later meet every persona of the person.
  const late = await claim(s, { persona: b, kind: 'birth', date: '1870' });
  t.same((await conflicts(s)).items.slice(4).map(summary), [
    [null, person.id, 'birth', 'open', [aBirth, late]],
    [null, person.id, 'birth', 'open', [aBirth2, late]],
    [b, null, 'birth', 'open', [bBirth, late]],
    [null, person.id, 'birth', 'open', [cBirth, late]],
  ], 'two claims of one persona name the persona, whether or not it is in a person');
});

t.test('personas with nothing single-valued in common meet nothing', async (t) => {
  const s = await conflictsServer(t);
  const [a, b, c, d] = [await persona(s), await persona(s), await persona(s), await persona(s)];
  await conclude(s, [a, b]);
  await claim(s, { persona: c, kind: 'birth', date: '1850' });
  await claim(s, { persona: c, kind: 'residence', date: '1851', place: 'Ledbury' });
  await claim(s, { persona: d, kind: 'death', date: '1900' });
  await claim(s, { persona: d, kind: 'residence', date: '1861', place: 'Leeds' });
  await conclude(s, [c, d]);
  t.same(await conflicts(s), { items: [], next_cursor: null, total: 0 }, 'no claims; claims of different kinds only');
});

t.test('a person of one persona meets nothing new', async (t) => {
  const s = await conflictsServer(t);
  const a = await persona(s);
  await claim(s, { persona: a, kind: 'death', date: '1900' });
  await claim(s, { persona: a, kind: 'death', date: '1910' });
  await conclude(s, [a]);
  t.same((await conflicts(s)).items.map((item: any) => item.persona), [a]);
  t.equal(conflictRecords(s).length, 1);
});

t.test('split: a conflict across the cut is withdrawn, one whose personas both moved names the new person', async (t) => {
  const s = await conflictsServer(t);
  const [a, b, c] = [await persona(s), await persona(s), await persona(s)];
  const aBirth = await claim(s, { persona: a, kind: 'birth', date: '1850' });
  const bBirth = await claim(s, { persona: b, kind: 'birth', date: '1860' });
  const cBirth = await claim(s, { persona: c, kind: 'birth', date: 'ABT 1861' });
  const bDeath = await claim(s, { persona: b, kind: 'death', date: '1900' });
  const cDeath = await claim(s, { persona: c, kind: 'death', date: '1910' });
  const cDeath2 = await claim(s, { persona: c, kind: 'death', date: '1920' });
  const person = await conclude(s, [a, b, c]);
  t.same((await conflicts(s)).items.map(summary), [
    [c, null, 'death', 'open', [cDeath, cDeath2]],
    [null, person.id, 'birth', 'open', [aBirth, bBirth]],
    [null, person.id, 'birth', 'open', [aBirth, cBirth]],
    [null, person.id, 'death', 'open', [bDeath, cDeath]],
    [null, person.id, 'death', 'open', [bDeath, cDeath2]],
  ]);
  const { new_person: split } = await ok(s.request('POST', `/v1/persons/${person.id}/split`, { body: { personas: [b, c] } }));
  const record = s.records({ kind: 'person.split' })[0];
  const items = (await conflicts(s)).items;
  t.same(items.map(summary), [
    [c, null, 'death', 'open', [cDeath, cDeath2]],
    [null, person.id, 'birth', 'withdrawn', [aBirth, bBirth]],
    [null, person.id, 'birth', 'withdrawn', [aBirth, cBirth]],
    [null, split.id, 'death', 'open', [bDeath, cDeath]],
    [null, split.id, 'death', 'open', [bDeath, cDeath2]],
  ]);
  t.same(items[1].withdrawal, { reason: `The person ${person.id} was split: the personas ${a} and ${b} are no longer one person`, automatic: true, withdrawn_at_ms: record.at_ms });
  t.same(s.records({ kind: 'conflict.withdrawn' }).reverse().map((r) => [r.entity_id, (r.payload as any).automatic, (r.payload as any).cause]), [[items[1].id, true, record.seq], [items[2].id, true, record.seq]]);
  t.same((await conflicts(s, { person: split.id })).items.map((item: any) => item.id), [items[0].id, items[3].id, items[4].id], 'listed under the new person');
  t.same((await conflicts(s, { person: person.id })).items.map((item: any) => item.id), [items[1].id, items[2].id], 'the withdrawn ones still name the person they were about');
});

t.test('retract withdraws the person\'s open conflicts; concluded again, the pairs the service withdrew open again, the human\'s do not', async (t) => {
  const s = await conflictsServer(t);
  const [a, b] = [await persona(s), await persona(s)];
  const aBirth = await claim(s, { persona: a, kind: 'birth', date: '1850' });
  const bBirth = await claim(s, { persona: b, kind: 'birth', date: '1860' });
  const aSex = await claim(s, { persona: a, kind: 'sex', value: 'M' });
  const bSex = await claim(s, { persona: b, kind: 'sex', value: 'F' });
  const aBurial = await claim(s, { persona: a, kind: 'burial', date: '1900' });
  const bBurial = await claim(s, { persona: b, kind: 'burial', date: '1930' });
  const first = await conclude(s, [a, b]);
  const opened = (await conflicts(s)).items;
  t.same(opened.map(summary), [
    [null, first.id, 'birth', 'open', [aBirth, bBirth]],
    [null, first.id, 'sex', 'open', [aSex, bSex]],
    [null, first.id, 'burial', 'open', [aBurial, bBurial]],
  ]);
  // The human withdraws the burial one (a reburial) and resolves nothing else.
  await ok(s.request('POST', `/v1/conflicts/${opened[2].id}/withdrawal`, { body: { reason: 'Reburied in 1930: both are true' } }));

  await ok(s.request('POST', `/v1/persons/${first.id}/retract`, { body: { reason: 'Two people' } }));
  const retracted = s.records({ kind: 'person.retracted' })[0];
  let items = (await conflicts(s)).items;
  t.same(items.map((item: any) => [item.status, item.withdrawal]), [
    ['withdrawn', { reason: `The person ${first.id} was retracted: its personas are no longer concluded to be one person`, automatic: true, withdrawn_at_ms: retracted.at_ms }],
    ['withdrawn', { reason: `The person ${first.id} was retracted: its personas are no longer concluded to be one person`, automatic: true, withdrawn_at_ms: retracted.at_ms }],
    ['withdrawn', { reason: 'Reburied in 1930: both are true', automatic: false, withdrawn_at_ms: items[2].withdrawal.withdrawn_at_ms }],
  ]);

  const again = await conclude(s, [b, a]);
  items = (await conflicts(s)).items;
  t.same(items.slice(3).map(summary), [
    [null, again.id, 'birth', 'open', [aBirth, bBirth]],
    [null, again.id, 'sex', 'open', [aSex, bSex]],
  ], 'a dispute nobody settled opens again as a new conflict; the reburial stays withdrawn (remembered)');
  t.not(items[3].id, items[0].id);
  t.equal(conflictRecords(s).length, 3 + 1 + 2 + 2);
});

t.test('merge: the merged person\'s conflicts name the survivor, its claims meet the survivor\'s; split back reverses both', async (t) => {
  const s = await conflictsServer(t);
  const probe = await s.request('POST', '/v1/persons/merge', { body: {} });
  if (probe.statusCode === 404 && probe.json().code === 'route-not-found') {
    t.plan(0, 'SKIP: POST /persons/merge does not exist yet (the persons plugin is adding it): merge detection is written but untested');
    return;
  }
  const [a, b, c] = [await persona(s), await persona(s), await persona(s)];
  const aBirth = await claim(s, { persona: a, kind: 'birth', date: '1850', place: 'Ledbury' });
  const bBirth = await claim(s, { persona: b, kind: 'birth', date: '1850', place: 'Leeds' });
  const bDeath = await claim(s, { persona: b, kind: 'death', date: '1900' });
  const cDeath = await claim(s, { persona: c, kind: 'death', date: '1911' });
  const survivor = await conclude(s, [a]);
  const merged = await conclude(s, [b, c]);
  const before = (await conflicts(s)).items;
  t.same(before.map(summary), [[null, merged.id, 'death', 'open', [bDeath, cDeath]]]);

  await ok(s.request('POST', '/v1/persons/merge', { body: { survivor: survivor.id, merged: merged.id } }));
  const record = s.records({ kind: 'person.merged' })[0];
  let items = (await conflicts(s)).items;
  t.same(items.map(summary), [
    [null, survivor.id, 'death', 'open', [bDeath, cDeath]],
    [null, survivor.id, 'birth', 'open', [aBirth, bBirth]],
  ]);
  t.same(items[1].disagreement.on, ['place']);
  t.same(s.records({ kind: 'conflict.opened' })[0].payload, { kind: 'birth', person: survivor.id, claims: [aBirth, bBirth], disagree_on: ['place'], cause: record.seq });
  t.same((await conflicts(s, { person: survivor.id })).total, 2);

  // Split with exactly the personas the merged person brought: the merge undone.
  const { new_person: revived } = await ok(s.request('POST', `/v1/persons/${survivor.id}/split`, { body: { personas: [b, c] } }));
  t.equal(revived.id, merged.id, 'the merged person comes back under its own id');
  items = (await conflicts(s)).items;
  t.same(items.map(summary), [
    [null, merged.id, 'death', 'open', [bDeath, cDeath]],
    [null, survivor.id, 'birth', 'withdrawn', [aBirth, bBirth]],
  ]);
  t.equal(items[1].withdrawal.automatic, true);
});
