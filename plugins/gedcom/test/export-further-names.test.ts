import t from 'tap';
import { exported, exportServer, finished } from './export-fixture.js';
import { upload } from './helpers.js';

/** A file's INDIs with a typed first NAME, a married name and an alias, as a genealogist writes them. */
const file = (version: '5.5.1' | '7.0', other: string[]) =>
  [
    '0 HEAD', '1 GEDC', `2 VERS ${version}`, ...(version === '5.5.1' ? ['2 FORM LINEAGE-LINKED', '1 CHAR UTF-8'] : []),
    '0 @S1@ SOUR', '1 TITL Ledbury parish register',
    '0 @I1@ INDI',
    '1 NAME Mary Ann /Smith/', '2 TYPE birth', '2 SOUR @S1@', '3 PAGE folio 3',
    '1 NAME Mary Ann /Jones/', '2 TYPE married',
    '1 NAME Polly', '2 TYPE aka',
    '1 DEAT Y',
    '0 @I2@ INDI',
    '1 NAME Joseph /Allen/', ...other,
    '1 DEAT Y',
    '0 TRLR', '',
  ].join('\n');

/** The NAME structures of the export, each as its lines (the pieces and sources left out). */
function names(text: string): string[][] {
  const found: string[][] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('1 ')) found.push([]);
    if (/^1 NAME |^2 TYPE |^3 PHRASE |^2 SOUR /.test(line)) found.at(-1)!.push(line);
  }
  return found.filter((lines) => lines[0]?.startsWith('1 NAME ') && !lines[0].includes('Rootline user'));
}

t.test('a typed first NAME is written once, and further names keep their surname between slashes', async (t) => {
  const s = await exportServer(t);
  t.equal((await finished(s, (await upload(s, file('5.5.1', ['2 TYPE aka']))).json().job_id)).state, 'succeeded');
  const old = await exported(s, { version: '5.5.1' });
  t.same(names(old.text), [
    ['1 NAME Mary Ann /Smith/', '2 TYPE birth', '2 SOUR @S1@'],
    ['1 NAME Mary Ann /Jones/', '2 TYPE married'],
    ['1 NAME Polly', '2 TYPE aka'],
    ['1 NAME Joseph /Allen/', '2 TYPE aka'],
  ], '5.5.1: the birth name once, with its type and its source; the married surname marked');
  const seven = await exported(s, { version: '7.0' });
  t.same(names(seven.text), [
    ['1 NAME Mary Ann /Smith/', '2 TYPE BIRTH', '2 SOUR @S1@'],
    ['1 NAME Mary Ann /Jones/', '2 TYPE MARRIED'],
    ['1 NAME Polly', '2 TYPE AKA'],
    ['1 NAME Joseph /Allen/', '2 TYPE AKA'],
  ], '7.0: the same, in its list of types');
});

t.test('7.0: a name type OTHER stays OTHER, not OTHER with the phrase "other"; a type off the list is OTHER with its word', async (t) => {
  const s = await exportServer(t);
  const upload7 = (other: string[]) => upload(s, file('7.0', other), { query: { allow_duplicate: true } });
  t.equal((await finished(s, (await upload7(['2 TYPE OTHER', '3 PHRASE Name type phrase'])).json().job_id)).state, 'succeeded');
  t.equal((await finished(s, (await upload(s, file('5.5.1', ['2 TYPE religious']).replace('Joseph', 'Joe'))).json().job_id)).state, 'succeeded');
  const { text } = await exported(s, { version: '7.0' });
  const joseph = names(text).filter((lines) => lines[0].endsWith('/Allen/'));
  t.same(joseph, [
    ['1 NAME Joseph /Allen/', '2 TYPE OTHER'],
    ['1 NAME Joe /Allen/', '2 TYPE OTHER', '3 PHRASE religious'],
  ]);
});
