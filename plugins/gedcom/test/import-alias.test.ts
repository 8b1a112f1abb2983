import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateGedcom } from '@rootline/gedcom';
import type { Test } from 'tap';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import { gedcom, imported } from './helpers.js';
import { EXPORT_PLUGINS, exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

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
    'kept as an association of role "alias" (another record of the same individual), and proposed as a merge for the human to approve or deny; exports write it back as ALIA (kept)',
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
    const fresh = await importedBack(t, s, version, bytes, 'alias');
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

/** The proposals a genealogist reads: `GET {P}/proposals` of a status, each as its two persons' names and why. */
async function proposals(s: TestServer, status = 'pending'): Promise<string[]> {
  const tree = s.server.kernel.trees.active();
  const nameOf = (id: string) => tree.prepare('SELECT display_name FROM persons WHERE id = ?').pluck().get(id);
  const page = (await s.request('GET', '/v1/proposals', { query: { status } })).json();
  return page.items.map((p: { persons: string[]; rationale: string; reason: string | null }) => `${p.persons.map(nameOf).join(' = ')}: ${p.rationale.replace(/import [0-9a-f-]+/, 'import K')}${p.reason ? ` | ${p.reason.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, 'P')}` : ''}`);
}

const withDuplicates = (t: Test) => buildTestServer(t, { plugins: [...EXPORT_PLUGINS, '@rootline/plugin-duplicates'] });

t.test('an ALIA pointing at an INDI is proposed as a merge, for the human to approve or deny; an ALIA each way is one proposal', async (t) => {
  const s = await withDuplicates(t);
  const { job } = await imported(t, FILE('5.5.1'), s);
  t.same(await proposals(s), ['Ith mac Breogan = Ith Breoghan: GEDCOM import K: INDI @I1@ names @I2@ as another record of the same individual (ALIA, line 9)']);
  t.equal(job.result.counts.merge_proposals, 1, 'counted in the run');
  t.equal(s.server.kernel.trees.active().prepare('SELECT count(*) FROM persons').pluck().get(), 3, 'proposed, not merged: three INDIs, three persons');
  t.match(s.records({ kind: 'proposal.created' }), [{ actor: { kind: 'human' }, import_key: job.result.import_key }]);

  const both = await withDuplicates(t);
  const { job: second } = await imported(t, gedcom('7.0', '0 @A@ INDI', '1 NAME Ann /Lee/', '1 ALIA @B@', '0 @B@ INDI', '1 NAME Anne /Leigh/', '1 ALIA @A@'), both);
  t.same(await proposals(both), ['Ann Lee = Anne Leigh: GEDCOM import K: INDI @A@ names @B@ as another record of the same individual (ALIA, line 6)'], 'the pair once');
  t.equal(second.result.counts.merge_proposals, 1);

  const itself = await withDuplicates(t);
  const { job: third, items } = await imported(t, gedcom('7.0', '0 @A@ INDI', '1 NAME Ann /Lee/', '1 ALIA @A@'), itself);
  t.same(await proposals(itself), [], 'an ALIA to its own record proposes nothing');
  t.equal(third.result.counts.merge_proposals, 0);
  t.same(items.filter((item) => item.path === 'INDI.ALIA').map((item) => [item.count, item.reason]), [[1, 'refused: an individual cannot be associated with itself (an ASSO or ALIA pointing at its own record)']], 'and is reported, in words naming no id of the tree');
});

t.test('approved, the two records are one person, exported once with no ALIA to itself; an undo withdraws a proposal still waiting', async (t) => {
  const s = await withDuplicates(t);
  const { job } = await imported(t, FILE('7.0'), s);
  const [waiting] = (await s.request('GET', '/v1/proposals')).json().items;
  t.equal((await s.request('POST', `/v1/proposals/${waiting.id}/approve`, { body: { note: 'The annals agree' } })).statusCode, 200);
  const { text } = await exported(s, { version: '7.0', include_living: true });
  t.equal(text.match(/\n0 @[^@]+@ INDI\n/g)?.length, 2, 'two persons written');
  t.notMatch(text, /\n1 (ALIA|ASSO) /, 'no link of a person to itself');
  t.same((await validateGedcom(Buffer.from(text))).errors, []);

  const undone = await withDuplicates(t);
  const run = await imported(t, FILE('5.5.1'), undone);
  t.equal((await undone.request('POST', `/v1/imports/${run.job.result.import_key}/undo`, { body: { reason: 'wrong file' } })).statusCode, 200);
  t.same(await proposals(undone), [], 'nothing left waiting');
  t.match(await proposals(undone, 'withdrawn'), [/^Ith mac Breogan = Ith Breoghan: GEDCOM import K: .* \| Person P was retracted: wrong file$/]);
  t.ok(job.result.import_key, 'the approved one was a run of its own');
});
