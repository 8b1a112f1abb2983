import t from 'tap';
import { request } from 'node:http';
import { buildTestServer, waitFor, type TestServer } from '@rootline/kernel/testing';
import { ALL, fixture, finished, importServer, objectFiles, rowCounts, treeIndexes, upload } from './helpers.js';

t.test('an import runs as a job: 202, the run listed, counts, confirmed claims, the loss report, both mounts', async (t) => {
  const s = await importServer(t);
  const other = (await s.request('POST', '/v1/trees', { body: { name: 'Pinned' } })).json();
  const pinned = `/v1/trees/${other.tree_id}`;
  const active = s.server.kernel.trees.active();
  const indexes = treeIndexes(s.server.kernel.openTree(other.tree_id)!);

  const reply = await upload(s, fixture('smith.ged'), { prefix: pinned, query: { filename: 'smith.ged' } });
  t.equal(reply.statusCode, 202);
  const { job_id, import_key } = reply.json();
  const job = await finished(s, job_id, pinned);
  t.equal(job.state, 'succeeded');
  t.same(treeIndexes(s.server.kernel.openTree(other.tree_id)!), indexes, 'the indexes a first import sets aside are all built again when it ends');
  t.match(job.result, { import_key, counts: { persons: 4, families: 1, sources: 2, events: 1, notes: 6, media: 1, claims: 5, relationships: 3, associations: 1, citations: 2, personas: 4 } });
  t.equal(rowCounts(active).persons, 0, 'the active tree is untouched');

  const runs = (await s.request('GET', `${pinned}/imports`)).json();
  t.equal(runs.total, 1);
  t.match(runs.items[0], { import_key, job_id, filename: 'smith.ged', state: 'succeeded', counts: job.result.counts, report_id: job.result.report_id });
  t.match(runs.items[0].blob, /^[0-9a-f]{64}$/);
  t.type(runs.items[0].finished_at_ms, 'number');
  t.same((await s.request('GET', '/v1/imports')).json().items, [], 'the active tree has no runs');

  const report = (await s.request('GET', `${pinned}/gedcom/loss-reports`, { query: { report_id: job.result.report_id } })).json();
  t.match(report, { report_id: job.result.report_id, direction: 'import', subject: import_key });
  t.same(report.items.map((item: { path: string }) => item.path).sort(), ['FAM.CHIL', 'INDI.BIRT._MEDI', 'INDI.FAMC', 'INDI._UID'].filter((path) => report.items.some((item: { path: string }) => item.path === path)).sort());
  t.match(report.items.find((item: { path: string }) => item.path === 'FAM.CHIL'), { tag: 'CHIL', count: 1, examples: [52] });
  t.same((await s.request('GET', `${pinned}/gedcom/loss-reports`)).json(), report, 'without report_id: the newest');
  t.equal((await s.request('GET', '/v1/gedcom/loss-reports')).statusCode, 404, 'none yet in the active tree');

  const tree = s.server.kernel.trees.get(other.tree_id)!;
  t.same(tree.prepare('SELECT DISTINCT status FROM assertions').pluck().all(), ['confirmed'], 'the human\'s import gives confirmed claims');
  const tagged = tree.prepare('SELECT count(*) FROM records WHERE import_key = ?').pluck().get(import_key) as number;
  t.ok(tagged >= 27, `every created row's record carries the import_key (${tagged})`);
});

t.test('a filename given as a whole path keeps only the file\'s name, in the runs and in the audit', async (t) => {
  const s = await importServer(t);
  for (const [given, kept] of [['/home/alice/Documents/family.ged', 'family.ged'], ['C:\\Users\\alice\\smith.ged', 'smith.ged']]) {
    const reply = await upload(s, fixture('smith.ged'), { query: { filename: given, allow_duplicate: 'true' } });
    t.equal(reply.statusCode, 202);
    const { job_id, import_key } = reply.json();
    t.equal((await finished(s, job_id)).state, 'succeeded');
    const run = (await s.request('GET', '/v1/imports')).json().items.find((item: { import_key: string }) => item.import_key === import_key);
    t.equal(run.filename, kept, `${given}: the run names ${kept}`);
    const started = s.server.kernel.trees.active().prepare("SELECT payload FROM records WHERE kind = 'import.started.v1' AND entity_id = ?").pluck().get(import_key) as string;
    t.equal(JSON.parse(started).filename, kept, `${given}: so does its record`);
    t.notMatch(JSON.stringify((await s.request('GET', '/v1/audit')).json()), /alice/, `${given}: no folder anywhere in the audit`);
  }
});

