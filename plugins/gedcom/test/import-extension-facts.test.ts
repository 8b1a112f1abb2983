import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * A program's own individual tags (pres2020's `_MILT`, sample.ged's `_DEG`, IBM Easytree's
 * `HEAL` and `HIST`: about 35 in the corpus) were reported "not mapped" and lost: a president's
 * military service, a daughter's medical history. Each with a text or a date, place, source or
 * TYPE is a fact now, FACT with the tag in words as its TYPE, its date, place and sources kept
 * as any fact's; the exports write it as FACT + TYPE, which comes back the same.
 */
const FILE = gedcom(
  '5.5.1',
  '0 @I1@ INDI', '1 NAME Andrew /Johnson/', '1 SEX M',
  '1 _MILT Regular Army', '2 DATE 1863', '2 SOUR @S1@', '3 PAGE Record for Andrew Johnson',
  '1 _MILT', '2 DATE 1776', '2 PLAC Connecticut, USA',
  '1 _DEG', '2 TYPE B.S.E.E.', '2 DATE 1984',
  '1 HEAL In 1941 she had a frontal lobotomy.',
  '1 HIST Bronxville, MA',
  '1 _CREATOR @I1@',
  '1 _EMPTY',
  '1 CHAN', '2 DATE 3 MAR 2009',
  '0 @S1@ SOUR', '1 TITL Military records',
);

/** The person's fact claims as a user reads them on the card: value | date | place | source. */
async function facts(s: TestServer, treeId?: string): Promise<string[]> {
  const prefix = treeId ? `/v1/trees/${treeId}` : '/v1';
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const person = tree.prepare("SELECT id FROM persons WHERE display_name = 'Andrew Johnson'").pluck().get() as string;
  const card = (await s.request('GET', `${prefix}/persons/${person}/card`, { query: { expand: 'assertions,sources' } })).json();
  const titles = new Map(card.sources.items.map((source: { id: string; title: string }) => [source.id, source.title]));
  return card.assertions.items
    .filter((claim: { kind: string }) => claim.kind === 'fact')
    .map((claim: { value: string; date?: string; place?: string; source?: string }) => [claim.value, claim.date ?? '', claim.place ?? '', claim.source ? titles.get(claim.source) : ''].join(' | '))
    .sort();
}

const EXPECTED = [
  'Degree: B.S.E.E. | 1984 |  | ',
  'HIST: Bronxville, MA |  |  | ',
  'Health: In 1941 she had a frontal lobotomy. |  |  | ',
  'Military service | 1776 | Connecticut, USA | ',
  'Military service: Regular Army | 1863 |  | Military records',
];

t.test("a program's own tag with a text, date, place, source or TYPE is a fact of that type; a standard tag, a pointer or an empty line is still reported", async (t) => {
  const { s, items } = await imported(t, FILE);
  t.same(await facts(s), EXPECTED);
  const found = (path: string) => items.filter((item) => item.path === path).map((item) => `${item.reason}${item.kept ? ' (kept)' : ''} x${item.count}`);
  t.same(found('INDI._MILT'), ['kept as a fact of type "Military service"; exports write it as FACT with that TYPE (kept) x2']);
  t.same(found('INDI.HIST'), ['kept as a fact of type "HIST"; exports write it as FACT with that TYPE (kept) x1'], 'a tag with no words known keeps itself');
  t.same(found('INDI._CREATOR'), ['extension tag not mapped x1'], 'a pointer is no fact');
  t.same(found('INDI._EMPTY'), ['extension tag not mapped x1'], 'nothing a fact holds');
  t.same(found('INDI.CHAN'), ["the file's date of last change is not kept: the tree records its own changes (the record log) x1"], 'a standard tag with a date is no program\'s own fact');
  t.same(items.filter((item) => !item.kept && item.path.startsWith('INDI._MILT')), [], "nothing of the service's lines lost");
});

t.test('import -> export (7.0, 5.5.1) -> import: each comes back as the same fact', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE, s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    t.match(text, /\n1 FACT Regular Army\n2 TYPE Military service\n2 DATE 1863\n2 SOUR @[^@]+@\n3 PAGE Record for Andrew Johnson\n/, `${version}: FACT + TYPE, its date and source`);
    t.match(text, /\n1 FACT In 1941 she had a frontal lobotomy\.\n2 TYPE Health\n/, `${version}: the health note`);
    const fresh = await importedBack(t, s, version, bytes, 'facts');
    t.same(await facts(s, fresh.id), EXPECTED, `${version}: the same facts`);
  }
});

const easytree = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/gedcom-go/encoding/ibm-windows-easytree.ged');

t.test('ibm-windows-easytree.ged: every HEAL and HIST line is kept, none lost', { skip: existsSync(easytree) ? false : `${easytree} not found` }, async (t) => {
  const { items, tree } = await imported(t, readFileSync(easytree));
  const lines = readFileSync(easytree, 'latin1').split(/\r?\n/);
  for (const tag of ['HEAL', 'HIST']) {
    const count = lines.filter((line) => line.startsWith(`1 ${tag} `)).length;
    t.ok(count > 5, `${count} ${tag} lines`);
    t.match(items.filter((item) => item.path === `INDI.${tag}`), [{ kept: true, count }], `${tag}: all kept`);
  }
  t.ok(tree.prepare("SELECT count(*) FROM assertions WHERE kind = 'fact' AND value LIKE 'Health: %lobotomy%'").pluck().get() === 1, "Rosemary's health history is in the tree");
});

t.test('each kind of line makes a fact on its own, and each known tag has its words', async (t) => {
  const { s, items } = await imported(t, gedcom(
    '5.5.1',
    '0 @I1@ INDI', '1 NAME Andrew /Johnson/',
    '1 _DCAUSE Poisoning', '1 _NAMS Labra the Mariner',
    '1 _ONLYDATE', '2 DATE 1900', '1 _ONLYPLAC', '2 PLAC Greeneville', '1 _ONLYSOUR', '2 SOUR @S1@', '1 _ONLYTYPE', '2 TYPE Mason',
    '0 @S1@ SOUR', '1 TITL Military records',
  ));
  t.same(await facts(s), [
    'Cause of death: Poisoning |  |  | ',
    'Namesake: Labra the Mariner |  |  | ',
    '_ONLYDATE | 1900 |  | ',
    '_ONLYPLAC |  | Greeneville | ',
    '_ONLYSOUR |  |  | Military records',
    '_ONLYTYPE: Mason |  |  | ',
  ]);
  t.notOk(items.some((item) => !item.kept && /^INDI\._/.test(item.path)), 'none lost');
});
