import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestServer } from '@rootline/kernel/testing';
import { ALL, crashedImport, finished, fixture, generated, human, importServer, rowCounts, treeIndexes, upload } from './helpers.js';

/** Tables the import writes into through the owners' services (persons are retracted, not deleted: their rows and the log keep the history). */
const GENEALOGY = ['personas', 'assertions', 'assertion_evidence', 'sources', 'citations', 'events', 'event_participants', 'relationships', 'associations', 'notes', 'media', 'gedcom_import_items'];
const genealogy = (counts: Record<string, number>) => Object.fromEntries(GENEALOGY.map((table) => [table, counts[table]]));

t.test('cancel in the middle of an import leaves nothing: the committed batches are taken away', async (t) => {
  const s = await importServer(t);
  const tree = s.server.kernel.trees.active();
  const before = genealogy(rowCounts(tree));
  const indexes = treeIndexes(tree);
  const { job_id, import_key } = (await upload(s, generated(3000))).json();
  for (;;) {
    const job = (await s.request('GET', `/v1/jobs/${job_id}`)).json();
    if (job.state === 'running' && job.progress.done > 0) break;
    t.not(job.state, 'succeeded', 'the job is still running when cancel is asked');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  t.ok(tree.prepare('SELECT count(*) FROM persons').pluck().get() as number > 0, 'some batches had committed');
  t.notOk('assertions_by_persona_kind' in treeIndexes(tree), 'into a new tree, the claims\' read indexes are set aside while it loads');
  t.equal((await s.request('POST', `/v1/jobs/${job_id}/cancel`)).statusCode, 202);
  t.equal((await finished(s, job_id)).state, 'cancelled');
  t.same(genealogy(rowCounts(tree)), before, 'nothing the run wrote is left');
  t.same(treeIndexes(tree), indexes, 'every index set aside is built again');
  t.equal(tree.prepare("SELECT count(*) FROM persons WHERE status = 'active'").pluck().get(), 0);
  t.match((await s.request('GET', '/v1/imports')).json().items, [{ import_key, state: 'cancelled' }]);
  t.match(s.records({ kind: 'import.cancelled' }), [{ entity_id: import_key }]);
  t.equal((await upload(s, generated(3000))).statusCode, 202, 'a cancelled run does not make the bytes a duplicate');
});

t.test('a job that fails ends failed with its code, and leaves nothing', async (t) => {
  const s = await importServer(t);
  const tree = s.server.kernel.trees.active();
  const before = genealogy(rowCounts(tree));
  const indexes = treeIndexes(tree);
  const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);
  const { job_id, import_key } = (await upload(s, broken)).json();
  const job = await finished(s, job_id);
  t.equal(job.state, 'failed');
  t.equal(job.error.code, 'gedzip-unreadable');
  t.same(genealogy(rowCounts(tree)), before);
  t.same(treeIndexes(tree), indexes, 'no index is left set aside');
  t.match((await s.request('GET', '/v1/imports')).json().items, [{ import_key, state: 'failed', error: { code: 'gedzip-unreadable' } }]);
  const undo = await s.request('POST', `/v1/imports/${import_key}/undo`, { body: {} });
  t.equal(undo.statusCode, 409);
  t.equal(undo.json().code, 'import-not-undoable');
});

t.test('a run a crash left running is taken away at the next start and marked failed (interrupted)', async (t) => {
  const { dataDir, importKey } = await crashedImport(t, async (s, importKey) => {
    // Made on one of its personas while it ran: goes with it too.
    const persona = (await s.request('GET', '/v1/persons', { query: { limit: '1' } })).json().items[0].personas[0];
    t.equal((await s.request('POST', '/v1/assertions/capture', { body: { persona, kind: 'occupation', value: 'Cooper' } })).statusCode, 200);
    // As a crash between two batches leaves it: the run still running, its first rows committed.
    s.server.kernel.trees.active().prepare("UPDATE gedcom_import_runs SET state = 'running', finished_at_ms = NULL WHERE import_key = ?").run(importKey);
  });
  const s = await buildTestServer(t, { plugins: ALL, dataDir });
  const tree = s.server.kernel.trees.active();
  t.equal((await s.request('GET', '/v1/persons')).json().total, 0, 'no half-imported person is seen');
  t.same(genealogy(rowCounts(tree)), { ...genealogy(rowCounts(tree)), personas: 0, assertions: 0, sources: 0, notes: 0, relationships: 0, events: 0, media: 0, gedcom_import_items: 0 });
  t.match((await s.request('GET', '/v1/imports')).json().items, [{ import_key: importKey, state: 'failed', error: { code: 'interrupted' } }]);
  t.match(s.records({ kind: 'import.failed' }), [{ entity_id: importKey, payload: { code: 'interrupted' }, import_key: importKey }]);
});

