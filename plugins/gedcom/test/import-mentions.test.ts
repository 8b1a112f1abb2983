import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * A SOUR directly under an INDI cites the individual as a whole (kennedy.ged: `1 SOUR @S13@`,
 * 205 of them, once reported "not mapped"). Each is kept as a `mention` claim on the persona,
 * citing the source and where in it (PAGE, QUAY), its notes on the claim; a FAM's SOUR is a
 * mention of each partner (a family holds no citation). The exports write them back as the
 * INDI's SOUR lines, and a file read back gives the same mentions.
 */

const FILE = (version: '7.0' | '5.5.1') =>
  gedcom(
    version,
    '0 @S1@ SOUR', '1 TITL Kennedy family papers',
    '0 @S2@ SOUR', '1 TITL The Boston Globe',
    '0 @I1@ INDI', '1 NAME Joseph /Kennedy/', '1 SEX M',
    '1 SOUR @S1@', '2 PAGE box 12, folder 3', '2 QUAY 2', '2 NOTE Letters to his father',
    '1 SOUR @S2@',
    '1 BIRT', '2 DATE 6 SEP 1888',
    '0 @I2@ INDI', '1 NAME Rose /Fitzgerald/', '1 SEX F', '1 SOUR @S2@',
    '0 @I3@ INDI', '1 NAME Eunice /Kennedy/', '1 SEX F',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@', '1 SOUR @S1@', '2 PAGE box 1', '1 SOUR @S2@',
    '0 @F2@ FAM', '1 CHIL @I3@', '1 SOUR @S2@',
  );

/** The persons' mentions as a user reads them: the card's claims, each claim's source and citation, and its notes (through the routes). */
async function mentions(s: TestServer, treeId?: string): Promise<string[]> {
  const prefix = treeId ? `/v1/trees/${treeId}` : '/v1';
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const read: string[] = [];
  for (const { id, display_name } of tree.prepare('SELECT id, display_name FROM persons').all() as { id: string; display_name: string }[]) {
    const card = (await s.request('GET', `${prefix}/persons/${id}/card`, { query: { expand: 'assertions' } })).json();
    for (const claim of card.assertions.items.filter((item: { kind: string }) => item.kind === 'mention')) {
      const source = (await s.request('GET', `${prefix}/sources/${claim.source}`)).json();
      const citation = source.citations.find((each: { id: string }) => each.id === claim.citation);
      const notes = (await s.request('GET', `${prefix}/notes`, { query: { target: claim.id } })).json().map((note: { text: string }) => note.text);
      read.push(`${display_name}: ${source.title}${citation ? ` ${JSON.stringify(citation.elements)}` : ''}${notes.length ? ` (${notes.join('; ')})` : ''}`);
    }
  }
  return read.sort();
}

const EXPECTED = [
  'Joseph Kennedy: Kennedy family papers {"page":"box 1"}',
  'Joseph Kennedy: Kennedy family papers {"page":"box 12, folder 3","quality":"2"} (Letters to his father)',
  'Joseph Kennedy: The Boston Globe',
  'Rose Fitzgerald: Kennedy family papers {"page":"box 1"}',
  'Rose Fitzgerald: The Boston Globe',
];

for (const version of ['7.0', '5.5.1'] as const) {
  t.test(`${version}: each SOUR of an individual is a mention claim with its page, quality and notes; a family's SOUR a mention of each partner`, async (t) => {
    const { s, lost } = await imported(t, FILE(version));
    t.same(await mentions(s), EXPECTED, 'a partner already citing the same source and page gets no second claim');
    t.notOk(lost.some((item) => item.startsWith('INDI.SOUR')), 'no INDI.SOUR in the loss report');
    t.same(lost.filter((item) => item.startsWith('FAM.SOUR')), [
      'FAM.SOUR a family holds no citation: kept as a mention claim on each partner; exports write it under their INDI',
      'FAM.SOUR family without partners: its citation is not kept (a family holds none)',
    ]);
  });
}

t.test("a family's SOUR citing the page a partner's fact cites is still a mention of that partner: only a mention stands for a mention", async (t) => {
  const { s } = await imported(t, gedcom(
    '5.5.1',
    '0 @S1@ SOUR', '1 TITL Ledbury register',
    '0 @I1@ INDI', '1 NAME John /Hale/', '1 BIRT', '2 DATE 1820', '2 SOUR @S1@', '3 PAGE folio 12',
    '0 @I2@ INDI', '1 NAME Mary /Cole/', '1 SOUR @S1@', '2 PAGE folio 12',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 SOUR @S1@', '2 PAGE folio 12', '2 NOTE Banns read three times',
  ));
  t.same(await mentions(s), [
    'John Hale: Ledbury register {"page":"folio 12"} (Banns read three times)',
    'Mary Cole: Ledbury register {"page":"folio 12"} (Banns read three times)',
  ], "John's birth citing folio 12 does not stand for the family's mention; Mary's own mention takes the family's note");
});

t.test('import -> export (7.0, 5.5.1) -> import keeps every mention, written as the INDI\'s SOUR with PAGE, QUAY and NOTE', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('5.5.1'), s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    t.match(text, /\n1 SOUR @S\d+@\n2 PAGE box 12, folder 3\n2 QUAY 2\n2 NOTE Letters to his father\n/, `${version}: the INDI's SOUR with its citation and note`);
    t.notMatch(text, /\n1 EVEN|\n2 TYPE mention/, `${version}: a mention is not written as a fact`);
    const fresh = await importedBack(t, s, version, bytes, 'mentions');
    t.same(await mentions(s, fresh.id), EXPECTED, `${version}: the same mentions`);
    const report = (await s.request('GET', `/v1/trees/${fresh.id}/gedcom/loss-reports`, { query: { report_id: fresh.run.result.report_id } })).json();
    t.same(report.items.filter((item: { path: string }) => /SOUR$/.test(item.path)), [], `${version}: nothing of a SOUR lost on the way back`);
  }
});

const kennedy = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/real/kennedy.ged');

t.test('kennedy.ged: the 205 SOURs of individuals are mentions, and come back from both exports', { skip: existsSync(kennedy) ? false : `${kennedy} not found` }, async (t) => {
  const s = await exportServer(t);
  const { lost, tree } = await imported(t, readFileSync(kennedy), s);
  t.notOk(lost.some((item) => item.startsWith('INDI.SOUR ')), 'INDI.SOUR is not in the loss report');
  const count = () => tree.prepare("SELECT count(*) FROM assertions WHERE kind = 'mention'").pluck().get() as number;
  t.ok(count() >= 205, `${count()} mention claims`);
  const joseph = (await mentions(s)).filter((line) => line.startsWith('Joseph Patrick KENNEDY:'));
  t.same(joseph, ['Joseph Patrick KENNEDY: Source S13', 'Joseph Patrick KENNEDY: Source S2'], 'Joseph Patrick Kennedy (1888): S13 from his INDI, S2 from the FAM of his marriage (F0)');
  const before = await mentions(s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { bytes } = await exported(s, { version, include_living: true });
    const fresh = await importedBack(t, s, version, bytes, 'kennedy');
    t.same(await mentions(s, fresh.id), before, `${version}: every mention comes back`);
  }
});
