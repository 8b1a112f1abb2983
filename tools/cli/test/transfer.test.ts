import t from 'tap';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestServer } from '@rootline/kernel/testing';
import { main } from '../src/main.js';
import { dataFolder, folder, manifest, root } from './helpers.js';

const smith = join(root, 'plugins', 'gedcom', 'test', 'fixtures', 'smith.ged');

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const drawn: string[] = [];
  return main(args, { out: (line) => out.push(line), err: (line) => err.push(line), progress: (text) => drawn.push(text), manifest }).then((code) => ({ code, out, err, drawn }));
}



t.test('import then export with no server running: one is started for each command, the file goes in and comes out', async (t) => {
  const data = folder(t);
  const imported = await run(['import', smith, '--data-dir', data]);
  t.equal(imported.code, 0, imported.err.join('\n'));
  t.match(imported.out[0], /^Imported smith\.ged \(import [0-9a-f-]{36}\): persons 4, families 1, sources 2, /);
  t.match(imported.out[1], new RegExp(`^Loss report: rootline loss-report [0-9a-f-]{36} --data-dir ${data}$`), 'the server it started is gone: the command that prints the report');
  t.match(imported.drawn.at(-2), /^\rImporting \[#{30}\] 100% \d+\/\d+ records$/, 'the bar ends full');
  t.equal(imported.drawn.at(-1), '\n');
  t.notOk(existsSync(join(data, 'server.json')), 'the server it started is gone');

  const again = await run(['import', smith, '--data-dir', data]);
  t.equal(again.code, 1);
  t.match(again.err, [/^rootline: smith\.ged was already imported \(import [0-9a-f-]{36}\); pass --allow-duplicate to import it again$/]);

  const out = join(folder(t), 'smiths.ged');
  const exported = await run(['export', '--out', out, '--version', '5.5.1', '--include-living', '--data-dir', data]);
  t.equal(exported.code, 0, exported.err.join('\n'));
  t.match(exported.out[0], new RegExp(`^Exported GEDCOM 5\\.5\\.1 to ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: individuals 4, families 1, sources 2, facts \\d+`));
  t.match(exported.out[1], /^Loss report: rootline loss-report [0-9a-f-]{36} --data-dir /);
  const text = readFileSync(out, 'utf8');
  t.match(text, /^0 HEAD\n1 GEDC\n2 VERS 5\.5\.1\n/);
  t.equal(text.match(/^0 @I\d+@ INDI$/gm)?.length, 4);

  const refused = await run(['export', '--out', out, '--data-dir', data]);
  t.equal(refused.code, 1);
  t.same(refused.err, [`rootline: ${out} exists; pass --force to overwrite it, or --out another file`]);
  t.equal((await run(['export', '--out', out, '--force', '--data-dir', data])).code, 0, '--force overwrites');
  t.match(readFileSync(out, 'utf8'), /^0 HEAD\n1 GEDC\n2 VERS 7\.0\n/, '7.0 by default');
});

t.test('export without --out names the file after the tree, in the current folder', async (t) => {
  const data = dataFolder(t);
  const here = folder(t);
  const before = process.cwd();
  process.chdir(here);
  t.teardown(() => process.chdir(before));
  const gedzip = await run(['export', '--gedzip', '--data-dir', data]);
  t.equal(gedzip.code, 0, gedzip.err.join('\n'));
  t.match(gedzip.out[0], /^Exported GEDCOM 7\.0 \(GEDZIP\) to My tree\.gdz: individuals 0, families 0, sources 0/);
  t.equal(readFileSync(join(here, 'My tree.gdz')).subarray(0, 2).toString('latin1'), 'PK');
});

t.test('a running server is used: its URL from server.json, the human token from the data folder', async (t) => {
  const data = folder(t);
  const s = await buildTestServer(t, { dataDir: data, plugins: manifest.plugins });
  writeFileSync(join(data, 'server.json'), JSON.stringify({ url: s.url, port: s.port, pid: process.pid, started_at_ms: Date.now() }));
  const tree = (await s.request('POST', '/v1/trees', { body: { name: 'Second tree' } })).json();
  const imported = await run(['import', smith, '--tree', tree.tree_id, '--data-dir', data]);
  t.equal(imported.code, 0, imported.err.join('\n'));
  t.match(imported.out[1], new RegExp(`^Loss report: ${s.url}/v1/trees/${tree.tree_id}/gedcom/loss-reports\\?report_id=([0-9a-f-]{36}) \\(or rootline loss-report \\1 --data-dir ${data}\\)$`), 'the running server\'s full address');
  t.equal((await s.request('GET', `/v1/trees/${tree.tree_id}/persons`)).json().total, 4, 'into the running server\'s pinned tree');
  t.equal((await s.request('GET', '/v1/persons')).json().total, 0, 'not the active one');
});

t.test('failures: one line and a non-zero exit', async (t) => {
  const data = folder(t);
  const empty = join(folder(t), 'empty.ged');
  writeFileSync(empty, '');
  t.match(await run(['import', '--data-dir', data]), { code: 2, err: ["rootline: missing required argument 'file'; see rootline import --help"] });
  t.same(await run(['import', '', '--data-dir', data]), { code: 2, out: [], err: ['rootline: import needs a FILE (a .ged or .gdz)'], drawn: [] }, 'an empty FILE');
  t.match(await run(['import', join(data, 'missing.ged'), '--data-dir', data]), { code: 1, err: [/^rootline: cannot read .*missing\.ged: no such file$/] });
  t.same(await run(['import', empty, '--data-dir', data]), { code: 1, out: [], err: [`rootline: ${empty} is empty: nothing to import`], drawn: [] }, 'said by the command, not the server');
  t.match(await run(['export', '--version', '6', '--data-dir', data]), { code: 2, err: ['rootline: --version must be 7.0 or 5.5.1, not "6"'] });
  await run(['import', smith, '--data-dir', data]);
  const unknownTree = '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77';
  const hint = `rootline: there is no tree "${unknownTree}"; rootline trees lists the trees and their ids`;
  t.same(await run(['export', '--tree', unknownTree, '--out', join(data, 'x.ged'), '--data-dir', data]), { code: 1, out: [], err: [hint], drawn: [] }, 'export --tree: the command that lists the trees');
  t.same(await run(['export', '--tree', unknownTree, '--data-dir', data]), { code: 1, out: [], err: [hint], drawn: [] }, 'without --out too');
  t.same(await run(['import', smith, '--allow-duplicate', '--tree', unknownTree, '--data-dir', data]), { code: 1, out: [], err: [hint], drawn: [] }, 'import --tree too');
});
