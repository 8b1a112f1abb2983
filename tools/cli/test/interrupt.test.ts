import t from 'tap';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import { dataFolder, folder, manifest } from './helpers.js';
import { spawnCli, type CliProcess } from './cli-process.js';

/**
 * Ctrl-C during `rootline import` or `rootline export`: the command cancels the job it started,
 * waits for it to end cancelled, says so in one line and exits 130. Nothing of a cancelled import
 * stays in the tree, and a cancelled export writes no file. A server the command started for
 * itself stops after the job's clean-up, and the line says so.
 */

/** A GEDCOM file of `n` individuals in families of four (an import of 5,000 takes seconds). */
function generated(n: number): string {
  const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8'];
  for (let i = 0; i < n; i++) lines.push(`0 @I${i}@ INDI`, `1 NAME Person${i} /Family${Math.floor(i / 4)}/`, '1 BIRT', `2 DATE ${1800 + (i % 100)}`, '2 PLAC Somewhere');
  for (let f = 0; f < Math.floor(n / 4); f++) lines.push(`0 @F${f}@ FAM`, `1 HUSB @I${4 * f}@`, `1 WIFE @I${4 * f + 1}@`, `1 CHIL @I${4 * f + 2}@`, `1 CHIL @I${4 * f + 3}@`, '1 MARR', '2 DATE 1820');
  lines.push('0 TRLR', '');
  return lines.join('\n');
}

interface JobRow {
  job_id: string;
  kind: string;
  state: string;
  progress: { done: number };
}

/** Waits until a job of `kind` runs (with some of its work done, when `started`), reading the jobs with `jobs`. */
async function whenRunning(jobs: () => Promise<JobRow[]>, kind: RegExp, cli: CliProcess, started: (job: JobRow) => boolean): Promise<JobRow> {
  for (;;) {
    if (cli.child.exitCode !== null) throw new Error(`the command ended before its job ran: ${cli.stderr()}`);
    const job = (await jobs().catch(() => [])).find((each) => kind.test(each.kind));
    if (job && job.state !== 'queued') {
      if (job.state !== 'running') throw new Error(`the job was ${job.state} before Ctrl-C`);
      if (started(job)) return job;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A running server in this process on a data folder of its own, found by the command through server.json. */
async function runningServer(t: Parameters<typeof buildTestServer>[0]): Promise<{ data: string; s: TestServer; jobs: () => Promise<JobRow[]> }> {
  const data = folder(t);
  const s = await buildTestServer(t, { dataDir: data, plugins: manifest.plugins });
  writeFileSync(join(data, 'server.json'), JSON.stringify({ url: s.url, port: s.port, pid: process.pid, started_at_ms: Date.now() }));
  return { data, s, jobs: async () => (await s.request('GET', '/v1/jobs')).json().items };
}

const gedcomFile = (t: Parameters<typeof folder>[0], persons: number) => {
  const file = join(folder(t), 'family.ged');
  writeFileSync(file, generated(persons));
  return file;
};

t.test('Ctrl-C during an import into the running server: the job is cancelled, nothing kept, exit 130', async (t) => {
  const { data, s, jobs } = await runningServer(t);
  const cli = spawnCli(t, ['import', gedcomFile(t, 5000), '--data-dir', data]);
  const job = await whenRunning(jobs, /import/, cli, (running) => running.progress.done > 0);
  cli.child.kill('SIGINT');
  t.same(await cli.ended, { code: 130, signal: null }, 'exit 130, after its own clean-up');
  t.equal(cli.stderr(), 'rootline: interrupted: the import was cancelled and nothing of it is kept\n', 'one line');
  t.equal(cli.stdout(), '');
  t.equal((await s.request('GET', `/v1/jobs/${job.job_id}`)).json().state, 'cancelled', 'the server\'s job was cancelled, not left to run to its end');
  t.equal((await s.request('GET', '/v1/persons')).json().total, 0, 'no person of it is in the tree');
  t.match((await s.request('GET', '/v1/imports')).json().items, [{ state: 'cancelled' }]);
});

t.test('Ctrl-C during an import with a server started for the command: cancelled, then that server stops; the line says both', async (t) => {
  const data = dataFolder(t);
  const token = readFileSync(join(data, 'credentials', 'human.token'), 'utf8').trim();
  const cli = spawnCli(t, ['import', gedcomFile(t, 5000), '--data-dir', data]);
  // The command's own server: its address is in the data folder's lock once it listens.
  const jobs = async () => {
    const { url } = JSON.parse(readFileSync(join(data, 'rootline.lock.json'), 'utf8')) as { url?: string };
    if (!url) return [];
    return ((await (await fetch(`${url}/v1/jobs`, { headers: { authorization: `Bearer ${token}` } })).json()) as { items: JobRow[] }).items;
  };
  await whenRunning(jobs, /import/, cli, (running) => running.progress.done > 0);
  cli.child.kill('SIGINT');
  t.same(await cli.ended, { code: 130, signal: null });
  t.equal(cli.stderr(), 'rootline: interrupted: the import was cancelled and nothing of it is kept; the server started for this command has stopped\n');
  t.notOk(existsSync(join(data, 'rootline.lock.json')), 'its server has let the data folder go');

  const s = await buildTestServer(t, { dataDir: data, plugins: manifest.plugins });
  t.match((await s.request('GET', '/v1/imports')).json().items, [{ state: 'cancelled', finished_at_ms: Number }], 'cancelled and taken away, not cut off by a stop (that reads failed)');
  t.equal((await s.request('GET', '/v1/persons')).json().total, 0, 'nothing of it is in the tree');
});

t.test('Ctrl-C during an export: the job is cancelled, no file is written, exit 130', async (t) => {
  const { data, s, jobs } = await runningServer(t);
  const upload = await s.request('POST', '/v1/imports/gedcom', { payload: Buffer.from(generated(12000)), headers: { 'content-type': 'application/octet-stream' } });
  for (let state = ''; state !== 'succeeded'; await new Promise((resolve) => setTimeout(resolve, 100))) {
    state = (await s.request('GET', `/v1/jobs/${upload.json().job_id}`)).json().state;
    if (state === 'failed' || state === 'cancelled') throw new Error(`the tree's import ${state}`);
  }
  const place = folder(t);
  const out = join(place, 'family.ged');
  const cli = spawnCli(t, ['export', '--include-living', '--out', out, '--data-dir', data]);
  const job = await whenRunning(jobs, /export/, cli, () => true);
  cli.child.kill('SIGINT');
  t.same(await cli.ended, { code: 130, signal: null });
  t.equal(cli.stderr(), 'rootline: interrupted: the export was cancelled and no file was written\n');
  t.equal((await s.request('GET', `/v1/jobs/${job.job_id}`)).json().state, 'cancelled');
  t.same(readdirSync(place), [], 'no file, not even a temporary one');
});
