import t from 'tap';
import type { Tree } from '@rootline/kernel';
import { gedcom, imported } from './helpers.js';

/**
 * The lines of a SOUR record and of a source citation that the commoner files never write, as
 * the genealogist finds them after an import: a publisher too long for its field, a repository
 * line's notes and its extension, a tag the source cannot hold, the same page cited twice under
 * one fact, a blank or overlong inline 5.5 citation, and a footnote that is blank or has lines
 * under it. Each is kept or reported, never dropped in silence.
 */

/** A source record and the person whose facts cite it (the lines each test adds follow). */
const ANN_AND_REGISTER = ['0 @S1@ SOUR', '1 TITL Ledbury register', '0 @I1@ INDI', '1 NAME Ann /Lee/'];

/** The notes on the source titled `title` (its whole text, its repository), oldest first. */
function sourceNotes(tree: Tree, title: string): string[] {
  return tree.prepare('SELECT n.text FROM notes n JOIN sources s ON s.id = n.target WHERE s.title = ? ORDER BY n.id').pluck().all(title) as string[];
}

t.test('a publisher longer than a source holds is cut in the source and kept whole in a note, the report naming SOUR.PUBL', async (t) => {
  const publisher = `Printed for the Society by ${'the parish clerk and his heirs, '.repeat(20)}London`;
  t.ok(publisher.length > 500);
  const { tree, items } = await imported(t, gedcom('5.5.1', '0 @S1@ SOUR', '1 TITL Ledbury register', `1 PUBL ${publisher}`, '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 BIRT', '2 SOUR @S1@'));
  const row = tree.prepare('SELECT publisher FROM sources').get() as { publisher: string };
  t.equal(row.publisher.length, 500, 'the field holds its first 500 characters');
  t.ok(row.publisher.endsWith('…'), 'ending in an ellipsis');
  t.same(sourceNotes(tree, 'Ledbury register'), [`Publisher (whole):\n${publisher}`]);
  t.match(items, [{ path: 'SOUR.PUBL', kept: true, reason: /longer than 500 characters/ }]);
  t.equal(items.length, 1, 'nothing else reported');
});

t.test("a tag a source record cannot hold is reported under its path; its identifiers are notes on it; the source is still made", async (t) => {
  const { tree, items } = await imported(t, gedcom('5.5.1', '0 @S1@ SOUR', '1 TITL Census 1851', '1 _TMPLT', '2 FIELD', '3 NAME Page', '1 REFN HO107/2009', '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 BIRT', '2 SOUR @S1@'));
  t.same(tree.prepare('SELECT title FROM sources').pluck().all(), ['Census 1851']);
  t.same(sourceNotes(tree, 'Census 1851'), ['Reference number: HO107/2009']);
  t.same(items.map((item) => `${item.path} ${item.reason}`), [
    'SOUR.REFN kept as a note on the source ("Reference number: ..."); exports write it back',
    'SOUR._TMPLT not kept on the source',
  ]);
});

t.test("a repository line's notes, shared or not, join the repository's note; an extension under it is reported", async (t) => {
  const { tree, lost } = await imported(t, gedcom(
    '7.0',
    '0 @N1@ SNOTE Closed on Mondays',
    '0 @R1@ REPO', '1 NAME County Record Office',
    '0 @S1@ SOUR', '1 TITL Parish register of Ledbury',
    '1 REPO @R1@', '2 NOTE Ask for the transcripts', '2 SNOTE @N1@', '2 _SHELF 4', '2 CALN D/123',
    '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 BIRT', '2 SOUR @S1@',
  ));
  t.same(sourceNotes(tree, 'Parish register of Ledbury'), [
    'Repository: County Record Office, call number D/123\nNote on the repository: Ask for the transcripts\nNote on the repository: Closed on Mondays',
  ]);
  t.same(lost, ['SOUR.REPO._SHELF not kept with the repository']);
});

