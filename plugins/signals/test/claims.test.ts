import t from 'tap';
import { Desk, ids, pairs, signalsServer } from './fixtures/helpers.js';

/** Date inconsistencies read from claims and events: baptism before birth, married under 12. */

t.test('a baptism certainly before the birth: the claims a summary would pick, compared as intervals', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const offences: string[][] = [];
  const fine: string[] = [];
  const life = async (list: 'offence' | 'fine', facts: { kind: string; date: string }[], related?: [number, number]) => {
    const made = await d.person('Ann', facts);
    if (list === 'fine') fine.push(made.id);
    else offences.push([made.id, made.claims[related![0]], made.claims[related![1]]]);
    return made;
  };
  await life('offence', [{ kind: 'birth', date: '12 MAR 1851' }, { kind: 'baptism', date: '11 MAR 1851' }], [0, 1]);
  await life('fine', [{ kind: 'birth', date: '12 MAR 1851' }, { kind: 'baptism', date: '12 MAR 1851' }]);
  await life('fine', [{ kind: 'birth', date: 'MAR 1851' }, { kind: 'baptism', date: '1851' }]);
  await life('offence', [{ kind: 'baptism', date: '28 FEB 1851' }, { kind: 'birth', date: 'MAR 1851' }], [1, 0]);
  await life('offence', [{ kind: 'birth', date: '1851' }, { kind: 'christening', date: '1850' }], [0, 1]);
  await life('fine', [{ kind: 'birth', date: 'ABT 1851' }, { kind: 'baptism', date: '1848' }]);
  await life('offence', [{ kind: 'birth', date: 'ABT 1851' }, { kind: 'baptism', date: '1847' }], [0, 1]);
  await life('fine', [{ kind: 'birth', date: 'AFT 1851' }, { kind: 'baptism', date: '1851' }]);
  await life('offence', [{ kind: 'birth', date: 'AFT 1851' }, { kind: 'baptism', date: 'BEF 1850' }], [0, 1]);
  await life('fine', [{ kind: 'birth', date: 'BEF 1851' }, { kind: 'baptism', date: '1800' }]);
  await life('fine', [{ kind: 'birth', date: '1851' }, { kind: 'baptism', date: 'ABT 1850' }]);
  await life('fine', [{ kind: 'birth', date: '1851' }, { kind: 'baptism', date: '(at Easter)' }]);
  await life('fine', [{ kind: 'birth', date: '1851' }]);
  await life('fine', [{ kind: 'baptism', date: '1851' }]);
  // Of two confirmed births, the older claim is read; of two baptisms, the older.
  await life('offence', [{ kind: 'birth', date: '1851' }, { kind: 'birth', date: '1840' }, { kind: 'baptism', date: '1845' }, { kind: 'baptism', date: '1855' }], [0, 2]);
  await life('fine', [{ kind: 'birth', date: '1840' }, { kind: 'birth', date: '1851' }, { kind: 'baptism', date: '1855' }, { kind: 'baptism', date: '1845' }]);
  // A baptism outranks a christening, however old the christening (as the persons' summary ranks them).
  await life('fine', [{ kind: 'christening', date: '1840' }, { kind: 'birth', date: '1850' }, { kind: 'baptism', date: '1860' }]);
  await life('offence', [{ kind: 'christening', date: '1860' }, { kind: 'birth', date: '1850' }, { kind: 'baptism', date: '1840' }], [1, 2]);

  // A confirmed claim outranks an older pending one (an assistant's).
  const confirmedFirst = await d.person('Ann', [{ kind: 'birth', date: '1851' }]);
  const pendingBirth = await d.claim(confirmedFirst.persona, { kind: 'birth', date: '1840' }, s.agentToken);
  const pendingBaptism = await d.claim(confirmedFirst.persona, { kind: 'baptism', date: '1845' }, s.agentToken);
  offences.push([confirmedFirst.id, confirmedFirst.claims[0], pendingBaptism]);
  const older = await d.person('Ann', [{ kind: 'baptism', date: '1860' }]);
  await d.claim(older.persona, { kind: 'baptism', date: '1845' }, s.agentToken);
  await d.claim(older.persona, { kind: 'birth', date: '1851' });
  fine.push(older.id);
  // A refuted baptism stands no more.
  const refuted = await d.person('Ann', [{ kind: 'birth', date: '1851' }, { kind: 'baptism', date: '1800' }]);
  await d.post(`/assertions/${refuted.claims[1]}/refute`);
  fine.push(refuted.id);
  // A persona in no person is nobody's yet.
  const loose = await d.persona('Loose');
  await d.claim(loose, { kind: 'birth', date: '1851' });
  await d.claim(loose, { kind: 'baptism', date: '1800' });

  const before = (await d.signals({ examples: 100 })).date_inconsistencies.baptism_before_birth;
  t.equal(before.count, offences.length);
  t.same(pairs(before), offences, 'the person with its birth and baptism claims, by the person\'s id');
  for (const id of fine) t.notOk(ids(before).includes(id), `${id} is fine`);
  t.notOk(pairs(before).flat().includes(pendingBirth), 'the pending birth is not read');
  t.same(before.examples[0], {
    id: offences[0][0],
    kind: 'person',
    label: 'Ann Smyth (1851–)',
    related: [
      { id: offences[0][1], kind: 'assertion', label: 'Birth of Ann Smyth: 12 MAR 1851' },
      { id: offences[0][2], kind: 'assertion', label: 'Baptism of Ann Smyth: 11 MAR 1851' },
    ],
  });
});

