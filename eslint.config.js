// Boundary gates (issue 8 point 4), syntax half: rules (c) and (d) plus a small
// base. Rules (a) and (b) live in .dependency-cruiser.cjs, rule (e) in knip.json.
// docs/boundaries.md explains each rule. Not type-aware on purpose: it stays fast.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const AWILIX_MESSAGE =
  'Plugins do not use awilix at run time: register services through the kernel helpers and read them as ' +
  'request.diScope.cradle.x. Type-only imports (`import type`) and `declare module` augmentations are fine.';
const RESOLVE_MESSAGE =
  'Services are not read by string name: use the typed cradle (request.diScope.cradle.x, or the kernel helpers) ' +
  'instead of resolve()/hasRegistration().';

/** (c) awilix and @fastify/awilix as values: static imports and re-exports. */
const noAwilixValues = [
  'error',
  {
    paths: [
      { name: 'awilix', message: AWILIX_MESSAGE, allowTypeImports: true },
      { name: '@fastify/awilix', message: AWILIX_MESSAGE, allowTypeImports: true },
    ],
    patterns: [{ group: ['awilix/*', '@fastify/awilix/*'], message: AWILIX_MESSAGE, allowTypeImports: true }],
  },
];

/** (c) dynamic import / require of awilix, and (d) services read by string name. */
const AWILIX_SOURCE = "/^(awilix|@fastify\\u002Fawilix)(\\u002F|$)/";
const pluginSyntax = [
  'error',
  { selector: `ImportExpression[source.value=${AWILIX_SOURCE}]`, message: AWILIX_MESSAGE },
  { selector: `CallExpression[callee.name='require'][arguments.0.value=${AWILIX_SOURCE}]`, message: AWILIX_MESSAGE },
  // x.diScope.resolve(...), diScope.resolve(...)
  {
    selector:
      "CallExpression[callee.property.name='resolve']:matches([callee.object.name='diScope'], [callee.object.property.name='diScope'])",
    message: RESOLVE_MESSAGE,
  },
  // container.resolve(...), x.container.resolve(...)
  {
    selector:
      "CallExpression[callee.property.name='resolve']:matches([callee.object.name='container'], [callee.object.property.name='container'])",
    message: RESOLVE_MESSAGE,
  },
  // hasRegistration(...), x.hasRegistration(...)
  {
    selector: "CallExpression:matches([callee.name='hasRegistration'], [callee.property.name='hasRegistration'])",
    message: RESOLVE_MESSAGE,
  },
  // an aliased scope: scope.resolve<T>(...) or scope.resolve('someService')
  {
    selector:
      "CallExpression[callee.property.name='resolve']:not([callee.object.name=/^(Promise|path|posix|win32|require|diScope|container)$/])" +
      ":not([callee.object.property.name=/^(diScope|container|meta)$/])" +
      ":matches([typeArguments], [arguments.0.value=/^[a-z][A-Za-z0-9]*$/])",
    message: RESOLVE_MESSAGE,
  },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'dist/**', '**/coverage/**', '.tap/**', '.rootline-bench/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `interface Row extends Dto {}` names a row type; it is not the empty-object mistake the rule is after.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // Tests poke at JSON bodies; `any` there is a convenience, not an API.
    files: ['test/**', '**/test/**', 'kernel/src/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Boundary rules (c) and (d): everything under plugins/, sources and tests alike.
  {
    files: ['plugins/**/*.{ts,mts,cts,js,mjs,cjs}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': noAwilixValues,
      'no-restricted-syntax': pluginSyntax,
    },
  },
);
