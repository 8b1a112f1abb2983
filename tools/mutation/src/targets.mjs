// What one mutation run covers: a workspace package's sources (or one folder of them) and
// that package's own suite. A package is measured by its own tests only, as coverage is
// (tools/coverage/src/map.mjs): a plugin's suite killing a kernel mutant proves nothing
// about the kernel's tests.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const GROUPS = ['plugins', 'libs', 'tools'];

/**
 * Sources never mutated: declaration files, and generated files (the GEDCOM 7 rules, from the
 * specification's tables), which are data guarded by a test that compares them byte for byte
 * with their generator's output; that test cannot pass while the file is changed in place, so
 * a generated file is neither mutated nor marked `// @ts-nocheck`.
 */
export const NOT_MUTATED = ['.d.ts', '.generated.ts'];

/** Every workspace package folder, repository-relative: kernel, plugins/notes, libs/x, tools/y. */
export function packageFolders(root) {
  const folders = ['kernel'];
  for (const group of GROUPS) {
    if (!existsSync(join(root, group))) continue;
    for (const name of readdirSync(join(root, group)).sort()) {
      if (existsSync(join(root, group, name, 'package.json'))) folders.push(`${group}/${name}`);
    }
  }
  return folders.filter((folder) => existsSync(join(root, folder, 'package.json')));
}

/**
 * Resolves what the person typed: a folder (`kernel`, `plugins/notes`, `kernel/src/http`),
 * a short name (`notes`), or a package name (`@rootline/plugin-notes`).
 * Returns the package folder, the globs to mutate, the test files and a name for reports.
 */
export function mutationTarget(root, wanted = 'kernel') {
  const folders = packageFolders(root);
  const cleaned = wanted.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
  let folder = folders.find((candidate) => cleaned === candidate || cleaned.startsWith(`${candidate}/`));
  let scope = null;
  if (folder && cleaned !== folder) {
    const path = resolve(root, cleaned);
    if (!existsSync(path)) throw new Error(`mutation: ${cleaned} does not exist`);
    if (!relative(join(root, folder, 'src'), path).split(sep).every((part) => part !== '..')) {
      throw new Error(`mutation: ${cleaned} is not under ${folder}/src`);
    }
    scope = statSync(path).isDirectory() ? `${cleaned}/**/*.ts` : cleaned;
  }
  folder ??= folders.find((candidate) => {
    const name = JSON.parse(readFileSync(join(root, candidate, 'package.json'), 'utf8')).name;
    return name === cleaned || candidate.split('/').pop() === cleaned;
  });
  if (!folder) throw new Error(`mutation: no workspace package matches ${JSON.stringify(wanted)} (try one of: ${folders.join(', ')})`);
  return {
    folder,
    slug: (scope ? cleaned : folder).replace(/[/.]+/g, '-'),
    mutate: [scope ?? `${folder}/src/**/*.ts`, ...NOT_MUTATED.map((suffix) => `!**/*${suffix}`)],
    typeChecksOff: (scope ?? `${folder}/src/**/*.ts`).replace(/\/\*\*\/\*\.ts$/, '/**/!(*.generated).ts'),
    testFiles: [`${folder}/test/**/*.test.ts`],
  };
}
