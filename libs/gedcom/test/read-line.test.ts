/**
 * One line at a time: the tolerant line grammar, pointers and the two @ escape rules.
 */
import t from 'tap';
import { parseLine, pointerOf, unescapeText } from '../src/read/line.js';

t.test('a well-formed line in its parts', async (t) => {
  t.same(parseLine('0 @I1@ INDI'), { level: 0, xref: 'I1', tag: 'INDI', payload: '', loose: false });
  t.same(parseLine('1 NAME John /Smith/'), { level: 1, tag: 'NAME', payload: 'John /Smith/', loose: false });
  t.same(parseLine('2 DATE'), { level: 2, tag: 'DATE', payload: '', loose: false });
  t.same(parseLine('12 _CUSTOM x'), { level: 12, tag: '_CUSTOM', payload: 'x', loose: false });
});

t.test('tags: standard ones upper-cased, extension tags as written', async (t) => {
  t.equal((parseLine('1 name John') as { tag: string }).tag, 'NAME');
  t.equal((parseLine('1 _MiLt x') as { tag: string }).tag, '_MiLt');
});

t.test('the payload starts after exactly one space and keeps the rest as written', async (t) => {
  t.equal((parseLine('1 NOTE  two spaces ') as { payload: string }).payload, ' two spaces ');
  t.equal((parseLine('1 NOTE\ttabbed') as { payload: string }).payload, 'tabbed');
  t.equal((parseLine('0 HEAD ') as { payload: string }).payload, '');
});

t.test('loose spacing is read and flagged', async (t) => {
  t.same(parseLine('0  _PUBLISH'), { level: 0, tag: '_PUBLISH', payload: '', loose: true });
  t.same(parseLine('   2 DATE 1900'), { level: 2, tag: 'DATE', payload: '1900', loose: true });
  t.same(parseLine('\t1 SEX M'), { level: 1, tag: 'SEX', payload: 'M', loose: true });
  t.same(parseLine('0 @I1@  INDI'), { level: 0, xref: 'I1', tag: 'INDI', payload: '', loose: true });
  t.same(parseLine('0 @I1@\tINDI'), { level: 0, xref: 'I1', tag: 'INDI', payload: '', loose: false });
  t.equal((parseLine('1 NAME  x') as { loose: boolean }).loose, false, 'spaces inside the payload are not loose spacing');
});

t.test('xrefs: spaces and case kept, an unterminated one read to the next space', async (t) => {
  t.same(parseLine('0 @NoTe ref@ NOTE text'), { level: 0, xref: 'NoTe ref', tag: 'NOTE', payload: 'text', loose: false });
  t.same(parseLine('0 @I1 INDI'), { level: 0, xref: 'I1', xrefUnterminated: true, tag: 'INDI', payload: '', loose: false });
  t.same(parseLine('0 @I1 NOTE see @I2@'), { level: 0, xref: 'I1', xrefUnterminated: true, tag: 'NOTE', payload: 'see @I2@', loose: false });
});

t.test('levels: digits, at most 99', async (t) => {
  t.equal((parseLine('99 X') as { level: number }).level, 99);
  t.equal((parseLine('07 X') as { level: number }).level, 7);
  t.same(parseLine('100 CONT x'), { fault: 'bad-level', message: 'level 100 is above 99' });
  t.match(parseLine('x NAME y'), { fault: 'bad-line', message: /level number/ });
  t.match(parseLine('-1 NAME y'), { fault: 'bad-line' });
  t.match(parseLine('1NAME y'), { fault: 'bad-line', message: 'no tag after the level' });
  t.match(parseLine('1'), { fault: 'bad-line', message: 'no tag after the level' });
  t.match(parseLine('1   '), { fault: 'bad-line', message: 'no tag after the level' });
  t.match(parseLine('0 @I1@ '), { fault: 'bad-line', message: 'no tag after the xref' });
  t.match(parseLine(''), { fault: 'bad-line' });
});

t.test('pointers: @X@ only, not escapes nor text', async (t) => {
  t.equal(pointerOf('@I1@'), 'I1');
  t.equal(pointerOf('@VOID@'), 'VOID');
  t.equal(pointerOf('@X 2@'), 'X 2');
  t.equal(pointerOf('@A@'), 'A', 'the shortest pointer');
  for (const text of ['@@', '@', '', 'I1', '@I1', 'I1@', '@@I1@', '@#DJULIAN@', '@I1@ and @I2@', 'a@b@', '@a@b@']) {
    t.equal(pointerOf(text), undefined, JSON.stringify(text));
  }
});

t.test('@ escapes: every @@ in 5.5.x, only a leading one in 7.0', async (t) => {
  t.equal(unescapeText('h.eichmann@@gmx.de', false), 'h.eichmann@gmx.de');
  t.equal(unescapeText('@@@@@ five', false), '@@@ five');
  t.equal(unescapeText('single @ stays', false), 'single @ stays');
  t.equal(unescapeText('@@me and @I', true), '@me and @I');
  t.equal(unescapeText('@@@@@ has four', true), '@@@@ has four');
  t.equal(unescapeText('doubled @@ internal', true), 'doubled @@ internal');
  t.equal(unescapeText('@ alone', true), '@ alone');
});
