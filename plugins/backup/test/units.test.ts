import t from 'tap';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toPrune } from '../src/retention.js';
import { BackupFailure, classify, errorCode, loggable } from '../src/failure.js';
import { checkManifest, readManifest, MAX_MANIFEST_BYTES } from '../src/manifest.js';
import { restoredName } from '../src/restore.js';
import { killPointsFrom } from '../src/kill-points.js';
import { isId, isListedPath, objectPath } from '../src/layout.js';
import { tempDir } from './fixtures/helpers.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 0, 31);
const TREE = '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77';
const BACKUP = '01938f10-2c4e-7b3a-9d11-5a6b7c8d9e0f';
const HEX = 'ab'.repeat(32);
const HEX2 = 'cd'.repeat(32);

t.test('retention: the newest keep_last, or younger than keep_days; the one made and the newest never go', async (t) => {
  const backups = [0, 1, 2, 3, 4, 5].map((age) => ({ backup_id: `b${age}`, created_at_ms: NOW - age * DAY }));
  t.same(toPrune(backups, { keep_last: 2, keep_days: 0 }, NOW, 'b0'), ['b2', 'b3', 'b4', 'b5']);
  t.same(toPrune(backups, { keep_last: 1, keep_days: 0 }, NOW, 'b0'), ['b1', 'b2', 'b3', 'b4', 'b5']);
  t.same(toPrune(backups, { keep_last: 6, keep_days: 0 }, NOW, 'b0'), []);
  t.same(toPrune(backups, { keep_last: 1, keep_days: 3 }, NOW, 'b0'), ['b3', 'b4', 'b5'], 'exactly 3 days old is not younger than 3 days');
  t.same(toPrune(backups, { keep_last: 4, keep_days: 2 }, NOW, 'b0'), ['b4', 'b5'], 'the union of both rules');
  t.same(toPrune(backups, { keep_last: 1, keep_days: 1 }, NOW, 'b3'), ['b1', 'b2', 'b4', 'b5'], 'the backup just made stays, wherever it sorts');
  t.same(toPrune(backups, { keep_last: 0, keep_days: 0 }, NOW, 'none'), ['b1', 'b2', 'b3', 'b4', 'b5'], 'the newest stays even with keep_last 0');
  const future = [{ backup_id: 'f', created_at_ms: NOW + DAY }, { backup_id: 'g', created_at_ms: NOW + DAY / 2 }];
  t.same(toPrune(future, { keep_last: 1, keep_days: 0 }, NOW, 'f'), ['g'], 'keep_days 0 keeps nothing by age, even from a clock that ran ahead');
  t.same(toPrune([], { keep_last: 1, keep_days: 0 }, NOW, 'x'), []);
});

t.test('failures: a full disk, a folder gone or refused, else internal; codes as Node and SQLite give them', async (t) => {
  const cases: [unknown, string][] = [
    [{ code: 'ENOSPC' }, 'disk-full'],
    [{ code: 'EDQUOT' }, 'disk-full'],
    [{ code: 'SQLITE_FULL' }, 'disk-full'],
    [{ code: 'ENOENT' }, 'backup-root-unavailable'],
    [{ code: 'ENOTDIR' }, 'backup-root-unavailable'],
    [{ code: 'EACCES' }, 'backup-root-unavailable'],
    [{ code: 'EPERM' }, 'backup-root-unavailable'],
    [{ code: 'EROFS' }, 'backup-root-unavailable'],
    [{ code: 'ENODEV' }, 'backup-root-unavailable'],
    [{ code: 'ENXIO' }, 'backup-root-unavailable'],
    [{ code: 'EIO' }, 'backup-root-unavailable'],
    [{ code: 'SQLITE_CANTOPEN' }, 'backup-root-unavailable'],
    [{ code: 'SQLITE_READONLY_DIRECTORY' }, 'backup-root-unavailable'],
    [{ code: 'SQLITE_IOERR_WRITE' }, 'backup-root-unavailable'],
    [{ code: 'SQLITE_CORRUPT' }, 'internal'],
    [{ code: 'EEXIST' }, 'internal'],
    [{ code: 42 }, 'internal'],
    [new TypeError('x'), 'internal'],
    [null, 'internal'],
    [undefined, 'internal'],
  ];
  for (const [error, expected] of cases) t.equal(classify(error).code, expected, `${JSON.stringify(error) ?? String(error)} -> ${expected}`);
  const own = new BackupFailure('tree-object-corrupt', 'mine', { address: HEX });
  t.equal(classify(own), own, 'a BackupFailure keeps its class');
  t.same([own.name, own.code, own.message, own.details], ['BackupFailure', 'tree-object-corrupt', 'mine', { address: HEX }]);
  t.same(
    ['disk-full', 'backup-root-unavailable', 'tree-object-missing', 'tree-object-corrupt', 'interrupted', 'internal'].map((code) => new BackupFailure(code as never).message),
    ['The backup folder\'s disk is full', 'The backup folder cannot be reached or written (is the drive connected?)', 'A file of the tree is missing from its data folder', 'A file of the tree no longer matches its content address', 'The server stopped before the backup finished', 'The backup failed'],
  );
  t.equal(errorCode({ code: 'SQLITE_IOERR_SHORT_READ' }), 'SQLITE_IOERR');
  t.equal(errorCode({ code: 'SQLITE_FULL' }), 'SQLITE_FULL');
  t.equal(errorCode({ code: 'ENOSPC' }), 'ENOSPC');
  t.equal(errorCode({}), undefined);
  const nodeError = Object.assign(new Error('ENOSPC: no space left on device, open \'/home/someone/backups/x\''), { code: 'ENOSPC', syscall: 'open', path: '/home/someone/backups/x' });
  t.same(loggable(nodeError), { name: 'Error', code: 'ENOSPC', syscall: 'open' }, 'what is logged of an error: never its message or path');
  t.same(loggable({ code: 5 }), {});
  t.same(loggable(null), {});
});

