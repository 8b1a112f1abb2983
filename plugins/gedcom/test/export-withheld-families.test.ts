import t from 'tap';
import { parseGedcom, validateGedcom } from '@rootline/gedcom';
import { exported, exportServer, human, services } from './export-fixture.js';

/**
 * Two couples with no dates (so living, and withheld by default), each with a daughter who
 * lived 1836-1900; a widow (died 1890) whose husband has no dates; a living couple with no
 * child. What a genealogist opens must not join the two daughters' families through one
 * "unknown" parent, nor point at anyone who is not in the file.
 */
function livingParents(cradle: ReturnType<typeof services>) {
  const person = (given: string, surname: string, sex: 'M' | 'F', dates: { birth?: string; death?: string } = {}) => {
    const persona = cradle.personasService.create(human, { name: `${given} ${surname}`, given, surname, sex });
    if (dates.birth) cradle.assertionsService.capture(human, { persona: persona.id, kind: 'birth', date: dates.birth });
    if (dates.death) cradle.assertionsService.capture(human, { persona: persona.id, kind: 'death', date: dates.death });
    return cradle.personsService.conclude(human, [persona.id]).id;
  };
  const couple = (husband: string, wife: string) => cradle.familyService.create(human, { kind: 'spouse', partners: [husband, wife] });
  const child = (parents: string[], daughter: string) => {
    for (const parent of parents) cradle.familyService.create(human, { kind: 'parent', parent, child: daughter, pedigree: 'birth' });
  };
  const patrick = person('Patrick', 'Field', 'M');
  const mary = person('Mary', 'Sheehy', 'F');
  couple(patrick, mary);
  child([patrick, mary], person('Margaret', 'Field', 'F', { birth: '1836', death: '1900' }));
  const thomas = person('Thomas', 'Quinn', 'M');
  const bridget = person('Bridget', 'Walsh', 'F');
  couple(thomas, bridget);
  child([thomas, bridget], person('Ellen', 'Quinn', 'F', { birth: '1838', death: '1901' }));
  const james = person('James', 'Burke', 'M');
  const anne = person('Anne', 'Burke', 'F', { birth: '1820', death: '1890' });
  couple(james, anne);
  cradle.eventsService.create(human, { type: 'MARR', date: '1845', participants: [{ person: james, role: 'husband' }, { person: anne, role: 'wife' }] });
  couple(person('Sean', 'Kelly', 'M'), person('Aoife', 'Kelly', 'F'));
}

t.test('a family whose partners are withheld points at nobody: no HUSB or WIFE, its children kept, and no two families share an unknown parent', async (t) => {
  const s = await exportServer(t);
  livingParents(services(s));
  for (const version of ['5.5.1', '7.0'] as const) {
    const { job, bytes, text } = await exported(s, { version });
    t.equal(job.state, 'succeeded');
    const records = parseGedcom(bytes).records;
    const individuals = new Map(records.filter((record) => record.tag === 'INDI').map((record) => [record.xref!, record.children.find((part) => part.tag === 'NAME')?.value]));
    t.same([...individuals.values()].sort(), ['Anne /Burke/', 'Ellen /Quinn/', 'Margaret /Field/'], `${version}: only the dead are written`);
    const families = records.filter((record) => record.tag === 'FAM');
    const members = families.map((family) => family.children.filter((part) => ['HUSB', 'WIFE', 'CHIL'].includes(part.tag)).map((part) => `${part.tag} ${individuals.get(part.pointer!)}`));
    t.same(members, [['CHIL Margaret /Field/'], ['CHIL Ellen /Quinn/'], ['WIFE Anne /Burke/']], `${version}: each daughter in a family of her own, the widow alone in hers`);
    t.notMatch(text, /\n1 (HUSB|WIFE) @I\d+@\n1 (HUSB|WIFE) @I\d+@\n/, 'no family keeps a partner line for a withheld person');
    t.notMatch(text, /\n1 MARR\b/, 'the marriage of a widow whose husband is withheld would tell of him: not written');
    const report = await validateGedcom(bytes);
    t.same(report.errors, [], `${version}: our validator finds nothing dangling`);
    const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
    t.match(lost.filter((item: { path: string }) => item.path === 'FAM'), [
      { reason: 'withheld person left out of a family', count: 5 },
      { reason: 'event of a family with a withheld partner not written', count: 1 },
      { reason: 'family of withheld persons only: not written', count: 1 },
    ]);
  }
});
