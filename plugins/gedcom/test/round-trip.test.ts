import t from 'tap';
import { exported, exportServer, handMadeTree, services } from './export-fixture.js';
import { importedBack, summarise } from './round-trip-summary.js';

t.test('the hand-made tree: export (both versions) -> import into a fresh tree keeps persons, names, families, events, facts and sources', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  handMadeTree(cradle);
  const before = summarise(cradle);
  t.equal(before.persons.length, 4);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { bytes } = await exported(s, { version, include_living: true });
    const fresh = await importedBack(t, s, version, bytes, 'smiths');
    const after = summarise(fresh.cradle);
    t.same(after.persons, before.persons, `${version}: persons and every name piece`);
    t.same(after.parents, before.parents, `${version}: parent edges with pedigree`);
    t.same(after.spouses, before.spouses, `${version}: spouse edges`);
    t.same(after.events, before.events, `${version}: events`);
    t.same(after.facts, before.facts, `${version}: facts`);
    t.same(after.sources, before.sources, `${version}: sources`);
  }
});
