import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateGedcom } from '@rootline/gedcom';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importInto, newTree } from './round-trip-summary.js';

/**
 * ALIA (17 in the corpus) was reported "not mapped". GEDCOM's ALIA points at another INDI, a
 * second record of the same individual: it becomes an association of role `alias` (a link, not a
 * merge: the person count stays the INDI count), written back as ALIA. Family Tree Maker writes
 * an alias name there instead (`1 ALIA Kesair`): a further name of type aka, written back as NAME
 * with TYPE AKA.
 */

const FILE = (version: '7.0' | '5.5.1') =>
  gedcom(
    version,
    '0 @I1@ INDI', '1 NAME Ith /mac Breogan/', '1 ALIA Kesair', '1 ALIA @I2@',
    '0 @I2@ INDI', '1 NAME Ith /Breoghan/',
    '0 @I3@ INDI', '1 NAME Mil /Espaine/', '1 ALIA @I9@', '1 ALIA',
  );

/** The persons as a user reads them: each one's names (its card's name claims) and whom it is an alias of. */
async function persons(s: TestServer, treeId?: string): Promise<string[]> {
  const prefix = treeId ? `/v1/trees/${treeId}` : '/v1';
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const rows = tree.prepare('SELECT id, display_name FROM persons ORDER BY display_name').all() as { id: string; display_name: string }[];
  const nameOf = new Map(rows.map((row) => [row.id, row.display_name]));
  const out: string[] = [];
  for (const { id, display_name } of rows) {
    const card = (await s.request('GET', `${prefix}/persons/${id}/card`, { query: { expand: 'assertions' } })).json();
    const names = card.assertions.items.filter((claim: { kind: string }) => claim.kind === 'name').map((claim: { value: string }) => claim.value).sort();
    const aliases = (tree.prepare('SELECT to_subject AS "to", role FROM associations WHERE from_subject = ?').all(id) as { to: string; role: string }[]).map((row) => `${row.role} ${nameOf.get(row.to)}`);
    out.push([display_name, ...names, ...aliases].join(' | '));
  }
  return out;
}

const EXPECTED = ['Ith Breoghan', 'Ith mac Breogan | Kesair (aka) | alias Ith Breoghan', 'Mil Espaine'];

t.test('an ALIA pointing at an INDI is an association of role alias; one with a name is a further name of type aka; both reported kept', async (t) => {
  const { s, items, lost } = await imported(t, FILE('5.5.1'));
  t.same(await persons(s), EXPECTED);
  t.equal((s.server.kernel.trees.active().prepare('SELECT count(*) FROM persons').pluck().get()), 3, 'a link, not a merge: three INDIs, three persons');
  t.same(items.filter((item) => item.path === 'INDI.ALIA').map((item) => `${item.reason}${item.kept ? ' (kept)' : ''}`).sort(), [
    'an alias written as a name (Family Tree Maker): kept as a further name of type aka; exports write it as NAME with TYPE AKA (kept)',
    'blank: nothing to keep',
    'kept as an association of role "alias" (another record of the same individual); exports write it back as ALIA (kept)',
    'points to no individual (@I9@)',
  ]);
  t.notOk(lost.some((item) => item.startsWith('INDI.ALIA not mapped')));
});

t.test('import -> export (7.0, 5.5.1) -> import: ALIA comes back as ALIA, the alias name as NAME with TYPE AKA', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('7.0'), s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    const ith = text.split(/(?<=\n)(?=0 )/).find((record) => record.includes('Ith /mac Breogan/'))!;
    const other = /\n0 (@[^@]+@) INDI\n1 NAME Ith \/Breoghan\//.exec(text)![1];
    t.ok(ith.includes(`\n1 ALIA ${other}\n`), `${version}: ALIA to the other record`);
    t.notMatch(ith, /ASSO/, `${version}: not an ASSO`);
    t.match(ith, version === '7.0' ? /\n1 NAME Kesair\n2 TYPE AKA\n/ : /\n1 NAME Kesair\n2 TYPE aka\n/, `${version}: the alias name`);
    t.same((await validateGedcom(bytes)).errors, [], `${version}: a valid file`);
    const fresh = await newTree(s, `Aliases from ${version}`);
    t.equal((await importInto(s, fresh.id, bytes, `alias-${version}.ged`)).state, 'succeeded');
    t.same(await persons(s, fresh.id), EXPECTED, `${version}: the same names and link`);
  }
});

t.test('an alias link with a note keeps it: written as an ASSO of role alias, which comes back the same', async (t) => {
  const s = await exportServer(t);
  const { tree } = await imported(t, FILE('5.5.1'), s);
  tree.prepare("UPDATE associations SET note = 'Same man, per the annals' WHERE role = 'alias'").run();
  const { text } = await exported(s, { version: '5.5.1', include_living: true });
  t.match(text, /\n1 ASSO @[^@]+@\n2 RELA alias\n2 NOTE Same man, per the annals\n/);
  t.notMatch(text, /\n1 ALIA @/);
});

const ftm = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/gedcom-go/encoding/ansi-cp1252-ftm17.ged');

t.test('ansi-cp1252-ftm17.ged: every alias name is kept, none reported lost', { skip: existsSync(ftm) ? false : `${ftm} not found` }, async (t) => {
  const { items, tree } = await imported(t, readFileSync(ftm));
  const aliases = readFileSync(ftm, 'latin1').split(/\r?\n/).filter((line) => line.startsWith('1 ALIA ')).length;
  t.ok(aliases > 10, `${aliases} ALIA lines`);
  t.match(items.filter((item) => item.path === 'INDI.ALIA'), [{ kept: true, count: aliases }]);
  t.equal(tree.prepare("SELECT count(*) FROM assertions WHERE kind = 'name' AND value LIKE '% (aka)'").pluck().get(), aliases);
});
