import t from 'tap';
import { mediaServer } from './fixtures/media-server.js';

const UNKNOWN = '01938f0e-0000-7000-8000-000000000000';

t.test('an import\'s media: unresolved with only the file name, or resolved at once with a blob', async (t) => {
  const { s, pinnedId, media, blob, rows } = await mediaServer(t);
  const address = await blob(pinnedId, 'scan bytes');
  const waiting = media(pinnedId).create({ title: 'Wedding', file_path_as_written: 'C:\\Users\\ann\\Pictures\\wedding.jpg', media_type: 'image/jpeg' });
  t.match(waiting, { title: 'Wedding', file_name: 'wedding.jpg', media_type: 'image/jpeg', status: 'unresolved' });
  t.notOk('blob' in waiting || 'resolved_at_ms' in waiting);
  const ready = media(pinnedId).create({ file_path_as_written: '/home/ann/scan.png', blob: address.toUpperCase() });
  t.match(ready, { file_name: 'scan.png', status: 'resolved', blob: address });
  t.equal(ready.resolved_at_ms, ready.created_at_ms);
  t.notOk('title' in ready || 'media_type' in ready);
  t.notMatch(JSON.stringify(rows(pinnedId)), /Users|home|ann\\/, 'no folder is stored anywhere in the row');
  const records = s.records({ treeId: pinnedId, kind: 'media' });
  t.same(records.map((r) => [r.kind, r.entity_type, r.entity_id, r.payload]).reverse(), [
    ['media.created.v1', 'media', waiting.id, { file_name: 'wedding.jpg', status: 'unresolved' }],
    ['media.created.v1', 'media', ready.id, { file_name: 'scan.png', status: 'resolved' }],
  ]);
  t.ok(media(pinnedId).exists(ready.id));
  t.notOk(media(pinnedId).exists(UNKNOWN));
  t.same(media(pinnedId).get(ready.id), ready);
  t.equal(media(pinnedId).get(UNKNOWN), undefined);
});

t.test('a blob that is not in the tree\'s store is refused and nothing is written', async (t) => {
  const { s, pinnedId, activeId, media, blob, rows } = await mediaServer(t);
  const elsewhere = await blob(activeId, 'in the other tree');
  t.throws(() => media(pinnedId).create({ file_path_as_written: 'x.jpg', blob: elsewhere }), { status: 404, code: 'not-found' });
  t.same(rows(pinnedId), []);
  t.equal(s.records({ treeId: pinnedId }).length, 0);
});

t.test('the unresolved list: every waiting object, oldest first, in one response, per tree', async (t) => {
  const { s, pinnedId, activeId, media, blob } = await mediaServer(t);
  const address = await blob(pinnedId, 'x');
  const a = media(pinnedId).create({ file_path_as_written: 'a.jpg' });
  media(pinnedId).create({ file_path_as_written: 'b.jpg', blob: address });
  const c = media(pinnedId).create({ file_path_as_written: 'c.jpg' });
  media(activeId).create({ file_path_as_written: 'active.jpg' });
  const list = await s.request('GET', `/v1/trees/${pinnedId}/media/unresolved`);
  t.equal(list.statusCode, 200);
  t.same(list.json(), { items: [a, c], total: 2 });
  t.same((await s.request('GET', '/v1/media/unresolved')).json().items.map((m: { file_name: string }) => m.file_name), ['active.jpg'], 'the active mount reads the active tree');
  t.same((await s.request('GET', `/v1/trees/${pinnedId}/media/${a.id}`)).json(), { ...a, depicts: [], attached_to: [] });
  const missing = await s.request('GET', `/v1/media/${a.id}`);
  t.equal(missing.statusCode, 404, 'not in the active tree');
  t.match(missing.json(), { code: 'not-found', entity: 'media' });
  t.equal((await s.request('GET', '/v1/media/unresolved', { query: { folder: 'C:\\' } })).json().code, 'unknown-query-parameter', 'no folder is accepted');
});

