import t from 'tap';
import { mediaServer } from './fixtures/media-server.js';
import { UNRESOLVED_COLUMNS } from '../src/service.js';

/**
 * The unresolved list reads media_unresolved_rows alone (migration 003): the plan never goes to
 * the table, and the rows are those reading the table gives, with or without a title or type.
 */
t.test('the unresolved list is one pass over its own index, with the same rows as the table', async (t) => {
  const { pinnedId, tree, media, blob } = await mediaServer(t);
  const address = await blob(pinnedId, 'bytes');
  media(pinnedId).create({ title: 'Wedding', file_path_as_written: 'wedding.jpg', media_type: 'image/jpeg' });
  media(pinnedId).create({ file_path_as_written: 'untitled.png' });
  media(pinnedId).create({ file_path_as_written: 'resolved.png', blob: address });
  const later = media(pinnedId).create({ title: 'Later', file_path_as_written: 'later.pdf' });
  media(pinnedId).resolve(later.id, address);
  const db = tree(pinnedId);
  const sql = `SELECT ${UNRESOLVED_COLUMNS} FROM media WHERE status = 'unresolved' ORDER BY id`;
  const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail);
  t.same(plan, ['SCAN media USING COVERING INDEX media_unresolved_rows'], 'no lookup in the table, no sort');
  const fromTable = db.prepare("SELECT id, title, file_name, media_type, status, blob, created_at_ms, resolved_at_ms FROM media NOT INDEXED WHERE status = 'unresolved' ORDER BY id").all();
  t.same(db.prepare(sql).all(), fromTable);
  t.equal(fromTable.length, 2, 'the two still waiting, not the resolved ones');
  t.same(media(pinnedId).unresolved().items.map((item) => item.file_name), ['wedding.jpg', 'untitled.png']);
});
