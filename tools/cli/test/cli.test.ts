import t from 'tap';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openRegistry } from '@rootline/kernel/host';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/main.js';
import { dataFolder } from './helpers.js';

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (line) => out.push(line), err: (line) => err.push(line), manifest: { plugins: [] } }).then((code) => ({ code, out, err }));
}

t.test('serve refuses any address but 127.0.0.1 and a bad port', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-cli-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const host = await run(['serve', '--host', '0.0.0.0', '--data-dir', dir]);
  t.equal(host.code, 2);
  t.match(host.err[0], /127\.0\.0\.1 only/);
  const port = await run(['serve', '--port', 'eighty', '--data-dir', dir]);
  t.equal(port.code, 2);
  t.same(port.err, ['rootline: --port must be a number from 0 to 65535, not "eighty"']);
});

t.test('a port from ROOTLINE_PORT that is not one names ROOTLINE_PORT, not an option the user never passed', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-cli-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const err: string[] = [];
  const code = await main(['serve', '--data-dir', dir], { out: () => t.fail('stdout'), err: (line) => err.push(line), manifest: { plugins: [] }, env: { ROOTLINE_PORT: 'abc' } });
  t.equal(code, 2);
  t.same(err, ['rootline: ROOTLINE_PORT must be a number from 0 to 65535, not "abc"']);
  const passed = await main(['serve', '--port', '99999', '--data-dir', dir], { out: () => t.fail('stdout'), err: (line) => err.push(line), manifest: { plugins: [] }, env: { ROOTLINE_PORT: 'abc' } });
  t.equal(passed, 2);
  t.equal(err[1], 'rootline: --port must be a number from 0 to 65535, not "99999"', '--port wins over ROOTLINE_PORT, and is named');
});

t.test('token prints the same human token every time; agents are created, listed, revoked', async (t) => {
  const dir = dataFolder(t);
  const first = await run(['token', '--data-dir', dir]);
  const second = await run(['token', '--data-dir', dir]);
  t.match(first.out[0], /^rlh_[A-Za-z0-9_-]{43}$/);
  t.equal(first.out[0], second.out[0]);
  t.equal((await run(['agent', 'create', '--data-dir', dir])).code, 2, 'a label is required');
  const created = await run(['agent', 'create', '--label', 'Assistant', '--data-dir', dir]);
  t.match(created.out[0], /^rla_/);
  const listed = await run(['agent', 'list', '--data-dir', dir]);
  t.equal(listed.out[0], 'CREDENTIAL ID\tSTATE\tCREATED\tLABEL', 'a header first');
  t.match(listed.out[1], /\tactive\t.*\tAssistant$/);
  const id = listed.out[1].split('\t')[0];
  t.equal((await run(['agent', 'revoke', id, '--data-dir', dir])).code, 0);
  t.equal((await run(['agent', 'revoke', id, '--data-dir', dir])).code, 1, 'revoking twice says so');
  t.match((await run(['agent', 'list', '--data-dir', dir])).out[1], /\trevoked\t/);
});

t.test('agent revoke refuses the human credential and unknown ids; the human token keeps working', async (t) => {
  const dir = dataFolder(t);
  const token = (await run(['token', '--data-dir', dir])).out[0];
  const humanId = humanCredentialId(dir);

  const human = await run(['agent', 'revoke', humanId, '--data-dir', dir]);
  t.equal(human.code, 1);
  t.same(human.err, [`rootline: ${humanId} is the human credential; only agent credentials can be revoked`]);
  t.same(human.out, []);
  t.equal(humanRevokedAt(dir), null, 'the human credential is untouched');

  const unknown = await run(['agent', 'revoke', '0190a1b2-0000-7000-8000-000000000000', '--data-dir', dir]);
  t.equal(unknown.code, 1);
  t.same(unknown.err, ['rootline: no credential 0190a1b2-0000-7000-8000-000000000000 (see rootline agent list)']);
  t.equal((await run(['agent', 'revoke', '--data-dir', dir])).code, 2, 'an id is required');

  const again = await run(['token', '--data-dir', dir]);
  t.equal(again.code, 0);
  t.equal(again.out[0], token);
});

t.test('a human credential revoked by an older version is reinstated: token and agent commands work again', async (t) => {
  const dir = dataFolder(t);
  const token = (await run(['token', '--data-dir', dir])).out[0];
  // What `rootline agent revoke <human id>` did before it checked the kind.
  const { registry, close } = openRegistry(dir);
  registry.db.prepare("UPDATE credentials SET revoked_at_ms = 1 WHERE kind = 'human'").run();
  close();

  // These used to fail with "UNIQUE constraint failed: credentials.digest".
  const again = await run(['token', '--data-dir', dir]);
  t.equal(again.code, 0);
  t.equal(again.out[0], token, 'the same token as before');
  t.equal(humanRevokedAt(dir), null);
  t.equal((await run(['agent', 'list', '--data-dir', dir])).code, 0);
});

/** The human credential's row, read straight from the registry table. */
function humanRow(dir: string): { credential_id: string; revoked_at_ms: number | null } {
  const { registry, close } = openRegistry(dir);
  try {
    return registry.db.prepare("SELECT credential_id, revoked_at_ms FROM credentials WHERE kind = 'human'").get() as never;
  } finally {
    close();
  }
}
const humanCredentialId = (dir: string) => humanRow(dir).credential_id;
const humanRevokedAt = (dir: string) => humanRow(dir).revoked_at_ms;

