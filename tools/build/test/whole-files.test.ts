import t from 'tap';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeWhole } from '../src/write-whole.mjs';

const root = resolve(import.meta.dirname, '../../..');

/**
 * The end-to-end tests run two files at once, each building the bundle before it starts the
 * server and the CLI. A build that truncated and rewrote its files in place let a CLI starting
 * meanwhile read an empty launcher: it ran nothing and exited 0 with no output (`rootline agent
 * create printed ""`). Each output is now written beside its place and renamed over it.
 */
t.test('a second build replaces each output whole (a new file renamed over the old), leaving no temporary file', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-build-whole-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ plugins: [] }));
  const build = () => execFileSync(process.execPath, [join(root, 'tools/build/src/build.mjs'), '--manifest', join(dir, 'manifest.json'), '--out', join(dir, 'x.mjs'), '--quiet']);
  const outputs = ['x.mjs', 'x.bundle.mjs', 'x.bundle.mjs.map', 'x.mjs.manifest.json'];
  build();
  const before = new Map(outputs.map((name) => [name, statSync(join(dir, name))]));
  build();
  for (const name of outputs) {
    const after = statSync(join(dir, name));
    t.not(after.ino, before.get(name)!.ino, `${name}: another file took its place (a rename), not the same file rewritten`);
    t.equal(after.size, before.get(name)!.size, `${name}: whole`);
  }
  t.same(readdirSync(dir).filter((name) => name.endsWith('.tmp')), [], 'no temporary file left');
});

t.test('writeWhole: the content lands whole; a write that fails leaves the old file and no temporary one', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-write-whole-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'launcher.mjs');
  writeWhole(file, 'first');
  writeWhole(file, 'second');
  t.equal(execFileSync('cat', [file], { encoding: 'utf8' }), 'second');
  t.throws(() => writeWhole(join(dir, 'missing-folder', 'x.mjs'), 'x'), { code: 'ENOENT' });
  t.same(readdirSync(dir), ['launcher.mjs'], 'nothing else in the folder');
});
