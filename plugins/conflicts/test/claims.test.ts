import t from 'tap';
import { claim, conflictRecords, conflicts, conflictsConsumer, conflictsServer, ok, persona, source } from './fixtures/helpers.js';

const SYSTEM = { kind: 'system', credential_id: null };
const pairOf = (item: any) => item.claims.map((c: any) => c.assertion);

t.test('refuting a claim withdraws its open conflicts itself, recorded; repeating it changes nothing', async (t) => {
  const s = await conflictsServer(t);
  const a = await persona(s);
  const kept = await claim(s, { persona: a, kind: 'birth', date: '1850' });
  const wrong = await claim(s, { persona: a, kind: 'birth', date: '1860' });
  const other = await claim(s, { persona: a, kind: 'birth', date: '1870' });
  const before = (await conflicts(s)).items;
  t.same(before.map(pairOf), [[kept, wrong], [kept, other], [wrong, other]]);

  await ok(s.request('POST', `/v1/assertions/${wrong}/refute`));
  const refuted = s.records({ kind: 'assertion.refuted' })[0];
  const reason = `The claim ${wrong} was refuted`;
  const after = (await conflicts(s)).items;
  t.same(after.map((item: any) => [item.status, item.withdrawal]), [
    ['withdrawn', { reason, automatic: true, withdrawn_at_ms: refuted.at_ms }],
    ['open', undefined],
    ['withdrawn', { reason, automatic: true, withdrawn_at_ms: refuted.at_ms }],
  ]);
  const rest = (item: any) => Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'status' && key !== 'withdrawal'));
  t.same(after.map(rest), before.map(rest), 'nothing else changes');
  const withdrawn = s.records({ kind: 'conflict.withdrawn' }).reverse();
  t.same(withdrawn.map((record) => [record.entity_id, record.actor, record.payload]), [
    [before[0].id, SYSTEM, { reason, automatic: true, cause: refuted.seq }],
    [before[2].id, SYSTEM, { reason, automatic: true, cause: refuted.seq }],
  ]);

  await ok(s.request('POST', `/v1/assertions/${wrong}/refute`));
  t.equal(conflictRecords(s).length, 5, 'a refute repeated is a no-op: nothing more recorded');
  await ok(s.request('POST', `/v1/assertions/${other}/refute`));
  t.same((await conflicts(s)).items.map((item: any) => item.status), ['withdrawn', 'withdrawn', 'withdrawn']);
  t.same((s.records({ kind: 'conflict.withdrawn' })[0].payload as any).reason, `The claim ${other} was refuted`);
});

t.test('marking an agent\'s claim fabricated withdraws its conflicts', async (t) => {
  const s = await conflictsServer(t);
  const a = await persona(s);
  await claim(s, { persona: a, kind: 'sex', value: 'F' });
  const made = await claim(s, { persona: a, kind: 'sex', value: 'M' }, 'agent');
  await ok(s.request('POST', `/v1/assertions/${made}/mark-fabricated`));
  const [item] = (await conflicts(s)).items;
  t.same([item.status, item.withdrawal.reason, item.withdrawal.automatic], ['withdrawn', `The claim ${made} was fabricated`, true]);
});

t.test('supersede: the replacement is compared with the others, never with the claim it replaces', async (t) => {
  const s = await conflictsServer(t);
  const a = await persona(s);
  const base = await claim(s, { persona: a, kind: 'death', date: '1900', place: 'Ledbury' });
  const close = await claim(s, { persona: a, kind: 'death', date: 'ABT 1901' });
  t.equal((await conflicts(s)).total, 0);

  // A disagreeing replacement of a claim in no conflict opens one.
  const { replacement: far } = await ok(s.request('POST', `/v1/assertions/${close}/supersede`, { body: { replacement: { date: '1910' } } }));
  let items = (await conflicts(s)).items;
  t.same(items.map((item: any) => [item.status, pairOf(item), item.claims[1].date]), [['open', [base, far], '1910']]);
  const captured = s.records({ kind: 'assertion.captured' })[0];
  t.same(s.records({ kind: 'conflict' })[0].payload, { kind: 'death', persona: a, claims: [base, far], disagree_on: ['date'], cause: captured.seq });

  // A replacement that still disagrees: the old conflict is withdrawn, a new one opens (the pair is new).
  const { replacement: farther } = await ok(s.request('POST', `/v1/assertions/${far}/supersede`, { body: { replacement: { date: '1920', place: 'Leeds' } } }));
  items = (await conflicts(s)).items;
  t.same(items.map((item: any) => [item.status, pairOf(item), item.disagreement.on, item.withdrawal?.reason ?? null]), [
    ['withdrawn', [base, far], ['date'], `The claim ${far} was superseded by ${farther}`],
    ['open', [base, farther], ['date', 'place'], null],
  ]);
  t.same(conflictRecords(s).slice(1).map(([kind]) => kind), ['conflict.opened.v1', 'conflict.withdrawn.v1'], 'opened at the capture of the replacement, withdrawn at the supersede: one transaction');

  // A replacement that agrees: only the withdrawal.
  await ok(s.request('POST', `/v1/assertions/${farther}/supersede`, { body: { replacement: { date: '1900', place: 'Ledbury, Herefordshire' } } }));
  items = (await conflicts(s)).items;
  t.same(items.map((item: any) => item.status), ['withdrawn', 'withdrawn']);
  t.equal(conflictRecords(s).length, 4);
});

