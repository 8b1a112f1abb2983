import t from 'tap';
import { Desk, ids, pairs, signalsServer } from './fixtures/helpers.js';

/**
 * Date inconsistencies of one life and of a parent and child: died before born, parent under
 * 12, mother over 55, child born after its mother's death. Each offence beside the boundary
 * that is just fine, with plain, approximate and open dates.
 */

t.test('died before born: the latest possible death before the earliest possible birth', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const flagged = [
    await d.life('DayBefore', '1 JAN 1850', '31 DEC 1849'),
    await d.life('AbtFar', 'ABT 1850', '1846'), // ABT 1850 is 1847..1853 at the earliest
    await d.life('After', 'AFT 1850', '1849'),
    await d.life('Between', 'BET 1850 AND 1860', '1849'),
    await d.life('DeathAbt', '1850', 'ABT 1845'), // ABT 1845 ends 1848
    (await d.person('Buried', [{ kind: 'birth', date: '1850' }, { kind: 'burial', date: '1840' }])),
  ];
  const fine = [
    await d.life('SameDay', '1 JAN 1850', '1 JAN 1850'),
    await d.life('SameYear', '1850', '1850'),
    await d.life('AbtNear', 'ABT 1850', '1847'),
    await d.life('DeathAbtNear', '1850', 'ABT 1847'), // ABT 1847 reaches 1850
    await d.life('Before', 'BEF 1850', '1800'),
    await d.life('AfterSameYear', 'AFT 1850', '1850'),
    await d.life('Phrase', '1850', '(in his youth)'),
    await d.life('NoBirth', null, '1800'),
    await d.life('NoDeath', '1850'),
    // A baptism bounds the birth from above only: the birth may be long before.
    await d.person('Baptised', [{ kind: 'baptism', date: '1850' }, { kind: 'death', date: '1800' }]),
    await d.person('Christened', [{ kind: 'christening', date: '1850' }, { kind: 'death', date: '1800' }]),
  ];
  const signals = await d.signals();
  const died = signals.date_inconsistencies.died_before_born;
  t.equal(died.count, flagged.length);
  t.same(ids(died), flagged.map((made) => made.id), 'the offenders, oldest first');
  for (const made of fine) t.notOk(ids(died).includes(made.id));
  t.same(died.examples[0], { id: flagged[0].id, kind: 'person', label: 'DayBefore Smyth (1850–1849)', related: [] }, 'an example is the person, labelled');
  const { count, ...kinds } = signals.date_inconsistencies;
  t.equal(count, Object.values(kinds).reduce((sum: number, kind: any) => sum + kind.count, 0), 'the total is the sum of the kinds');
  t.equal(count, flagged.length, 'nothing else is flagged');
});

