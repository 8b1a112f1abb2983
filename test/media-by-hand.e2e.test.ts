import t from 'tap';
import { unzipSync } from 'fflate';
import { ensureBundle, ownServer } from './helpers/server-process.js';
import { checkedCalls } from './helpers/checked-calls.js';

/**
 * A photo added by hand, end to end over a real socket with the default build: the bytes
 * uploaded, a media object made of them, shown depicting a persona and attached to the citation
 * of the record it scans; then a GEDCOM export (a GEDZIP) carries it: the OBJE record, the
 * person's and the citation's pointers to it, and the photo's bytes in the archive.
 */
t.test('a photo added and linked by hand reaches the GEDZIP export, bytes and all', async (t) => {
  const server = await ownServer(t, ensureBundle());
  const { api } = server;
  const { call, post, finished } = checkedCalls(t, api);

  const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(4096, 7), Buffer.from([0xff, 0xd9])]);
  const blob = await call('/v1/blobs', { method: 'POST', body: photo, headers: { 'content-type': 'application/octet-stream' } });
  t.equal(blob.media_type, 'image/jpeg');

  const source = await post('/v1/sources', { title: 'Parish register of Tábor, marriages 1910-1914' });
  const citation = await post('/v1/citations', { source: source.id, elements: { page: 'folio 12' } });
  const persona = await post('/v1/personas', { given: 'Anna', surname: 'Nováková', sex: 'F' });
  await post('/v1/assertions/capture', { persona: persona.id, kind: 'marriage', date: '3 JUN 1912', place: 'Tábor', source: source.id, citation: citation.id });
  await post('/v1/persons', { personas: [persona.id] }, 201);

  const media = await post('/v1/media', { blob: blob.address, file_name: 'D:\\Fotky\\svatba-1912.jpg', title: 'Wedding of Anna and Josef' }, 201);
  t.match(media, { file_name: 'svatba-1912.jpg', status: 'resolved', media_type: 'image/jpeg' });
  t.same((await post(`/v1/media/${media.id}/depictions`, { persona: persona.id }, 201)).depicts, [persona.id]);
  t.same((await post(`/v1/media/${media.id}/attachments`, { target: citation.id }, 201)).attached_to, [citation.id]);
  t.same((await call(`/v1/media?attached_to=${citation.id}`)).map((item: { id: string }) => item.id), [media.id]);

  const queued = await post('/v1/gedcom/export', { version: '7.0', include_living: true, gedzip: true }, 202);
  const job = await finished(queued.job_id);
  t.equal(job.state, 'succeeded', JSON.stringify(job.error));
  const archive = Buffer.from(await (await api(`/v1/blobs/sha256:${job.result.blob}`)).arrayBuffer());
  const files = unzipSync(archive);
  const text = Buffer.from(files['gedcom.ged']).toString('utf8');
  const obje = /\n0 (@[^@]+@) OBJE\n1 FILE ([^\n]+)\n/.exec(text);
  t.ok(obje, 'an OBJE record');
  const [, xref, path] = obje!;
  t.match(path, /svatba-1912\.jpg$/, 'its FILE names the photo');
  t.match(text, /\n2 TITL Wedding of Anna and Josef\n/);
  t.match(text.split(/(?<=\n)(?=0 )/).find((record) => record.includes('Anna /Nováková/')), new RegExp(`\\n1 OBJE ${xref}\\n`), 'the person points at it');
  t.match(text, new RegExp(`\\n2 SOUR @[^@]+@\\n3 PAGE folio 12\\n(?:3 .*\\n|4 .*\\n)*3 OBJE ${xref}\\n`), "the marriage's citation points at it");
  t.same(Buffer.from(files[decodeURIComponent(path)]), photo, 'the bytes travel in the archive');
});
