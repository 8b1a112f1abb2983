import t from 'tap';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  activeTree, backupNow, backupServer, configure, filesUnder, finishedJob, inode, ManualClock, manifests, seedTree, sha256, storeBlob, tempDir, UUID, writeEntries,
} from './fixtures/helpers.js';

const readManifest = (root: string, treeId: string, backupId: string) => JSON.parse(readFileSync(join(root, treeId, backupId, 'manifest.json'), 'utf8'));

t.test('a run without a folder chosen is refused, and no job starts', async (t) => {
  const s = await backupServer(t);
  const reply = await s.request('POST', '/v1/backup/run');
  t.equal(reply.statusCode, 422);
  t.same(reply.json(), {
    type: 'urn:rootline:problem:backup-not-configured', title: 'No backup folder has been chosen', status: 422,
    detail: 'Choose a backup folder first (PUT /v1/backup/config)', code: 'backup-not-configured', instance: '/v1/backup/run',
  });
  t.equal((await s.request('GET', '/v1/jobs')).json().total, 0);
});

t.test('a run backs up the active tree as a job of that tree: database, blobs by address, manifest last', async (t) => {
  const clock = new ManualClock();
  const s = await backupServer(t, { clock });
  const root = tempDir(t);
  const tree = activeTree(s);
  const blobs = await seedTree(tree, { entries: 20, blobs: 3, blobBytes: 5000 });
  const other = (await s.request('POST', '/v1/trees', { body: { name: 'Other' } })).json();
  await configure(s, root);
  const reply = await s.request('POST', '/v1/backup/run');
  t.equal(reply.statusCode, 202);
  const queued = reply.json();
  t.same(queued, { job_id: queued.job_id, tree_id: tree.id, kind: 'backup.run', state: 'queued', progress: { done: 0, total: null, unit: 'bytes' }, created_at_ms: clock.ms });
  t.match(queued.job_id, UUID);
  const job = await finishedJob(s, queued.job_id);
  t.equal(job.state, 'succeeded', JSON.stringify(job.error));
  const { backup_id: backupId } = job.result;
  t.match(backupId, UUID);
  const folder = join(root, tree.id, backupId);
  const databaseBytes = readFileSync(join(folder, 'tree.db'));
  const total = databaseBytes.length + 3 * 5000;
  t.same(job.result, { backup_id: backupId, tree_id: tree.id, database: 'captured', object_count: 4, total_bytes: total, objects_copied: 4, objects_linked: 0, bytes_copied: total, pruned: 0 });
  t.same(job.progress, { done: total, total, unit: 'bytes' });
  t.same((await s.request('GET', '/v1/jobs', { query: { kind: 'backup.run' } })).json().items.map((j: { job_id: string }) => j.job_id), [queued.job_id], 'in the active tree\'s job list');
  t.equal((await s.request('GET', `/v1/trees/${other.tree_id}/jobs`)).json().total, 0, 'the other tree is not backed up by hand');

  t.same(filesUnder(root), [...new Set([
    `${tree.id}/`,
    `${tree.id}/${backupId}/`,
    `${tree.id}/${backupId}/manifest.json`,
    `${tree.id}/${backupId}/objects/`,
    ...blobs.flatMap((address) => [`${tree.id}/${backupId}/objects/${address.slice(0, 2)}/`, `${tree.id}/${backupId}/objects/${address.slice(0, 2)}/${address}`]),
    `${tree.id}/${backupId}/tree.db`,
  ])].sort(), 'CONTRACT §10 layout; nothing else (no -wal, -shm, -journal or temporary file)');
  const manifest = readManifest(root, tree.id, backupId);
  t.same(manifest, {
    format_version: 1,
    backup_id: backupId,
    tree_id: tree.id,
    tree_name: 'My tree',
    app_version: '0.1.0',
    created_at_ms: clock.ms,
    event_count: 23,
    object_count: 4,
    total_bytes: total,
    last_seq: 23,
    schema_checksum: manifest.schema_checksum,
    objects: [
      { path: 'tree.db', sha256: sha256(databaseBytes), size_bytes: databaseBytes.length },
      ...blobs.map((address) => ({ path: `objects/${address.slice(0, 2)}/${address}`, sha256: address, size_bytes: 5000 })),
    ],
  });
  t.match(manifest.schema_checksum, /^[0-9a-f]{64}$/);
  for (const address of blobs) t.equal(sha256(readFileSync(join(folder, 'objects', address.slice(0, 2), address))), address, 'each blob is its bytes');
  const copy = new Database(join(folder, 'tree.db'), { readonly: true });
  t.teardown(() => copy.close());
  t.equal(copy.pragma('journal_mode', { simple: true }), 'delete', 'one self-contained file');
  t.equal(copy.pragma('integrity_check', { simple: true }), 'ok');
  t.equal(copy.prepare('SELECT count(*) FROM ledger_entries').pluck().get(), 20);
  t.same(await manifests(s, root), [{ backup_id: backupId, tree_id: tree.id, app_version: '0.1.0', created_at_ms: clock.ms, event_count: 23, object_count: 4, total_bytes: total, tree_name: 'My tree' }]);
});