t.test('the same page of a source cited twice under one fact is one citation and no further evidence; another source without a page is evidence', async (t) => {
  const { tree, cradle, lost } = await imported(t, gedcom(
    '5.5.1',
    '0 @S1@ SOUR', '1 TITL Ledbury register',
    '0 @S2@ SOUR', '1 TITL Family bible',
    '0 @I1@ INDI', '1 NAME Ann /Lee/',
    '1 BIRT', '2 DATE 1850', '2 SOUR @S1@', '3 PAGE folio 12', '2 SOUR @S1@', '3 PAGE folio 12',
    '1 DEAT', '2 DATE 1900', '2 SOUR @S1@', '3 PAGE folio 80', '2 SOUR @S2@', '2 SOUR @S2@',
  ));
  t.same(lost, []);
  const claim = (kind: string) => tree.prepare('SELECT id, citation FROM assertions WHERE kind = ?').get(kind) as { id: string; citation: string };
  const birth = claim('birth');
  t.same(cradle.citationsService.get(birth.citation)!.elements, { page: 'folio 12' });
  t.same(cradle.assertionsService.get(birth.id)!.evidence ?? [], [], 'the birth cites one page once: no evidence repeats it');
  const death = claim('death');
  const evidence = cradle.assertionsService.get(death.id)!.evidence!;
  t.equal(evidence.length, 1, 'the bible cited twice is one piece of evidence');
  const bible = cradle.citationsService.get(evidence[0].citation!)!;
  t.same([tree.prepare('SELECT title FROM sources WHERE id = ?').pluck().get(bible.source), bible.elements], ['Family bible', {}]);
  t.equal(tree.prepare('SELECT COUNT(*) FROM citations').pluck().get(), 3, 'folio 12, folio 80 and the bible as a whole');
});

t.test('a blank footnote is reported at its own path; a line under a footnote is reported, the footnote kept', async (t) => {
  const { tree, items } = await imported(t, gedcom(
    '5.5.1',
    ...ANN_AND_REGISTER,
    '1 BIRT', '2 SOUR @S1@', '3 PAGE folio 12', '3 _FOOT  ',
    '1 DEAT', '2 SOUR @S1@', '3 PAGE folio 80', '3 _FOOT Ledbury register, folio 80', '4 _STYLE bold',
    '1 BURI', '2 SOUR @S1@', '3 PAGE folio 81', `3 _FOOT ${'x'.repeat(100_010)}`,
  ));
  t.same(items.filter((item) => !item.kept).map((item) => `${item.path} ${item.reason} ${item.examples.join(',')}`), [
    'INDI.BIRT.SOUR._FOOT blank: nothing to keep 13',
    'INDI.BURI.SOUR._FOOT note longer than 100000 characters: cut 22',
    'INDI.DEAT.SOUR._FOOT._STYLE not kept on the citation 18',
  ]);
  t.same(tree.prepare("SELECT length(text) AS length FROM notes WHERE text LIKE 'Footnote%' ORDER BY id").pluck().all(), ['Footnote: Ledbury register, folio 80'.length, 100_000]);
});

t.test('5.5: a blank inline citation is reported and the fact kept unsourced; an inline text longer than a title is kept whole on its source', async (t) => {
  const text = `Entry in the vestry book: ${'the churchwardens paid for the bell rope and the bread and wine, '.repeat(20)}`.trim();
  t.ok(text.length > 1000);
  const { tree, lost, items } = await imported(t, gedcom(
    '5.5.1',
    '0 @I1@ INDI', '1 NAME Ann /Lee/',
    '1 BIRT', '2 DATE 1850', '2 SOUR',
    '1 DEAT', '2 DATE 1900', `2 SOUR ${text}`,
  ));
  t.same(tree.prepare('SELECT kind, citation IS NULL AS unsourced FROM assertions WHERE kind IN (?, ?) ORDER BY kind').all('birth', 'death'), [
    { kind: 'birth', unsourced: 1 },
    { kind: 'death', unsourced: 1 },
  ]);
  const source = tree.prepare('SELECT id, title FROM sources').all() as { id: string; title: string }[];
  t.equal(source.length, 1, 'one source, the vestry book');
  t.equal(source[0].title.length, 1000);
  t.ok(source[0].title.endsWith('…'));
  t.same(tree.prepare('SELECT text FROM notes WHERE target = ?').pluck().all(source[0].id), [`Title (whole):\n${text}`]);
  t.ok(lost.includes('INDI.BIRT.SOUR empty source citation'), lost.join('\n'));
  t.match(items.filter((item) => item.path === 'INDI.DEAT.SOUR'), [{ kept: true, reason: /longer than 1,000 characters/ }]);
});

t.test("a citation's OBJE pointing at no media record is reported under the citation's path; the citation is kept", async (t) => {
  const { tree, lost } = await imported(t, gedcom(
    '5.5.1',
    ...ANN_AND_REGISTER,
    '1 BIRT', '2 SOUR @S1@', '3 PAGE folio 12', '3 OBJE @M9@',
  ));
  t.same(lost, ['INDI.BIRT.SOUR.OBJE points to no media record (@M9@)']);
  t.same(tree.prepare('SELECT elements FROM citations').pluck().all(), ['{"page":"folio 12"}']);
});
