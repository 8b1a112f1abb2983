/**
 * real/pres2020.ged (Family Tree Maker): 370 citations carry the scan of the record page as an
 * OBJE, all of which were reported lost. Kept on their citations, written back by both exports
 * where the file had them, and taken away by undo.
 */
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { imported, rowCounts } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';
import { attachmentsOf, linksIn } from './media-links.js';

const pres2020 = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/real/pres2020.ged');

t.test('pres2020.ged: every citation\'s scan is kept, written back where it was by 7.0 and 5.5.1, comes back, and goes with undo', { skip: existsSync(pres2020) ? false : `${pres2020} not found` }, async (t) => {
  const file = readFileSync(pres2020);
  const s = await exportServer(t);
  const first = await imported(t, file, s);
  t.notOk(first.items.some((item) => item.path.endsWith('.OBJE') && !item.kept && !/points to no media record/.test(item.reason)), 'no media link reported lost');
  const attached = attachmentsOf(first.tree, first.cradle);
  t.equal(attached.length, 69, 'one attachment per citation and scan (a citation FTM writes again and again is one)');
  t.ok(attached.every((line) => / -> citation of /.test(line)), 'each to a citation');
  const links = linksIn(file);
  t.equal(links.filter((link) => link.includes('.SOUR.OBJE')).length, 370);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { job, text, bytes } = await exported(s, { version, include_living: true });
    t.equal(job.state, 'succeeded', JSON.stringify(job.error));
    t.same(linksIn(text), links, `${version}: every OBJE link where the file had it`);
    const back = await importedBack(t, s, version, bytes, 'pres2020');
    t.same(attachmentsOf(s.server.kernel.trees.get(back.id)!, back.cradle), attached, `${version}: the same scans on the same citations`);
  }
  const undone = await s.request('POST', `/v1/imports/${first.job.result.import_key}/undo`, { body: {} });
  t.equal(undone.statusCode, 200, undone.body);
  t.equal(rowCounts(first.tree).media_attached, 0, 'undo leaves no attachment');
});
