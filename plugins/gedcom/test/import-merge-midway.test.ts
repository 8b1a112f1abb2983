import t, { type Test } from 'tap';
import type { ServiceCradle } from '@rootline/kernel';
import { MappingContext, type MappingServices } from '../src/import/context.js';
import { mapFile } from '../src/import/map-file.js';
import { human, records, writersServer } from './helpers.js';

/**
 * The human merges two persons an import has just created while it still runs: the family
 * links the import writes afterwards go to the survivor, none is lost (before: refused with
 * "There is no person ..." in the loss report, the link gone).
 */
// The four individuals come in the first batch (250 lines), their family after 150 others, in a later one.
const OTHERS = Array.from({ length: 150 }, (_, at) => `0 @X${at}@ INDI\n1 NAME Other${at} /Brown/\n`).join('');
const FILE = `0 HEAD
1 GEDC
2 VERS 5.5.1
1 CHAR UTF-8
0 @I1@ INDI
1 NAME John /Smith/
0 @I2@ INDI
1 NAME Mary /Jones/
0 @I3@ INDI
1 NAME William /Smith/
0 @I4@ INDI
1 NAME Will /Smith/
${OTHERS}0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I3@
0 TRLR
`;

/**
 * Imports `file` through the mapping itself, the human merging (`merge`, given the person of an
 * xref) between the first batch (the individuals) and the next (their family).
 */
async function importMergingMidway(t: Test, file: string, importKey: string, merge: (cradle: ServiceCradle, person: (xref: string) => string) => void) {
  const s = await writersServer(t);
  const tree = s.server.kernel.trees.active();
  const cradle = s.server.kernel.servicesFor(tree, human);
  const services = new Proxy(cradle, { get: (target, key) => target[key as keyof ServiceCradle] }) as unknown as MappingServices;
  const context = new MappingContext(services, human, importKey);
  const person = (xref: string) => context.individuals.get(xref)!.person;
  let merged = false;
  await mapFile(context, () => records(Buffer.from(file)), {
    write: (work) => tree.transact(() => {
      work();
      context.takeCreated();
    }),
    between: async (done) => {
      if (done === undefined || merged) return;
      merge(cradle, person);
      merged = true;
    },
  });
  t.ok(merged, 'the merge came between the individuals and their family');
  return { cradle, context, person };
}

t.test("a child merged into another person while the import runs keeps its parents: the family's links are written on the survivor", async (t) => {
  // William is merged into Will.
  const { cradle, context, person } = await importMergingMidway(t, FILE, '0193a000-0000-7000-8000-00000000abcd', (cradle, person) => cradle.personsService.merge(human, person('I4'), person('I3')));
  const survivor = person('I4');
  t.same(cradle.familyService.parentsOf(survivor).map((link) => link.person).sort(), [person('I1'), person('I2')].sort(), "the survivor has William's parents");
  t.same(cradle.familyService.partnersOf(person('I1')).map((link) => link.person), [person('I2')], 'the partners are linked');
  t.same(context.loss.list().filter((item) => /refused/.test(item.reason)), [], 'nothing refused, nothing lost');
});

// A partner's family event: the husband is merged into another person between his INDI and his FAM.
const MARRIED = FILE.replace('1 CHIL @I3@\n', '1 CHIL @I3@\n1 MARR\n2 DATE 12 JUN 1890\n2 PLAC Boston\n').replace('0 @I4@ INDI\n1 NAME Will /Smith/\n', '0 @I4@ INDI\n1 NAME Will /Smith/\n0 @I5@ INDI\n1 NAME Johnny /Smith/\n');

t.test('a partner merged into another person while the import runs keeps the marriage: the family event names the survivor', async (t) => {
  // John (the husband) is merged into Johnny before the family is read.
  const { cradle, context, person } = await importMergingMidway(t, MARRIED, '0193a000-0000-7000-8000-00000000abce', (cradle, person) => cradle.personsService.merge(human, person('I5'), person('I1')));
  const marriages = cradle.eventsService.ofSubjects([person('I5')]).filter((event) => event.type === 'MARR');
  t.equal(marriages.length, 1, "the survivor has the marriage");
  t.same(marriages[0]?.participants.map((participant) => ('person' in participant ? participant.person : undefined)).sort(), [person('I5'), person('I2')].sort(), 'both partners take part: the survivor and the wife');
  t.equal(marriages[0]?.date, '12 JUN 1890', 'with its date');
  t.same(context.loss.list().filter((item) => /refused/.test(item.reason)), [], 'nothing refused, nothing lost');
});
