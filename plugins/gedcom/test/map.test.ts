import t, { type Test } from 'tap';
import type { ServiceCradle } from '@rootline/kernel';
import type { GedcomNode } from '@rootline/gedcom';
import { MappingContext, type MappingServices } from '../src/import/context.js';
import { mapFile } from '../src/import/map-file.js';
import type { ImportItem } from '../src/runs.js';
import { fixture, human, records, writersServer } from './helpers.js';

/**
 * The mapping, field by field, on a small hand-written file (fixtures/smith.ged), through the
 * real services on a real tree. Media are a stand-in here (their plugin has its own suite);
 * the import route's suite runs the whole path with the media plugin.
 */
async function mapped(t: Test, text: Buffer | string, options: { read?: (bytes: Buffer) => AsyncIterable<GedcomNode>; now?: () => number } = {}) {
  const s = await writersServer(t);
  const tree = s.server.kernel.trees.active();
  const cradle = s.server.kernel.servicesFor(tree, human);
  const media: { title?: string; file_path_as_written: string; media_type?: string; blob?: string }[] = [];
  const mediaService = { create: (input: (typeof media)[number]) => (media.push(input), { id: `0193a000-0000-7000-8000-${String(media.length).padStart(12, '0')}`, status: 'unresolved' }), depicts: () => true, attach: () => true, remove: () => undefined };
  const services = new Proxy(cradle, { get: (target, key) => (key === 'mediaService' ? mediaService : target[key as keyof ServiceCradle]) }) as unknown as MappingServices;
  const context = new MappingContext(services, human, '0193a000-0000-7000-8000-00000000abcd');
  const created: ImportItem[] = [];
  const progress: [number | undefined, number | undefined][] = [];
  const calls: ('write' | 'turn' | 'progress')[] = [];
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  await mapFile(context, () => (options.read ?? records)(bytes), {
    write: (work) => {
      calls.push('write');
      tree.transact(() => {
        work();
        created.push(...context.takeCreated());
      });
    },
    between: async (done, total) => {
      calls.push(done === undefined ? 'turn' : 'progress');
      progress.push([done, total]);
    },
  }, options.now);
  return { s, tree, cradle, context, created, media, progress, calls };
}

t.test('the first pass gives the event loop back every 20 ms of reading, before anything is written', async (t) => {
  let clock = 0;
  let reading = true;
  // Each record takes 10 ms to read in the first pass; the second pass is not timed here.
  const slowly = async function* (bytes: Buffer) {
    for await (const record of records(bytes)) {
      if (reading) clock += 10;
      yield record;
    }
    reading = false;
  };
  const { calls } = await mapped(t, fixture('smith.ged'), { read: slowly, now: () => clock });
  const beforeWriting = calls.slice(0, calls.indexOf('write'));
  // Eleven records (HEAD and ten more; TRLR is none) of 10 ms each: a turn after every second one (20 ms).
  t.equal(beforeWriting.length, 5, 'turns while reading, before the first write');
  t.ok(beforeWriting.every((call) => call === 'turn'));
});

