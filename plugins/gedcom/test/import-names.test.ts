import t from 'tap';
import { mapName } from '../src/import/names.js';
import { records } from './helpers.js';

/** A NAME as the import reads it: the pieces a genealogist sees, from what real exporters write. */
const nameOf = (lines: string) => mapName(records(`0 HEAD\n0 @I1@ INDI\n${lines}\n0 TRLR\n`).find((record) => record.tag === 'INDI')!.children[0]);

t.test('5.5.1 pieces of several parts are separated by commas, which are not part of the name (kennedy.ged)', async (t) => {
  t.same(nameOf('1 NAME John Fitzgerald /Kennedy/\n2 GIVN John, Fitzgerald\n2 SURN Kennedy'), { as_written: 'John Fitzgerald Kennedy', given: 'John Fitzgerald', surname: 'Kennedy' });
  t.same(nameOf('1 NAME Maria /Garcia Lopez/\n2 GIVN Maria\n2 SURN Garcia, Lopez'), { as_written: 'Maria Garcia Lopez', given: 'Maria', surname: 'Garcia Lopez' });
  t.same(nameOf('1 NAME Dr. Ann /Smith/ Jr.\n2 NPFX Dr.,Prof.\n2 NSFX Jr., Esq.'), { as_written: 'Dr. Ann Smith Jr.', prefix: 'Dr. Prof.', suffix: 'Jr. Esq.', given: 'Dr. Ann', surname: 'Smith' });
  t.same(nameOf('1 NAME Anne /Brown/\n2 GIVN Anne, '), { as_written: 'Anne Brown', given: 'Anne', surname: 'Brown' }, 'a trailing comma leaves nothing behind');
  t.same(nameOf('1 NAME /Brown/\n2 GIVN ,'), { as_written: 'Brown', surname: 'Brown' }, 'a piece of only commas is no piece');
});

t.test('GEDCOM 7 gives a piece of several parts as several lines: each is kept, in order', async (t) => {
  t.same(nameOf('1 NAME Joseph Patrick /Kennedy/\n2 GIVN Joseph\n2 GIVN Patrick\n2 SURN Kennedy'), { as_written: 'Joseph Patrick Kennedy', given: 'Joseph Patrick', surname: 'Kennedy' });
});
