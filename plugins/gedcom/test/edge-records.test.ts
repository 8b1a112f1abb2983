import t from 'tap';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer, human, services } from './export-fixture.js';
import { rfnAsExid } from '../src/identifiers.js';

/**
 * Records at the edges of what files hold, each found by the package's mutation sample (seed 5):
 * a NOTE record with no id, a source with no title, an over-long place, a mention whose source is
 * hidden, a name type typed with spaces, an RFN that ends at its colon.
 */

t.test('a NOTE record with no cross-reference id is reported, and the import goes on', async (t) => {
  const { items, tree } = await imported(t, gedcom('5.5.1', '0 NOTE A note nothing can point at', '0 @I1@ INDI', '1 NAME Ann /Lee/'));
  t.same(items.filter((item) => item.path === 'NOTE').map((item) => [item.count, item.reason, item.examples]), [[1, 'note record without a cross-reference id: nothing can point at it', [6]]]);
  t.equal(tree.prepare('SELECT count(*) FROM persons').pluck().get(), 1);
});

t.test('a source record with no title, abbreviation or name is titled by its id', async (t) => {
  const { tree } = await imported(t, gedcom('5.5.1', '0 @S7@ SOUR', '1 AUTH Parish clerk', '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 BIRT', '2 DATE 1850', '2 SOUR @S7@'));
  t.same(tree.prepare('SELECT title, author FROM sources').all(), [{ title: 'Source S7', author: 'Parish clerk' }]);
});

t.test('a place longer than a claim holds is cut, kept whole in a note, and reported under its own path', async (t) => {
  const place = `Ledbury, ${'Herefordshire, '.repeat(40)}England`;
  t.ok(place.length > 500);
  const { items } = await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 BIRT', '2 DATE 1850', `2 PLAC ${place}`));
  t.match(items.filter((item) => item.path.startsWith('INDI.BIRT')), [{ path: 'INDI.BIRT.PLAC', kept: true }]);
});

t.test("a mention whose source is hidden writes no SOUR line, and the export goes on", async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const source = cradle.sourcesService.create(human, { title: 'Family bible' });
  const persona = cradle.personasService.create(human, { name: 'Ann Lee', given: 'Ann', surname: 'Lee' });
  cradle.personsService.conclude(human, [persona.id]);
  cradle.assertionsService.capture(human, { persona: persona.id, kind: 'mention', source: source.id });
  cradle.redactionsService.create(human, { target: source.id, reason: 'private' });
  const { job, text } = await exported(s, { version: '7.0', include_living: true });
  t.equal(job.state, 'succeeded');
  const ann = text.split(/(?<=\n)(?=0 )/).find((record) => record.includes('NAME Ann /Lee/'))!;
  t.notMatch(ann, /\n1 SOUR /, 'no SOUR of the hidden source');
  t.notMatch(text, /Family bible/);
});

t.test('a name type typed with spaces inside its brackets is the same type', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const persona = cradle.personasService.create(human, { name: 'Ann Lee', given: 'Ann', surname: 'Lee' });
  cradle.personsService.conclude(human, [persona.id]);
  cradle.assertionsService.capture(human, { persona: persona.id, kind: 'name', value: 'Nan Lee ( aka )' });
  const { text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 NAME Nan \/Lee\/\n2 TYPE AKA\n/);
});

t.test('an RFN ending at its colon names no resource: written whole', async (t) => {
  t.same(rfnAsExid('AncestralFile:'), { value: 'AncestralFile:', type: rfnAsExid('x').type });
  t.same(rfnAsExid('AncestralFile:12'), { value: '12', type: `${rfnAsExid('x').type}#AncestralFile` });
  t.same(rfnAsExid(':12'), { value: ':12', type: rfnAsExid('x').type }, 'nor one starting at it');
});

t.test('a family with no cross-reference id still links its partners and children', async (t) => {
  const { s, tree, lost } = await imported(t, gedcom('5.5.1',
    '0 @I1@ INDI', '1 NAME Tom /Cole/', '0 @I2@ INDI', '1 NAME Ann /Hill/', '0 @I3@ INDI', '1 NAME Jim /Cole/',
    '0 FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@',
  ));
  t.same(lost, []);
  const edges = tree.prepare("SELECT kind, count(*) AS n FROM relationships GROUP BY kind ORDER BY kind").all();
  t.same(edges, [{ kind: 'parent', n: 2 }, { kind: 'spouse', n: 1 }], "Jim's two parent edges and his parents' spouse edge");
  t.equal((await s.request('GET', '/v1/persons', { query: { limit: 10 } })).json().items.length, 3);
});

t.test('an alias written as a name keeps its source and notes; any other line under it is reported', async (t) => {
  const { items } = await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Ith /mac Breogan/', '1 ALIA Kesair', '2 DATE 1900', '2 NOTE Called so at home'));
  t.same(items.filter((item) => item.path.startsWith('INDI.ALIA.')).map((item) => `${item.path}: ${item.reason}`), ['INDI.ALIA.DATE: not kept with the name']);
});
