import t from 'tap';
import { Desk, ids, signalsServer } from './fixtures/helpers.js';

t.test('end-of-line ancestors: a person with a child and no known parent', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const grandfather = await d.life('Grandfather', '1790');
  const grandmother = await d.life('Grandmother', '1795');
  const father = await d.life('Father', '1820');
  const child = await d.life('Child', '1850');
  const single = await d.life('Single', '1800');
  const adoptive = await d.life('Adoptive', '1800');
  const adopted = await d.life('Adopted', '1830');
  const adoptedChild = await d.life('AdoptedChild', '1860');
  const unlinked = await d.life('Unlinked', '1800');
  const unlinkedChild = await d.life('UnlinkedChild', '1830');
  await d.parent(grandfather.id, father.id);
  await d.parent(grandmother.id, father.id);
  await d.parent(father.id, child.id);
  await d.parent(adoptive.id, adopted.id, 'adopted');
  await d.parent(adopted.id, adoptedChild.id);
  const edge = await d.parent(unlinked.id, unlinkedChild.id);
  await d.post('/relationships/unlink', { relationship: edge });

  const signals = await d.signals();
  const lines = signals.end_of_line_ancestors;
  t.same(ids(lines), [grandfather.id, grandmother.id, adoptive.id], 'the top of each line, oldest first');
  t.equal(lines.count, 3);
  t.same(lines.examples[0], { id: grandfather.id, kind: 'person', label: 'Grandfather Smyth (1790–)', related: [] });
  for (const made of [father, child, single, adopted, adoptedChild, unlinked, unlinkedChild]) t.notOk(ids(lines).includes(made.id));

  // A retracted parent takes its line with it.
  await d.post(`/persons/${grandmother.id}/retract`, {});
  t.same(ids((await d.signals()).end_of_line_ancestors), [grandfather.id, adoptive.id]);
});