t.test('a confirm (or defer) changes nothing: a pending or deferred claim already takes part', async (t) => {
  const consumer = conflictsConsumer();
  const s = await conflictsServer(t, { consumer });
  const a = await persona(s);
  const human = await claim(s, { persona: a, kind: 'burial', date: '1900' });
  const proposed = await claim(s, { persona: a, kind: 'burial', date: '1905' }, 'agent');
  const opened = await conflicts(s);
  t.same(opened.items.map(pairOf), [[human, proposed]], 'opened when the agent\'s claim was captured, pending');
  await consumer.fromRequest(s, ({ assertionsService, actor }) => assertionsService.review(actor, proposed, 'defer'));
  t.same(await conflicts(s), opened, 'deferred: the same');
  await ok(s.request('POST', `/v1/assertions/${proposed}/confirm`));
  t.same(s.records({ kind: 'assertion.confirmed' })[0].payload, { from: 'deferred', to: 'confirmed' });
  t.same(await conflicts(s), opened, 'confirmed: the same conflict, not a second one');
  t.equal(conflictRecords(s).length, 1);
});

t.test('removing a claim (an import undone) withdraws its conflicts; the conflict keeps what the claim said', async (t) => {
  const consumer = conflictsConsumer();
  const s = await conflictsServer(t, { consumer });
  const a = await persona(s);
  const register = await source(s, 'Ledbury parish register');
  const stays = await claim(s, { persona: a, kind: 'baptism', date: '3 APR 1851' });
  const goes = await claim(s, { persona: a, kind: 'baptism', date: '3 APR 1852', place: 'Ledbury', source: register });
  await consumer.fromRequest(s, ({ assertionsService, actor }) => assertionsService.remove(actor, goes, 'import undone'));
  const [item] = (await conflicts(s)).items;
  t.same([item.status, item.withdrawal.reason, item.withdrawal.automatic], ['withdrawn', `The claim ${goes} was removed (import undone)`, true]);
  t.same(item.claims, [
    { assertion: stays, persona: a, value: null, date: '3 APR 1851', place: null, source: null },
    { assertion: goes, persona: a, value: null, date: '3 APR 1852', place: 'Ledbury', source: { id: register, title: 'Ledbury parish register' } },
  ]);
});

t.test('a citation attached to an unsourced claim gives the conflict\'s claim its source', async (t) => {
  const s = await conflictsServer(t);
  const a = await persona(s);
  const register = await source(s, 'Ledbury parish register');
  const { id: citation } = await ok(s.request('POST', '/v1/citations', { body: { source: register, elements: { page: 'folio 12' } } }));
  await claim(s, { persona: a, kind: 'birth', date: '1850' });
  const bare = await claim(s, { persona: a, kind: 'birth', date: '1860' });
  await ok(s.request('POST', `/v1/assertions/${bare}/attach-evidence`, { body: { kind: 'url', url: 'https://example.org/register' } }));
  t.equal((await conflicts(s)).items[0].claims[1].source, null, 'evidence that names no source changes nothing');
  await ok(s.request('POST', `/v1/assertions/${bare}/attach-evidence`, { body: { kind: 'citation', citation } }));
  t.same((await conflicts(s)).items[0].claims.map((c: any) => c.source), [null, { id: register, title: 'Ledbury parish register' }]);
});

t.test('an import\'s batch: thousands of claims captured in one transaction, conflicts found among them', async (t) => {
  const consumer = conflictsConsumer();
  const s = await conflictsServer(t, { consumer });
  const count = 300;
  const result = await consumer.fromRequest(s, ({ personasService, assertionsService, personsService, actor }) => {
    const personas = personasService.createMany(actor, Array.from({ length: count }, (_, i) => ({ given: `P${i}`, surname: 'Smyth' }))).map((p) => p.id);
    const claims = personas.flatMap((persona, i) => [
      { persona, kind: 'birth', date: '1850', place: 'Ledbury, Herefordshire' },
      { persona, kind: 'birth', date: i % 3 === 0 ? '1862' : 'ABT 1851', place: 'Herefordshire' },
      { persona, kind: 'residence', date: '1861', place: 'London' },
      { persona, kind: 'residence', date: '1871', place: 'Leeds' },
      { persona, kind: 'death', date: i % 5 === 0 ? '1901' : '1900' },
      { persona, kind: 'burial', date: '1900', place: i % 5 === 0 ? 'Hereford' : 'Ledbury' },
    ]);
    const captured = assertionsService.captureMany(actor, claims);
    personsService.concludeMany(actor, personas.map((persona) => [persona]));
    return { personas, captured: captured.map((c) => c.id) };
  });
  const all = await conflicts(s, { limit: 200 });
  t.equal(all.total, count / 3, 'one per persona whose second birth is 1862');
  t.same(all.items.slice(0, 2).map((item: any) => [item.persona, pairOf(item)]), [
    [result.personas[0], [result.captured[0], result.captured[1]]],
    [result.personas[3], [result.captured[18], result.captured[19]]],
  ]);
  t.equal(conflictRecords(s).length, count / 3);
  t.equal((await conflicts(s, { persona: result.personas[1] })).total, 0, 'ABT 1851 agrees with 1850');
});
