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