t.test('a tree whose schema changed without a record (a plugin\'s migration applied between backups): its database is captured again, not reused', async (t) => {
  const clock = new ManualClock();
  const s = await backupServer(t, { clock });
  const root = tempDir(t);
  const tree = activeTree(s);
  await seedTree(tree, { blobs: 1 });
  await configure(s, root);
  const first = (await backupNow(s)).result;
  const seq = (tree.prepare('SELECT max(seq) AS seq FROM records').get() as { seq: number }).seq;
  // What a new migration leaves: another checksum among the applied ones, and no record.
  tree.db.prepare("UPDATE schema_migrations SET checksum = 'a later migration' WHERE rowid = (SELECT max(rowid) FROM schema_migrations)").run();
  t.equal((tree.prepare('SELECT max(seq) AS seq FROM records').get() as { seq: number }).seq, seq, 'the record log did not move');
  clock.advance(60_000);
  const second = (await backupNow(s)).result;
  t.equal(second.database, 'captured', 'another schema: the previous database is not this tree\'s any more');
  t.not(readManifest(root, tree.id, second.backup_id).schema_checksum, readManifest(root, tree.id, first.backup_id).schema_checksum);
});

t.test('a second backup of an unchanged tree writes no file: the database and every blob are hard links', async (t) => {
  const clock = new ManualClock();
  const s = await backupServer(t, { clock });
  const root = tempDir(t);
  const tree = activeTree(s);
  const blobs = await seedTree(tree, { blobs: 4 });
  await configure(s, root);
  const first = (await backupNow(s)).result;
  clock.advance(60_000);
  const second = await backupNow(s);
  t.equal(second.state, 'succeeded');
  t.same(second.result, { ...first, backup_id: second.result.backup_id, database: 'reused', objects_copied: 0, objects_linked: 5, bytes_copied: 0 });
  const a = join(root, tree.id, first.backup_id);
  const b = join(root, tree.id, second.result.backup_id);
  for (const path of ['tree.db', ...blobs.map((address) => `objects/${address.slice(0, 2)}/${address}`)]) t.equal(inode(join(b, path)), inode(join(a, path)), `${path} is the same file`);
  const one = readManifest(root, tree.id, first.backup_id);
  const two = readManifest(root, tree.id, second.result.backup_id);
  t.same(two, { ...one, backup_id: second.result.backup_id, created_at_ms: clock.ms }, 'the same objects, another id and time');
  t.same((await manifests(s, root)).map((m) => m.backup_id), [second.result.backup_id, first.backup_id], 'both listed, newest first');

  clock.advance(60_000);
  writeEntries(tree, 1, 100);
  const added = await storeBlob(tree, Buffer.from('a new scan'));
  const third = await backupNow(s);
  t.same(third.result, {
    backup_id: third.result.backup_id, tree_id: tree.id, database: 'captured', object_count: 6,
    total_bytes: third.result.total_bytes, objects_copied: 2, objects_linked: 4, bytes_copied: third.result.total_bytes - 4 * 4096, pruned: 0,
  }, 'a changed tree: a new database and the new blob; the old blobs linked');
  const c = join(root, tree.id, third.result.backup_id);
  t.equal(inode(join(c, 'objects', blobs[0].slice(0, 2), blobs[0])), inode(join(a, 'objects', blobs[0].slice(0, 2), blobs[0])));
  t.not(inode(join(c, 'tree.db')), inode(join(a, 'tree.db')));
  t.equal(readFileSync(join(c, 'objects', added.slice(0, 2), added), 'utf8'), 'a new scan');
  t.equal(readManifest(root, tree.id, third.result.backup_id).event_count, 26, 'the entry and the blob were recorded (20 entries and 4 blobs before)');
});

