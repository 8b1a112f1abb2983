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

t.test('the route sends the list as SQLite wrote it: the same bytes as the objects serialized', async (t) => {
  const { s, pinnedId, media, blob } = await mediaServer(t);
  const path = `/v1/trees/${pinnedId}/media/unresolved`;
  const empty = await s.request('GET', path);
  t.equal(empty.body, '{"items":[],"total":0}');
  t.equal(empty.headers['content-type'], 'application/json; charset=utf-8');
  const address = await blob(pinnedId, 'bytes');
  for (const title of ['Quote " and \\ backslash', 'Tab\tnew\nline\r\b\f\u0001\u001f\u007f', 'Zoë 漢字 😀 \u2028', '']) {
    media(pinnedId).create({ title, file_path_as_written: `${title || 'empty'}.jpg`, media_type: 'image/jpeg' });
  }
  media(pinnedId).create({ file_path_as_written: 'no title or type.png' });
  media(pinnedId).create({ file_path_as_written: 'resolved.png', blob: address });
  const reply = await s.request('GET', path);
  const objects = media(pinnedId).unresolved();
  t.equal(objects.total, 5);
  // Each object as the schema's serializer writes it (MediaDto, as `GET /media?attached_to=` lists it: each attached here to its own id): the list is those, in order.
  const one = async (id: string) => {
    media(pinnedId).attach(id, id);
    const body = (await s.request('GET', `/v1/trees/${pinnedId}/media`, { query: { attached_to: id } })).body;
    return body.slice(1, -1);
  };
  t.equal(reply.body, `{"items":[${(await Promise.all(objects.items.map((item) => one(item.id)))).join(',')}],"total":5}`);
  t.same(reply.json(), objects);
});
