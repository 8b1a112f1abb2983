import t from 'tap';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../src/main.js';
import { dataFolder, folder, manifest, root } from './helpers.js';

/**
 * A start that fails leaves the user with what they had: a data folder it made for the start is
 * taken away again; one that was there stays as it was.
 */

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (line) => out.push(line), err: (line) => err.push(line), manifest, env: {} }).then((code) => ({ code, out, err }));
}

/** A port of this machine that is taken, for the length of the test. */
async function takenPort(t: { teardown(fn: () => unknown): void }): Promise<number> {
  const holder = createNetServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => holder.close(resolve)));
  return (holder.address() as AddressInfo).port;
}

t.test('serve on a port in use: one line, and the new folder it made is gone', async (t) => {
  const port = await takenPort(t);
  const place = folder(t);
  const data = join(place, 'rootline-data');
  const result = await run(['serve', '--port', String(port), '--data-dir', data]);
  t.same(result, { code: 1, out: [], err: [`rootline: port ${port} is already in use; pass --port 0 for a free one`] });
  t.notOk(existsSync(data), 'no empty data folder left behind');
  t.same(readdirSync(place), []);
});

t.test('serve on a port in use with a data folder that was there: it stays, its data and token too', async (t) => {
  const port = await takenPort(t);
  const data = dataFolder(t);
  writeFileSync(join(data, 'my-notes.txt'), 'kept');
  const before = readdirSync(data).sort();
  const token = (await run(['token', '--data-dir', data])).out[0];
  const result = await run(['serve', '--port', String(port), '--data-dir', data]);
  t.equal(result.code, 1);
  t.ok(existsSync(join(data, 'my-notes.txt')), 'the user\'s file is there');
  t.same(readdirSync(data).filter((name) => before.includes(name)).sort(), before, 'everything that was there is there');
  t.same((await run(['token', '--data-dir', data])).out, [token], 'the same token');
});

t.test('a start refused by a plugin\'s setting: the new folder is gone too', async (t) => {
  const place = folder(t);
  const badManifest = join(place, 'manifest.json');
  writeFileSync(badManifest, JSON.stringify({ plugins: [{ name: '@rootline/plugin-blobs', options: { max_bytes: 'lots' } }] }));
  const data = join(place, 'rootline-data');
  const result = await run(['serve', '--port', '0', '--manifest', badManifest, '--data-dir', data]);
  t.equal(result.code, 1);
  t.match(result.err, [/^rootline: cannot start: .*max_bytes/]);
  t.notOk(existsSync(data));
});

t.test('import into a new data folder whose server cannot start: one line, and the folder it made is gone', async (t) => {
  const place = folder(t);
  const badManifest = join(place, 'manifest.json');
  writeFileSync(badManifest, JSON.stringify({ plugins: [{ name: '@rootline/plugin-blobs', options: { max_bytes: 'lots' } }] }));
  const data = join(place, 'rootline-data');
  const result = await run(['import', join(root, 'plugins', 'gedcom', 'test', 'fixtures', 'smith.ged'), '--manifest', badManifest, '--data-dir', data]);
  t.equal(result.code, 1);
  t.match(result.err, [/^rootline: cannot reach or start the server: .*max_bytes/]);
  t.notOk(existsSync(data));
});
