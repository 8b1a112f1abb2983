import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import type { TreeRecord } from '@rootline/kernel';
import { exported, finished, human } from './export-fixture.js';
import { generated, upload } from './helpers.js';

/** Every plugin the export reads through, and blobs for the download (as export-fixture.ts). */
const PLUGINS = ['@rootline/plugin-notes', '@rootline/plugin-blobs', '@rootline/plugin-jobs', '@rootline/plugin-media', '@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-persons', '@rootline/plugin-family', '@rootline/plugin-events', '@rootline/plugin-views', '@rootline/plugin-gedcom'];

t.test('a redaction made while an export runs applies from its next batch on; a person already written is not taken back', async (t) => {
  // Each reading of the clock moves it on 60 ms, so the job publishes its progress after every
  // batch of 1,000 persons (it does at most every 250 ms): the moment the test acts on.
  let now = 1_764_000_000_000;
  const s = await buildTestServer(t, { plugins: PLUGINS, clock: { now: () => (now += 60) } });
  const imported = await finished(s, (await upload(s, generated(2500))).json().job_id);
  t.equal(imported.state, 'succeeded');
  const tree = s.server.kernel.trees.active();
  const byAge = tree.prepare("SELECT id FROM persons WHERE status = 'active' ORDER BY seq").pluck().all() as string[];
  const [first, last] = [byAge[0], byAge[byAge.length - 1]];
  const redactions = s.server.kernel.servicesFor(tree, human).redactionsService;
  let doneWhenRedacted: number | undefined;
  const stop = s.server.kernel.bus.subscribe(tree.id, (notice: TreeRecord) => {
    const { progress } = notice.payload as { progress?: { done: number; unit: string } };
    if (notice.kind !== 'job.progress.v1' || progress?.unit !== 'persons' || progress.done < 1000 || doneWhenRedacted !== undefined) return;
    doneWhenRedacted = progress.done;
    redactions.create(human, { target: first, reason: 'family wish' });
    redactions.create(human, { target: last, reason: 'family wish' });
  });
  const { job, text } = await exported(s, { version: '7.0', include_living: true });
  stop();
  t.equal(job.state, 'succeeded');
  t.ok(doneWhenRedacted !== undefined && doneWhenRedacted >= 1000 && doneWhenRedacted < 2500, `redacted between batches, after ${doneWhenRedacted} persons`);
  t.equal(job.result.counts.withheld, 1, 'the person of the last batch is withheld, as a whole redaction wants');
  t.equal(job.result.counts.individuals, 2499);
  t.notOk(text.includes('Person2499 /Family624/'), 'its name is not in the file');
  t.ok(text.includes('1 NAME Person0 /Family0/'), 'the first person, written in the first batch, stays as written');
  t.ok(text.includes('1 NAME Person2498 /Family624/'), 'a person of the last batch that is not redacted is there');
});