/** A manifest as a backup writes it: the database and one blob. */
function manifest(change: (m: any) => void = () => undefined) {
  const m: any = {
    format_version: 1, backup_id: BACKUP, tree_id: TREE, tree_name: 'My tree', app_version: '0.1.0', created_at_ms: NOW, event_count: 3, object_count: 2, total_bytes: 150, last_seq: 3, schema_checksum: HEX2,
    objects: [{ path: 'tree.db', sha256: HEX2, size_bytes: 100 }, { path: objectPath(HEX), sha256: HEX, size_bytes: 50 }],
  };
  change(m);
  return m;
}

t.test('a manifest is checked field by field; format version 1 only; objects named by their own hash; the totals add up', async (t) => {
  const where = { treeId: TREE, backupId: BACKUP };
  t.same(checkManifest(manifest(), where), { manifest: manifest() });
  const refused: [string, unknown, string][] = [
    ['format 2', manifest((m) => (m.format_version = 2)), 'unknown-format-version'],
    ['format 0', manifest((m) => (m.format_version = 0)), 'unknown-format-version'],
    ['format "1"', manifest((m) => (m.format_version = '1')), 'invalid-manifest'],
    ['format 1.5', manifest((m) => (m.format_version = 1.5)), 'invalid-manifest'],
    ['no format', manifest((m) => delete m.format_version), 'invalid-manifest'],
    ['an array', [manifest()], 'invalid-manifest'],
    ['null', null, 'invalid-manifest'],
    ['a number', 7, 'invalid-manifest'],
    ['another backup id', manifest((m) => (m.backup_id = TREE)), 'invalid-manifest'],
    ['another tree id', manifest((m) => (m.tree_id = BACKUP)), 'invalid-manifest'],
    ...(['created_at_ms', 'event_count', 'object_count', 'total_bytes', 'last_seq'] as const).flatMap((key): [string, unknown, string][] => [
      [`${key} negative`, manifest((m) => (m[key] = -1)), 'invalid-manifest'],
      [`${key} as text`, manifest((m) => (m[key] = String(m[key]))), 'invalid-manifest'],
      [`${key} missing`, manifest((m) => delete m[key]), 'invalid-manifest'],
    ]),
    ...(['tree_name', 'app_version', 'schema_checksum'] as const).flatMap((key): [string, unknown, string][] => [
      [`${key} empty`, manifest((m) => (m[key] = '')), 'invalid-manifest'],
      [`${key} a number`, manifest((m) => (m[key] = 1)), 'invalid-manifest'],
    ]),
    ['objects not a list', manifest((m) => (m.objects = {})), 'invalid-manifest'],
    ['an object null', manifest((m) => (m.objects[1] = null)), 'invalid-manifest'],
    ['a path not text', manifest((m) => (m.objects[1].path = 5)), 'invalid-manifest'],
    ['a hash not text', manifest((m) => (m.objects[1].sha256 = 5)), 'invalid-manifest'],
    ['a size as text', manifest((m) => (m.objects[1].size_bytes = '50')), 'invalid-manifest'],
    ['a hash in capitals', manifest((m) => (m.objects[1].sha256 = HEX.toUpperCase())), 'invalid-manifest'],
    ['a path outside the backup', manifest((m) => (m.objects[1].path = `../${objectPath(HEX)}`)), 'invalid-manifest'],
    ['a path of another hash', manifest((m) => (m.objects[1].path = objectPath(HEX2))), 'invalid-manifest'],
    ['an object twice', manifest((m) => {
      m.objects.push({ ...m.objects[1] });
      m.object_count = 3;
      m.total_bytes = 200;
    }), 'invalid-manifest'],
    ['no database', manifest((m) => {
      m.objects.shift();
      m.object_count = 1;
      m.total_bytes = 50;
    }), 'invalid-manifest'],
    ['a count that lies', manifest((m) => (m.object_count = 3)), 'invalid-manifest'],
    ['a total that lies', manifest((m) => (m.total_bytes = 151)), 'invalid-manifest'],
  ];
  for (const [what, value, reason] of refused) t.same(checkManifest(value, where), { unreadable: reason }, what);
  t.same(checkManifest(manifest(), { treeId: TREE.toUpperCase(), backupId: BACKUP }), { unreadable: 'invalid-manifest' }, 'folders not named by lower-case ids');
  t.same(checkManifest(manifest((m) => (m.extra = 'kept')), where), { manifest: manifest((m) => (m.extra = 'kept')) }, 'a field more is no reason to refuse format 1');
});