t.test('unknown commands and options: one line naming the mistake and a hint, exit 2, no stack', async (t) => {
  const rows: [args: string[], line: string][] = [
    [['fly'], "rootline: unknown command 'fly'; see rootline help"],
    [['agnet'], "rootline: unknown command 'agnet' (Did you mean agent?); see rootline help"],
    [['serve', '--colour'], "rootline: unknown option '--colour'; see rootline serve --help"],
    [['--colour'], "rootline: unknown option '--colour'; see rootline help"],
    [['agent', 'frob'], "rootline: unknown agent command 'frob'; see rootline agent --help"],
    [['agent', 'list', '--labl', 'x'], "rootline: unknown option '--labl'; see rootline agent list --help"],
    [['agent', 'create'], "rootline: required option '--label <label>' not specified; see rootline agent create --help"],
    [['agent', 'revoke'], "rootline: missing required argument 'id'; see rootline agent revoke --help"],
    [['import'], "rootline: missing required argument 'file'; see rootline import --help"],
    [['export', '--out'], "rootline: option '--out <file>' argument missing; see rootline export --help"],
    [['token', 'extra'], "rootline: too many arguments for 'token'. Expected 0 arguments but got 1; see rootline token --help"],
    [['mcp', '--harness', 'nope'], "rootline: option '--harness <id>' argument 'nope' is invalid. Allowed choices are claude-desktop, cursor, vscode, windsurf, zed, cline, claude-code; see rootline mcp --help"],
  ];
  for (const [args, line] of rows) {
    const result = await run(args);
    t.equal(result.code, 2, `${args.join(' ')}: exit 2`);
    t.same(result.err, [line], `${args.join(' ')}: one line`);
    t.same(result.out, [], `${args.join(' ')}: nothing on stdout`);
  }
});

t.test('help: --version, help, <command> --help, and a bare command group', async (t) => {
  const version = await main(['--version'], { appVersion: '9.8.7', out: (line) => t.equal(line, '9.8.7'), err: () => t.fail('stderr') });
  t.equal(version, 0);
  const help = await run(['help']);
  t.equal(help.code, 0);
  const top = help.out.join('\n');
  for (const command of ['serve', 'token', 'agent', 'import', 'export', 'trees', 'loss-report', 'mcp', 'help']) t.match(top, new RegExp(`^  ${command} .*\\S`, 'm'), `${command} listed with its line`);
  t.same((await run(['--help'])).out, help.out, '--help is help');
  const bare = await run([]);
  t.equal(bare.code, 2, 'no command: the help, exit 2');
  t.same(bare.out, help.out);
  const agent = await run(['agent']);
  t.equal(agent.code, 2);
  const agentHelp = agent.out.join('\n');
  for (const sub of ['create', 'list', 'revoke']) t.match(agentHelp, new RegExp(`^  ${sub} .*\\S`, 'm'), `agent alone lists ${sub}`);
  t.same((await run(['help', 'agent'])).out, agent.out, 'help agent is the same');
  const serve = await run(['serve', '--help']);
  t.equal(serve.code, 0);
  for (const option of ['--data-dir <dir>', '--port <n>', '--manifest <file>']) t.match(serve.out.join('\n'), new RegExp(`^  ${option} +\\S`, 'm'), `serve --help: ${option}`);
  for (const line of [...help.out, ...agent.out, ...serve.out].join('\n').split('\n')) t.notMatch(line, /^ {6,}\S/, `one line each, never a wrapped continuation: ${line}`);
  const create = (await run(['agent', 'create', '--help'])).out.join('\n');
  t.match(create, /^Usage: rootline agent create --label <label> \[options\]$/m, 'the usage line shows --label');
  t.match(create, /^ {2}--label <label> +\(required\) what the credential is for/m, 'and its option says it is required');
  t.notMatch(create, /--data-dir <dir> +\(required\)/, 'only that one');
  const mcp = (await run(['mcp', '--help'])).out.join('\n');
  t.match(mcp, /^ {2}--harness <id> .*\(choices: "claude-desktop", "cursor", "vscode", "windsurf", "zed", "cline", "claude-code"\)$/m, 'mcp --help lists the seven ids');
});

t.test('every command the README shows is in the help, with its options', async (t) => {
  const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
  const shown = [...readme.matchAll(/(?:node dist\/rootline\.mjs|rootline)((?: (?:agent )?[a-z][a-z-]*)(?: [^`\n#|]*)?)/g)].map((match) => match[1].trim());
  const commands = new Set<string>();
  for (const line of shown) {
    const words = line.split(/\s+/);
    const command = words[0] === 'agent' && /^[a-z]+$/.test(words[1] ?? '') ? `agent ${words[1]}` : words[0];
    if (!['serve', 'token', 'agent', 'import', 'export', 'trees', 'loss-report', 'help', 'mcp'].includes(command.split(' ')[0])) continue;
    commands.add(command);
    const help = (await run([...command.split(' '), '--help'])).out.join('\n');
    t.match(help, new RegExp(`^Usage: rootline ${command}`, 'm'), `${command} has help`);
    for (const option of line.match(/--[a-z-]+/g) ?? []) t.match(help, new RegExp(`^  (?:-\\w, )?${option}\\b`, 'm'), `${command} --help lists ${option}`);
  }
  t.ok(['token', 'agent create', 'agent list', 'agent revoke', 'import', 'export', 'trees', 'loss-report'].every((command) => commands.has(command)), `the README's commands were found: ${[...commands].join(', ')}`);
});
