import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { openRegistry } from '@rootline/kernel/host';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/main.js';

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
  t.match(port.err[0], /--port must be a number/);
});

t.test('token prints the same human token every time; agents are created, listed, revoked', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-cli-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const first = await run(['token', '--data-dir', dir]);
  const second = await run(['token', '--data-dir', dir]);
  t.match(first.out[0], /^rlh_[A-Za-z0-9_-]{43}$/);
  t.equal(first.out[0], second.out[0]);
  t.equal((await run(['agent', 'create', '--data-dir', dir])).code, 2, 'a label is required');
  const created = await run(['agent', 'create', '--label', 'Assistant', '--data-dir', dir]);
  t.match(created.out[0], /^rla_/);
  const listed = await run(['agent', 'list', '--data-dir', dir]);
  t.match(listed.out[0], /\tactive\t.*\tAssistant$/);
  const id = listed.out[0].split('\t')[0];
  t.equal((await run(['agent', 'revoke', id, '--data-dir', dir])).code, 0);
  t.equal((await run(['agent', 'revoke', id, '--data-dir', dir])).code, 1, 'revoking twice says so');
  t.match((await run(['agent', 'list', '--data-dir', dir])).out[0], /\trevoked\t/);
});

t.test('agent revoke refuses the human credential and unknown ids; the human token keeps working', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-cli-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
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
  const dir = mkdtempSync(join(tmpdir(), 'rootline-cli-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
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

t.test('unknown commands and options print usage and exit 2', async (t) => {
  t.equal((await run(['fly'])).code, 2);
  t.equal((await run(['serve', '--colour'])).code, 2);
  t.equal((await run([])).code, 2);
  t.equal((await run(['--help'])).code, 0);
});