t.test("the file the human imported is the human's: an agent cannot download it (it holds the living and what is redacted)", async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-blobs', ...ALL] });
  const reply = await upload(s, fixture('smith.ged'), { query: { filename: 'smith.ged' } });
  t.equal((await finished(s, reply.json().job_id)).state, 'succeeded');
  const { blob } = (await s.request('GET', '/v1/imports')).json().items[0];
  const refused = await s.request('GET', `/v1/blobs/sha256:${blob}`, { token: s.agentToken });
  t.equal(refused.statusCode, 403);
  t.equal(refused.json().code, 'human-token-required');
  const human = await s.request('GET', `/v1/blobs/sha256:${blob}`);
  t.ok(human.rawPayload.equals(fixture('smith.ged')), 'the human downloads it');
});

t.test('the same bytes again: 409 duplicate-import naming the earlier run, nothing written; allow_duplicate imports them', async (t) => {
  const s = await importServer(t);
  const tree = s.server.kernel.trees.active();
  const first = (await upload(s, fixture('smith.ged'))).json();
  await finished(s, first.job_id);
  const before = rowCounts(tree);
  const files = objectFiles(tree);
  const again = await upload(s, fixture('smith.ged'));
  t.equal(again.statusCode, 409);
  t.match(again.json(), { code: 'duplicate-import', import_key: first.import_key });
  t.same(rowCounts(tree), before, 'no row anywhere');
  t.equal(objectFiles(tree), files);
  const forced = await upload(s, fixture('smith.ged'), { query: { allow_duplicate: true } });
  t.equal(forced.statusCode, 202);
  t.equal((await finished(s, forced.json().job_id)).state, 'succeeded');
  t.equal(rowCounts(tree).persons, 8);
});

t.test('undo takes everything the run made out of every view, recorded; twice is 409; the file can come in again', async (t) => {
  const s = await importServer(t);
  const tree = s.server.kernel.trees.active();
  const empty = rowCounts(tree);
  const started = (await upload(s, fixture('smith.ged'))).json();
  await finished(s, started.job_id);
  t.equal((await s.request('GET', '/v1/persons')).json().total, 4);

  const undone = await s.request('POST', `/v1/imports/${started.import_key}/undo`, { body: { reason: 'wrong file' } });
  t.equal(undone.statusCode, 200);
  t.match(undone.json(), { import_key: started.import_key, state: 'undone' });
  t.equal((await s.request('GET', '/v1/persons')).json().total, 0);
  const after = rowCounts(tree);
  for (const table of ['personas', 'assertions', 'assertion_evidence', 'sources', 'citations', 'events', 'event_participants', 'relationships', 'associations', 'notes', 'media', 'gedcom_import_items']) {
    t.equal(after[table], empty[table], `${table}: nothing left`);
  }
  t.equal(tree.prepare("SELECT count(*) FROM persons WHERE status = 'active'").pluck().get(), 0, 'persons retracted');
  const removals = tree.prepare("SELECT kind, count(*) AS n FROM records WHERE import_key = ? AND (kind LIKE '%.removed.v1' OR kind LIKE '%.retracted.v1' OR kind LIKE '%.unlinked.v1') GROUP BY kind ORDER BY kind").all(started.import_key);
  t.same(removals, [
    { kind: 'assertion.removed.v1', n: 5 },
    { kind: 'association.removed.v1', n: 1 },
    { kind: 'citation.removed.v1', n: 2 },
    { kind: 'event.removed.v1', n: 1 },
    { kind: 'media.removed.v1', n: 1 },
    { kind: 'note.removed.v1', n: 6 },
    { kind: 'person.retracted.v1', n: 4 },
    { kind: 'persona.removed.v1', n: 4 },
    { kind: 'relationship.unlinked.v1', n: 3 },
    { kind: 'source.removed.v1', n: 2 },
  ], 'each removal recorded, tagged with the run');
  t.match(s.records({ kind: 'import.undone' }), [{ entity_id: started.import_key, payload: { reason: 'wrong file' } }]);

  const twice = await s.request('POST', `/v1/imports/${started.import_key}/undo`, { body: {} });
  t.equal(twice.statusCode, 409);
  t.equal(twice.json().code, 'import-already-undone');
  const unknown = await s.request('POST', '/v1/imports/01938f0e-0000-7000-8000-000000000000/undo', { body: {} });
  t.equal(unknown.statusCode, 404);
  t.equal(unknown.json().code, 'not-found');
  t.equal((await s.request('POST', `/v1/imports/${started.import_key}/undo`)).json().code, 'import-already-undone', 'a bare POST (the body may be left out) is read as undo again');
  for (const reason of ['', 'x'.repeat(2001)]) {
    const refused = await s.request('POST', `/v1/imports/${started.import_key}/undo`, { body: { reason } });
    t.match({ status: refused.statusCode, code: refused.json().code }, { status: 400, code: 'validation-failed' }, `a reason of ${reason.length} characters`);
  }

  const again = await upload(s, fixture('smith.ged'));
  t.equal(again.statusCode, 202, 'an undone run does not make the bytes a duplicate');
  t.equal((await finished(s, again.json().job_id)).state, 'succeeded');
  t.equal((await s.request('GET', '/v1/persons')).json().total, 4);
});