t.test('resolve: unresolved -> resolved; same blob -> already_resolved (no-op); another blob -> resolved (a correction)', async (t) => {
  const { s, pinnedId, media, blob, rows } = await mediaServer(t);
  const first = await blob(pinnedId, 'first');
  const second = await blob(pinnedId, 'second');
  const object = media(pinnedId).create({ file_path_as_written: 'a.jpg' });
  const path = `/v1/trees/${pinnedId}/media/${object.id}/resolve`;
  const resolved = await s.request('POST', path, { body: { blob: first } });
  t.equal(resolved.statusCode, 200);
  t.same(resolved.json(), { media_id: object.id, status: 'resolved', blob: first });
  t.match(media(pinnedId).get(object.id), { status: 'resolved', blob: first, resolved_at_ms: Number });
  t.same(s.records({ treeId: pinnedId, kind: 'media.resolved' }).map((r) => r.payload), [{ blob: first, previous_blob: null }]);

  const before = rows(pinnedId);
  const again = await s.request('POST', path, { body: { blob: first.toUpperCase() } });
  t.same(again.json(), { media_id: object.id, status: 'already_resolved', blob: first });
  t.same(rows(pinnedId), before, 'nothing changed');
  t.equal(s.records({ treeId: pinnedId, kind: 'media.resolved' }).length, 1, 'no record for a no-op');

  const corrected = await s.request('POST', path, { body: { blob: second }, token: s.agentToken });
  t.same(corrected.json(), { media_id: object.id, status: 'resolved', blob: second }, 'an agent may resolve');
  t.equal(media(pinnedId).get(object.id)!.blob, second);
  const [correction] = s.records({ treeId: pinnedId, kind: 'media.resolved' });
  t.same(correction.payload, { blob: second, previous_blob: first });
  t.equal(correction.actor.kind, 'agent');
});

t.test('resolve refusals write nothing', async (t) => {
  const { s, pinnedId, activeId, media, blob, rows } = await mediaServer(t);
  const object = media(pinnedId).create({ file_path_as_written: 'a.jpg' });
  const foreign = await blob(activeId, 'only in the active tree');
  const unknownBlob = 'ab'.repeat(32);
  const before = rows(pinnedId);
  const recordsBefore = s.records({ treeId: pinnedId }).length;
  const cases: [string, unknown, number, string][] = [
    [`/v1/trees/${pinnedId}/media/${object.id}/resolve`, { blob: unknownBlob }, 404, 'not-found'],
    [`/v1/trees/${pinnedId}/media/${object.id}/resolve`, { blob: foreign }, 404, 'not-found'],
    [`/v1/trees/${pinnedId}/media/${UNKNOWN}/resolve`, { blob: foreign }, 404, 'not-found'],
    [`/v1/media/${object.id}/resolve`, { blob: foreign }, 404, 'not-found'],
    [`/v1/trees/${pinnedId}/media/${object.id}/resolve`, { blob: `sha256:${unknownBlob}` }, 400, 'validation-failed'],
    [`/v1/trees/${pinnedId}/media/${object.id}/resolve`, { blob: 'ab'.repeat(31) }, 400, 'validation-failed'],
    [`/v1/trees/${pinnedId}/media/${object.id}/resolve`, { blob: unknownBlob, path: 'C:\\x.jpg' }, 400, 'validation-failed'],
    [`/v1/trees/${pinnedId}/media/${object.id}/resolve`, {}, 400, 'validation-failed'],
    [`/v1/trees/${pinnedId}/media/not-a-uuid/resolve`, { blob: unknownBlob }, 400, 'validation-failed'],
  ];
  for (const [path, body, status, code] of cases) {
    const reply = await s.request('POST', path, { body });
    t.equal(reply.statusCode, status, `${path} ${JSON.stringify(body)}`);
    t.equal(reply.json().code, code);
  }
  const unknownMedia = await s.request('POST', `/v1/trees/${pinnedId}/media/${UNKNOWN}/resolve`, { body: { blob: unknownBlob } });
  t.equal(unknownMedia.json().entity, 'media', 'unknown media is named before the blob');
  t.equal((await s.request('POST', `/v1/trees/${pinnedId}/media/${object.id}/resolve`, { body: { blob: unknownBlob } })).json().entity, 'blob');
  t.same(rows(pinnedId), before);
  t.same(rows(activeId), []);
  t.equal(s.records({ treeId: pinnedId }).length, recordsBefore);
});

t.test('remove takes media out of every view, one record each, skipping what is not there', async (t) => {
  const { s, pinnedId, media, rows } = await mediaServer(t);
  const a = media(pinnedId).create({ file_path_as_written: 'a.jpg' });
  const b = media(pinnedId).create({ file_path_as_written: 'b.jpg' });
  t.equal(media(pinnedId).remove([a.id, UNKNOWN, a.id]), 1);
  t.same(rows(pinnedId).map((r) => (r as { id: string }).id), [b.id]);
  t.same((await s.request('GET', `/v1/trees/${pinnedId}/media/unresolved`)).json(), { items: [b], total: 1 });
  t.equal((await s.request('GET', `/v1/trees/${pinnedId}/media/${a.id}`)).statusCode, 404);
  t.same(s.records({ treeId: pinnedId, kind: 'media.removed' }).map((r) => [r.entity_type, r.entity_id, r.payload]), [['media', a.id, {}]]);
  t.equal(media(pinnedId).remove([]), 0);
});

