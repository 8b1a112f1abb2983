import t from 'tap';
import type { Tree } from '@rootline/kernel';
import { gedcom, imported } from './helpers.js';

/**
 * A source's words as the file wrote them: a transcription (SOUR.DATA.TEXT) keeps its line
 * breaks, and one longer than a citation's text holds (2,000 characters) keeps its whole text
 * in a note on the citation, the cut named in the loss report. Titles keep their line breaks.
 */

const LINE = 'Ann Lee, daughter, age 1, born Ledbury Herefordshire, scholar ------------';
const transcription = ['Household transcription line 1', ...Array.from({ length: 58 }, (_, at) => `Line ${at + 2}: ${LINE}`)];
const TITLE = ['Everything You Wanted to Know about GEDCOM Tags, But Were Afraid to Ask!', 'You can start new lines in a title.'];

const file = (text: string[]) =>
  gedcom(
    '5.5.1',
    '0 @S1@ SOUR',
    `1 TITL ${TITLE[0]}`,
    `2 CONT ${TITLE[1]}`,
    '1 AUTH Compiled by the  parish clerk',
    '0 @I1@ INDI',
    '1 NAME Ann /Lee/',
    '1 BIRT',
    '2 DATE 1850',
    '2 SOUR @S1@',
    '3 PAGE Class: HO107; Piece: 1234',
    '4 CONT Folio 56, page 7',
    '3 DATA',
    `4 TEXT ${text[0]}`,
    ...text.slice(1).map((line) => `5 CONT ${line}`),
  );

function citationOf(tree: Tree) {
  const row = tree.prepare('SELECT id, elements FROM citations').get() as { id: string; elements: string };
  return { id: row.id, elements: JSON.parse(row.elements) as Record<string, string> };
}

function notesOf(tree: Tree, target: string): string[] {
  return tree.prepare('SELECT text FROM notes WHERE target = ? ORDER BY id').pluck().all(target) as string[];
}

t.test('a 59-line transcription of 4,900 characters: the citation holds its start with its line breaks, a note on the citation the whole', async (t) => {
  const whole = transcription.join('\n');
  t.ok(whole.length > 4800, `the transcription is ${whole.length} characters`);
  const { tree, items } = await imported(t, file(transcription));
  const citation = citationOf(tree);
  t.equal(citation.elements.text.length, 2000, 'the citation holds as much as it takes');
  t.equal(citation.elements.text, `${whole.slice(0, 1999)}…`, 'its start, line breaks and all');
  t.equal(citation.elements.page, 'Class: HO107; Piece: 1234\nFolio 56, page 7', 'the page as written, on two lines');
  t.same(notesOf(tree, citation.id), [`Text from the source (whole):\n${whole}`], 'the whole transcription is a note on the citation');
  t.match(items.find((item) => item.path === 'INDI.BIRT.SOUR.DATA.TEXT'), { count: 1, reason: 'longer than 2,000 characters: cut in the citation, the whole text kept as a note on it' });
});

t.test('a short transcription and a source\'s title keep their line breaks, and nothing else is added', async (t) => {
  const short = transcription.slice(0, 3);
  const { tree, lost } = await imported(t, file(short));
  const citation = citationOf(tree);
  t.equal(citation.elements.text, short.join('\n'));
  t.same(notesOf(tree, citation.id), [], 'no note: the citation holds it all');
  t.same(tree.prepare('SELECT title, author FROM sources').get(), { title: TITLE.join('\n'), author: 'Compiled by the  parish clerk' }, 'the title on its two lines, the author as written');
  t.same(lost, []);
});
