import t from 'tap';
import type { Tree } from '@rootline/kernel';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * Notes written on an individual's links and names that used to vanish without a word: a
 * note on a FAMS link (kept on the couple's spouse edge), on a FAMC link (on the child's
 * parent edge), on a first NAME with no source and no type (on that name's claim).
 */

const FILE = gedcom(
  '5.5.1',
  '0 @N1@ NOTE Shared note on Mary\'s FAMS link',
  '0 @I1@ INDI', '1 NAME Mary Ann /Smith/', '1 SEX F', '1 FAMS @F1@', '2 NOTE @N1@', '1 FAMC @F2@', '2 NOTE Note on her FAMC link',
  '0 @I2@ INDI', '1 NAME John /Jones/', '2 NOTE A note on John\'s name only', '1 SEX M', '1 FAMS @F1@', '2 NOTE Note on John\'s FAMS link',
  '0 @I4@ INDI', '1 NAME /Smith/', '1 SEX M', '1 FAMS @F2@', '2 NOTE Note on a lone father\'s FAMS link',
  '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@',
  '0 @F2@ FAM', '1 HUSB @I4@', '1 CHIL @I1@',
);

const personId = (tree: Tree, name: string) => tree.prepare('SELECT id FROM persons WHERE display_name = ?').pluck().get(name) as string;
const notesOn = (tree: Tree, target: string) => tree.prepare('SELECT text FROM notes WHERE target = ? ORDER BY id').pluck().all(target) as string[];

t.test('notes on FAMS and FAMC links are notes on the edges they became; a lone partner\'s on the person', async (t) => {
  const { tree, lost } = await imported(t, FILE);
  const [mary, john, father] = ['Mary Ann Smith', 'John Jones', 'Smith'].map((name) => personId(tree, name));
  const spouse = tree.prepare("SELECT id FROM relationships WHERE kind = 'spouse'").pluck().get() as string;
  t.same(notesOn(tree, spouse), ['Note on John\'s FAMS link', 'Shared note on Mary\'s FAMS link'], 'both partners\' link notes on their spouse edge (HUSB first)');
  const parent = tree.prepare("SELECT id FROM relationships WHERE kind = 'parent' AND person_a = ? AND person_b = ?").pluck().get(father, mary) as string;
  t.same(notesOn(tree, parent), ['Note on her FAMC link'], 'the child\'s link note on its parent edge');
  t.same(notesOn(tree, father), ['Note on a lone father\'s FAMS link'], 'a family of one partner has no spouse edge: the note is on the person');
  t.same(notesOn(tree, john), [], 'nothing doubled on the person');
  t.same(lost, [], 'nothing reported: every note kept');
});

t.test('a note on a first NAME with no source and no type is the note of a claim of that name', async (t) => {
  const { tree } = await imported(t, FILE);
  const claims = tree.prepare("SELECT a.id, a.value FROM assertions a WHERE a.kind = 'name'").all() as { id: string; value: string }[];
  t.same(claims.map((claim) => claim.value), ['John Jones']);
  t.same(notesOn(tree, claims[0].id), ['A note on John\'s name only']);
});

t.test('a note on a link that names no family is reported', async (t) => {
  const { lost } = await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 FAMS', '2 NOTE Married twice, the record says'));
  t.same(lost, ['INDI.FAMS.NOTE note on a link that names no family: not kept']);
});

/** The notes of every parent edge, as `<parent> -> <child>: <notes>`, and of every spouse edge, sorted. */
function edgeNotes(tree: Tree): string[] {
  const rows = tree
    .prepare(`SELECT r.kind, pa.display_name AS a, pb.display_name AS b, n.text FROM notes n JOIN relationships r ON r.id = n.target
              JOIN persons pa ON pa.id = r.person_a JOIN persons pb ON pb.id = r.person_b ORDER BY n.id`)
    .all() as { kind: string; a: string; b: string; text: string }[];
  return rows.map((row) => (row.kind === 'parent' ? `${row.a} -> ${row.b}: ${row.text}` : `${[row.a, row.b].sort().join(' & ')}: ${row.text}`)).sort();
}

const FAMILIES = gedcom(
  '5.5.1',
  '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 SEX F', '1 FAMS @F1@',
  '0 @I2@ INDI', '1 NAME Tom /Lee/', '1 SEX M', '1 FAMS @F1@',
  '0 @I3@ INDI', '1 NAME Kit /Lee/', '1 FAMC @F1@', '2 NOTE Raised by an aunt after 1860',
  '0 @I4@ INDI', '1 NAME Rose /Hill/', '1 SEX F', '1 FAMS @F2@',
  '0 @I5@ INDI', '1 NAME Ivy /Hill/', '1 FAMC @F2@',
  '0 @I6@ INDI', '1 NAME Jem /Hill/', '1 FAMC @F2@', '2 NOTE Baptised as a foundling',
  '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@', '1 CHIL @I3@',
  '0 @F2@ FAM', '1 WIFE @I4@', '1 CHIL @I5@', '1 CHIL @I6@', '1 NOTE Rose raised them alone', '1 REFN 77',
);

t.test("a round trip keeps a child's FAMC notes under its FAMC and a lone parent's family notes on its FAM", async (t) => {
  const s = await exportServer(t);
  const { tree } = await imported(t, FAMILIES, s);
  const expected = ['Rose Hill -> Ivy Hill: Reference number: 77', 'Rose Hill -> Ivy Hill: Rose raised them alone', 'Rose Hill -> Jem Hill: Baptised as a foundling', 'Tom Lee -> Kit Lee: Raised by an aunt after 1860'];
  t.same(edgeNotes(tree), expected, 'as imported: the lone mother\'s family notes on the edge to her first child');
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    const records = text.split('\n0 ').map((record) => `0 ${record}`.split('\n'));
    const indi = (name: string) => records.find((lines) => lines.includes(`1 NAME ${name}`))!;
    const famc = (name: string) => indi(name).slice(indi(name).findIndex((line) => line.startsWith('1 FAMC')));
    t.same(famc('Kit /Lee/').slice(1, 2), ['2 NOTE Raised by an aunt after 1860'], `${version}: Kit's note under her FAMC`);
    t.same(famc('Jem /Hill/').slice(1, 2), ['2 NOTE Baptised as a foundling'], `${version}: Jem's note under his FAMC`);
    t.notOk(indi('Ivy /Hill/').some((line) => line.startsWith('2 NOTE')), `${version}: the family's note is not Ivy's`);
    const fam = records.find((lines) => lines.includes('1 NOTE Rose raised them alone'));
    t.ok(fam?.[0].endsWith(' FAM') && fam.includes('1 REFN 77'), `${version}: the lone mother's family keeps its NOTE and REFN`);
    const fresh = await importedBack(t, s, version, bytes, 'families');
    t.same(edgeNotes(s.server.kernel.trees.get(fresh.id)!), expected, `${version}: the same notes on the same edges`);
  }
});

