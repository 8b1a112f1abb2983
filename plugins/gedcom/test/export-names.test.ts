import t from 'tap';
import type { PersonaDto } from '@rootline/contracts/personas';
import { nameStructure } from '../src/export/names.js';
import { exported, exportServer, finished } from './export-fixture.js';
import { upload } from './helpers.js';

type Name = PersonaDto['name'];
const NAME: Name = { display: '', as_written: null, prefix: null, given: null, nickname: null, surname_prefix: null, surname: null, suffix: null };

t.test('a NAME keeps the name as written, the surname found in it (case aside) put between slashes', async (t) => {
  const payload = (name: Partial<Name>) => nameStructure({ ...NAME, ...name })?.value;
  t.equal(payload({ as_written: 'Kovács János', given: 'János', surname: 'Kovács' }), '/Kovács/ János', 'surname first, as written');
  t.equal(payload({ as_written: 'JOHN SMITH', given: 'John', surname: 'Smith' }), 'JOHN /SMITH/', 'found whatever its case, kept as written');
  t.equal(payload({ as_written: 'Anna van der Berg', given: 'Anna', surname_prefix: 'van der', surname: 'Berg' }), 'Anna /van der Berg/', 'with its prefix');
  t.equal(payload({ as_written: 'Smithson Smith', given: 'Smithson', surname: 'Smith' }), 'Smithson /Smith/', 'a whole word run, not inside another word');
  t.equal(payload({ as_written: 'J. Smyth', given: 'John', surname: 'Smith' }), 'John /Smith/', 'not in what was written: the pieces in their usual order');
  t.equal(payload({ as_written: 'Old Tom', given: 'Tom' }), 'Old Tom', 'no surname: no slashes');
  t.equal(payload({}), undefined, 'no name at all: no NAME');
  t.same(nameStructure({ ...NAME, as_written: 'Dr. John Smith', prefix: 'Dr.', given: 'John', surname: 'Smith' })?.children.map((part) => `${part.tag} ${part.value}`), ['NPFX Dr.', 'GIVN John', 'SURN Smith'], 'each piece on its own line');
  t.same(
    nameStructure({ ...NAME, as_written: 'Dr. John "Jack" van der Berg Jr.', prefix: 'Dr.', given: 'John', nickname: 'Jack', surname_prefix: 'van der', surname: 'Berg', suffix: 'Jr.' })?.children.map((part) => `${part.tag} ${part.value}`),
    ['NPFX Dr.', 'GIVN John', 'NICK Jack', 'SPFX van der', 'SURN Berg', 'NSFX Jr.'],
    'all six pieces, in GEDCOM\'s order',
  );
});

t.test('the surname keeps its place: the slashes go where the file had them, as far as the pieces tell', async (t) => {
  const payload = (name: Partial<Name>) => nameStructure({ ...NAME, ...name })?.value;
  t.equal(payload({ as_written: 'Carter Bassett Bassett', given: 'Carter Bassett', surname: 'Bassett' }), 'Carter Bassett /Bassett/', 'a given name that is also the surname: the second one');
  t.equal(payload({ as_written: 'George K. George', given: 'George K.', surname: 'George' }), 'George K. /George/', 'the surname after the given name, not the first George');
  t.equal(payload({ as_written: 'Smith Smith', surname: 'Smith', suffix: 'Smith' }), '/Smith/ Smith', 'a surname before a suffix of the same word');
  t.equal(payload({ as_written: 'Maria Garcia Lopez', given: 'Maria', surname: 'Garcia, Lopez' }), 'Maria /Garcia Lopez/', 'a SURN written otherwise: what stands between the given name and the end');
  t.equal(payload({ as_written: 'Ann Garcia Lopez Jr.', given: 'Ann', surname: 'Garcia, Lopez', suffix: 'Jr.' }), 'Ann /Garcia Lopez/ Jr.', '... and the suffix');
  t.equal(payload({ as_written: 'Joseph Tag Torture', prefix: 'Prof.', given: 'Joseph', nickname: 'Joe', surname_prefix: 'Le', surname: 'Torture', suffix: 'Jr.' }), 'Joseph Tag /Torture/', 'a surname prefix the written name does not hold: the surname alone, nothing added, nothing lost');
  t.equal(payload({ as_written: 'Jan Smit', given: 'Jan', surname_prefix: 'van der', surname: 'Smit' }), 'Jan /Smit/');
  t.equal(payload({ as_written: 'Carter Bassett /Bassett/', given: 'Carter Bassett', surname: 'Bassett' }), 'Carter Bassett /Bassett/', 'a name kept with its slashes: written exactly so');
  t.equal(payload({ as_written: 'Mary /Smith/ ', given: 'Mary' }), 'Mary /Smith/', '... even without a surname piece');
  t.same(
    nameStructure({ ...NAME, as_written: 'Maria Garcia Lopez', given: 'Maria', surname: 'Garcia, Lopez' })?.children.map((part) => `${part.tag} ${part.value}`),
    ['GIVN Maria', 'SURN Garcia, Lopez'],
    'the pieces as they are',
  );
});

/** Names a reviewer found moved or rewritten (royal92, TGC551), each in a dead person's INDI, as the file writes them. */
const WRITTEN = [
  ['1 NAME Carter Bassett /Bassett/'],
  ['1 NAME George K. /George/'],
  ['1 NAME Maria /Garcia Lopez/', '2 GIVN Maria', '2 SURN Garcia, Lopez'],
  ['1 NAME Joseph Tag /Torture/', '2 NPFX Prof.', '2 GIVN Joseph', '2 NICK Joe', '2 SPFX Le', '2 SURN Torture', '2 NSFX Jr.'],
  ['1 NAME Jan /Smit/', '2 GIVN Jan', '2 SPFX van der', '2 SURN Smit'],
];

t.test('imported and exported again, each NAME line reads as the file wrote it, in both versions', async (t) => {
  const s = await exportServer(t);
  const file = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8'];
  WRITTEN.forEach((name, at) => file.push(`0 @I${at + 1}@ INDI`, ...name, '1 DEAT Y'));
  file.push('0 TRLR', '');
  const run = await finished(s, (await upload(s, file.join('\n'))).json().job_id);
  t.equal(run.state, 'succeeded');
  for (const version of ['5.5.1', '7.0'] as const) {
    const { text } = await exported(s, { version });
    const names = text.split('\n').filter((line) => / NAME /.test(line) && !line.includes('Rootline user'));
    t.same(names, WRITTEN.map((name) => name[0]), `${version}: the surname where the file had it, nothing added or lost`);
  }
});