t.test('a run asked for while one of the tree is queued answers that job', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  await seedTree(activeTree(s));
  await configure(s, root);
  const first = (await s.request('POST', '/v1/backup/run')).json();
  const again = await s.request('POST', '/v1/backup/run');
  t.equal(again.statusCode, 202);
  t.equal(again.json().job_id, first.job_id, 'the same job');
  await finishedJob(s, first.job_id);
  const third = (await s.request('POST', '/v1/backup/run')).json();
  t.not(third.job_id, first.job_id, 'once it has finished, a new one');
  await finishedJob(s, third.job_id);
  t.equal((await s.request('GET', '/v1/jobs', { query: { kind: 'backup.run' } })).json().total, 2);
});

t.test('a run cancelled while queued is ended, and the next run starts anew', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  await configure(s, root);
  const first = (await s.request('POST', '/v1/backup/run')).json();
  t.equal((await s.request('POST', `/v1/jobs/${first.job_id}/cancel`)).json().state, 'cancelled');
  const second = (await s.request('POST', '/v1/backup/run')).json();
  t.not(second.job_id, first.job_id);
  t.equal((await finishedJob(s, second.job_id)).state, 'succeeded');
  const runs = s.server.kernel.registry.db.prepare('SELECT job_id, outcome, failure_class FROM backup_runs ORDER BY job_id').all();
  t.same(runs, [{ job_id: first.job_id, outcome: 'cancelled', failure_class: null }, { job_id: second.job_id, outcome: 'succeeded', failure_class: null }]);
  t.same(Object.keys((await s.request('GET', '/v1/backup/status')).json()).sort(), ['backup_location_description', 'configured', 'enabled', 'last_success_at_ms'], 'a cancel is no failure');
});

t.test('the database is a consistent snapshot taken while writes go on', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  const tree = activeTree(s);
  // A database of a few MB, so the online backup takes several steps with writes between them.
  writeEntries(tree, 1, 1, 'x'.repeat(60));
  tree.transact(() => {
    const insert = tree.prepare('INSERT INTO ledger_entries (id, text) VALUES (?, ?)');
    for (let i = 2; i <= 40_000; i++) insert.run(i, `padding ${i} ${'y'.repeat(100)}`);
  });
  await configure(s, root);
  let writing = true;
  let written = 0;
  const writer = (async () => {
    for (let id = 100_000; writing; id++) {
      writeEntries(tree, 1, id);
      written++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const job = await backupNow(s);
  writing = false;
  await writer;
  t.equal(job.state, 'succeeded');
  t.ok(written > 5, `writes went on during the backup (${written})`);
  const copy = new Database(join(root, tree.id, job.result.backup_id, 'tree.db'), { readonly: true });
  t.teardown(() => copy.close());
  t.equal(copy.pragma('integrity_check', { simple: true }), 'ok');
  const rows = copy.prepare('SELECT count(*) FROM ledger_entries WHERE id >= 100000').pluck().get() as number;
  const records = copy.prepare("SELECT count(*) FROM records WHERE kind = 'ledger.written.v1' AND CAST(entity_id AS INTEGER) >= 100000").pluck().get() as number;
  t.equal(rows, records, 'every entry with its record, as each transaction wrote them: no torn state');
  t.ok(rows > 0 && rows <= written, `some of the writes made during the backup are in it (${rows} of ${written})`);
  t.equal(readManifest(root, tree.id, job.result.backup_id).event_count, copy.prepare('SELECT count(*) FROM records').pluck().get(), 'the manifest counts the snapshot\'s records');
});

t.test('retention: keep_last and keep_days after a successful run; the newest is never deleted; unreadable ones are left alone', async (t) => {
  const DAY = 24 * 60 * 60 * 1000;
  const clock = new ManualClock();
  const s = await backupServer(t, { clock });
  const root = tempDir(t);
  const tree = activeTree(s);
  await seedTree(tree, { blobs: 1 });
  await configure(s, root, { retention: { keep_last: 2, keep_days: 0 } });
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    writeEntries(tree, 1, 1000 + i);
    const job = await backupNow(s);
    ids.push(job.result.backup_id);
    t.equal(job.result.pruned, i < 2 ? 0 : 1, `run ${i + 1} pruned ${i < 2 ? 0 : 1}`);
    clock.advance(DAY);
  }
  t.same((await manifests(s, root)).map((m) => m.backup_id), [ids[3], ids[2]], 'the newest two');
  t.same(readdirSync(join(root, tree.id)).sort(), [ids[2], ids[3]].sort(), 'the others are gone from the disk');

  const unknown = '01938f0e-0000-7000-8000-00000000abcd';
  mkdirSync(join(root, tree.id, unknown));
  writeFileSync(join(root, tree.id, unknown, 'manifest.json'), JSON.stringify({ format_version: 2 }));
  await configure(s, root, { retention: { keep_last: 1, keep_days: 3 } });
  const kept = await backupNow(s);
  t.equal(kept.result.pruned, 0, 'the two earlier ones are younger than 3 days');
  clock.advance(2 * DAY);
  const later = await backupNow(s);
  t.equal(later.result.pruned, 2, 'those 3 days old or older go (4 and 3 days); the one 2 days old stays');
  t.same(readdirSync(join(root, tree.id)).sort(), [unknown, kept.result.backup_id, later.result.backup_id].sort(), 'a manifest this version cannot read is not its to delete');

  await configure(s, root, { retention: { keep_last: 1, keep_days: 0 } });
  clock.advance(DAY);
  const last = await backupNow(s);
  t.equal(last.result.pruned, 2);
  t.same((await manifests(s, root)).map((m) => m.backup_id), [last.result.backup_id, unknown], 'keep_last 1: only the newest, which is never deleted');
});

t.test('what an earlier run left without a manifest is removed at the next run; other folders are not touched', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  const tree = activeTree(s);
  await seedTree(tree);
  await configure(s, root);
  const leftover = join(root, tree.id, '01938f0e-0000-7000-8000-000000000001');
  mkdirSync(join(leftover, 'objects', 'ab'), { recursive: true });
  writeFileSync(join(leftover, 'tree.db'), 'half');
  writeFileSync(join(leftover, '.manifest-0123.tmp'), '{');
  mkdirSync(join(root, tree.id, 'notes'));
  writeFileSync(join(root, tree.id, 'README.txt'), 'mine');
  mkdirSync(join(root, 'holiday photos'));
  const job = await backupNow(s);
  t.equal(job.state, 'succeeded');
  t.notOk(existsSync(leftover), 'the unfinished backup is gone');
  t.same(readdirSync(join(root, tree.id)).sort(), [job.result.backup_id, 'README.txt', 'notes'].sort());
  t.ok(existsSync(join(root, 'holiday photos')));
});

