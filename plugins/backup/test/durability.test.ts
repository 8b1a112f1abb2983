import t from 'tap';
import { relative } from 'node:path';
import { activeTree, backupNow, backupServer, configure, seedTree, tempDir } from './fixtures/helpers.js';
import { nodeFiles, type BackupFiles } from '../src/files.js';

/**
 * The order of a backup's durable steps, seen through the file-system calls it makes (issue 16:
 * durability by fault injection). A SIGKILL keeps the page cache, so the crash test cannot
 * see a missing fsync; this can. What must hold before the manifest is renamed into place (the
 * moment the backup exists): every file copied is fsynced after its copy, every folder that
 * names them is fsynced after its last name was made, the database file is fsynced; and the
 * manifest is written beside, fsynced, renamed, and its folder fsynced after the rename.
 */
function recording(root: string): BackupFiles & { calls: string[] } {
  const calls: string[] = [];
  // Paths as seen from the backup's own folder ('.'); the tree's folder and the root by name.
  const at = (path: string) => {
    const parts = relative(root, path).split('/').filter(Boolean);
    return parts.length === 0 ? 'the root' : parts.length === 1 ? 'the tree folder' : parts.slice(2).join('/') || '.';
  };
  return {
    ...nodeFiles,
    calls,
    async copyFile(from, to) {
      await nodeFiles.copyFile(from, to);
      calls.push(`copy ${at(to)}`);
    },
    async link(existing, path) {
      await nodeFiles.link(existing, path);
      calls.push(`link ${at(path)}`);
    },
    async rename(from, to) {
      await nodeFiles.rename(from, to);
      calls.push(`rename ${at(from)} -> ${at(to)}`);
    },
    async open(path, flags, mode) {
      const handle = await nodeFiles.open(path, flags, mode);
      if (flags === 'wx') calls.push(`create ${at(path)}`);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        await sync();
        calls.push(`sync ${at(path)}`);
      };
      return handle;
    },
  };
}

t.test('a backup: every copy, every folder naming it, the database and the manifest are fsynced, in that order, before the backup exists', async (t) => {
  const root = tempDir(t);
  const files = recording(root);
  const s = await backupServer(t, { files });
  await seedTree(activeTree(s), { blobs: 6 });
  await configure(s, root);
  const job = await backupNow(s);
  t.equal(job.state, 'succeeded');
  const { calls } = files;
  const first = (line: string) => calls.indexOf(line);
  const rename = calls.findIndex((line) => /^rename \.manifest-[0-9a-f]+\.tmp -> manifest\.json$/.test(line));
  t.ok(rename > 0, 'the manifest is renamed into place');

  const copies = calls.filter((line) => line.startsWith('copy ')).map((line) => line.slice(5));
  t.equal(copies.length, 6, 'six blobs copied (no backup before to link from)');
  for (const file of copies) {
    const synced = first(`sync ${file}`);
    t.ok(synced > first(`copy ${file}`) && synced < rename, `${file}: fsynced after its copy, before the manifest`);
    const shard = file.split('/').slice(0, 2).join('/');
    const shardSynced = calls.lastIndexOf(`sync ${shard}`);
    t.ok(shardSynced > first(`copy ${file}`) && shardSynced < rename, `${shard}: fsynced after ${file} was named in it`);
  }
  t.ok(first('sync objects') > Math.max(...copies.map((file) => first(`sync ${file.split('/').slice(0, 2).join('/')}`))) && first('sync objects') < rename, 'objects/ after its shards');
  const database = first('sync tree.db');
  t.ok(database >= 0 && database < rename, 'the database file is fsynced before the manifest');
  const temporary = calls[rename]!.split(' ')[1]!;
  t.ok(first(`create ${temporary}`) < first(`sync ${temporary}`) && first(`sync ${temporary}`) < rename, 'the manifest is written beside and fsynced before its rename');
  t.ok(calls.lastIndexOf('sync .') > rename, 'the backup\'s folder is fsynced after the rename: the name is durable');
  t.ok(first('sync .') > first('sync objects') && first('sync .') < first(`create ${temporary}`), 'and before the manifest is begun, once every object was named');
  t.ok(first('sync the tree folder') >= 0 && first('sync the root') >= 0 && first('sync the root') < first(`copy ${copies[0]}`), 'the backup\'s folder itself is made durable first');
});
