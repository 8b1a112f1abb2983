import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestServer } from '@rootline/kernel/testing';
import { main } from '../src/main.js';
import { dataFolder, folder, manifest, root } from './helpers.js';

/**
 * `rootline trees`, where a --tree id is found, and `rootline loss-report`, the command import
 * and export name for their loss report: through the running server, or one started for them.
 */

const smith = join(root, 'plugins', 'gedcom', 'test', 'fixtures', 'smith.ged');

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (line) => out.push(line), err: (line) => err.push(line), progress: null, manifest, env: {} }).then((code) => ({ code, out, err }));
}

t.test('trees: id, active, persons and name of each, with no server running', async (t) => {
  const data = dataFolder(t);
  t.equal((await run(['import', smith, '--data-dir', data])).code, 0);
  const listed = await run(['trees', '--data-dir', data]);
  t.equal(listed.code, 0, listed.err.join('\n'));
  t.same(listed.err, []);
  t.equal(listed.out[0], 'TREE ID\tACTIVE\tPERSONS\tNAME', 'a header first');
  t.match(listed.out.slice(1), [/^[0-9a-f-]{36}\tactive\t4\tMy tree$/]);
});

t.test('trees of a running server; an id from it is what --tree takes', async (t) => {
  const data = folder(t);
  const s = await buildTestServer(t, { dataDir: data, plugins: manifest.plugins });
  writeFileSync(join(data, 'server.json'), JSON.stringify({ url: s.url, port: s.port, pid: process.pid, started_at_ms: Date.now() }));
  const second = (await s.request('POST', '/v1/trees', { body: { name: 'Mother’s side' } })).json();
  const listed = await run(['trees', '--data-dir', data]);
  t.equal(listed.code, 0);
  t.same(listed.out.slice(1).map((line) => line.split('\t').slice(1)).sort(), [['', '0', 'Mother’s side'], ['active', '0', 'My tree']]);
  const id = listed.out.find((line) => line.endsWith('Mother’s side'))!.split('\t')[0];
  t.equal(id, second.tree_id);
  t.equal((await run(['import', smith, '--tree', id, '--data-dir', data])).code, 0);
  t.match((await run(['trees', '--data-dir', data])).out.find((line) => line.startsWith(id)), /\t4\tMother’s side$/, 'its persons counted');
});

t.test('loss-report: the command import prints, with no server running, finds the report in whichever tree holds it', async (t) => {
  const data = dataFolder(t);
  const imported = await run(['import', smith, '--data-dir', data]);
  const command = /^Loss report: (rootline loss-report ([0-9a-f-]{36}) --data-dir .+)$/.exec(imported.out[1] ?? '');
  t.ok(command, imported.out.join('\n'));
  const [, , reportId] = command!;
  const report = await run(['loss-report', reportId, '--data-dir', data]);
  t.equal(report.code, 0, report.err.join('\n'));
  t.match(report.out[0], new RegExp(`^Loss report ${reportId} of an import: (nothing was lost|\\d+ items not kept, of \\d+ kinds)(; \\d+ kept in another form, of \\d+ kinds)?$`));
  const headings = ['COUNT\tGEDCOM PATH\tREASON', 'Kept in another form:', 'COUNT\tGEDCOM PATH\tWHERE IT WENT'];
  for (const line of report.out.slice(1)) if (!headings.includes(line)) t.match(line, /^\d+\t\S+\t.+$/);
  const unknown = '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77';
  t.same(await run(['loss-report', unknown, '--data-dir', data]), { code: 1, out: [], err: [`rootline: there is no loss report ${unknown} in any tree; import and export print the id of theirs`] });
  t.same(await run(['loss-report', reportId, '--tree', unknown, '--data-dir', data]), { code: 1, out: [], err: [`rootline: there is no tree "${unknown}"; rootline trees lists the trees and their ids`] });
});

t.test('loss-report: what was kept in another form is counted and listed apart from what was lost', async (t) => {
  const data = dataFolder(t);
  const file = join(folder(t), 'kept-and-lost.ged');
  writeFileSync(file, ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Joseph /Kennedy/', '1 _CREATOR @I1@', '1 _CREATOR @I1@',
    '1 BIRT', '2 PLAC Boston', '3 MAP', '4 LATI N42.3751', '4 LONG W71.03922', '0 TRLR', ''].join('\n'));
  const imported = await run(['import', file, '--data-dir', data]);
  const reportId = /rootline loss-report ([0-9a-f-]{36})/.exec(imported.out.join('\n'))?.[1];
  t.ok(reportId, imported.out.join('\n'));
  const report = await run(['loss-report', reportId!, '--data-dir', data]);
  t.same(report.out, [
    `Loss report ${reportId} of an import: 2 items not kept, of 1 kinds; 1 kept in another form, of 1 kinds`,
    'COUNT\tGEDCOM PATH\tREASON',
    '2\tINDI._CREATOR\textension tag not mapped',
    'Kept in another form:',
    'COUNT\tGEDCOM PATH\tWHERE IT WENT',
    '1\tINDI.BIRT.PLAC.MAP\tcoordinates kept as a note on the claim (a place holds none); exports write them back as MAP',
  ]);
});

t.test('trees of a build without the persons plugin: the count is "-"', async (t) => {
  const data = folder(t);
  const s = await buildTestServer(t, { dataDir: data, plugins: [] });
  writeFileSync(join(data, 'server.json'), JSON.stringify({ url: s.url, port: s.port, pid: process.pid, started_at_ms: Date.now() }));
  const listed = await run(['trees', '--data-dir', data]);
  t.equal(listed.code, 0);
  t.match(listed.out.slice(1), [/^[0-9a-f-]{36}\tactive\t-\tMy tree$/]);
});
