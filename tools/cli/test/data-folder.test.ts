import t from 'tap';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../src/main.js';
import { dataFolder, folder, manifest, root } from './helpers.js';

/**
 * Which data folder a command may use. Only `serve` and `import` make one; token, agent, export,
 * trees, loss-report and mcp work on data that is there, and say so in one line (exit 1) when
 * the folder named holds none, instead of making a new, empty one with a fresh token in it.
 */

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (line) => out.push(line), err: (line) => err.push(line), progress: null, manifest, env }).then((code) => ({ code, out, err }));
}

const COMMANDS = [['token'], ['agent', 'list'], ['agent', 'create', '--label', 'Assistant'], ['agent', 'revoke', '0190a1b2-0000-7000-8000-000000000000'], ['export', '--out', 'x.ged'], ['trees'], ['loss-report', '0190a1b2-0000-7000-8000-000000000000'], ['mcp']];

t.test('a data folder that does not exist: one line naming it and what to do, and nothing is made', async (t) => {
  const mistyped = join(folder(t), 'rootlin-data');
  for (const command of COMMANDS) {
    const result = await run([...command, '--data-dir', mistyped]);
    t.equal(result.code, 1, `${command.join(' ')}: exit 1`);
    t.same(result.err, [`rootline: --data-dir ${mistyped} does not exist: check the path, or start Rootline there once with \`rootline serve --data-dir ${mistyped}\``], `${command.join(' ')}: one line`);
    t.same(result.out, [], `${command.join(' ')}: no token, no file`);
    t.notOk(existsSync(mistyped), `${command.join(' ')}: no folder made`);
  }
  t.notOk(existsSync(join(root, 'x.ged')), 'no empty export written');
});

t.test('named by ROOTLINE_HOME, or the default: the line says so', async (t) => {
  const mistyped = join(folder(t), 'nowhere');
  const home = await run(['token'], { ROOTLINE_HOME: mistyped });
  t.same(home.err, [`rootline: ROOTLINE_HOME ${mistyped} does not exist: check the path, or start Rootline there once with \`rootline serve\``]);
  const xdg = join(folder(t), 'xdg');
  const fallback = await run(['agent', 'list'], { XDG_DATA_HOME: xdg, HOME: folder(t), LOCALAPPDATA: xdg });
  t.equal(fallback.code, 1);
  t.match(fallback.err, [/^rootline: The default data folder .+ does not exist: check the path, or start Rootline there once with `rootline serve`$/]);
});

t.test('an empty folder holds no data yet; a folder of other files is not a data folder', async (t) => {
  const empty = folder(t);
  const fresh = await run(['token', '--data-dir', empty]);
  t.same(fresh, { code: 1, out: [], err: [`rootline: --data-dir ${empty} holds no Rootline data yet: start Rootline there once with \`rootline serve --data-dir ${empty}\``] });
  t.same(readdirSync(empty), [], 'still empty');
  const papers = folder(t);
  writeFileSync(join(papers, 'letters.txt'), 'Dear cousin,');
  const other = await run(['agent', 'create', '--label', 'Assistant', '--data-dir', papers]);
  t.same(other, { code: 1, out: [], err: [`rootline: --data-dir ${papers} holds no Rootline data (no registry.db): check the path; the data folder is the one holding registry.db`] });
  t.same(readdirSync(papers), ['letters.txt'], 'nothing written beside the user\'s files');
});

t.test('a relative --data-dir is taken from the folder the command runs in', async (t) => {
  const data = dataFolder(t);
  const before = process.cwd();
  process.chdir(join(data, '..'));
  t.teardown(() => process.chdir(before));
  const relative = data.split('/').at(-1)!;
  const token = await run(['token', '--data-dir', relative]);
  t.equal(token.code, 0, token.err.join('\n'));
  t.same(token.out, [(await run(['token', '--data-dir', data])).out[0]], 'the same folder\'s token');
  const missing = await run(['token', '--data-dir', 'elsewhere']);
  t.same(missing.err, [`rootline: --data-dir ${join(data, '..', 'elsewhere')} does not exist: check the path, or start Rootline there once with \`rootline serve --data-dir ${join(data, '..', 'elsewhere')}\``], 'named by its full path');
});

t.test('--data-dir naming a file: one line, for every command, serve and import too', async (t) => {
  const place = folder(t);
  const file = join(place, 'notes.txt');
  writeFileSync(file, 'not a folder');
  const line = `rootline: --data-dir ${file} is a file, not a folder: name the folder Rootline keeps its data in`;
  for (const command of [['serve', '--port', '0'], ['token'], ['import', join(root, 'plugins', 'gedcom', 'test', 'fixtures', 'smith.ged')], ...COMMANDS]) {
    const result = await run([...command, '--data-dir', file]);
    t.same({ code: result.code, err: result.err }, { code: 1, err: [line] }, `${command[0]}: one line, no ENOTDIR or EEXIST`);
  }
  const under = await run(['serve', '--port', '0', '--data-dir', join(file, 'data')]);
  t.same(under.err, [`rootline: --data-dir ${join(file, 'data')} cannot be a folder: ${file} is a file; name the folder Rootline keeps its data in`]);
  t.same(readdirSync(place), ['notes.txt']);
});

t.test('serve and import make a new data folder: a first start, a first import', async (t) => {
  const data = join(folder(t), 'new');
  mkdirSync(join(data, '..'), { recursive: true });
  const imported = await run(['import', join(root, 'plugins', 'gedcom', 'test', 'fixtures', 'smith.ged'), '--data-dir', data]);
  t.equal(imported.code, 0, imported.err.join('\n'));
  t.ok(existsSync(join(data, 'registry.db')));
  t.equal((await run(['token', '--data-dir', data])).code, 0, 'then the other commands use it');
});
