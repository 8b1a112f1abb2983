import t from 'tap';
import { exported, exportLosses, exportServer, human, services } from './export-fixture.js';

/**
 * Lines of an INDI no other test file looked at closely (a mutation sample of
 * `src/export/individual.ts`, stop 54): what a person's own redaction of birth, death and sex
 * hides, the pedigree of a step-child in each version and what the report says of it, the family
 * an LDS sealing to parents names, and the source of an association.
 */

type Server = Awaited<ReturnType<typeof exportServer>>;

/** A person of one persona, concluded: its id and its persona's. */
function person(s: Server, name: string, sex: 'M' | 'F' = 'F') {
  const cradle = services(s);
  const [given, surname] = name.split(' ');
  const persona = cradle.personasService.create(human, { name, given, surname, sex });
  return { id: cradle.personsService.conclude(human, [persona.id]).id, persona: persona.id };
}

/** The lines of the INDI record whose NAME line is `name`, up to the next record. */
function indiOf(text: string, name: string): string[] {
  const records = text.split(/\n(?=0 )/);
  const found = records.find((each) => each.startsWith('0 @I') && each.includes(`\n1 NAME ${name}\n`));
  return found ? found.split('\n').slice(1) : [];
}

t.test("a person's redacted birth and death hide every claim they are made of; a redacted sex writes no SEX", async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const ann = person(s, 'Ann Cole');
  for (const kind of ['birth', 'baptism', 'christening', 'death', 'burial', 'occupation']) {
    cradle.assertionsService.capture(human, { persona: ann.persona, kind, date: '1850', ...(kind === 'occupation' ? { value: 'weaver' } : {}) });
  }
  for (const field of ['birth', 'death', 'sex']) cradle.redactionsService.create(human, { target: ann.id, field, reason: 'family wish' });
  const { text, job } = await exported(s, { version: '7.0', include_living: true });
  t.same(indiOf(text, 'Ann /Cole/').filter((line) => line.startsWith('1 ')), ['1 NAME Ann /Cole/', '1 OCCU weaver'], 'only the name and the occupation');
  t.same((await exportLosses(s, job.result.report_id)).filter((item) => !item.startsWith('INDI.NAME')), [
    'INDI.baptism redacted value not written (1)',
    'INDI.birth redacted value not written (1)',
    'INDI.burial redacted value not written (1)',
    'INDI.christening redacted value not written (1)',
    'INDI.death redacted value not written (1)',
  ]);
});

t.test('a step-child is OTHER with the word in 7.0, nothing lost; 5.5.1 has no word for it, and the report says only that', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const tom = person(s, 'Tom Hale', 'M');
  const jim = person(s, 'Jim Hale', 'M');
  cradle.familyService.create(human, { kind: 'parent', parent: tom.id, child: jim.id, pedigree: 'step' });
  const seven = await exported(s, { version: '7.0', include_living: true });
  t.same(indiOf(seven.text, 'Jim /Hale/').filter((line) => / (PEDI|PHRASE) /.test(line)), ['2 PEDI OTHER', '3 PHRASE step']);
  t.same(await exportLosses(s, seven.job.result.report_id), []);
  const old = await exported(s, { version: '5.5.1', include_living: true });
  t.notOk(indiOf(old.text, 'Jim /Hale/').some((line) => line.includes('PEDI')), 'no PEDI');
  t.same(await exportLosses(s, old.job.result.report_id), ['INDI.FAMC.PEDI pedigree "step" has no 5.5.1 value: written without PEDI (1)']);
});

t.test("a sealing to parents names the birth family, though another comes first; else the family the person is a child of", async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const [adopter, father, mother, jim, eve, fosterer] = [person(s, 'Ada Moss'), person(s, 'Tom Hale', 'M'), person(s, 'Mary Hale'), person(s, 'Jim Hale', 'M'), person(s, 'Eve Hale'), person(s, 'Ida Pike')];
  cradle.familyService.create(human, { kind: 'parent', parent: adopter.id, child: jim.id, pedigree: 'adopted' });
  cradle.familyService.create(human, { kind: 'parent', parent: father.id, child: jim.id, pedigree: 'birth' });
  cradle.familyService.create(human, { kind: 'parent', parent: mother.id, child: jim.id, pedigree: 'birth' });
  cradle.familyService.create(human, { kind: 'parent', parent: fosterer.id, child: eve.id, pedigree: 'foster' });
  for (const who of [jim, eve]) cradle.assertionsService.capture(human, { persona: who.persona, kind: 'lds_sealing_child', date: '1900' });
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text } = await exported(s, { version, include_living: true });
    const records = text.split(/\n(?=0 )/);
    const xrefOf = (record: string) => record.split(' ')[1];
    const indi = (name: string) => records.find((each) => each.startsWith('0 @I') && each.includes(`\n1 NAME ${name}\n`))!;
    const familyOf = (partner: string) => xrefOf(records.find((each) => each.startsWith('0 @F') && each.includes(` ${xrefOf(indi(partner))}`))!);
    const famc = (name: string) => indi(name).split('\n').filter((line) => /^[12] FAMC /.test(line)).map((line) => line.split(' ').slice(0, 3).join(' '));
    t.equal(famc('Jim /Hale/').length, 3, `${version}: Jim's two FAMC and his sealing's`);
    t.equal(famc('Jim /Hale/').find((line) => line.startsWith('2 FAMC')), `2 FAMC ${familyOf('Tom /Hale/')}`, `${version}: the sealing names the birth family`);
    t.equal(famc('Eve /Hale/').find((line) => line.startsWith('2 FAMC')), `2 FAMC ${familyOf('Ida /Pike/')}`, `${version}: a foster child's sealing names the foster family`);
  }
});

t.test('an association keeps its source: a SOUR under the ASSO, in both versions', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const register = cradle.sourcesService.create(human, { title: 'Ledbury parish register' });
  const [ann, mary] = [person(s, 'Ann Lee'), person(s, 'Mary Cole')];
  cradle.associationsService.record(human, { from: ann.id, to: mary.id, role: 'godmother', source: register.id });
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text } = await exported(s, { version, include_living: true });
    const lines = indiOf(text, 'Ann /Lee/');
    const at = lines.findIndex((line) => line.startsWith('1 ASSO '));
    t.ok(at >= 0, `${version}: an ASSO`);
    const under = lines.slice(at + 1).filter((line, i, all) => all.slice(0, i + 1).every((each) => !each.startsWith('1 ')));
    t.ok(under.some((line) => /^2 SOUR @S\d+@$/.test(line)), `${version}: its SOUR: ${under.join(' | ')}`);
    t.match(text, /\n0 @S\d+@ SOUR\n1 TITL Ledbury parish register\n/, `${version}: the source it points at`);
  }
});
