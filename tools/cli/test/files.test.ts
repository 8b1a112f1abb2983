import t, { type Test } from 'tap';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestServer } from '@rootline/kernel/testing';
import { main } from '../src/main.js';
import { writeOutFile } from '../src/out-file.js';
import { dataFolder, folder, manifest, root } from './helpers.js';
import { spawnCli } from './cli-process.js';

/**
 * The file import reads and the file export writes: what cannot be done is said in one line in
 * the genealogist's words (never EISDIR, ENOENT, EACCES), before any job starts; an export is
 * written whole, so --force never leaves half a file where a good one was.
 */

const smith = join(root, 'plugins', 'gedcom', 'test', 'fixtures', 'smith.ged');

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (line) => out.push(line), err: (line) => err.push(line), progress: null, manifest, env: {} }).then((code) => ({ code, out, err }));
}

/** A running server on a data folder of its own (server.json written, as `rootline serve` does), with smith.ged imported. */
async function running(t: Test) {
  const data = folder(t);
  const s = await buildTestServer(t, { dataDir: data, plugins: manifest.plugins });
  writeFileSync(join(data, 'server.json'), JSON.stringify({ url: s.url, port: s.port, pid: process.pid, started_at_ms: Date.now() }));
  t.equal((await run(['import', smith, '--data-dir', data])).code, 0);
  const jobs = async () => (await s.request('GET', '/v1/jobs')).json().items.length as number;
  return { data, s, jobs };
}

t.test('import of a folder, or of a file that is not there', async (t) => {
  const data = dataFolder(t);
  const papers = folder(t);
  t.same(await run(['import', papers, '--data-dir', data]), { code: 1, out: [], err: [`rootline: ${papers} is a folder: name the .ged or .gdz file in it to import`] });
  const missing = join(papers, 'smith.ged');
  t.same(await run(['import', missing, '--data-dir', data]), { code: 1, out: [], err: [`rootline: cannot read ${missing}: no such file`] });
});

t.test('export --out into a folder that is not there, or onto a folder: one line, no job started', async (t) => {
  const { data, jobs } = await running(t);
  const before = await jobs();
  const place = folder(t);
  const nowhere = join(place, 'nodir', 'out.ged');
  t.same(await run(['export', '--out', nowhere, '--data-dir', data]), { code: 1, out: [], err: [`rootline: cannot write ${nowhere}: the folder ${join(place, 'nodir')} does not exist; make it first, or --out a file in another folder`] });
  const line = `rootline: ${place} is a folder: --out needs a file name, e.g. --out ${join(place, 'family.ged')}`;
  t.same(await run(['export', '--out', place, '--data-dir', data]), { code: 1, out: [], err: [line] });
  t.same(await run(['export', '--force', '--out', place, '--data-dir', data]), { code: 1, out: [], err: [line] }, '--force does not make a folder a file');
  const file = join(place, 'notes.txt');
  writeFileSync(file, 'kept');
  const under = join(file, 'out.ged');
  t.same(await run(['export', '--out', under, '--data-dir', data]), { code: 1, out: [], err: [`rootline: cannot write ${under}: ${file} is a file, not a folder`] });
  t.equal(await jobs(), before, 'no export job was started for any of them');
  t.same(readdirSync(place), ['notes.txt']);
});

t.test('export named after its tree, where a folder has that name: said before the job', async (t) => {
  const { data, jobs } = await running(t);
  const before = await jobs();
  const here = folder(t);
  mkdirSync(join(here, 'My tree.ged'));
  const was = process.cwd();
  process.chdir(here);
  t.teardown(() => process.chdir(was));
  t.same(await run(['export', '--data-dir', data]), { code: 1, out: [], err: ['rootline: My tree.ged is a folder: --out needs a file name, e.g. --out My tree.ged/family.ged'] });
  t.equal(await jobs(), before, 'no export job');
});

t.test('export --force replaces the file whole: a new file renamed over the old one, nothing left beside it', async (t) => {
  const { data } = await running(t);
  const place = folder(t);
  const out = join(place, 'smiths.ged');
  writeFileSync(out, 'an older export\n');
  const inode = statSync(out).ino;
  const result = await run(['export', '--force', '--include-living', '--out', out, '--data-dir', data]);
  t.equal(result.code, 0, result.err.join('\n'));
  t.match(readFileSync(out, 'utf8'), /^0 HEAD\n[^]*0 TRLR\n$/, 'the whole export');
  t.not(statSync(out).ino, inode, 'another file took its place (an interrupted write leaves the old one whole)');
  t.same(readdirSync(place), ['smiths.ged'], 'no temporary file left');
});

t.test('export --out in a folder the user may not write to: one line, before the export', async (t) => {
  const place = folder(t);
  const locked = join(place, 'locked');
  mkdirSync(locked);
  chmodSync(place, 0o755);
  chmodSync(locked, 0o555);
  const out = join(locked, 'family.ged');
  // As root every folder is writable: the command runs as nobody, as a user without the right would.
  const asRoot = process.getuid?.() === 0;
  const cli = spawnCli(t, ['export', '--out', out, '--data-dir', join(place, 'no-data-needed')], asRoot ? { uid: 65534, gid: 65534 } : {});
  t.same(await cli.ended, { code: 1, signal: null });
  t.equal(cli.stderr(), `rootline: cannot write ${out}: you are not allowed to write in the folder ${locked}; --out a file in a folder of yours\n`);
  t.equal(cli.stdout(), '');
  t.same(readdirSync(locked), []);
});

t.test('an export whose folder went away while it was made: one line, nothing left', async (t) => {
  const place = folder(t);
  const gone = join(place, 'exports');
  mkdirSync(gone);
  rmSync(gone, { recursive: true });
  const target = join(gone, 'family.ged');
  t.throws(() => writeOutFile(target, Buffer.from('0 HEAD\n0 TRLR\n')), { message: `cannot write ${target}: the folder ${gone} is not there any more` });
  t.same(readdirSync(place), []);
});