t.test('a tree whose file no longer matches its address, or is gone, fails the run; nothing is listed or left', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  const tree = activeTree(s);
  const [first, second] = await seedTree(tree, { blobs: 2 });
  await configure(s, root);
  const original = readFileSync(tree.blobs.path(first));
  writeFileSync(tree.blobs.path(first), 'not what was stored');
  const corrupt = await backupNow(s);
  t.equal(corrupt.state, 'failed');
  t.same(corrupt.error, { code: 'tree-object-corrupt', message: `The tree's file of blob ${first} no longer matches what was stored`, details: { address: first } });
  t.same(await manifests(s, root), [], 'nothing listed');
  t.same(readdirSync(join(root, tree.id)), [], 'and nothing left');
  t.match((await s.request('GET', '/v1/backup/status')).json(), { last_failure_class: 'tree-object-corrupt' });

  writeFileSync(tree.blobs.path(first), original);
  rmSync(tree.blobs.path(second));
  const missing = await backupNow(s);
  t.equal(missing.state, 'failed');
  t.same(missing.error, { code: 'tree-object-missing', message: `The tree's file of blob ${second} is missing`, details: { address: second } });
  t.same(readdirSync(join(root, tree.id)), []);
  t.match((await s.request('GET', '/v1/backup/status')).json(), { last_failure_class: 'tree-object-missing' });
});

t.test('a folder that went away fails the run as backup-root-unavailable', async (t) => {
  const clock = new ManualClock();
  const s = await backupServer(t, { clock });
  const parent = tempDir(t);
  const root = join(parent, 'drive');
  mkdirSync(root);
  await configure(s, root);
  rmSync(root, { recursive: true });
  const job = await backupNow(s);
  t.equal(job.state, 'failed');
  t.same(job.error, { code: 'backup-root-unavailable', message: 'The backup folder cannot be reached or written (is the drive connected?)' });
  t.same((await s.request('GET', '/v1/backup/status')).json(), {
    backup_location_description: 'The backup folder you chose, which cannot be reached now (is the drive connected?)',
    configured: true,
    enabled: false,
    last_failure_at_ms: clock.ms,
    last_failure_class: 'backup-root-unavailable',
  });
  t.same(readdirSync(parent), [], 'nothing was made');
});
