import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * A research interest (ANCI, DESI: who wants this person's ancestors or descendants looked for;
 * Ancestris writes how keen, `ANCI HIGH`) and an address, phone, email, fax or website written on
 * the INDI itself were reported "not mapped" and lost. Each is now a note on the person in the
 * genealogist's words, which both exports write as a NOTE and a new import reads back.
 */

const FILE = gedcom(
  '7.0',
  '0 @I1@ INDI', '1 NAME Ann /Cole/',
  '1 ANCI @U1@', '1 DESI HIGH', '1 ANCI @VOID@', '1 DESI @U9@',
  '1 EMAIL ann@example.org', '1 WWW https://example.org/ann', '1 ADDR 3 Mill Lane', '2 CITY Ledbury', '1 FAX 0123 456', '2 _KIND office', '1 PHON',
  // The submitter comes after the person who points at it, as in kennedy.ged.
  '0 @U1@ SUBM', '1 NAME Margaret Cole',
);

const ANN = [
  'Address: 3 Mill Lane',
  'Email: ann@example.org',
  'Fax: 0123 456',
  "Interest in researching this person's ancestors: a submitter the file does not name",
  "Interest in researching this person's ancestors: submitter Margaret Cole",
  "Interest in researching this person's descendants: HIGH",
  "Interest in researching this person's descendants: submitter @U9@",
  'Website: https://example.org/ann',
];

async function notesOf(s: TestServer, name: string, treeId?: string): Promise<string[]> {
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const person = tree.prepare('SELECT id FROM persons WHERE display_name = ?').pluck().get(name) as string;
  const notes = (await s.request('GET', `${treeId ? `/v1/trees/${treeId}` : '/v1'}/notes`, { query: { target: person } })).json() as { text: string }[];
  return notes.map((note) => note.text).sort();
}

t.test('research interests and ways to reach a person are notes on the person; blanks and lines under them are reported', async (t) => {
  const { s, items } = await imported(t, FILE);
  t.same(await notesOf(s, 'Ann Cole'), ANN);
  const found = (path: string) => items.filter((item) => item.path === path).map((item) => `${item.kept ? 'kept' : 'lost'} x${item.count}: ${item.reason}`).sort();
  t.same(found('INDI.ANCI'), [`kept x2: kept as a note on the person ("Interest in researching this person's ancestors: ..."); exports write the note`]);
  t.same(found('INDI.DESI'), [`kept x2: kept as a note on the person ("Interest in researching this person's descendants: ..."); exports write the note`]);
  t.same(found('INDI.EMAIL'), ['kept x1: kept as a note on the person ("Email: ..."); exports write the note']);
  t.same(found('INDI.ADDR'), ['kept x1: kept as a note on the person ("Address: ..."); exports write the note']);
  t.same(found('INDI.ADDR.CITY'), [], "an address's parts are in its text");
  t.same(found('INDI.FAX._KIND'), ['lost x1: not kept with the line']);
  t.same(found('INDI.PHON'), ['lost x1: blank: nothing to keep']);
});

t.test('a research interest with neither a pointer nor a text holds nothing', async (t) => {
  const { s, items } = await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Ann /Cole/', '1 ANCI', '1 _INTEREST HIGH'));
  t.same(await notesOf(s, 'Ann Cole'), []);
  t.match(items.filter((item) => item.path === 'INDI.ANCI'), [{ reason: 'blank: nothing to keep' }]);
  t.match(items.filter((item) => item.path === 'INDI._INTEREST'), [{ kept: true, reason: /kept as a fact/ }], 'other lines are left to the rest of the mapping');
});

t.test('import -> export (7.0, 5.5.1) -> import: each note is written as a NOTE and comes back', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE, s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    const ann = text.split(/(?<=\n)(?=0 )/).find((record) => record.includes('Ann /Cole/'))!;
    // 5.5.1 doubles every @ of a text.
    for (const note of ANN) t.ok(ann.includes(`\n1 NOTE ${version === '5.5.1' ? note.replaceAll('@', '@@') : note}\n`), `${version}: ${note}`);
    const fresh = await importedBack(t, s, version, bytes, 'person-lines');
    t.same(await notesOf(s, 'Ann Cole', fresh.id), ANN, `${version}: the same notes`);
  }
});

const kennedy = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/real/kennedy.ged');

t.test("kennedy.ged: Ancestris' research interests (ANCI HIGH, DESI MEDIUM) are kept", { skip: existsSync(kennedy) ? false : `${kennedy} not found` }, async (t) => {
  const { s, lost } = await imported(t, readFileSync(kennedy));
  t.notOk(lost.some((item) => /^INDI\.(ANCI|DESI) not mapped/.test(item)), 'no ANCI or DESI lost');
  const tree = s.server.kernel.trees.active();
  const john = tree.prepare("SELECT display_name FROM persons WHERE display_name LIKE 'John Fitzgerald%Jr%'").pluck().get() as string;
  t.ok((await notesOf(s, john)).includes("Interest in researching this person's descendants: MEDIUM"), `${john}: DESI MEDIUM`);
  t.equal(tree.prepare("SELECT count(*) FROM notes WHERE text = 'Interest in researching this person''s ancestors: HIGH'").pluck().get(), 10, 'the 10 ANCI HIGH');
});
