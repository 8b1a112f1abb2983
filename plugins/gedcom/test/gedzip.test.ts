import t from 'tap';
import { createHash } from 'node:crypto';
import { writeGedzip } from '@rootline/gedcom';
import { finished, importServer, upload } from './helpers.js';

const GEDCOM = `0 HEAD
1 GEDC
2 VERS 7.0
0 @I1@ INDI
1 NAME Ann /Lee/
1 OBJE @O1@
0 @O1@ OBJE
1 FILE media/ann.jpg
2 FORM image/jpeg
0 @O2@ OBJE
1 FILE media/missing.png
2 FORM image/png
0 TRLR
`;

t.test('a GEDZIP: the GEDCOM inside is imported, a FILE the archive holds is resolved at once, another stays unresolved', async (t) => {
  const s = await importServer(t);
  const photo = Buffer.from('not really a jpeg, but bytes all the same');
  const archive = writeGedzip(Buffer.from(GEDCOM), new Map([['media/ann.jpg', photo]]));
  const reply = await upload(s, Buffer.from(archive), { query: { filename: 'ann.gdz' } });
  t.equal(reply.statusCode, 202);
  const job = await finished(s, reply.json().job_id);
  t.equal(job.state, 'succeeded');
  t.match(job.result.counts, { persons: 1, media: 2 });
  const tree = s.server.kernel.trees.active();
  const rows = tree.prepare('SELECT file_name, status, blob, media_type FROM media ORDER BY file_name').all();
  t.same(rows, [
    { file_name: 'ann.jpg', status: 'resolved', blob: createHash('sha256').update(photo).digest('hex'), media_type: 'image/jpeg' },
    { file_name: 'missing.png', status: 'unresolved', blob: null, media_type: 'image/png' },
  ]);
  const unresolved = (await s.request('GET', '/v1/media/unresolved')).json();
  t.same(unresolved.items.map((media: { file_name: string }) => media.file_name), ['missing.png']);
});
