#!/usr/bin/env node
// Builds one server bundle from a plugin manifest:
//   node tools/build/src/build.mjs [--manifest rootline.manifest.json] [--out dist/rootline.mjs] [--quiet]
// Only the plugins the manifest lists are compiled in; their versions and migrations are
// embedded, so the bundle needs no source tree. Native and file-serving packages stay
// external and load from node_modules.
//
// The out file is a two-line launcher that turns on source maps and then imports the
// bundle beside it (`<name>.bundle.mjs`, with a linked `<name>.bundle.mjs.map`), so a
// crash names a line of kernel/src or plugins/*/src rather than of minified code. Node
// reads a module's map only if source maps are on when the module loads, so the switch
// cannot live inside the bundle itself.
import { build } from 'esbuild';
import { readFileSync, readdirSync, existsSync, mkdirSync } from 'node:fs';
import { writeWhole } from './write-whole.mjs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const { values } = parseArgs({
  options: { manifest: { type: 'string' }, out: { type: 'string' }, quiet: { type: 'boolean' } },
});
const manifestFile = resolve(values.manifest ?? join(root, 'rootline.manifest.json'));
const outFile = resolve(values.out ?? join(root, 'dist', 'rootline.mjs'));
const bundleFile = join(dirname(outFile), `${basename(outFile).replace(/\.m?js$/, '')}.bundle.mjs`);
const log = (line) => values.quiet || process.stdout.write(`${line}\n`);

const EXTERNAL = ['better-sqlite3', 'sharp', '@napi-rs/canvas', 'pdfjs-dist', 'swagger-ui-dist', 'pino', 'thread-stream'];
// Modules the server never uses but its libraries import at load time: awilix's
// loadModules (fast-glob) and @fastify/swagger's YAML output (yaml). Replacing them with a
// stub that throws if ever called keeps ~400 KB out of the bundle and off start-up.
const UNUSED = { 'fast-glob': join(root, 'tools/build/src/unused-module.cjs'), yaml: join(root, 'tools/build/src/unused-module.cjs') };
// Packages whose "main" is a UMD wrapper that hands `require` to a factory: esbuild cannot follow
// those requires (the bundle fails at start with "Cannot find module './impl/format'"), so
// their ES module build is bundled instead, from the copy the plugin that uses it resolves.
const UMD_MAIN = { 'jsonc-parser': 'lib/esm/main.js' };
const MIGRATION = /^(\d{3,})_([a-z0-9_-]+)\.sql$/;

function fail(message) {
  process.stderr.write(`build: ${message}\n`);
  process.exit(1);
}

function pluginPackages() {
  const found = new Map();
  for (const folder of readdirSync(join(root, 'plugins'))) {
    const file = join(root, 'plugins', folder, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    found.set(pkg.name, { dir: join(root, 'plugins', folder), version: pkg.version, peerDependencies: pkg.peerDependencies ?? {} });
  }
  return found;
}

function migrations(dir) {
  const folder = join(dir, 'migrations');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => MIGRATION.test(file))
    .sort()
    .map((file) => {
      const [, version, name] = MIGRATION.exec(file);
      return { version: Number(version), name, sql: readFileSync(join(folder, file), 'utf8') };
    });
}

let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
} catch (error) {
  fail(`cannot read the manifest ${relative(root, manifestFile)}: ${error.message}`);
}
if (!Array.isArray(manifest.plugins)) fail('the manifest has no "plugins" array');
const packages = pluginPackages();
const imports = [];
const entries = [];
const assets = [];
for (const [index, entry] of manifest.plugins.entries()) {
  const pkg = packages.get(entry.name);
  if (!pkg) fail(`unknown plugin ${entry.name} (no package of that name under plugins/)`);
  imports.push(`import plugin${index} from ${JSON.stringify(entry.name)};`);
  entries.push(`[${JSON.stringify(entry.name)}, { name: ${JSON.stringify(entry.name)}, version: ${JSON.stringify(pkg.version)}, plugin: plugin${index}, migrations: ${JSON.stringify(migrations(pkg.dir))}, peerDependencies: ${JSON.stringify(pkg.peerDependencies)} }]`);
  const src = join(pkg.dir, 'src');
  for (const file of existsSync(src) ? readdirSync(src) : []) if (/worker.*\.mjs$/.test(file)) assets.push(join(src, file));
}
const esmBuilds = {};
for (const [name, entry] of Object.entries(UMD_MAIN)) {
  for (const { dir } of manifest.plugins.map((plugin) => packages.get(plugin.name))) {
    try {
      esmBuilds[name] = join(dirname(createRequire(join(dir, 'package.json')).resolve(`${name}/package.json`)), entry);
      break;
    } catch {
      // not a dependency of this plugin
    }
  }
}
const appVersion = JSON.parse(readFileSync(join(root, 'tools', 'cli', 'package.json'), 'utf8')).version;
const entrySource = `${imports.join('\n')}
import { main } from './tools/cli/src/main.ts';
const builtIn = new Map([${entries.join(',\n')}]);
const manifest = ${JSON.stringify({ plugins: manifest.plugins })};
main(process.argv.slice(2), { builtIn, manifest, appVersion: ${JSON.stringify(appVersion)} }).then((code) => { process.exitCode = code; });
`;

mkdirSync(dirname(outFile), { recursive: true });
const started = Date.now();
const built = await build({
  write: false,
  stdin: { contents: entrySource, resolveDir: root, sourcefile: 'rootline-entry.ts', loader: 'ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: bundleFile,
  external: EXTERNAL,
  alias: { ...UNUSED, ...esmBuilds },
  // Linked: the map is a file of its own, read only when source maps are on. Without
  // sourcesContent it stays small (Node parses it at start-up) and a crash still names
  // the .ts file and line; Node shows the line's text when the source tree is present.
  sourcemap: 'linked',
  sourcesContent: false,
  minify: process.env.ROOTLINE_BUILD_MINIFY !== '0',
  keepNames: false,
  legalComments: 'none',
  logLevel: 'error',
  banner: { js: "import { createRequire as __rootlineRequire } from 'node:module'; const require = __rootlineRequire(import.meta.url);" },
}).catch(() => fail('esbuild failed (see above)'));
for (const output of built.outputFiles) writeWhole(output.path, output.contents);
writeWhole(
  outFile,
  `#!/usr/bin/env node
// Rootline: turns source maps on, bounds the heap's growth, then loads the bundle (see tools/build/src/build.mjs).
import { setFlagsFromString } from 'node:v8';
process.setSourceMapsEnabled(true);
// Between full collections the old space grows by half at most. V8 otherwise lets it grow up to
// fourfold when the program allocates fast: a 102,000-person import peaked at 320-360 MB with
// 70 MB live, and at 241 MB with this (docs/benchmarks.md).
setFlagsFromString('--heap-growing-percent=50');
await import(${JSON.stringify(`./${basename(bundleFile)}`)});
`,
);
for (const asset of assets) writeWhole(join(dirname(outFile), asset.split('/').pop()), readFileSync(asset));
writeWhole(`${outFile}.manifest.json`, JSON.stringify({ plugins: manifest.plugins }, null, 2));
log(`Built ${relative(root, outFile)} with ${manifest.plugins.length} plugin(s) in ${Date.now() - started} ms`);