t.test('a photo linked to one of its personas while it ran loses that depiction when the run is taken away; the photo stays', async (t) => {
  let photo = '';
  let persona = '';
  const { dataDir } = await crashedImport(t, (s, importKey) => {
    const tree = s.server.kernel.trees.active();
    const media = s.server.kernel.servicesFor(tree, human).mediaService;
    persona = tree.prepare('SELECT id FROM personas ORDER BY id LIMIT 1').pluck().get() as string;
    photo = media.create({ file_path_as_written: 'portrait.jpg' }).id;
    // Only a depiction made since: what the clean-up carries away is that alone.
    media.depicts(photo, persona);
    tree.prepare("UPDATE gedcom_import_runs SET state = 'running', finished_at_ms = NULL WHERE import_key = ?").run(importKey);
  });
  const s = await buildTestServer(t, { plugins: ALL, dataDir });
  const media = s.server.kernel.servicesFor(s.server.kernel.trees.active(), human).mediaService;
  t.ok(media.exists(photo), 'the photo stays');
  t.same([...media.depicted([photo])], [], 'it no longer depicts a persona that is gone');
  t.match(s.records({ kind: 'media.depiction_removed' }), [{ entity_id: photo, payload: { persona } }]);
});

t.test('a server stopped in the middle of an import: the job and the run both read interrupted, and nothing the run wrote is left', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-gedcom-stop-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  let jobId = '';
  let importKey = '';
  let before: Record<string, number> = {};
  {
    const s = await buildTestServer({ teardown: () => undefined }, { plugins: ALL, dataDir });
    const tree = s.server.kernel.trees.active();
    before = genealogy(rowCounts(tree));
    const started = (await upload(s, generated(3000))).json();
    jobId = started.job_id;
    importKey = started.import_key;
    for (;;) {
      const job = (await s.request('GET', `/v1/jobs/${jobId}`)).json();
      if (job.state === 'running' && job.progress.done > 0) break;
      t.not(job.state, 'succeeded', 'the job is still running when the server stops');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await s.server.close();
  }
  const s = await buildTestServer(t, { plugins: ALL, dataDir });
  t.match((await s.request('GET', `/v1/jobs/${jobId}`)).json(), { state: 'failed', error: { code: 'interrupted' } }, 'the job');
  t.match((await s.request('GET', '/v1/imports')).json().items, [{ import_key: importKey, state: 'failed', error: { code: 'interrupted' } }], 'the run, not internal');
  t.match(s.records({ kind: 'import.failed' }), [{ entity_id: importKey, payload: { code: 'interrupted' } }]);
  t.same(genealogy(rowCounts(s.server.kernel.trees.active())), before, 'nothing the run wrote is left');
});

t.test('an agent may not import nor undo (403, nothing written); it may list runs, validate and read loss reports', async (t) => {
  const s = await importServer(t);
  const tree = s.server.kernel.trees.active();
  const before = rowCounts(tree);
  const refused = await upload(s, fixture('smith.ged'), { token: s.agentToken });
  t.equal(refused.statusCode, 403);
  t.equal(refused.json().code, 'human-token-required');
  t.same(rowCounts(tree), before);
  t.equal((await s.request('GET', '/v1/imports', { token: s.agentToken })).statusCode, 200);
  const validated = await s.request('POST', '/v1/gedcom/validate', { payload: fixture('smith.ged'), headers: { 'content-type': 'application/octet-stream' }, token: s.agentToken });
  t.equal(validated.statusCode, 200);
});

t.test('while an undo takes its rows away the run reads undone with removal_pending, not succeeded; when it is done, undone alone', async (t) => {
  const s = await importServer(t);
  const { job_id, import_key } = (await upload(s, generated(1500))).json();
  await finished(s, job_id);
  const seen: unknown[] = [];
  let answered = false;
  const undo = s.request('POST', `/v1/imports/${import_key}/undo`, { body: { reason: 'wrong file' } }).finally(() => (answered = true));
  while (!answered) {
    const run = (await s.request('GET', '/v1/imports')).json().items[0];
    if (!answered) seen.push({ state: run.state, removal_pending: run.removal_pending ?? false });
    await new Promise((resolve) => setImmediate(resolve));
  }
  const answer = await undo;
  t.equal(answer.statusCode, 200);
  t.ok(seen.some((run) => JSON.stringify(run) === JSON.stringify({ state: 'undone', removal_pending: true })), 'a reader saw it undone, its rows still going');
  const started = seen.findIndex((run) => (run as { state: string }).state === 'undone');
  t.same(seen.slice(started).filter((run) => (run as { state: string }).state !== 'undone'), [], 'once undone, it never reads succeeded again');
  t.notOk('removal_pending' in answer.json(), 'the answer comes when every row is gone');
  t.match((await s.request('GET', '/v1/imports')).json().items, [{ import_key, state: 'undone' }]);
  t.notOk('removal_pending' in (await s.request('GET', '/v1/imports')).json().items[0]);
  t.equal((await s.request('GET', '/v1/persons')).json().total, 0);
});

