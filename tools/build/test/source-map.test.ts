import t from 'tap';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

/**
 * One bundle with no plugins (kernel and CLI only, the cheapest build), in a temporary
 * folder whose node_modules points at the repository's, so its external packages load.
 */
const dir = mkdtempSync(join(tmpdir(), 'rootline-build-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ plugins: [] }));
const launcher = join(dir, 'x.mjs');
execFileSync(process.execPath, [join(root, 'tools/build/src/build.mjs'), '--manifest', join(dir, 'manifest.json'), '--out', launcher, '--quiet']);

t.test('the bundle links its source map, which maps back to the TypeScript sources', async (t) => {
  const bundle = readFileSync(join(dir, 'x.bundle.mjs'), 'utf8');
  t.match(bundle.trimEnd().split('\n').pop(), /^\/\/# sourceMappingURL=x\.bundle\.mjs\.map$/);
  t.ok(existsSync(join(dir, 'x.bundle.mjs.map')));
  const map = JSON.parse(readFileSync(join(dir, 'x.bundle.mjs.map'), 'utf8')) as { sources: string[]; sourcesContent?: unknown };
  t.ok(map.sources.some((source) => /kernel\/src\/auth\/tokens\.ts$/.test(source)), 'kernel sources are mapped');
  t.ok(map.sources.some((source) => /tools\/cli\/src\/main\.ts$/.test(source)), 'CLI sources are mapped');
  t.notOk(map.sourcesContent, 'the map names the sources without copying them, to stay small');
});

t.test('the launcher turns source maps on, so a crash names a .ts file and line', async (t) => {
  t.match(readFileSync(launcher, 'utf8'), /process\.setSourceMapsEnabled\(true\);\n(\/\/.*\n)*setFlagsFromString\('--heap-growing-percent=50'\);\nawait import\("\.\/x\.bundle\.mjs"\);/, 'and bounds the heap\'s growth before the bundle loads');
  // A data folder whose registry is not a database: an error nobody expected (the CLI checks
  // the folder is Rootline's, not what its files hold). The CLI says it in one line and exits 1;
  // with ROOTLINE_DEBUG=1 it adds the stack, for a bug report.
  const data = join(dir, 'damaged');
  mkdirSync(join(data, 'credentials'), { recursive: true });
  writeFileSync(join(data, 'registry.db'), 'this is not a database, but a letter to an aunt');
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_OPTIONS;
  delete env.ROOTLINE_DEBUG;
  const args = [launcher, 'token', '--data-dir', data];
  const plain = spawnSync(process.execPath, args, { encoding: 'utf8', env });
  t.equal(plain.status, 1);
  t.match(plain.stderr, /^rootline: .*not a database.*\n$/, 'one line, no stack');
  const crash = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...env, ROOTLINE_DEBUG: '1' } });
  t.equal(crash.status, 1);
  t.match(crash.stderr, /not a database/);
  t.match(crash.stderr, /\bat .*kernel\/src\/storage\/[\w-]+\.ts:\d+:\d+/, 'the stack names a kernel source line');
  t.notMatch(crash.stderr, /\bat .*x\.bundle\.mjs:\d+:\d+/, 'and no minified bundle position');
});

t.test('.gitignore keeps built bundles and maps out of the repository', async (t) => {
  const ignored = readFileSync(join(root, '.gitignore'), 'utf8').split('\n').map((line) => line.trim());
  t.ok(ignored.includes('dist/'));
});