t.test('reading a manifest file: what is in it, or not JSON, or cannot be read', async (t) => {
  const dir = tempDir(t);
  const where = { treeId: TREE, backupId: BACKUP };
  writeFileSync(join(dir, 'good.json'), JSON.stringify(manifest()));
  t.same(await readManifest(join(dir, 'good.json'), where), { manifest: manifest() });
  writeFileSync(join(dir, 'broken.json'), '{"format_version":');
  t.same(await readManifest(join(dir, 'broken.json'), where), { unreadable: 'invalid-json' });
  t.same(await readManifest(join(dir, 'missing.json'), where), { unreadable: 'unreadable-file' });
  mkdirSync(join(dir, 'folder.json'));
  t.same(await readManifest(join(dir, 'folder.json'), where), { unreadable: 'unreadable-file' });
  t.equal(MAX_MANIFEST_BYTES, 512 * 1024 * 1024);
});

t.test('a restored tree is named "<name> (restored <date of the backup>)", at most 200 characters', async (t) => {
  t.equal(restoredName('My tree', Date.UTC(2026, 0, 15, 23, 59)), 'My tree (restored 2026-01-15)');
  t.equal(restoredName('Smith family', Date.UTC(2025, 11, 31, 0, 0)), 'Smith family (restored 2025-12-31)');
  const long = restoredName('x'.repeat(300), Date.UTC(2026, 0, 1));
  t.equal(long.length, 200);
  t.equal(long, `${'x'.repeat(200 - ' (restored 2026-01-01)'.length)} (restored 2026-01-01)`);
  t.equal(restoredName(`${'y'.repeat(177)} z`, Date.UTC(2026, 0, 1)), `${'y'.repeat(177)} (restored 2026-01-01)`, 'a cut name loses its trailing space');
  t.equal(restoredName(`${'é'.repeat(190)}`, Date.UTC(2026, 0, 1)).length, 200, 'counted in characters');
});

t.test('ids, paths: folder names are lower-case UUIDs; a manifest names only tree.db and objects/ab/<its hash>', async (t) => {
  t.ok(isId(TREE));
  t.notOk(isId(TREE.toUpperCase()));
  t.notOk(isId(`${TREE}x`));
  t.notOk(isId(`x${TREE}`));
  t.notOk(isId('..'));
  t.equal(objectPath(HEX), `objects/ab/${HEX}`);
  t.ok(isListedPath('tree.db', HEX));
  t.ok(isListedPath(`objects/ab/${HEX}`, HEX));
  t.notOk(isListedPath(`objects/cd/${HEX}`, HEX));
  t.notOk(isListedPath(`objects/ab/${HEX}`, HEX2));
  t.notOk(isListedPath(`objects/ab/${HEX.toUpperCase()}`, HEX.toUpperCase()));
  t.notOk(isListedPath('manifest.json', HEX));
});

t.test('kill points: unset or malformed, nothing happens; set, only the n-th point of that phase kills', async (t) => {
  const killed: string[] = [];
  const realKill = process.kill;
  const realWrite = process.stderr.write;
  process.kill = ((pid: number, signal: string) => {
    killed.push(`${pid === process.pid ? 'self' : pid} ${signal}`);
    return true;
  }) as typeof process.kill;
  let written = '';
  process.stderr.write = ((text: string) => {
    written += text;
    return true;
  }) as typeof process.stderr.write;
  try {
    for (const value of [undefined, '', 'backup', 'backup:', 'backup:x', 'restore:-1', 'other:1', ' backup:1']) {
      const points = killPointsFrom({ ROOTLINE_BACKUP_TEST_KILL_AT: value });
      for (let i = 0; i < 5; i++) points.pass('backup', 'a point');
    }
    t.same(killed, [], 'nothing killed');
    const points = killPointsFrom({ ROOTLINE_BACKUP_TEST_KILL_AT: 'restore:3' });
    points.pass('backup', 'not counted');
    points.pass('restore', 'one');
    points.pass('restore', 'two');
    t.same(killed, []);
    points.pass('restore', 'three');
    t.same(killed, ['self SIGKILL']);
    t.equal(written, 'backup test kill point: restore 3 (three)\n');
    points.pass('restore', 'four');
    t.same(killed, ['self SIGKILL'], 'once');
  } finally {
    process.kill = realKill;
    process.stderr.write = realWrite;
  }
});
