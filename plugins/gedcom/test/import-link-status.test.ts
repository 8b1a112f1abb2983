import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * How sure the file is of a child's link to a family (FAMC.STAT: challenged, disproven, proven;
 * maximal70.ged, once reported "not kept on the parent edges"). A challenged or proven link is a
 * note on the child's first parent edge, written back as STAT; a disproven one makes no edge,
 * and a note on the child names the parents the file gave.
 */

const FILE = (version: '7.0' | '5.5.1') =>
  gedcom(
    version,
    '0 @I1@ INDI', '1 NAME John /Cole/', '1 SEX M',
    '0 @I2@ INDI', '1 NAME Ann /Lee/', '1 SEX F',
    '0 @I3@ INDI', '1 NAME Kit /Cole/', '1 FAMC @F1@', '2 STAT CHALLENGED', ...(version === '7.0' ? ['3 PHRASE The baptism names another father'] : []),
    '0 @I4@ INDI', '1 NAME Tom /Cole/', '1 FAMC @F1@', '2 STAT DISPROVEN', '2 NOTE A neighbour\'s child',
    '0 @I5@ INDI', '1 NAME Mary /Cole/', '1 FAMC @F1@', '2 STAT proven',
    '0 @I6@ INDI', '1 NAME Rose /Hill/', '1 SEX F',
    '0 @I7@ INDI', '1 NAME Ned /Hill/', '1 FAMC @F2@', '2 STAT CHALLENGED', '1 FAMC @F9@', '2 STAT PROVEN',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@', '1 CHIL @I4@', '1 CHIL @I5@',
    '0 @F2@ FAM', '1 WIFE @I6@', '1 CHIL @I7@', '1 NOTE Rose kept a lodging house',
    '0 @F9@ FAM', '1 HUSB @I1@',
  );

/** Each person's parents and the notes on the edges from them and on the person, as the routes give them. */
async function links(s: TestServer, treeId?: string): Promise<string[]> {
  const prefix = treeId ? `/v1/trees/${treeId}` : '/v1';
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const read: string[] = [];
  const notesOf = async (target: string) => (await s.request('GET', `${prefix}/notes`, { query: { target } })).json().map((note: { text: string }) => note.text);
  for (const { id, display_name } of tree.prepare('SELECT id, display_name FROM persons ORDER BY display_name').all() as { id: string; display_name: string }[]) {
    const edges = tree.prepare("SELECT r.id, p.display_name AS parent FROM relationships r JOIN persons p ON p.id = r.person_a WHERE r.kind = 'parent' AND r.person_b = ? AND r.hidden = 0 ORDER BY p.display_name").all(id) as { id: string; parent: string }[];
    const edgeNotes = (await Promise.all(edges.map((edge) => notesOf(edge.id)))).flat();
    read.push(`${display_name} <- ${edges.map((edge) => edge.parent).join(', ') || 'none'} | ${[...edgeNotes, ...(await notesOf(id))].sort().join(' | ')}`);
  }
  return read;
}

const EXPECTED = (version: '7.0' | '5.5.1') => [
  'Ann Lee <- none | ',
  `John Cole <- none | `,
  `Kit Cole <- Ann Lee, John Cole | ${version === '7.0' ? 'Status of the link in words: The baptism names another father | ' : ''}Status of the link: challenged`,
  'Mary Cole <- Ann Lee, John Cole | Status of the link: proven',
  'Ned Hill <- Rose Hill | Rose kept a lodging house | Status of the link: challenged',
  'Rose Hill <- none | ',
  "Tom Cole <- none | A neighbour's child | The imported file lists this person as a child of John Cole and Ann Lee (its family @F1@), and marks that link disproven: not linked.",
];

for (const version of ['7.0', '5.5.1'] as const) {
  t.test(`${version}: a challenged or proven link is a note on its edge; a disproven one is no edge, named in a note`, async (t) => {
    const { s, items } = await imported(t, FILE(version));
    t.same(await links(s), EXPECTED(version));
    t.same(items.filter((item) => item.path.startsWith('INDI.FAMC.STAT')).map((item) => `${item.path} ${item.count} ${item.kept ? 'kept' : 'lost'}: ${item.reason}`).sort(), [
      'INDI.FAMC.STAT 1 kept: a link marked disproven: the child is not linked to the family\'s parents; kept as a note on the child naming them',
      'INDI.FAMC.STAT 1 lost: the family does not list the child (CHIL): no parent edges to hold it',
      'INDI.FAMC.STAT 3 kept: kept as a note on the parent edge ("Status of the link: ...", "Status of the link in words: ..."); exports write it back under the FAMC',
      ...(version === '7.0' ? ['INDI.FAMC.STAT.PHRASE 1 kept: kept as a note on the parent edge ("Status of the link: ...", "Status of the link in words: ..."); exports write it back under the FAMC'] : []),
    ]);
  });
}

