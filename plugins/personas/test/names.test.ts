import t from 'tap';
import { displayName } from '../src/names.js';

t.test('display names across naming cultures', async (t) => {
  t.equal(displayName({ prefix: 'Dr.', given: 'John', nickname: 'Jack', surname_prefix: 'van der', surname: 'Berg', suffix: 'Jr.' }, null), 'Dr. John “Jack” van der Berg Jr.', 'all six pieces in GEDCOM order');
  t.equal(displayName({}, 'Pocahontas'), 'Pocahontas', 'a single name as written, no pieces');
  t.equal(displayName({ given: 'Pocahontas' }, null), 'Pocahontas', 'a single name as a given name');
  t.equal(displayName({ given: 'Jón', surname: 'Sigurðsson' }, 'Jón Sigurðsson'), 'Jón Sigurðsson', 'a patronymic in the surname piece');
  t.equal(displayName({ given: 'Ivan Petrovich', surname: 'Sidorov' }, null), 'Ivan Petrovich Sidorov', 'a patronymic within the given names');
  t.equal(displayName({ given: 'Zedong', surname: 'Mao' }, 'MAO Zedong'), 'Mao Zedong', 'surname first, as the name is written');
  t.equal(displayName({ given: 'Zedong', surname: 'Mao' }, null), 'Zedong Mao', 'without the written name, pieces go given-first');
  t.equal(displayName({}, null), '', 'nothing to show');
});

t.test('display names: blank and padded pieces, and how the written order is read', async (t) => {
  t.equal(displayName({ given: '  ', surname: 'Shaw' }, null), 'Shaw', 'a blank piece is left out');
  t.equal(displayName({ given: '   ', nickname: null }, 'As Written'), 'As Written', 'only blank pieces: the name as written');
  t.equal(displayName({ given: ' John ', nickname: ' Jack ', surname: ' Berg ' }, null), 'John “Jack” Berg', 'pieces are trimmed, the nickname inside its quotes');
  t.equal(displayName({ given: ' Zedong ', surname: ' Mao ' }, 'MAO Zedong'), 'Mao Zedong', 'padded pieces still found in the written name');
  t.equal(displayName({ given: 'zedong', surname: 'MAO' }, 'Mao ZEDONG'), 'MAO zedong', 'found whatever the case on either side');
  t.equal(displayName({ given: 'Annabel', surname: 'Ann' }, 'Annabel Ann'), 'Annabel Ann', 'both found at the same place: given first');
  t.equal(displayName({ given: 'John', surname: 'Smith' }, 'SMITH Jack'), 'John Smith', 'the given name not in the written name: given first');
  t.equal(displayName({ given: 'John', surname: 'Smith' }, 'Jack, John SMYTH'), 'John Smith', 'the surname not in the written name: given first');
  t.equal(displayName({ given: 'John', surname: '  ' }, 'SMITH John'), 'John', 'no surname piece: nothing to reorder');
  t.equal(displayName({ surname: 'Smith', given: ' ' }, 'SMITH John'), 'Smith', 'no given piece: nothing to reorder');
  t.equal(displayName({ prefix: 'Rev.', given: 'Zedong', surname: 'Mao', surname_prefix: 'de', suffix: 'III' }, 'Rev. de MAO Zedong III'), 'Rev. de Mao Zedong III', 'surname first keeps prefix first and suffix last');
});
