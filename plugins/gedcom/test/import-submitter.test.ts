import t from 'tap';
import { gedcom, imported } from './helpers.js';

/**
 * The SUBM record (who made or sent the file) is a note about the import run: "Submitter:
 * <name>" and what it says of how to reach them, read with `GET {P}/notes?target=<import_key>`,
 * taken away with the run.
 */

const FILE = gedcom(
  '5.5.1',
  '0 @U1@ SUBM', '1 NAME Margaret Cole', '1 ADDR 3 Mill Lane', '2 CONT Ledbury', '1 EMAIL mcole@example.org', '1 LANG English',
  '1 NOTE Researched since 1987', '1 NOTE', '2 CONT', '1 RIN 4', '1 PHON',
  '0 @I1@ INDI', '1 NAME Ann /Cole/',
);

t.test('the submitter is a note about the run, with how to reach them; the rest is reported', async (t) => {
  const { s, items, job } = await imported(t, FILE);
  const importKey = job.result.import_key;
  const notes = (await s.request('GET', '/v1/notes', { query: { target: importKey } })).json().map((note: { text: string }) => note.text);
  t.same(notes, ['Submitter: Margaret Cole\nAddress: 3 Mill Lane, Ledbury\nEmail: mcole@example.org\nLanguage: English\nNote: Researched since 1987']);
  t.same(
    items.filter((item) => item.path.startsWith('SUBM')).map((item) => `${item.path} ${item.kept ? 'kept' : 'lost'}: ${item.reason}`).sort(),
    [
      'SUBM kept: kept as a note about the import run ("Submitter: ...": GET {P}/notes?target=<import_key>)',
      'SUBM.ADDR kept: kept in the note about the import run ("Address: ...")',
      'SUBM.EMAIL kept: kept in the note about the import run ("Email: ...")',
      'SUBM.LANG kept: kept in the note about the import run ("Language: ...")',
      'SUBM.PHON lost: blank: nothing to keep',
      'SUBM.RIN lost: submitter details other than the name, address, phone, email, fax, website, language, notes and comments are not kept',
    ],
  );
  t.equal((await s.request('POST', `/v1/imports/${importKey}/undo`, { body: {} })).statusCode, 200);
  t.same((await s.request('GET', '/v1/notes', { query: { target: importKey } })).json(), [], 'undo takes it away with the run');
});

t.test('a submitter with no name is named by its cross-reference id', async (t) => {
  const { s, job } = await imported(t, gedcom('7.0', '0 @SUB1@ SUBM', '1 EMAIL a@example.org', '0 @I1@ INDI', '1 NAME Ann /Cole/'));
  const notes = (await s.request('GET', '/v1/notes', { query: { target: job.result.import_key } })).json().map((note: { text: string }) => note.text);
  t.same(notes, ['Submitter: @SUB1@\nEmail: a@example.org']);
});

t.test("a record's pointer to its submitter (INDI.SUBM, FAM.SUBM) is reported with why it is not kept", async (t) => {
  const { items } = await imported(t, gedcom('5.5.1',
    '0 @U1@ SUBM', '1 NAME Margaret Cole',
    '0 @I1@ INDI', '1 NAME Ann /Cole/', '1 SUBM @U1@', '0 @I2@ INDI', '1 NAME Tom /Cole/',
    '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@', '1 SUBM @U1@',
  ));
  const why = "who submitted this record is not kept: the file's submitters are notes about the import run, not linked to what they sent";
  t.same(items.filter((item) => item.path.endsWith('.SUBM')).map((item) => [item.path, item.reason, item.count, item.kept]).sort(), [['FAM.SUBM', why, 1, undefined], ['INDI.SUBM', why, 1, undefined]]);
});

t.test("a 5.5 program's _EMAIL and _WWW (Ancestris: bourbon.ged) and a 5.3 comment (COMM: royal92.ged) are kept in the note", async (t) => {
  const { s, job, items } = await imported(t, gedcom('5.5.1',
    '0 @U1@ SUBM', '1 NAME Ancestris', '1 _EMAIL support@@ancestris.org', '1 _WWW http://www.ancestris.org',
    '1 COMM >> In a message to Cliff Manis', '2 CONT the file was sent in 1992', '1 NOTE Kept by the project',
    '0 @I1@ INDI', '1 NAME Ann /Cole/',
  ));
  const notes = (await s.request('GET', '/v1/notes', { query: { target: job.result.import_key } })).json().map((note: { text: string }) => note.text);
  t.same(notes, ['Submitter: Ancestris\nEmail: support@ancestris.org\nWebsite: http://www.ancestris.org\nNote: Kept by the project\nNote: >> In a message to Cliff Manis\nthe file was sent in 1992']);
  t.same(items.filter((item) => item.path.startsWith('SUBM.')).map((item) => `${item.path} ${item.kept ? 'kept' : 'lost'}: ${item.reason}`).sort(), [
    'SUBM.COMM kept: kept in the note about the import run ("Note: ...")',
    'SUBM._EMAIL kept: kept in the note about the import run ("Email: ...")',
    'SUBM._WWW kept: kept in the note about the import run ("Website: ...")',
  ]);
});
