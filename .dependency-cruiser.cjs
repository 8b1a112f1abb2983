/**
 * Boundary gates (issue 8 point 4), dependency half: rules that need resolved
 * paths. Rules (c) and (d) live in eslint.config.js, rule (e) in knip.json.
 * docs/boundaries.md explains each rule. Run: npm run lint (or npm run lint:deps).
 *
 * Paths in rules are resolved, repository-relative paths: a workspace import
 * such as `@rootline/plugin-notes` resolves through the node_modules symlink to
 * `plugins/notes/src/index.ts`, with the dependency type `aliased-workspace`;
 * a relative import has the type `local`.
 */
const { readFileSync } = require('node:fs');
const { join, posix } = require('node:path');

/**
 * The files a plugin may reach in the kernel: what @rootline/kernel exports,
 * read from kernel/package.json so the rule follows the kernel's public surface.
 * `./host` is the CLI/server entry and is never open to plugins.
 */
const kernelExports = JSON.parse(readFileSync(join(__dirname, 'kernel', 'package.json'), 'utf8')).exports ?? {};
const kernelFile = (subpath) => {
  const target = kernelExports[subpath];
  const file = typeof target === 'string' ? target : target && (target.import ?? target.default);
  return file ? `^${escapeRegExp(posix.join('kernel', file))}$` : null;
};
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternatives = (patterns) => `(${patterns.filter(Boolean).join(')|(')})`;

const KERNEL_PUBLIC = alternatives([kernelFile('.')]);
const KERNEL_PUBLIC_FOR_TESTS = alternatives([kernelFile('.'), kernelFile('./testing')]);
/** Dependency types of imports that are erased at build time. */
const TYPE_ONLY = ['type-only', 'type-import', 'pre-compilation-only'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // (a) plugins are islands: no reaching into another plugin's files, not even for types
    {
      name: 'plugin-imports-other-plugin',
      severity: 'error',
      comment:
        "A plugin never imports another plugin (by relative path or by package name, not even type-only). What plugins " +
        'exchange is declared in the contracts library: `import type { X } from \'@rootline/contracts/<provider>\'`.',
      from: { path: '^plugins/([^/]+)/' },
      to: { path: '^plugins/', pathNot: '^plugins/$1/' },
    },
    {
      name: 'contracts-imported-as-value',
      severity: 'error',
      comment:
        'The contracts library holds types only: import it type-only (`import type` or `import { type X }`), so it is erased ' +
        'at build and never bundled.',
      from: { path: '^(plugins|tools|test)/' },
      to: { path: '^libs/contracts/', dependencyTypesNot: TYPE_ONLY },
    },
    // (b) plugins see the kernel only through @rootline/kernel (and tests also @rootline/kernel/testing)
    {
      name: 'plugin-imports-kernel-internals',
      severity: 'error',
      comment:
        'Plugin code imports the kernel only as `@rootline/kernel`; kernel internals (`@rootline/kernel/src/...`, relative ' +
        'paths into kernel/) and `@rootline/kernel/host` (CLI/server only) are off limits.',
      from: { path: '^plugins/[^/]+/', pathNot: '^plugins/[^/]+/test/' },
      to: { path: '^kernel/', pathNot: KERNEL_PUBLIC },
    },
    {
      name: 'plugin-test-imports-kernel-internals',
      severity: 'error',
      comment: 'Plugin tests import the kernel only as `@rootline/kernel` or `@rootline/kernel/testing`.',
      from: { path: '^plugins/[^/]+/test/' },
      to: { path: '^kernel/', pathNot: KERNEL_PUBLIC_FOR_TESTS },
    },
    {
      name: 'plugin-imports-kernel-by-relative-path',
      severity: 'error',
      comment: 'Import the kernel through its package name `@rootline/kernel`, never by a relative path into kernel/.',
      from: { path: '^plugins/' },
      to: { path: '^kernel/', dependencyTypes: ['local'] },
    },
    {
      name: 'plugin-imports-unexported-kernel-path',
      severity: 'error',
      comment:
        '`@rootline/kernel/<subpath>` that the kernel does not export (for example `@rootline/kernel/src/...`) does not ' +
        'resolve: plugins import `@rootline/kernel` (tests also `@rootline/kernel/testing`).',
      from: { path: '^plugins/' },
      to: { couldNotResolve: true, path: '^@rootline/kernel/' },
    },
    {
      name: 'plugin-imports-unresolvable-plugin-path',
      severity: 'error',
      comment:
        "`@rootline/plugin-<other>/<subpath>` does not resolve: plugins export only their entry (`.`), which the server loads " +
        'from the manifest. Types of another plugin come from `@rootline/contracts/<provider>`.',
      from: { path: '^plugins/' },
      to: { couldNotResolve: true, path: '^@rootline/plugin-' },
    },
    // libraries (libs/*) are leaves: plugins and the kernel may use them, they use neither
    {
      name: 'library-imports-kernel-or-plugin',
      severity: 'error',
      comment:
        'A library package under libs/ is plain code shared by plugins (dates, names): it imports no plugin and no kernel. ' +
        'The one exception is the contracts library, which may name the kernel\'s public types (type-only).',
      from: { path: '^libs/', pathNot: '^libs/contracts/' },
      to: { path: '^(plugins|kernel)/' },
    },
    {
      name: 'contracts-import-plugin-or-kernel-internals',
      severity: 'error',
      comment: 'The contracts library imports no plugin and sees the kernel only through `@rootline/kernel`.',
      from: { path: '^libs/contracts/' },
      to: { path: '^(plugins|kernel)/', pathNot: KERNEL_PUBLIC },
    },
    {
      name: 'contracts-import-kernel-values',
      severity: 'error',
      comment: 'The contracts library names the kernel\'s public types only: `import type` from `@rootline/kernel`, nothing else.',
      from: { path: '^libs/contracts/' },
      to: { path: '^kernel/', dependencyTypesNot: TYPE_ONLY },
    },
    // the kernel never depends on a plugin
    {
      name: 'kernel-imports-plugin',
      severity: 'error',
      comment: 'The kernel knows no plugin: plugins are loaded from the manifest at run time.',
      from: { path: '^kernel/src/' },
      to: { path: '^plugins/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '^dist/'] },
    includeOnly: undefined,
    moduleSystems: ['es6', 'cjs'],
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
    cache: false,
    progress: { type: 'none' },
  },
};
