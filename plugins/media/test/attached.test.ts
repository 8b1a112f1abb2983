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