t.test('a small family, field by field', async (t) => {
  const { cradle, context, created, media, progress } = await mapped(t, fixture('smith.ged'));
  const ids = (kind: string) => created.filter((item) => item.kind === kind).map((item) => item.id);

  // Notes: John's two, his unique id (_UID), the family's, the repository's on the source, what the HEAD says of the file (on the run).
  t.same(context.counts, { sources: 2, notes: 6, media: 1, personas: 4, persons: 4, claims: 5, citations: 2, relationships: 3, families: 1, events: 1, associations: 1 });
  t.equal(created.length, 2 + 6 + 1 + 4 + 4 + 5 + 2 + 3 + 1 + 1, 'every created row is listed for undo');
  t.same(progress.filter(([done]) => done !== undefined).at(-1), [11, 11], 'progress counts the records of the second pass (HEAD and ten more; TRLR left out)');

  const john = context.individuals.get('I1')!;
  const persona = cradle.personasService.get(john.persona)!;
  t.same(persona.name, { display: 'Dr. John “Jack” Smith Jr.', as_written: 'Dr. John "Jack" Smith Jr.', prefix: 'Dr.', given: 'John', nickname: 'Jack', surname_prefix: null, surname: 'Smith', suffix: 'Jr.' });
  t.equal(persona.sex, 'M');
  const person = cradle.personsService.get(john.person)!;
  t.same(person.personas, [john.persona]);
  t.equal(person.display_name, 'Dr. John “Jack” Smith Jr.');
  t.equal(person.birth?.date, '12 MAR 1851');
  t.equal(person.birth?.place, 'Ledbury, Herefordshire, England');
  t.equal(person.death?.date, 'ABT 1920');

  const s1 = context.sources.get('S1')!;
  const s2 = context.sources.get('S2')!;
  const register = cradle.sourcesService.get(s1)!;
  t.equal(register.title, 'Ledbury parish register');
  t.equal(register.author, 'Church of England');
  t.equal(register.claim_count, 2, 'birth and death cite the register');
  t.same(register.citations.map((citation) => citation.elements), [{ page: 'Folio 12, entry 3' }], 'one citation for one page, cited twice');
  t.equal(cradle.sourcesService.get(s2)!.title, 'Death index');

  const claims = cradle.assertionsService.forPersonas([john.persona], 100).items;
  const byKind = Object.fromEntries(claims.map((claim) => [claim.kind, claim]));
  t.same(Object.keys(byKind).sort(), ['birth', 'death', 'name', 'occupation']);
  t.match(byKind.birth, { status: 'confirmed', date: '12 MAR 1851', place: 'Ledbury, Herefordshire, England', value: null, source: s1, citation: register.citations[0].id });
  t.match(byKind.occupation, { value: 'Blacksmith', date: '1881', source: null, citation: null });
  t.match(byKind.name, { value: 'Johnny Smyth (aka)', source: null });
  t.match(byKind.death, { date: 'ABT 1920', source: s1, citation: register.citations[0].id });
  const evidence = cradle.assertionsService.get(byKind.death.id)!.evidence!;
  t.equal(evidence.length, 1, 'the second source of the death is evidence');
  t.equal(cradle.citationsService.get(evidence[0].citation!)!.source, s2);

  t.same(JSON.parse(cradle.notesService.forTargetJson(john.person)).map((note: { text: string }) => note.text), ['Unique id: ABC', 'Served as churchwarden.', 'Shared note text']);
  t.same(JSON.parse(cradle.notesService.forTargetJson(s1)).map((note: { text: string }) => note.text), ['Repository: Herefordshire Archive, call number D/123']);

  const mary = context.individuals.get('I2')!;
  const william = context.individuals.get('I3')!;
  t.equal(cradle.personasService.get(mary.persona)!.sex, 'F');
  t.same(cradle.familyService.partnersOf(john.person).map((link) => link.person), [mary.person]);
  t.same(cradle.familyService.parentsOf(william.person).map((link) => [link.person, link.pedigree]).sort(), [[john.person, 'adopted'], [mary.person, 'adopted']].sort(), 'PEDI from the child\'s FAMC');
  const spouseEdge = cradle.familyService.partnersOf(john.person)[0].relationship;
  t.same(JSON.parse(cradle.notesService.forTargetJson(spouseEdge)).map((note: { text: string }) => note.text), ['Married by banns.'], 'a family\'s note is on its spouse edge');

  const marriage = cradle.eventsService.get(ids('event')[0])!;
  t.match(marriage, { type: 'MARR', date: '4 JUN 1875', place: 'Ledbury' });
  t.same(marriage.participants.map((p) => [p.person, p.role]), [[john.person, 'husband'], [mary.person, 'wife']]);

  const unnamed = context.individuals.get('I4')!;
  t.equal(cradle.personasService.get(unnamed.persona)!.name.display, '', 'an INDI without NAME is still a person');
  t.equal(cradle.personasService.get(unnamed.persona)!.sex, 'U');
  t.ok(cradle.personsService.get(unnamed.person));
  t.match(cradle.assertionsService.forPersonas([unnamed.persona], 10).items, [{ kind: 'birth', value: null, date: null, place: null }], 'BIRT Y: a birth with nothing more known');

  t.same(media, [{ title: 'John at the forge', file_path_as_written: 'photos/john.jpg', media_type: 'jpg' }]);

  const loss = Object.fromEntries(context.loss.list().map((item) => [`${item.path} ${item.reason}`, [item.count, item.examples]]));
  t.same(loss, {
    'INDI.BIRT._MEDI extension tag not mapped': [1, [22]],
    'INDI._UID kept as a note on the person ("Unique id: ..."); exports write it back': [1, [33]],
    'FAM.CHIL points to no individual (@I9@)': [1, [52]],
  });
});

t.test('what is lost is named by where it stood; a long association role is cut, not refused', async (t) => {
  const role = `Godmother ${'and witness '.repeat(20)}`.trim();
  const { context, cradle } = await mapped(t, [
    '0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8',
    '0 @I1@ INDI', '1 NAME Ann /Cole/', '1 FAMS @F1@', '1 ASSO @I2@', `2 RELA ${role}`,
    '0 @I2@ INDI', '1 NAME Bea /Cole/', '1 FAMS @F1@',
    '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@', '1 _STAT Never married', '1 RESI', '2 PLAC Ledbury', // a family's residence is an event: kept
    '0 @O1@ OBJE', '1 FILE', '2 FORM jpg',
    '0 TRLR', '',
  ].join('\n'));
  const loss = Object.fromEntries(context.loss.list().map((item) => [`${item.path} ${item.reason}`, [item.count, item.examples]]));
  t.same(loss, {
    'FAM._STAT extension tag not mapped': [1, [16]],
    'OBJE.FILE media file without a path': [1, [20]],
  });
  const ann = context.individuals.get('I1')!;
  const [association] = cradle.associationsService.fromSubjects([ann.person]);
  t.equal(association?.role, `${role.toLowerCase().slice(0, 99)}…`, 'cut to 100 characters, the last an ellipsis');
});