t.test("a lone parent's family notes, kept on the edge to a living child, are not written when that child is left out", async (t) => {
  const s = await exportServer(t);
  await imported(t, gedcom(
    '5.5.1',
    '0 @I1@ INDI', '1 NAME Rose /Hill/', '1 SEX F', '1 BIRT', '2 DATE 1820', '1 DEAT', '2 DATE 1890', '1 FAMS @F1@',
    '0 @I2@ INDI', '1 NAME Ivy /Hill/', '1 BIRT', '2 DATE 1990', '1 FAMC @F1@',
    '0 @F1@ FAM', '1 WIFE @I1@', '1 CHIL @I2@', '1 NOTE Ivy was raised by Rose alone',
  ), s);
  const { text, job } = await exported(s, { version: '7.0' });
  t.notOk(text.includes('Ivy'), 'nothing of the living child');
  const report = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items as { path: string; reason: string; count: number }[];
  t.same(report.filter((item) => item.path === 'FAM.NOTE').map(({ reason, count }) => ({ reason, count })), [{ reason: 'note of a family kept on the edge to a withheld child: not written', count: 1 }]);
  const all = await exported(s, { version: '7.0', include_living: true });
  t.ok(all.text.includes('1 NOTE Ivy was raised by Rose alone'), 'written when the living are included');
});
