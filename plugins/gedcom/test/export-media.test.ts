/**
 * Media in the export: one OBJE record per media object in both versions, the bytes inside a
 * GEDZIP under `media/`, and the loss report saying which files did not travel.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { readGedzip, validateGedcom } from '@rootline/gedcom';
import { exported, exportServer, handMadeTree, services } from './export-fixture.js';
import { JPEG, mediaTree, OTHER_JPEG } from './export-media-fixture.js';

const objeSection = (text: string) => text.slice(text.indexOf('0 @M1@ OBJE'), text.lastIndexOf('0 TRLR'));

async function lossItems(s: Awaited<ReturnType<typeof exportServer>>, reportId: string) {
  return (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: reportId } })).json().items.filter((item: { path: string }) => item.path.startsWith('OBJE'));
}

t.test('7.0 .ged: one OBJE per media object, FILE the bare file name, FORM a media type; no bytes, and the report says so', async (t) => {
  const s = await exportServer(t);
  await mediaTree(s.server.kernel.trees.active(), services(s));
  const { job, text } = await exported(s, { version: '7.0' });
  t.equal(job.state, 'succeeded', JSON.stringify(job.error));
  t.equal(objeSection(text), [
    '0 @M1@ OBJE', '1 FILE ann.jpg', '2 FORM image/jpeg', '2 TITL Ann at the mill',
    '0 @M2@ OBJE', '1 FILE letter.pdf', '2 FORM application/pdf', '2 TITL Letter from Ledbury',
    '0 @M3@ OBJE', '1 FILE Ann.JPG', '2 FORM image/jpeg',
    '0 @M4@ OBJE', '1 FILE ann.jpg', '2 FORM image/jpeg', '2 TITL Ann at the mill (copy)',
    '0 @M5@ OBJE', '1 FILE census', '2 FORM application/octet-stream', '',
  ].join('\n'));
  t.notMatch(text, /Users|Pictures/, 'no folder of the user\'s machine');
  t.equal(job.result.counts.media, 5);
  t.same(await lossItems(s, job.result.report_id), [
    { tag: 'FILE', path: 'OBJE.FILE', count: 3, reason: 'bytes not written: a .ged file holds none (export with gedzip: true to include them)', examples: [] },
    { tag: 'FILE', path: 'OBJE.FILE', count: 2, reason: 'bytes not in the tree: the file name alone is written', examples: [] },
    { tag: 'FORM', path: 'OBJE.FILE.FORM', count: 1, reason: 'format unknown: written application/octet-stream', examples: [] },
  ]);
});

t.test('5.5.1 .ged: the same records with 5.5.1\'s format words (jpg), others as the extension (pdf), none when unknown', async (t) => {
  const s = await exportServer(t);
  await mediaTree(s.server.kernel.trees.active(), services(s));
  const { job, text } = await exported(s, { version: '5.5.1' });
  t.equal(job.state, 'succeeded', JSON.stringify(job.error));
  t.equal(objeSection(text), [
    '0 @M1@ OBJE', '1 FILE ann.jpg', '2 FORM jpg', '2 TITL Ann at the mill',
    '0 @M2@ OBJE', '1 FILE letter.pdf', '2 FORM pdf', '2 TITL Letter from Ledbury',
    '0 @M3@ OBJE', '1 FILE Ann.JPG', '2 FORM jpg',
    '0 @M4@ OBJE', '1 FILE ann.jpg', '2 FORM jpg', '2 TITL Ann at the mill (copy)',
    '0 @M5@ OBJE', '1 FILE census',
    '0 @U1@ SUBM', '1 NAME Rootline user', '',
  ].join('\n'));
  t.same(await lossItems(s, job.result.report_id), [
    { tag: 'FILE', path: 'OBJE.FILE', count: 3, reason: 'bytes not written: a .ged file holds none (export with gedzip: true to include them)', examples: [] },
    { tag: 'FILE', path: 'OBJE.FILE', count: 2, reason: 'bytes not in the tree: the file name alone is written', examples: [] },
    { tag: 'FORM', path: 'OBJE.FILE.FORM', count: 1, reason: 'format outside 5.5.1\'s list (bmp gif jpg ole pcx tif wav): written as its file extension or subtype', examples: [] },
    { tag: 'FORM', path: 'OBJE.FILE.FORM', count: 1, reason: 'format unknown: no FORM written', examples: [] },
  ]);
});

t.test('GEDZIP: each file once under media/, a second file of the same name in media/2/, FILE pointing at it; the unresolved by name', async (t) => {
  const s = await exportServer(t);
  await mediaTree(s.server.kernel.trees.active(), services(s));
  const { job, bytes } = await exported(s, { version: '7.0', gedzip: true });
  t.equal(job.state, 'succeeded', JSON.stringify(job.error));
  const { gedcom, files } = readGedzip(bytes);
  t.same([...files.keys()], ['media/ann.jpg', 'media/2/Ann.JPG']);
  t.same(Buffer.from(files.get('media/ann.jpg')!), JPEG);
  t.same(Buffer.from(files.get('media/2/Ann.JPG')!), OTHER_JPEG);
  t.equal(objeSection(Buffer.from(gedcom).toString('utf8')), [
    '0 @M1@ OBJE', '1 FILE media/ann.jpg', '2 FORM image/jpeg', '2 TITL Ann at the mill',
    '0 @M2@ OBJE', '1 FILE letter.pdf', '2 FORM application/pdf', '2 TITL Letter from Ledbury',
    '0 @M3@ OBJE', '1 FILE media/2/Ann.JPG', '2 FORM image/jpeg',
    '0 @M4@ OBJE', '1 FILE media/ann.jpg', '2 FORM image/jpeg', '2 TITL Ann at the mill (copy)',
    '0 @M5@ OBJE', '1 FILE census', '2 FORM application/octet-stream', '',
  ].join('\n'));
  t.match(job.result.counts, { media: 5, media_files: 2 });
  t.same((await lossItems(s, job.result.report_id)).map((item: { path: string; count: number; reason: string }) => `${item.path} ${item.count} ${item.reason}`), [
    'OBJE.FILE 2 bytes not in the tree: the file name alone is written',
    'OBJE.FILE.FORM 1 format unknown: written application/octet-stream',
  ]);
});

const gramps = (() => {
  try {
    execFileSync('gramps', ['--version'], { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
})();

t.test('with media, both versions (and a GEDZIP\'s gedcom.ged) validate with no errors, and Gramps imports them', async (t) => {
  const s = await exportServer(t);
  handMadeTree(services(s));
  await mediaTree(s.server.kernel.trees.active(), services(s));
  for (const [version, gedzip] of [['7.0', false], ['5.5.1', false], ['7.0', true]] as const) {
    const { job, bytes } = await exported(s, { version, gedzip });
    t.equal(job.state, 'succeeded', JSON.stringify(job.error));
    const ged = gedzip ? Buffer.from(readGedzip(bytes).gedcom) : bytes;
    const report = await validateGedcom(ged);
    t.same(report.errors, [], `${version}${gedzip ? ' GEDZIP' : ''}: no errors`);
    t.equal(report.counts.media, 5);
    if (!gramps) continue;
    const home = mkdtempSync(join(tmpdir(), 'rootline-gramps-'));
    t.teardown(() => rmSync(home, { recursive: true, force: true }));
    writeFileSync(join(home, 'export.ged'), ged);
    execFileSync('gramps', ['-y', '-q', '-C', 't', '-i', join(home, 'export.ged')], { env: { ...process.env, GRAMPSHOME: home }, stdio: 'ignore', timeout: 120_000 });
    t.pass(`Gramps imported the ${version}${gedzip ? ' GEDZIP\'s' : ''} file`);
  }
  if (!gramps) t.comment('gramps is not installed here: the Gramps check was skipped');
});
