import t from 'tap';
import type { Tree } from '@rootline/kernel';
import { gedcom, imported } from './helpers.js';

/**
 * An INDI's ASSO as the genealogist finds it after an import: the other person, the role in the
 * file's words (5.5.1 RELA, 7.0 ROLE with its PHRASE), the first source, the notes joined; and
 * what an association cannot hold, reported line by line.
 */

interface Association {
  from: string;
  to: string;
  role: string;
  source: string | null;
  note: string | null;
}

/** Each association as "from -> to", with its role, source title and note. */
function associations(tree: Tree): Association[] {
  return tree
    .prepare(
      `SELECT f.display_name AS "from", t.display_name AS "to", a.role, s.title AS source, a.note
         FROM associations a JOIN persons f ON f.id = a.from_subject JOIN persons t ON t.id = a.to_subject
         LEFT JOIN sources s ON s.id = a.source ORDER BY f.display_name, t.display_name`,
    )
    .all() as Association[];
}

const people = ['0 @I2@ INDI', '1 NAME Mary /Cole/', '0 @I3@ INDI', '1 NAME John /Hale/'];

t.test('5.5.1: the RELA is the role in lower case, a blank RELA or none is "associate", whichever line comes first', async (t) => {
  const { tree, lost } = await imported(t, gedcom(
    '5.5.1',
    '0 @I1@ INDI', '1 NAME Ann /Lee/',
    '1 ASSO @I2@', '2 NOTE Met at the christening', '2 RELA  Godmother ',
    '1 ASSO @I3@',
    '0 @I4@ INDI', '1 NAME Eve /Lee/', '1 ASSO @I3@', '2 RELA', '1 ASSO @I2@', '2 RELA   ',
    ...people,
  ));
  t.same(associations(tree), [
    { from: 'Ann Lee', to: 'John Hale', role: 'associate', source: null, note: null },
    { from: 'Ann Lee', to: 'Mary Cole', role: 'godmother', source: null, note: 'Met at the christening' },
    { from: 'Eve Lee', to: 'John Hale', role: 'associate', source: null, note: null },
    { from: 'Eve Lee', to: 'Mary Cole', role: 'associate', source: null, note: null },
  ]);
  t.same(lost, []);
});

t.test('7.0: ROLE OTHER takes its PHRASE as the role; a listed ROLE is its word in lower case; a ROLE with a PHRASE keeps the PHRASE', async (t) => {
  const { tree, lost } = await imported(t, gedcom(
    '7.0',
    '0 @I1@ INDI', '1 NAME Ann /Lee/',
    '1 ASSO @I2@', '2 ROLE OTHER', '3 PHRASE Best Man',
    '1 ASSO @I3@', '2 ROLE FRIEND',
    '0 @I4@ INDI', '1 NAME Eve /Lee/', '1 ASSO @I2@', '2 ROLE GODP', '3 PHRASE  ',
    ...people,
  ));
  t.same(associations(tree).map(({ from, to, role }) => `${from} -> ${to}: ${role}`), [
    'Ann Lee -> John Hale: friend',
    'Ann Lee -> Mary Cole: best man',
    'Eve Lee -> Mary Cole: godp',
  ]);
  t.same(lost, []);
});

t.test('7.0: a shared note (SNOTE) is the association\'s note; a line under the ROLE other than its PHRASE is reported; a blank PHRASE leaves the word', async (t) => {
  const { tree, lost } = await imported(t, gedcom(
    '7.0',
    '0 @N1@ SNOTE Stood in for her father',
    '0 @I1@ INDI', '1 NAME Ann /Lee/',
    '1 ASSO @I2@', '2 ROLE OTHER', '3 _SAID she', '3 PHRASE Proxy', '2 SNOTE @N1@',
    '1 ASSO @I3@', '2 ROLE WITN', '3 PHRASE',
    ...people,
  ));
  t.same(associations(tree).map(({ to, role, note }) => `${to}: ${role} (${note})`), ['John Hale: witn (null)', 'Mary Cole: proxy (Stood in for her father)']);
  t.same(lost, ['INDI.ASSO.ROLE._SAID not kept on the association']);
});

t.test('the notes of an ASSO, inline and shared, are one note a blank line apart; blank ones are left out', async (t) => {
  const { tree, lost } = await imported(t, gedcom(
    '5.5.1',
    '0 @N1@ NOTE Godmother by proxy',
    '0 @I1@ INDI', '1 NAME Ann /Lee/',
    '1 ASSO @I2@', '2 RELA godmother', '2 NOTE  She stood in  ', '2 NOTE', '2 NOTE @N1@', '2 NOTE @N9@',
    ...people,
  ));
  t.same(associations(tree).map((row) => row.note), ['She stood in\n\nGodmother by proxy']);
  t.same(lost, ['INDI.ASSO.NOTE points to no note record (@N9@)']);
});

t.test('a note longer than an association holds is cut there, and its whole text kept as a note on the association', async (t) => {
  const long = 'Witnessed the will. '.repeat(600).trim();
  const { tree, items } = await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 ASSO @I2@', `2 NOTE ${long}`, ...people));
  const [row] = tree.prepare('SELECT id, note FROM associations').all() as { id: string; note: string }[];
  t.ok(row.note.length <= 10_000 && long.startsWith(row.note.replace(/…$/, '')), 'cut to what an association holds');
  t.same(tree.prepare('SELECT text FROM notes WHERE target = ?').pluck().all(row.id), [`Note (whole):\n${long}`]);
  t.same(items.map((item) => `${item.path} ${item.reason}${item.kept ? ' (kept)' : ''}`), [
    'INDI.ASSO.NOTE longer than 10,000 characters: cut in the association, the whole text kept as a note on it (kept)',
  ]);
});

t.test('an association holds one source: its first; a further one is reported, as is each line it cannot hold, and nothing else is', async (t) => {
  const { tree, items } = await imported(t, gedcom(
    '5.5.1',
    '0 @S1@ SOUR', '1 TITL Parish register',
    '0 @S2@ SOUR', '1 TITL Family letters',
    '0 @I1@ INDI', '1 NAME Ann /Lee/',
    '1 ASSO @I2@', '2 RELA witness', '2 SOUR @S1@', '2 DATE 1850', '2 SOUR @S2@', '2 _WHERE church',
    ...people,
  ));
  t.same(associations(tree).map(({ role, source }) => ({ role, source })), [{ role: 'witness', source: 'Parish register' }]);
  t.same(items.map((item) => `${item.path} ${item.reason} [${item.count}]`).sort(), [
    'INDI.ASSO.DATE not kept on the association [1]',
    'INDI.ASSO.SOUR an association holds one source: further sources not kept on it [1]',
    'INDI.ASSO._WHERE not kept on the association [1]',
  ]);
});

t.test('an ASSO pointing at no individual, or naming none, is reported and makes nothing', async (t) => {
  const { tree, lost } = await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 ASSO @I9@', '2 RELA friend', '1 ASSO', '2 RELA friend', ...people));
  t.same(associations(tree), []);
  t.same(lost.sort(), ['INDI.ASSO names no individual', 'INDI.ASSO points to no individual (@I9@)']);
});