t.test('bad files are refused before any job with a Problem, and nothing is written', async (t) => {
  const s = await importServer(t);
  const tree = s.server.kernel.trees.active();
  const before = rowCounts(tree);
  const files = objectFiles(tree);
  const cases: [string, Buffer | string, string, string][] = [
    ['empty body', '', 'empty-file', 'The file is empty'],
    ['a PNG', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(600, 7)]), 'not-gedcom', 'The file is not GEDCOM'],
    ['no HEAD', '0 @I1@ INDI\n1 NAME John /Doe/\n0 TRLR\n', 'no-head', 'The file has no GEDCOM header'],
    ['cut short', fixture('smith.ged').subarray(0, 700), 'truncated-file', 'The file ends before its trailer'],
    ['plain text', 'Dear cousin, here is the family tree you asked for.\n', 'not-gedcom', 'The file is not GEDCOM'],
  ];
  for (const [name, bytes, code, title] of cases) {
    const reply = await upload(s, bytes);
    t.equal(reply.statusCode, 400, name);
    t.match(reply.json(), { code, title }, name);
  }
  t.same(rowCounts(tree), before, 'no row anywhere (no blob, no run, no record)');
  t.equal(objectFiles(tree), files, 'no file in the objects folder');
});

t.test('a body over the ceiling is refused with 413 while arriving, nothing stored', async (t) => {
  const s = await importServer(t, { maxBytes: 1000 });
  const tree = s.server.kernel.trees.active();
  const before = rowCounts(tree);
  const reply = await upload(s, fixture('smith.ged'));
  t.equal(reply.statusCode, 413);
  t.equal(reply.json().code, 'payload-too-large');
  t.same(rowCounts(tree), before);
  t.equal(objectFiles(tree), 0);
});

t.test('validate answers the validator\'s report and writes nothing', async (t) => {
  const s = await importServer(t);
  const other = (await s.request('POST', '/v1/trees', { body: { name: 'Pinned' } })).json();
  for (const prefix of ['/v1', `/v1/trees/${other.tree_id}`]) {
    const tree = prefix === '/v1' ? s.server.kernel.trees.active() : s.server.kernel.trees.get(other.tree_id)!;
    const before = rowCounts(tree);
    const reply = await s.request('POST', `${prefix}/gedcom/validate`, { payload: fixture('smith.ged'), headers: { 'content-type': 'text/plain' }, query: { version_hint: '5.5.1' } });
    t.equal(reply.statusCode, 200, prefix);
    const report = reply.json();
    t.equal(report.version, '5.5.1');
    t.match(report.counts, { individuals: 4, families: 1, sources: 2, repositories: 1, notes: 1, media: 1 });
    t.ok(report.errors.some((error: { line: number }) => error.line === 52), 'the dangling CHIL @I9@ is an error');
    t.equal(report.valid, false);
    t.same(rowCounts(tree), before, `${prefix}: nothing written`);
    t.equal(objectFiles(tree), 0);
  }
});

/** Sends headers declaring `length` bytes over a real socket, then `sent` bytes, and reads the answer that comes (or none within `waitMs`). */
async function declared(s: TestServer, length: number, sent: Buffer, waitMs: number): Promise<{ status: number; body: string } | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(`${s.url}/v1/imports/gedcom?filename=big.ged`, { method: 'POST', headers: { authorization: `Bearer ${s.humanToken}`, 'content-type': 'application/octet-stream', 'content-length': String(length) } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve(undefined);
    }, waitMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (error) => (req.destroyed ? resolve(undefined) : reject(error)));
    req.write(sent);
  });
}

t.test('the default ceiling takes a file of a million persons (about 500 MB) and refuses a 2 GB one at once', async (t) => {
  const s = await importServer(t);
  const tree = s.server.kernel.trees.active();
  const before = rowCounts(tree);
  const head = fixture('smith.ged').subarray(0, 200);
  const huge = await declared(s, 2 * 1024 ** 3, head, 5000);
  t.equal(huge?.status, 413, 'a declared 2 GB is refused before its bytes arrive');
  t.equal(JSON.parse(huge?.body ?? '{}').max_bytes, 1024 ** 3, 'the Problem names the ceiling: 1 GiB');
  const large = await declared(s, 500 * 1024 ** 2, head, 300);
  t.equal(large, undefined, 'a declared 500 MB is let in: the server waits for its bytes instead of refusing it');
  await waitFor(() => objectFiles(tree) === 0);
  t.same(rowCounts(tree), before, 'nothing kept of either');
});