t.test('a parent under 12 at a child\'s birth: exactly 12 is fine', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const offences: [string, string][] = [];
  const fine: [string, string][] = [];
  const family = async (list: [string, string][], parentBorn: string | null, childBorn: string | null, options: { pedigree?: string; parentFacts?: string; childFacts?: string; sex?: string } = {}) => {
    const parent = options.parentFacts ? await d.person('Parent', [{ kind: options.parentFacts, date: parentBorn! }], { sex: options.sex }) : await d.life('Parent', parentBorn, null, options.sex);
    const child = options.childFacts ? await d.person('Child', [{ kind: options.childFacts, date: childBorn! }]) : await d.life('Child', childBorn);
    await d.parent(parent.id, child.id, options.pedigree);
    list.push([parent.id, child.id]);
  };
  await family(offences, '1 MAR 1850', '28 FEB 1862', { sex: 'M' });
  await family(fine, '1 MAR 1850', '1 MAR 1862', { sex: 'M' });
  await family(offences, '1 MAR 1850', '28 FEB 1862', { sex: 'F' });
  await family(fine, '1 MAR 1850', '1 MAR 1862', { sex: 'F' });
  await family(offences, '1850', '1861');
  await family(fine, '1850', '1862');
  await family(offences, '1850', 'ABT 1858'); // born 1855 .. 1861: 11 at most
  await family(fine, '1850', 'ABT 1859'); // may be born in 1862
  await family(offences, 'ABT 1850', '1858'); // born 1847 at the earliest: 11 at most
  await family(fine, 'ABT 1850', '1859');
  await family(fine, 'BEF 1850', '1851');
  await family(offences, 'AFT 1850', '1855'); // a child born before its parent: certainly under 12
  await family(offences, 'AFT 1850', '31 DEC 1861'); // AFT 1850 allows 1850 itself
  await family(fine, 'AFT 1850', '1 JAN 1862');
  await family(offences, 'AFT MAR 1850', '28 FEB 1862');
  await family(fine, 'AFT MAR 1850', '1 MAR 1862');
  await family(offences, 'AFT 2 MAR 1850', '1 MAR 1862');
  await family(fine, 'AFT 2 MAR 1850', '2 MAR 1862');
  // 29 FEB: the 12th birthday in a common year is 28 FEB (1900 is not a leap year).
  await family(offences, '29 FEB 1888', '27 FEB 1900');
  await family(fine, '29 FEB 1888', '28 FEB 1900');
  // A child known by its baptism was born on or before it; a parent known by a baptism may be much older.
  await family(offences, '1850', '1855', { childFacts: 'baptism' });
  await family(fine, '1850', '1855', { parentFacts: 'baptism' });
  // Only a birth (or unknown) pedigree.
  await family(offences, '1850', '1855', { pedigree: 'unknown' });
  for (const pedigree of ['adopted', 'foster', 'step']) await family(fine, '1850', '1855', { pedigree });
  await family(fine, null, '1855');
  await family(fine, '1850', null);
  await family(fine, '1850', '(about the time of the war)');

  const under = (await d.signals({ examples: 100 })).date_inconsistencies.parent_under_12;
  t.equal(under.count, offences.length);
  t.same(pairs(under), [...offences].sort((a, b) => (a[0] < b[0] ? -1 : 1)), 'each offence is the parent with the child, by the parent\'s id');
  const flagged = new Set(pairs(under).map((pair) => pair.join(' ')));
  for (const pair of fine) t.notOk(flagged.has(pair.join(' ')), `${pair} is fine`);
  t.match(under.examples[0], { kind: 'person', label: 'Parent Smyth (1850–)', related: [{ kind: 'person', label: 'Child Smyth (1862–)' }] });
});

t.test('both parents under 12 are two offences; a parent of two young children is two', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const father = await d.life('Father', '1850', null, 'M');
  const mother = await d.life('Mother', '1851', null, 'F');
  const first = await d.life('First', '1860');
  const second = await d.life('Second', '1861');
  for (const child of [first, second]) {
    await d.parent(father.id, child.id);
    await d.parent(mother.id, child.id);
  }
  const under = (await d.signals()).date_inconsistencies.parent_under_12;
  t.equal(under.count, 4);
  t.same(pairs(under).map((pair) => pair.join(' ')).sort(), [[father.id, first.id], [father.id, second.id], [mother.id, first.id], [mother.id, second.id]].map((pair) => pair.join(' ')).sort());
});