t.test('forExport walks every media object oldest first, across read batches', async (t) => {
  const { pinnedId, tree, media } = await mediaServer(t);
  const db = tree(pinnedId);
  const ids: string[] = [];
  db.transact(() => {
    for (let i = 0; i < 1001; i++) {
      const id = `01938f0e-0000-7000-8000-${String(i).padStart(12, '0')}`;
      ids.push(id);
      db.prepare(`INSERT INTO media (id, file_name, status, created_at_ms, actor_kind) VALUES (?, ?, 'unresolved', 1, 'human')`).run(id, `${i}.jpg`);
    }
  });
  const walked = [...media(pinnedId).forExport()].map((m) => m.id);
  t.equal(walked.length, 1001);
  t.same(walked, ids);
  t.same(media(pinnedId).forExport().next().value, { id: ids[0], file_name: '0.jpg', status: 'unresolved', created_at_ms: 1 });
});

t.test('whom a media object depicts: once per persona, kept with the object and gone with it', async (t) => {
  const { s, pinnedId, activeId, media } = await mediaServer(t);
  const photo = media(pinnedId).create({ file_path_as_written: 'family.jpg' });
  const other = media(pinnedId).create({ file_path_as_written: 'house.jpg' });
  const [ann, tom] = ['01938f0e-0000-7000-8000-0000000000a1', '01938f0e-0000-7000-8000-0000000000a2'];
  t.equal(media(pinnedId).depicts(photo.id, tom), true);
  t.equal(media(pinnedId).depicts(photo.id, ann), true);
  t.equal(media(pinnedId).depicts(photo.id, ann), false, 'again: nothing new');
  t.same([...media(pinnedId).depicted([photo.id, other.id, UNKNOWN])], [[photo.id, [ann, tom]]], 'by persona id; an object that depicts no one is left out');
  t.same([...media(activeId).depicted([photo.id])], [], 'per tree');
  t.same([...media(pinnedId).depicting([tom, ann, UNKNOWN])], [[ann, [photo.id]], [tom, [photo.id]]], 'the other way round: by persona');
  media(pinnedId).depicts(other.id, ann);
  t.same(media(pinnedId).depicting([ann]).get(ann), [photo.id, other.id].sort());
  t.throws(() => media(pinnedId).depicts(UNKNOWN, ann), { status: 404, code: 'not-found' });
  t.same(s.records({ treeId: pinnedId, kind: 'media.depicts' }).map((r) => [r.entity_id, r.payload]).reverse(), [[photo.id, { persona: tom }], [photo.id, { persona: ann }], [other.id, { persona: ann }]], 'one record per new pair');
  media(pinnedId).remove([photo.id]);
  t.same([...media(pinnedId).depicted([photo.id])], [], 'removed with the media object');
});

t.test('a media id that is not a UUID is a 400; the API description lists what each media route answers', async (t) => {
  const { s, pinnedId } = await mediaServer(t);
  for (const [method, path] of [['GET', `/v1/trees/${pinnedId}/media/42`], ['POST', '/v1/media/not-an-id/resolve']] as const) {
    const reply = await s.request(method, path, method === 'POST' ? { body: { blob: 'a'.repeat(64) } } : {});
    t.equal(reply.statusCode, 400, path);
    t.equal(reply.json().code, 'validation-failed', path);
  }
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const one = doc.paths['/v1/media/{id}'].get;
  t.same(Object.keys(one.responses).sort(), ['200', '400', '401', '403', '404', '421', '500'], 'every route a token reaches may answer 403 (cross-origin), kernel 0.2.27');
  t.same(one.responses['200'].content['application/json'].schema.required, ['id', 'file_name', 'status', 'created_at_ms', 'depicts', 'attached_to'], 'the media object, with its links');
  // Every link route answers with the media object and its links: a client generated from the document knows the shape.
  t.same(doc.paths['/v1/media'].post.responses['201'].content['application/json'].schema.required, ['id', 'file_name', 'status', 'created_at_ms'], 'a new media object (no links yet)');
  const linkRoutes: [string, string, string[]][] = [
    ['/v1/media/{id}/depictions', 'post', ['200', '201']],
    ['/v1/media/{id}/depictions/{persona}', 'delete', ['200']],
    ['/v1/media/{id}/attachments', 'post', ['200', '201']],
    ['/v1/media/{id}/attachments/{target}', 'delete', ['200']],
  ];
  for (const [path, method, statuses] of linkRoutes) {
    for (const status of statuses) {
      t.same(doc.paths[path][method].responses[status]?.content?.['application/json']?.schema?.required, ['id', 'file_name', 'status', 'created_at_ms', 'depicts', 'attached_to'], `${method.toUpperCase()} ${path} ${status}: the media object, with its links`);
    }
  }
});
