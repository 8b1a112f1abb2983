import t from 'tap';
import { validateGedcom } from '@rootline/gedcom';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';

/**
 * A redacted note is not written by either export, whatever it stands for (a plain NOTE, a
 * detail like `Cause: ...`, an identifier), and the loss report counts it. Before notes could
 * be redacted (views 0.1.16) this path could not be reached.
 */
t.test('redacted notes (a plain one, a detail, an identifier) are not written, and reported', async (t) => {
  const s = await exportServer(t);
  const { tree } = await imported(t, gedcom('5.5.1',
    '0 @I1@ INDI', '1 NAME Louis /Capet/', '1 REFN K-1', '1 NOTE Born before the marriage', '1 NOTE Blacksmith',
    '1 DEAT', '2 DATE 25 AUG 1270', '2 CAUS Dysenterie',
  ), s);
  const id = (text: string) => tree.prepare('SELECT id FROM notes WHERE text = ?').pluck().get(text) as string;
  for (const text of ['Born before the marriage', 'Cause: Dysenterie', 'Reference number: K-1']) {
    t.equal((await s.request('POST', '/v1/redactions', { body: { target: id(text), field: 'text', reason: 'privacy' } })).statusCode, 201, text);
  }
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, job } = await exported(s, { version, include_living: true });
    t.notMatch(text, /marriage|Dysenterie|K-1/, `${version}: no redacted text in the file`);
    t.match(text, /\n1 NOTE Blacksmith\n/, `${version}: the other note is written`);
    t.match(text, /\n1 DEAT\n2 DATE 25 AUG 1270\n/, `${version}: the death without its cause`);
    const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
    t.match(lost.filter((item: { path: string }) => /NOTE$/.test(item.path)).map((item: { path: string; reason: string; count: number }) => `${item.path} ${item.reason} x${item.count}`).sort(),
      ['INDI.DEAT.NOTE redacted note not written x1', 'INDI.NOTE redacted note not written x2']);
  }
});

/**
 * A media object redacted whole, or in its file name (FILE is required), is withheld: no OBJE
 * record, and no structure points at it (the person it depicts, the citation it is attached to).
 * One redacted in its title is written without TITL. Before media had labels (views 0.1.16)
 * none could be redacted.
 */
t.test('a redacted media object is withheld with every pointer to it; a redacted title is left out', async (t) => {
  const s = await exportServer(t);
  const { tree } = await imported(t, gedcom('5.5.1',
    '0 @I1@ INDI', '1 NAME Louis /Capet/', '1 OBJE @M1@', '1 OBJE @M2@', '1 OBJE @M3@',
    '1 BIRT', '2 DATE 25 APR 1214', '2 SOUR @S1@', '3 PAGE folio 3', '3 OBJE @M2@',
    '0 @S1@ SOUR', '1 TITL Chronicle',
    '0 @M1@ OBJE', '1 FILE portrait.jpg', '2 FORM jpg', '2 TITL Portrait of the king',
    '0 @M2@ OBJE', '1 FILE scan.png', '2 FORM png',
    '0 @M3@ OBJE', '1 FILE seal.jpg', '2 FORM jpg', '2 TITL The royal seal',
  ), s);
  const id = (file: string) => tree.prepare('SELECT id FROM media WHERE file_name = ?').pluck().get(file) as string;
  t.equal((await s.request('POST', '/v1/redactions', { body: { target: id('portrait.jpg'), reason: 'private' } })).statusCode, 201);
  t.equal((await s.request('POST', '/v1/redactions', { body: { target: id('scan.png'), field: 'file_name', reason: 'private' } })).statusCode, 201);
  t.equal((await s.request('POST', '/v1/redactions', { body: { target: id('seal.jpg'), field: 'title', reason: 'private' } })).statusCode, 201);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes, job } = await exported(s, { version, include_living: true });
    t.notMatch(text, /portrait|scan\.png|Portrait of the king|royal seal/, `${version}: nothing of the redacted values`);
    const objects = [...text.matchAll(/\n0 (@[^@]+@) OBJE\n/g)].map((match) => match[1]);
    t.equal(objects.length, 1, `${version}: one OBJE record, the seal's`);
    t.match(text, /\n1 FILE seal\.jpg\n2 FORM (jpg|image\/jpeg)\n(?!3 TITL)/, `${version}: the seal without its title`);
    const pointers = [...text.matchAll(/\n\d OBJE (@[^@]+@)\n/g)].map((match) => match[1]);
    t.same([...new Set(pointers)], objects, `${version}: every OBJE pointer names a written record`);
    t.same((await validateGedcom(bytes)).errors, [], `${version}: no errors (no dangling pointer)`);
    const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
    t.ok(lost.some((item: { path: string; reason: string }) => item.path === 'OBJE' && item.reason === 'redacted media object withheld'), `${version}: reported`);
  }
});