t.test('an undo a crash cut short is finished at the next start: nothing of the run is left, and it reads undone', async (t) => {
  const { dataDir, importKey } = await crashedImport(t, async (s, importKey) => {
    // As a crash right after an undo began leaves it: the run undone, its rows still there and listed.
    s.server.kernel.trees.active().prepare("UPDATE gedcom_import_runs SET state = 'undone', undo_reason = 'wrong file' WHERE import_key = ?").run(importKey);
    t.match((await s.request('GET', '/v1/imports')).json().items, [{ import_key: importKey, state: 'undone', removal_pending: true }]);
    t.ok((await s.request('GET', '/v1/persons')).json().total > 0);
  });
  const s = await buildTestServer(t, { plugins: ALL, dataDir });
  const tree = s.server.kernel.trees.active();
  t.equal((await s.request('GET', '/v1/persons')).json().total, 0, 'no person of the undone run is seen');
  t.same(genealogy(rowCounts(tree)), { ...genealogy(rowCounts(tree)), personas: 0, assertions: 0, sources: 0, notes: 0, relationships: 0, events: 0, media: 0, gedcom_import_items: 0 });
  const run = (await s.request('GET', '/v1/imports')).json().items[0];
  t.match(run, { import_key: importKey, state: 'undone' });
  t.notOk('removal_pending' in run);
  t.match(s.records({ kind: 'person.retracted' }), [{ import_key: importKey, payload: { reason: 'import undone' } }], 'each removal recorded under the run');
});

t.test('an undo cut short while the server runs is finished by undo asked again, which answers 200 once and 409 after', async (t) => {
  const s = await importServer(t);
  const started = (await upload(s, fixture('smith.ged'))).json();
  await finished(s, started.job_id);
  // As a removal that failed mid-way leaves it: undone, its rows still listed.
  s.server.kernel.trees.active().prepare("UPDATE gedcom_import_runs SET state = 'undone', undo_reason = 'wrong file' WHERE import_key = ?").run(started.import_key);
  const again = await s.request('POST', `/v1/imports/${started.import_key}/undo`, { body: {} });
  t.equal(again.statusCode, 200);
  t.match(again.json(), { import_key: started.import_key, state: 'undone' });
  t.notOk('removal_pending' in again.json());
  t.equal((await s.request('GET', '/v1/persons')).json().total, 0, 'its persons are gone');
  t.match(s.records({ kind: 'person.retracted' }), [{ payload: { reason: 'wrong file' } }], 'each removal gives the reason the human gave');
  t.equal((await s.request('POST', `/v1/imports/${started.import_key}/undo`, { body: {} })).json().code, 'import-already-undone');
});

t.test('a claim and a note made on what the import created while it ran go with it when it is cancelled: nothing is left about nothing', async (t) => {
  const s = await importServer(t);
  const tree = s.server.kernel.trees.active();
  const { job_id, import_key } = (await upload(s, generated(3000))).json();
  let person: { id: string; personas: string[] } | undefined;
  for (;;) {
    const job = (await s.request('GET', `/v1/jobs/${job_id}`)).json();
    t.ok(job.state === 'queued' || job.state === 'running', 'the job has not ended when the assistant writes');
    person = (await s.request('GET', '/v1/persons', { query: { limit: '1' } })).json().items[0];
    if (person) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  // An assistant (or the human) works on a person the import has just made.
  const claim = await s.request('POST', '/v1/assertions/capture', { body: { persona: person!.personas[0], kind: 'occupation', value: 'Cooper' } });
  t.equal(claim.statusCode, 200, claim.body);
  const note = await s.request('POST', '/v1/notes', { body: { target: person!.id, text: 'Check the 1851 census' } });
  t.equal(note.statusCode, 201, note.body);
  t.equal((await s.request('POST', `/v1/jobs/${job_id}/cancel`)).statusCode, 202);
  t.equal((await finished(s, job_id)).state, 'cancelled');
  t.equal(tree.prepare('SELECT count(*) FROM assertions WHERE persona NOT IN (SELECT id FROM personas)').pluck().get(), 0, 'no claim about a persona that is gone');
  t.equal(tree.prepare('SELECT count(*) FROM notes').pluck().get(), 0, 'no note about a person that is gone');
  t.equal((await s.request('GET', `/v1/assertions/${claim.json().id}`)).statusCode, 404);
  t.match(s.records({ kind: 'assertion.removed' }).filter((record) => record.entity_id === claim.json().id), [{ import_key, payload: { reason: 'import cancelled: what it is about was created by the import' } }], 'its removal recorded, tagged with the run');
  t.match(s.records({ kind: 'note.removed' }), [{ entity_id: note.json().id, import_key }]);
  t.match((await s.request('GET', '/v1/imports')).json().items, [{ import_key, state: 'cancelled' }]);
});
