import t from 'tap';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activeTree, backupNow, backupServer, configure, ManualClock, seedTree, tempDir } from './fixtures/helpers.js';

const TREE = '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77';
const BACKUP = '01938f10-2c4e-7b3a-9d11-5a6b7c8d9e0f';

const list = (s: Awaited<ReturnType<typeof backupServer>>, root: string) => s.request('GET', '/v1/backup/manifests', { query: { backup_root: root } });

/** Writes `<root>/<tree>/<backup>/manifest.json` holding `text`. */
function placeManifest(root: string, tree: string, backup: string, text: string): void {
  mkdirSync(join(root, tree, backup), { recursive: true });
  writeFileSync(join(root, tree, backup, 'manifest.json'), text);
}

t.test('rule 4: a folder that is not a full path, is absent, is not a folder or cannot be read is refused (422), never an empty list', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  writeFileSync(join(root, 'file'), 'x');
  const cases: [string, string, string, string][] = [
    ['relative', 'backups', 'not-absolute', 'The backup folder must be given as a full path'],
    ['absent', join(root, 'absent'), 'not-found', 'There is no folder at the path given'],
    ['a file', join(root, 'file'), 'not-a-folder', 'The path given is not a folder'],
  ];
  for (const [what, path, reason, detail] of cases) {
    const reply = await list(s, path);
    t.equal(reply.statusCode, 422, what);
    t.same(reply.json(), { type: 'urn:rootline:problem:unreadable-backup-root', title: 'The backup folder cannot be read', status: 422, detail, code: 'unreadable-backup-root', instance: '/v1/backup/manifests', reason }, what);
  }
  const missing = await s.request('GET', '/v1/backup/manifests');
  t.equal(missing.statusCode, 400, 'backup_root is required');
  t.match(missing.json(), { code: 'validation-failed', errors: [{ location: 'query', name: 'backup_root' }] });
});

t.test('rule 3: a folder read that holds no recognizable backup gives an empty list', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  t.same((await list(s, root)).json(), { manifests: [] }, 'empty');
  mkdirSync(join(root, 'holiday photos', BACKUP), { recursive: true });
  writeFileSync(join(root, 'holiday photos', BACKUP, 'manifest.json'), '{}');
  writeFileSync(join(root, 'notes.txt'), 'x');
  mkdirSync(join(root, TREE, 'not-an-id'), { recursive: true });
  writeFileSync(join(root, TREE, 'not-an-id', 'manifest.json'), '{}');
  mkdirSync(join(root, TREE, BACKUP, 'objects'), { recursive: true });
  mkdirSync(join(root, TREE, '01938f10-2c4e-7b3a-9d11-5a6b7c8d9e10', 'manifest.json'), { recursive: true });
  mkdirSync(join(root, TREE.toUpperCase(), BACKUP), { recursive: true });
  writeFileSync(join(root, TREE.toUpperCase(), BACKUP, 'manifest.json'), '{}');
  const reply = await list(s, root);
  t.equal(reply.statusCode, 200);
  t.same(reply.json(), { manifests: [] }, 'folders not named by ids, a backup without a manifest, a manifest that is a folder: none is a backup');
});

t.test('rules 1, 2 and 5: any folder is walked and each manifest read and checked; refused ones are listed as unreadable, without a path', async (t) => {
  const clock = new ManualClock();
  const s = await backupServer(t, { clock });
  const made = tempDir(t);
  const tree = activeTree(s);
  await seedTree(tree, { blobs: 2, blobBytes: 100 });
  await configure(s, made);
  const job = await backupNow(s);
  // Rule 5: a folder never configured here — the backup carried over to another drive.
  const root = tempDir(t);
  cpSync(join(made, tree.id), join(root, tree.id), { recursive: true });
  await configure(s, tempDir(t));
  const manifest = JSON.parse(readFileSync(join(root, tree.id, job.result.backup_id, 'manifest.json'), 'utf8'));
  const good = { backup_id: job.result.backup_id, tree_id: tree.id, app_version: '0.1.0', created_at_ms: clock.ms, event_count: 22, object_count: 3, total_bytes: manifest.total_bytes, tree_name: 'My tree' };
  t.same((await list(s, root)).json(), { manifests: [good] });

  const ids = Array.from({ length: 9 }, (_, i) => `01938f10-2c4e-7b3a-9d11-5a6b7c8d9e${String(i).padStart(2, '0')}`);
  const variant = (id: string, change: (m: any) => void) => {
    const copy = structuredClone(manifest);
    copy.backup_id = id;
    change(copy);
    return JSON.stringify(copy);
  };
  placeManifest(root, TREE, ids[0], JSON.stringify({ ...manifest, backup_id: ids[0], tree_id: TREE, format_version: 2 }));
  placeManifest(root, TREE, ids[1], '{"format_version": 1, "backup_id": ');
  placeManifest(root, tree.id, ids[2], variant(ids[2], (m) => delete m.tree_name));
  placeManifest(root, tree.id, ids[3], variant(ids[3], (m) => (m.object_count = 2)));
  placeManifest(root, tree.id, ids[4], variant(ids[4], (m) => (m.total_bytes += 1)));
  placeManifest(root, tree.id, ids[5], variant(ids[5], (m) => (m.backup_id = BACKUP)));
  placeManifest(root, tree.id, ids[6], variant(ids[6], (m) => (m.format_version = '1')));
  placeManifest(root, tree.id, ids[7], variant(ids[7], (m) => (m.objects[1].path = '../../elsewhere')));
  placeManifest(root, tree.id, ids[8], '[1, 2]');
  const reply = await list(s, root);
  t.equal(reply.statusCode, 200);
  t.same(reply.json().manifests, [
    good,
    { backup_id: ids[8], tree_id: tree.id, unreadable: 'invalid-manifest' },
    { backup_id: ids[7], tree_id: tree.id, unreadable: 'invalid-manifest' },
    { backup_id: ids[6], tree_id: tree.id, unreadable: 'invalid-manifest' },
    { backup_id: ids[5], tree_id: tree.id, unreadable: 'invalid-manifest' },
    { backup_id: ids[4], tree_id: tree.id, unreadable: 'invalid-manifest' },
    { backup_id: ids[3], tree_id: tree.id, unreadable: 'invalid-manifest' },
    { backup_id: ids[2], tree_id: tree.id, unreadable: 'invalid-manifest' },
    { backup_id: ids[1], tree_id: TREE, unreadable: 'invalid-json' },
    { backup_id: ids[0], tree_id: TREE, unreadable: 'unknown-format-version' },
  ], 'newest first by backup id; a format version it does not know is refused, not guessed at');
  t.notOk(reply.body.includes(tmpdir()), 'no path anywhere in the answer');
  t.notOk(reply.body.includes('objects/'), 'not even a path inside a backup');

  rmSync(join(root, tree.id, job.result.backup_id, 'tree.db'));
  t.same((await list(s, root)).json().manifests[0], good, 'listing reads manifests only: a missing object is found by restore');
});

t.test('a manifest that cannot be read is listed as unreadable-file', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  placeManifest(root, TREE, BACKUP, '{}');
  const { chmodSync } = await import('node:fs');
  chmodSync(join(root, TREE, BACKUP, 'manifest.json'), 0o000);
  const reading = (await list(s, root)).json().manifests;
  // root reads anything: then the file is read, and `{}` is not a manifest.
  t.same(reading, [{ backup_id: BACKUP, tree_id: TREE, unreadable: process.getuid?.() === 0 ? 'invalid-manifest' : 'unreadable-file' }]);
});