t.test('import -> export (7.0, 5.5.1) -> import: STAT written back under the FAMC, the same links read again', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('7.0'), s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    const word = (w: string) => (version === '7.0' ? w.toUpperCase() : w);
    t.match(text, new RegExp(`\\n1 NAME Kit /Cole/\\n(?:.*\\n)*?1 FAMC @F\\d+@\\n2 STAT ${word('challenged')}\\n${version === '7.0' ? '3 PHRASE The baptism names another father' : '2 NOTE Status of the link in words: The baptism names another father'}\\n`), `${version}: Kit's challenged link`);
    t.match(text, new RegExp(`\\n1 NAME Ned /Hill/\\n(?:.*\\n)*?1 FAMC @F\\d+@\\n2 STAT ${word('challenged')}\\n`), `${version}: a lone parent's child's status under its FAMC`);
    t.match(text, /\n0 @F\d+@ FAM\n1 WIFE @I\d+@\n1 CHIL @I\d+@\n1 NOTE Rose kept a lodging house\n/, `${version}: the lone parent's family keeps its own note, not the status`);
    t.notMatch(text, /NOTE Status of the link: /, `${version}: no status written as a note`);
    const fresh = await importedBack(t, s, version, bytes, 'link-status');
    // 5.5.1 has no PHRASE: its NOTE comes back as the same note on the link.
    t.same(await links(s, fresh.id), EXPECTED('7.0'), `${version}: the same links and notes`);
  }
});

t.test('two FAMCs to one family (maximal70.ged): a status that is not disproven stands, the other is reported', async (t) => {
  const { tree, items } = await imported(t, gedcom('7.0',
    '0 @I1@ INDI', '1 NAME John /Cole/', '1 SEX M',
    '0 @I2@ INDI', '1 NAME Kit /Cole/', '1 FAMC @F1@', '2 STAT PROVEN', '1 FAMC @F1@', '2 STAT DISPROVEN',
    '0 @I3@ INDI', '1 NAME Tom /Cole/', '1 FAMC @F1@', '2 STAT DISPROVEN', '1 FAMC @F1@', '2 STAT CHALLENGED',
    '0 @I4@ INDI', '1 NAME Ned /Cole/', '1 FAMC @F2@', '2 STAT', '3 PHRASE unsure', '1 FAMC @F3@', '2 STAT PROVEN',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 CHIL @I2@', '1 CHIL @I3@',
    '0 @F2@ FAM', '1 HUSB @I1@', '1 CHIL @I4@',
    '0 @F3@ FAM', '1 CHIL @I4@',
  ));
  const statuses = tree.prepare("SELECT p.display_name || ': ' || n.text FROM relationships r JOIN persons p ON p.id = r.person_b JOIN notes n ON n.target = r.id WHERE r.kind = 'parent' ORDER BY 1").pluck().all();
  t.same(statuses, ['Kit Cole: Status of the link: proven', 'Tom Cole: Status of the link: challenged'], 'both linked, with the status that is not disproven');
  t.same(items.filter((item) => item.path.startsWith('INDI.FAMC.STAT') && !item.kept).map((item) => `${item.path}: ${item.reason} (${item.examples.join(', ')})`).sort(), [
    "INDI.FAMC.STAT.PHRASE: not kept on the parent edges (23)",
    "INDI.FAMC.STAT: a family with no partners: no parent edges to hold it (25)",
    "INDI.FAMC.STAT: a second link to the same family: the first one's status kept (12)",
    "INDI.FAMC.STAT: a second link to the same family: the other one's status kept (16)",
    'INDI.FAMC.STAT: blank: nothing to keep (22)',
  ]);
});

t.test("a refused edge's status is reported, not silently dropped", async (t) => {
  const { items } = await imported(t, gedcom('5.5.1',
    '0 @I1@ INDI', '1 NAME John /Cole/', '1 SEX M',
    '0 @I2@ INDI', '1 NAME Ann /Lee/', '1 SEX F',
    '0 @I3@ INDI', '1 NAME Louis /Gal/', '1 SEX M',
    '0 @I4@ INDI', '1 NAME Kit /Cole/', '1 FAMC @F1@', '1 FAMC @F2@', '2 STAT proven',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I4@',
    '0 @F2@ FAM', '1 HUSB @I3@', '1 CHIL @I4@',
  ));
  t.same(items.filter((item) => item.path === 'INDI.FAMC.STAT').map((item) => `${item.reason} ${item.count} ${item.kept ?? false}`), ['not kept: the parent edge was refused 1 false']);
});

t.test("the STAT is found among the FAMC's lines, its PHRASE among the STAT's; what else stands under the STAT is reported; the link's own notes stay NOTEs", async (t) => {
  const s = await exportServer(t);
  const { tree, items } = await imported(t, gedcom('7.0',
    '0 @I1@ INDI', '1 NAME John /Cole/', '1 SEX M', '1 DEAT Y',
    '0 @I3@ INDI', '1 NAME Eve /Cole/', '1 SEX F', '1 DEAT Y',
    '0 @I2@ INDI', '1 NAME Kit /Cole/', '1 DEAT Y', '1 FAMC @F1@', '2 PEDI BIRTH', '2 STAT PROVEN', '3 _SEEN 1901', '3 PHRASE by the census', '2 NOTE Per the 1851 census',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I3@', '1 CHIL @I2@',
  ), s);
  t.same(tree.prepare("SELECT n.text FROM relationships r JOIN notes n ON n.target = r.id WHERE r.kind = 'parent' ORDER BY 1").pluck().all(), [
    'Per the 1851 census',
    'Status of the link in words: by the census',
    'Status of the link: proven',
  ]);
  t.same(items.filter((item) => item.path === 'INDI.FAMC.STAT._SEEN').map((item) => `${item.reason} ${item.count}`), ['not kept on the parent edges 1']);
  const { text } = await exported(s, { version: '7.0' });
  t.match(text, /\n1 FAMC @F\d+@\n2 STAT PROVEN\n3 PHRASE by the census\n2 NOTE Per the 1851 census\n/, 'the status as STAT, the note as NOTE');
});
