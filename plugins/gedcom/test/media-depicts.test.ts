/**
 * Whom a photo depicts: an INDI's OBJE links are kept (the media object depicts the
 * individual's persona), an export points each INDI at its media objects again, and a media
 * object depicting a living person is withheld with that person unless the export asks for the
 * living.
 */
import t from 'tap';
import { validateGedcom } from '@rootline/gedcom';
import type { ServiceCradle } from '@rootline/kernel';
import type { TestServer } from '@rootline/kernel/testing';
import { exported, exportServer } from './export-fixture.js';
import { importedBack, importInto, newTree } from './round-trip-summary.js';

/** Ann died in 1920; Tom was born in 1990 (living). O3 shows both; O4 nobody; the family (Tom alone: no spouse edge) cannot keep its link. */
const FAMILY = `0 HEAD
1 GEDC
2 VERS 7.0
0 @I1@ INDI
1 NAME Ann /Lee/
1 BIRT
2 DATE 1850
1 DEAT
2 DATE 1920
1 OBJE @O1@
1 OBJE @O3@
0 @I2@ INDI
1 NAME Tom /Lee/
1 BIRT
2 DATE 1990
1 OBJE @O2@
1 OBJE @O3@
1 OBJE @O9@
0 @F1@ FAM
1 HUSB @I2@
1 OBJE @O4@
0 @O1@ OBJE
1 FILE ann.jpg
2 FORM image/jpeg
0 @O2@ OBJE
1 FILE tom.jpg
2 FORM image/jpeg
0 @O3@ OBJE
1 FILE both.jpg
2 FORM image/jpeg
0 @O4@ OBJE
1 FILE house.jpg
2 FORM image/jpeg
0 TRLR
`;

/** file name -> the given names of the persons it depicts, sorted. */
function depictions(cradle: ServiceCradle): Record<string, string[]> {
  const media = [...cradle.mediaService.forExport()];
  const depicted = cradle.mediaService.depicted(media.map((item) => item.id));
  const nameOf = (persona: string) => cradle.personasService.get(persona)?.name.given ?? '?';
  return Object.fromEntries(media.map((item) => [item.file_name, (depicted.get(item.id) ?? []).map(nameOf).sort()]));
}

async function lossesOf(s: TestServer, prefix: string, reportId: string, path: string) {
  const items = (await s.request('GET', `${prefix}/gedcom/loss-reports`, { query: { report_id: reportId } })).json().items as { path: string; count: number; reason: string }[];
  return items.filter((item) => item.path === path).map((item) => `${item.count} ${item.reason}`);
}

/** The lines of one record, from its level-0 line to the next. */
function recordOf(text: string, start: string): string[] {
  const lines = text.split('\n');
  const at = lines.indexOf(start);
  if (at < 0) return [];
  const end = lines.findIndex((line, index) => index > at && line.startsWith('0 '));
  return lines.slice(at, end);
}

/** xref of the OBJE record whose FILE is `file`. */
function objeOf(text: string, file: string): string | undefined {
  const lines = text.split('\n');
  const at = lines.indexOf(`1 FILE ${file}`);
  return at > 0 ? /^0 @(\w+)@ OBJE$/.exec(lines[at - 1])?.[1] : undefined;
}

t.test('an INDI\'s OBJE links are kept, written back, and a living person\'s photos are withheld with the person', async (t) => {
  const s = await exportServer(t);
  const first = await newTree(s, 'The Lees');
  const prefix = `/v1/trees/${first.id}`;
  const run = await importInto(s, first.id, Buffer.from(FAMILY), 'lees.ged');
  t.equal(run.state, 'succeeded', JSON.stringify(run.error));
  t.same(depictions(first.cradle), { 'ann.jpg': ['Ann'], 'tom.jpg': ['Tom'], 'both.jpg': ['Ann', 'Tom'], 'house.jpg': [] }, 'each INDI\'s photos depict its persona');
  t.same(await lossesOf(s, prefix, run.result.report_id, 'INDI.OBJE'), ['1 points to no media record (@O9@)']);
  t.same(await lossesOf(s, prefix, run.result.report_id, 'FAM.OBJE'), ['1 family with no spouse edge to hold its media: link to its media object not kept (the media object is imported)'], 'a family of one partner has no spouse edge to keep its photo on');

  const withheld = await exported(s, { version: '7.0' }, { prefix });
  t.equal(withheld.job.state, 'succeeded', JSON.stringify(withheld.job.error));
  const text = withheld.text;
  t.notMatch(text, /tom\.jpg|both\.jpg|Tom/, 'nothing of Tom: not his record, not his photo, not the photo he shares with Ann');
  const ann = objeOf(text, 'ann.jpg');
  t.ok(ann && objeOf(text, 'house.jpg'), 'Ann\'s photo and the house are written');
  const annRecord = recordOf(text, text.split('\n').find((line) => /^0 @\w+@ INDI$/.test(line))!);
  t.same(annRecord.filter((line) => line.startsWith('1 OBJE')), [`1 OBJE @${ann}@`], 'Ann\'s INDI points at her own photo only');
  t.same(await lossesOf(s, prefix, withheld.job.result.report_id, 'OBJE'), ['2 media object depicting a withheld person withheld']);
  t.same((await validateGedcom(Buffer.from(text))).errors, [], 'valid 7.0: every pointer has its record');
  t.equal(withheld.job.result.counts.media, 2);

  const everyone = await exported(s, { version: '5.5.1', include_living: true }, { prefix });
  t.equal(everyone.job.state, 'succeeded', JSON.stringify(everyone.job.error));
  t.equal(everyone.job.result.counts.media, 4, 'with the living: every media object');
  const back = await importedBack(t, s, '5.5.1', Buffer.from(everyone.text), 'lees-back');
  t.same(depictions(back.cradle), depictions(first.cradle), 'a round trip keeps whom each photo depicts');
});
