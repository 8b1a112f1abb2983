import t from 'tap';
import type { PersonaDto } from '@rootline/contracts/personas';
import { furtherNamePayload, nameStructure } from '../src/export/names.js';
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

t.test('which of several places the surname stands in is taken: after the given name, before the suffix, a whole word', async (t) => {
  const payload = (name: Partial<Name>) => nameStructure({ ...NAME, ...name })?.value;
  t.equal(payload({ as_written: 'George K. George Jr.', given: 'George K.', surname: 'George', suffix: 'Jr.' }), 'George K. /George/ Jr.', 'the given name before it and the suffix after it, case aside');
  t.equal(payload({ as_written: 'Lee Ann Lee Smith', given: 'Ann', surname: 'Lee' }), 'Lee Ann /Lee/ Smith', 'the one after the given name, though another comes first');
  t.equal(payload({ as_written: 'Lee Lee', surname: 'Lee' }), '/Lee/ Lee', 'no given name, no suffix: the first');
  t.equal(payload({ as_written: 'Ann Lee Ann Lee Jr.', given: 'Ann', surname: 'Lee', suffix: 'Jr.' }), 'Ann Lee Ann /Lee/ Jr.', 'the one with both the given name before it and the suffix after it');
  t.equal(payload({ as_written: 'Ann Goldsmith', given: 'Ann', surname: 'Smith' }), 'Ann /Goldsmith/', 'not the end of another word: what follows the given name');
  t.equal(payload({ as_written: 'Ann Smithson', given: 'Ann', surname: 'Smith' }), 'Ann /Smithson/', 'not the start of another word either');
  t.equal(payload({ as_written: 'Anna Berg van Berg', given: 'Anna', surname_prefix: 'van', surname: 'Berg' }), 'Anna Berg /van Berg/', 'the surname with its prefix where it stands whole');
  t.equal(payload({ as_written: 'Mary   Smith ', given: 'Mary', surname: 'Smith' }), 'Mary /Smith/', 'runs of spaces made one');
  t.equal(payload({ given: 'Anna', surname_prefix: 'van der', surname: 'Berg' }), 'Anna /van der Berg/', 'nothing written: the pieces, the prefix a word of its own');
  t.equal(nameStructure(NAME), undefined, 'no name at all: no NAME, not an empty one');
});

t.test("a further name's surname is marked where the person's first name places one", async (t) => {
  const first = (name: Partial<Name>): Name => ({ ...NAME, ...name });
  const maryAnn = first({ as_written: 'Mary Ann Smith', given: 'Mary Ann', surname: 'Smith' });
  t.equal(furtherNamePayload('Mary Ann Jones', maryAnn), 'Mary Ann /Jones/', 'what follows the given name');
  t.equal(furtherNamePayload('MARY ANN SMITH', maryAnn), 'MARY ANN /SMITH/', 'the same name in capitals');
  t.equal(furtherNamePayload('Polly', maryAnn), 'Polly', 'a name the first does not place a surname in: as it is');
  t.equal(furtherNamePayload('Mary /Jones/', maryAnn), 'Mary /Jones/', 'a name with its slashes: as it is');
  t.equal(furtherNamePayload('Mary Ann Jones', undefined), 'Mary Ann Jones', 'no first name: as it is');
  t.equal(furtherNamePayload('Mary Ann Jones', first({ as_written: 'Mary Ann /Smith/', given: 'Mary', surname: 'Smith' })), 'Mary Ann /Jones/', 'the first name as written, with its slashes, says where the given name ends (not the GIVN piece)');
  t.equal(furtherNamePayload('Mary Ann Jones', first({ as_written: '  Mary   Ann  Smith ', given: 'Mary', surname: 'Smith' })), 'Mary Ann /Jones/', 'the first name written with runs of spaces');
  t.equal(furtherNamePayload('Mary Ann Jones', first({ as_written: 'Mary Ann /Smith', given: 'Mary', surname: 'Smith' })), 'Mary Ann /Jones/', 'the first name with its closing slash left out');
  t.equal(furtherNamePayload('John Henry Jones Jr.', first({ as_written: 'John Henry /Smith/ Jr.', given: 'John', surname: 'Smith', suffix: 'Jr.' })), 'John Henry /Jones/ Jr.', 'the first name as written with a suffix');
  t.equal(furtherNamePayload('Mary Jones', first({ given: 'Mary', surname: 'Smith' })), 'Mary /Jones/', 'a first name with pieces and nothing written');
  const john = first({ as_written: 'John Smith Jr.', given: 'John', surname: 'Smith', suffix: 'Jr.' });
  t.equal(furtherNamePayload('John Jones Jr.', john), 'John /Jones/ Jr.', 'between the given name and the suffix');
  t.equal(furtherNamePayload('John Jr.', john), 'John Jr.', 'nothing between them: as it is');
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
