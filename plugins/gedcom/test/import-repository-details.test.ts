import t from 'tap';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * What a REPO record says of the archive besides its name (address, phone, email, fax,
 * website, notes) goes into the note "Repository: ..." on each source kept there; a repository
 * no source points at is a note about the run. The rest (RIN, REFN, CHAN) is reported.
 */

const FILE = gedcom(
  '5.5.1',
  '0 @R1@ REPO', '1 NAME County Record Office', '1 ADDR 1 High Street', '2 CONT Hereford', '2 CITY Hereford',
  '1 PHON 01432 260000', '1 EMAIL archives@example.org', '1 WWW https://example.org/archives', '1 NOTE @N1@', '1 RIN 12',
  '0 @R2@ REPO', '1 NAME Diocesan archive', '1 ADDR', '2 CTRY England', '2 POST WR1 2LH', '2 STAE Worcestershire', '2 CITY Worcester', '2 ADR3 Room 3', '2 ADR2 The Tything', '2 ADR1 The Old Palace', '1 PHON',
  '0 @R3@ REPO', '1 NAME Library nobody cites', '1 FAX 01905 1234',
  '0 @S1@ SOUR', '1 TITL Parish register of Ledbury', '1 REPO @R1@', '2 CALN D/123',
  '0 @S2@ SOUR', '1 TITL Bishop\'s transcripts', '1 REPO @R2@',
  '0 @N1@ NOTE Closed on Mondays',
  '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 BIRT', '2 SOUR @S1@', '2 SOUR @S2@',
);

const LEDBURY = [
  'Repository: County Record Office, call number D/123',
  'Address: 1 High Street, Hereford',
  'Phone: 01432 260000',
  'Email: archives@example.org',
  'Website: https://example.org/archives',
  'Note on the repository: Closed on Mondays',
].join('\n');
const TRANSCRIPTS = 'Repository: Diocesan archive\nAddress: The Old Palace, The Tything, Room 3, Worcester, Worcestershire, WR1 2LH, England';

t.test("a repository's address, phone, email, website and notes are in the note on each source kept there", async (t) => {
  const { tree, items, job } = await imported(t, FILE);
  const notesOf = (title: string) => tree.prepare('SELECT n.text FROM notes n JOIN sources s ON s.id = n.target WHERE s.title = ? ORDER BY n.id').pluck().all(title);
  t.same(notesOf('Parish register of Ledbury'), [LEDBURY]);
  t.same(notesOf("Bishop's transcripts"), [TRANSCRIPTS], 'an address given only in parts, in the order a letter writes them');
  t.same(tree.prepare('SELECT text FROM notes WHERE target = ?').pluck().all(job.result.import_key), ['Repository: Library nobody cites\nFax: 01905 1234'], 'a repository no source names is a note about the run');
  t.same(
    items.filter((item) => item.path.startsWith('REPO')).map((item) => `${item.path} ${item.kept ? 'kept' : 'lost'}: ${item.reason}`).sort(),
    [
      'REPO.ADDR kept: kept in the note on each source kept there ("Address: ...")',
      'REPO.EMAIL kept: kept in the note on each source kept there ("Email: ...")',
      'REPO.FAX kept: kept in the note on each source kept there ("Fax: ...")',
      'REPO.PHON kept: kept in the note on each source kept there ("Phone: ...")',
      'REPO.PHON lost: blank: nothing to keep',
      'REPO.RIN lost: repository details other than the name, address, phone, email, fax, website and notes are not kept',
      'REPO.WWW kept: kept in the note on each source kept there ("Website: ...")',
    ],
  );
  t.notOk(items.some((item) => item.path === 'REPO.NAME'), 'the name is the note\'s first line, not reported');
  t.notOk(items.some((item) => item.path.startsWith('REPO.NOTE')), "the repository's shared note is found, though its record comes later in the file");
});

t.test('a round trip keeps those notes on the sources', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE, s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { bytes } = await exported(s, { version, include_living: true });
    const fresh = await importedBack(t, s, version, bytes, 'repositories');
    const tree = s.server.kernel.trees.get(fresh.id)!;
    const notes = tree.prepare('SELECT s.title, n.text FROM notes n JOIN sources s ON s.id = n.target ORDER BY s.title').all();
    t.same(notes, [{ title: "Bishop's transcripts", text: TRANSCRIPTS }, { title: 'Parish register of Ledbury', text: LEDBURY }], version);
  }
});