t.test('a mother over 55: after her 55th birthday at the latest; exactly 55 is fine; fathers are not asked', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const offences: [string, string][] = [];
  const fine: [string, string][] = [];
  const family = async (list: [string, string][], motherBorn: string, childBorn: string, options: { sex?: string; pedigree?: string; motherKind?: string; childKind?: string } = {}) => {
    const mother = await d.person('Mother', [{ kind: options.motherKind ?? 'birth', date: motherBorn }], { sex: options.sex ?? 'F' });
    const child = await d.person('Child', [{ kind: options.childKind ?? 'birth', date: childBorn }]);
    await d.parent(mother.id, child.id, options.pedigree);
    list.push([mother.id, child.id]);
  };
  await family(fine, '1 JAN 1800', '1 JAN 1855');
  await family(offences, '1 JAN 1800', '2 JAN 1855');
  await family(fine, '1800', '1855');
  await family(offences, '1800', '1856');
  await family(fine, 'ABT 1800', '1858'); // born as late as 1803
  await family(offences, 'ABT 1800', '1859');
  await family(offences, 'BEF 1800', '1856');
  await family(fine, 'AFT 1800', '1900'); // no latest birth
  await family(fine, 'BET 1790 AND 1800', '1900'); // BET keeps no latest birth
  await family(fine, '1800', 'ABT 1858'); // the child may be born in 1855
  await family(offences, '1800', 'ABT 1859');
  await family(fine, '1800', 'BEF 1900');
  await family(fine, '1800', 'AFT 1855'); // AFT 1855 allows 1855 itself
  await family(offences, '1800', 'AFT 1856');
  // A mother known by her baptism was born on or before it: older still.
  await family(offences, '1800', '1856', { motherKind: 'baptism' });
  // A child known by its baptism may have been born long before it.
  await family(fine, '1800', '1856', { childKind: 'baptism' });
  await family(offences, '1800', '1856', { pedigree: 'unknown' });
  await family(fine, '1800', '1856', { pedigree: 'adopted' });
  await family(fine, '1800', '1856', { pedigree: 'step' });
  for (const sex of ['M', 'U', 'X']) await family(fine, '1800', '1870', { sex });

  const over = (await d.signals({ examples: 100 })).date_inconsistencies.mother_over_55;
  t.equal(over.count, offences.length);
  t.same(pairs(over), offences, 'the mother with the child, by the mother\'s id');
  t.match(over.examples[0], { kind: 'person', label: 'Mother Smyth (1800–)', related: [{ kind: 'person', label: 'Child Smyth (1855–)' }] });
  const flagged = new Set(pairs(over).map((pair) => pair.join(' ')));
  for (const pair of fine) t.notOk(flagged.has(pair.join(' ')), `${pair} is fine`);
});

t.test('a child born after its mother\'s death: the same day is fine, a father\'s death is no offence', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const offences: [string, string][] = [];
  const fine: [string, string][] = [];
  const family = async (list: [string, string][], motherDied: string, childBorn: string, options: { sex?: string; pedigree?: string; deathKind?: string; childKind?: string } = {}) => {
    const mother = await d.person('Mother', [{ kind: 'birth', date: '1820' }, { kind: options.deathKind ?? 'death', date: motherDied }], { sex: options.sex ?? 'F' });
    const child = await d.person('Child', [{ kind: options.childKind ?? 'birth', date: childBorn }]);
    await d.parent(mother.id, child.id, options.pedigree);
    list.push([child.id, mother.id]);
  };
  await family(fine, '1 JAN 1850', '1 JAN 1850');
  await family(offences, '1 JAN 1850', '2 JAN 1850');
  await family(fine, '1850', '1850');
  await family(offences, '1850', '1851');
  await family(fine, 'MAR 1850', '31 MAR 1850');
  await family(offences, 'MAR 1850', '1 APR 1850');
  await family(fine, 'ABT 1849', '1852');
  await family(offences, 'ABT 1849', '1853');
  await family(fine, 'AFT 1849', '1860');
  await family(offences, 'BEF 1849', '1850');
  await family(offences, '1849', '1850', { deathKind: 'burial' });
  await family(fine, '1849', '1850', { childKind: 'baptism' });
  await family(fine, '1849', '1850', { sex: 'M' });
  await family(fine, '1849', '1850', { pedigree: 'adopted' });
  await family(offences, '1849', '1850', { pedigree: 'unknown' });

  const signals = await d.signals({ examples: 100 });
  const after = signals.date_inconsistencies.born_after_mother_death;
  t.equal(after.count, offences.length);
  t.same(pairs(after), offences, 'the child with its mother, by the child\'s id');
  t.match(after.examples[0], { kind: 'person', label: 'Child Smyth (1850–)', related: [{ kind: 'person', label: 'Mother Smyth (1820–1850)' }] });
  const flagged = new Set(pairs(after).map((pair) => pair.join(' ')));
  for (const pair of fine) t.notOk(flagged.has(pair.join(' ')), `${pair} is fine`);
  t.equal(signals.date_inconsistencies.mother_over_55.count, 0, 'no mother was over 55');
  t.equal(signals.date_inconsistencies.parent_under_12.count, 0, 'no parent was under 12');
});
