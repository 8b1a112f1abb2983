import t from 'tap';
import type { PersonaDto } from '@rootline/contracts/personas';
import { nameStructure } from '../src/export/names.js';

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