t.test('married under 12: a marriage claim or a MARR event of a spouse before the 12th birthday', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const offences: string[][] = [];
  const born = (date: string, kind = 'birth') => d.person('Jane', [{ kind, date }], { sex: 'F' });
  const groom = await d.life('Groom', '1820', null, 'M');

  const byClaim = await born('1 JUN 1850');
  const early = await d.claim(byClaim.persona, { kind: 'marriage', date: '31 MAY 1862' });
  await d.claim(byClaim.persona, { kind: 'marriage', date: '1 JUN 1862' });
  offences.push([byClaim.id, early]);

  const byEvent = await born('1850');
  const event = await d.event({ type: 'MARR', date: '1861', participants: [{ person: byEvent.id, role: 'bride' }, { person: groom.id, role: 'groom' }] });
  offences.push([byEvent.id, event]);
  await d.event({ type: 'MARR', date: '1862', participants: [{ person: byEvent.id, role: 'wife' }] });

  const byPersona = await born('1850');
  const throughPersona = await d.event({ type: 'MARR', date: 'ABT 1858', participants: [{ persona: byPersona.persona, role: 'wife' }] });
  offences.push([byPersona.id, throughPersona]);
  await d.event({ type: 'MARR', date: 'ABT 1859', participants: [{ persona: byPersona.persona, role: 'spouse' }] });

  // Every spouse role counts; one person in two roles of one marriage married once.
  const roles = ['husband', 'spouse', 'groom', 'partner', 'principal'];
  for (const role of roles) {
    const young = await born('1850');
    offences.push([young.id, await d.event({ type: 'MARR', date: '1855', participants: [{ person: young.id, role }] })]);
  }
  const twice = await born('1850');
  offences.push([twice.id, await d.event({ type: 'MARR', date: '1855', participants: [{ person: twice.id, role: 'bride' }, { person: twice.id, role: 'wife' }, { persona: twice.persona, role: 'spouse' }] })]);

  // Not a spouse, not a marriage, not certain.
  const witness = await born('1850');
  await d.event({ type: 'MARR', date: '1855', participants: [{ person: witness.id, role: 'witness' }] });
  const engaged = await born('1850');
  await d.event({ type: 'ENGA', date: '1855', participants: [{ person: engaged.id, role: 'principal' }] });
  const undated = await born('1850');
  await d.event({ type: 'MARR', participants: [{ person: undated.id, role: 'bride' }] });
  await d.claim(undated.persona, { kind: 'marriage' });
  await d.claim(undated.persona, { kind: 'marriage', date: '(when young)' });
  const baptised = await born('1850', 'baptism');
  await d.event({ type: 'MARR', date: '1855', participants: [{ person: baptised.id, role: 'bride' }] });
  await d.claim(baptised.persona, { kind: 'marriage', date: '1855' });
  const between = await born('BET 1850 AND 1860');
  const betweenClaim = await d.claim(between.persona, { kind: 'marriage', date: '1861' });
  offences.push([between.id, betweenClaim]);
  const bornAfter = await born('AFT 1850');
  await d.claim(bornAfter.persona, { kind: 'marriage', date: '1862' });
  const loose = await d.persona('Loose');
  await d.claim(loose, { kind: 'birth', date: '1850' });
  await d.claim(loose, { kind: 'marriage', date: '1855' });

  const signals = await d.signals({ examples: 100 });
  const married = signals.date_inconsistencies.married_under_12;
  t.equal(married.count, offences.length);
  t.same(pairs(married), offences, 'the person with the marriage, by the person\'s id');
  t.match(married.examples[0], { id: byClaim.id, kind: 'person', label: 'Jane Smyth (1850–)', related: [{ id: early, kind: 'assertion', label: 'Marriage of Jane Smyth: 31 MAY 1862' }] });
  t.match(married.examples[1], { id: byEvent.id, related: [{ id: event, kind: 'event', label: /Marriage/ }] });
  t.notOk(ids(married).includes(groom.id), 'the groom was 41');
  t.equal(signals.date_inconsistencies.count, offences.length, 'nothing else is flagged');
});

t.test('married under 12: one marriage kept both as its MARR event and as a marriage claim (a cited FAM.MARR an import keeps both ways) is one offence', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const young = await d.person('Ann', [{ kind: 'birth', date: '1850' }]);
  const event = await d.event({ type: 'MARR', date: '3 JUN 1855', participants: [{ person: young.id, role: 'wife' }] });
  const sameClaim = await d.claim(young.persona, { kind: 'marriage', date: '3 JUN 1855' });
  let married = (await d.signals({ examples: 10 })).date_inconsistencies.married_under_12;
  t.equal(married.count, 1, 'one marriage, one offence');
  t.same(married.examples[0].related.map((ref: { id: string }) => ref.id).sort(), [event, sameClaim].sort(), 'naming both the event and the claim');
  const other = await d.claim(young.persona, { kind: 'marriage', date: '1856' });
  married = (await d.signals({ examples: 10 })).date_inconsistencies.married_under_12;
  t.equal(married.count, 2, 'a marriage of another date is another offence');
  t.ok(married.examples.some((example: { related: { id: string }[] }) => example.related.length === 1 && example.related[0].id === other));
});
