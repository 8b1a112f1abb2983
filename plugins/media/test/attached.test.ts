import t from 'tap';
import { mediaServer } from './fixtures/media-server.js';

const UNKNOWN = '01938f0e-0000-7000-8000-000000000000';
const [citation, source] = ['01938f0e-0000-7000-8000-0000000000c1', '01938f0e-0000-7000-8000-0000000000c2'];

t.test('what a media object is attached to: once per target, read set-wise by target, gone with the object', async (t) => {
  const { s, pinnedId, activeId, media, tree } = await mediaServer(t);
  const scan = media(pinnedId).create({ file_path_as_written: 'census-page.jpg' });
  const other = media(pinnedId).create({ file_path_as_written: 'register.jpg' });
  t.equal(media(pinnedId).attach(scan.id, source), true);
  t.equal(media(pinnedId).attach(scan.id, citation), true);
  t.equal(media(pinnedId).attach(scan.id, citation), false, 'again: nothing new');
  t.equal(media(pinnedId).attach(other.id, citation), true);
  t.same([...media(pinnedId).attachedTo([source, citation, UNKNOWN])], [[citation, [scan.id, other.id].sort()], [source, [scan.id]]], 'by target, each list by media id; a target with none is left out');
  t.same([...media(pinnedId).attachedTo([])], []);
  t.same([...media(activeId).attachedTo([citation])], [], 'per tree');
  t.same([...media(pinnedId).depicting([citation])], [], 'an attachment is not a depiction');
  t.throws(() => media(pinnedId).attach(UNKNOWN, citation), { status: 404, code: 'not-found', extras: { entity: 'media' } });
  const records = s.records({ treeId: pinnedId, kind: 'media.attached' });
  t.same(records.map((r) => [r.kind, r.entity_type, r.entity_id, r.payload]).reverse(), [
    ['media.attached.v1', 'media', scan.id, { target: source }],
    ['media.attached.v1', 'media', scan.id, { target: citation }],
    ['media.attached.v1', 'media', other.id, { target: citation }],
  ], 'one record per new pair');
  const row = tree(pinnedId).prepare('SELECT * FROM media_attached WHERE media = ? AND target = ?').get(scan.id, source) as Record<string, unknown>;
  t.match(row, { linked_at_ms: Number, actor_kind: 'human', credential_id: null, proposer: null }, 'who linked it and when');
  media(pinnedId).remove([scan.id]);
  t.same([...media(pinnedId).attachedTo([source, citation])], [[citation, [other.id]]], 'removed with the media object');
});

t.test('detach takes one media object off one target, recorded; nothing to take is a no-op', async (t) => {
  const { s, pinnedId, media } = await mediaServer(t);
  const scan = media(pinnedId).create({ file_path_as_written: 'scan.jpg' });
  media(pinnedId).attach(scan.id, citation);
  media(pinnedId).attach(scan.id, source);
  t.equal(media(pinnedId).detach(scan.id, citation), true);
  t.equal(media(pinnedId).detach(scan.id, citation), false, 'not attached there any more');
  t.equal(media(pinnedId).detach(UNKNOWN, citation), false, 'an unknown media object: nothing to take');
  t.same([...media(pinnedId).attachedTo([citation, source])], [[source, [scan.id]]], 'the other target keeps it');
  t.same(s.records({ treeId: pinnedId, kind: 'media.detached' }).map((r) => [r.kind, r.entity_type, r.entity_id, r.payload]), [['media.detached.v1', 'media', scan.id, { target: citation }]], 'one record, for what was taken');
});

t.test('the routes show whom a media object depicts and what it is attached to, and what is attached to a target', async (t) => {
  const { s, pinnedId, media } = await mediaServer(t);
  const persona = '01938f0e-0000-7000-8000-0000000000d1';
  const scan = media(pinnedId).create({ file_path_as_written: 'C:\\scans\\census-page.jpg', title: 'Census 1881, page 4' });
  const register = media(pinnedId).create({ file_path_as_written: 'register.jpg' });
  media(pinnedId).attach(register.id, citation);
  media(pinnedId).attach(scan.id, source);
  media(pinnedId).attach(scan.id, citation);
  media(pinnedId).depicts(scan.id, persona);
  const path = `/v1/trees/${pinnedId}/media`;
  const one = await s.request('GET', `${path}/${scan.id}`);
  t.equal(one.statusCode, 200);
  const detail = one.json();
  t.same({ ...detail, attached_to: [...detail.attached_to].sort() }, { ...scan, depicts: [persona], attached_to: [citation, source] }, 'the object, then its links');
  t.same((await s.request('GET', `${path}/${register.id}`)).json(), { ...register, depicts: [], attached_to: [citation] });
  const attached = await s.request('GET', path, { query: { attached_to: citation } });
  t.equal(attached.statusCode, 200);
  t.same(attached.json().sort((a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)), [register, scan].sort((a, b) => a.id.localeCompare(b.id)), 'the citation\'s media objects');
  t.notOk(attached.body.includes('scans'), 'no folder of the file\'s path');
  t.same((await s.request('GET', path, { query: { attached_to: UNKNOWN } })).json(), [], 'nothing attached there: an empty array');
  t.same((await s.request('GET', '/v1/media', { query: { attached_to: citation } })).json(), [], 'the active mount reads the active tree');
  for (const query of [{}, { attached_to: 'not-an-id' }] as Record<string, string>[]) {
    const refused = await s.request('GET', path, { query });
    t.equal(refused.statusCode, 400, JSON.stringify(query));
    t.equal(refused.json().code, 'validation-failed');
  }
  media(pinnedId).remove([register.id]);
  t.same((await s.request('GET', path, { query: { attached_to: citation } })).json(), [scan], 'a removed media object is gone from the list');
  t.equal((await s.request('GET', `${path}/${register.id}`)).json().code, 'not-found');
});

t.test('undepict takes one depiction off, recorded; nothing to take is a no-op', async (t) => {
  const { s, pinnedId, media } = await mediaServer(t);
  const [ann, tom] = ['01938f0e-0000-7000-8000-0000000000d1', '01938f0e-0000-7000-8000-0000000000d2'];
  const photo = media(pinnedId).create({ file_path_as_written: 'wedding.jpg' });
  media(pinnedId).depicts(photo.id, ann);
  media(pinnedId).depicts(photo.id, tom);
  media(pinnedId).attach(photo.id, citation);
  t.equal(media(pinnedId).undepict(photo.id, ann), true);
  t.equal(media(pinnedId).undepict(photo.id, ann), false, 'no longer depicted');
  t.equal(media(pinnedId).undepict(UNKNOWN, ann), false, 'an unknown media object: nothing to take');
  t.same([...media(pinnedId).depicted([photo.id])], [[photo.id, [tom]]], 'the other persona stays depicted');
  t.same([...media(pinnedId).attachedTo([citation])], [[citation, [photo.id]]], 'an attachment is not a depiction: it stays');
  t.same(s.records({ treeId: pinnedId, kind: 'media.depiction_removed' }).map((r) => [r.kind, r.entity_type, r.entity_id, r.payload]), [['media.depiction_removed.v1', 'media', photo.id, { persona: ann }]], 'one record, for what was taken');
});
