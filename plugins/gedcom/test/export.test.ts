import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { exported, exportServer, handMadeTree, services } from './export-fixture.js';

const golden = (name: string) => readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'export', name), 'utf8');

t.test('7.0: the hand-made tree, line by line; Emma (living) withheld and her father\'s family kept without her', async (t) => {
  const s = await exportServer(t);
  handMadeTree(services(s));
  const { job, text } = await exported(s, { version: '7.0' });
  t.equal(job.state, 'succeeded', JSON.stringify(job.error));
  t.equal(text, golden('smiths-7.0.ged').replace('{VERSION}', s.server.kernel.settings.appVersion));
  t.same(job.result.counts, { individuals: 3, families: 2, sources: 1, facts: 7, notes: 1, events: 1, withheld: 1 });
  t.match(job.result, { version: '7.0', gedzip: false, size_bytes: Buffer.byteLength(text), blob: /^[0-9a-f]{64}$/ });
  const report = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json();
  t.match(report, { direction: 'export', subject: job.job_id });
  t.same(report.items, [
    { tag: 'FAM', path: 'FAM', count: 1, reason: 'withheld person left out of a family', examples: [] },
    { tag: 'INDI', path: 'INDI', count: 1, reason: 'living person withheld', examples: [] },
  ]);
});

t.test('an export counts as bulk work between its batches: background work on the tree (the duplicates index catching up) waits for it', async (t) => {
  const s = await exportServer(t);
  handMadeTree(services(s));
  const tree = s.server.kernel.trees.active();
  t.equal(tree.inBulkWork, false, 'not before');
  let batches = 0;
  const bulkReadDone = tree.bulkReadDone.bind(tree);
  tree.bulkReadDone = () => {
    batches++;
    bulkReadDone();
  };
  const { job } = await exported(s, { version: '7.0' });
  t.equal(job.state, 'succeeded');
  t.ok(batches >= 1, `the tree was told at each pause (${batches})`);
});
