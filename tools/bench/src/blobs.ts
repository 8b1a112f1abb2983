import { execFile } from 'node:child_process';
// Blobs bench: streamed upload and download of one ROOTLINE_BENCH_BLOB_MB MiB file (default
// 1024) through the built server, beside `sha256sum` and `cat` of the same file in the same
// run (an upload has to hash every byte; a download has to read every byte), plus how much
// the server's resident memory grows while the upload streams through it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { rssMb, startProcess, stopProcess } from './process.js';
import { ratio } from './stats.js';

const root = resolve(import.meta.dirname, '../../..');
const MIB = 1024 * 1024;
const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** The default bundle if it has the blobs plugin, else a bundle built for this bench. */
async function bundleWithBlobs(scratch: string): Promise<string> {
  const bundle = join(root, 'dist', 'rootline.mjs');
  const manifestFile = `${bundle}.manifest.json`;
  const hasBlobs = existsSync(manifestFile) && (JSON.parse(readFileSync(manifestFile, 'utf8')) as { plugins: { name: string }[] }).plugins.some((p) => p.name === '@rootline/plugin-blobs');
  if (hasBlobs) return bundle;
  const own = join(root, 'dist', 'bench-blobs.mjs');
  const manifest = join(scratch, 'manifest.json');
  writeFileSync(manifest, JSON.stringify({ plugins: [{ name: '@rootline/plugin-blobs' }] }));
  await run(process.execPath, [join(root, 'tools', 'build', 'src', 'build.mjs'), '--manifest', manifest, '--out', own, '--quiet']);
  return own;
}

/** Runs a command to completion; resolves with its wall time in seconds. */
function run(command: string, args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Random bytes written in 8 MiB pieces, so the bench itself never holds the file. */
function writeRandomFile(file: string, bytes: number) {
  const fd = openSync(file, 'w');
  try {
    for (let left = bytes; left > 0; left -= 8 * MIB) writeSync(fd, randomBytes(Math.min(8 * MIB, left)));
  } finally {
    closeSync(fd);
  }
}

/** POSTs a file streamed from disk; resolves with the seconds until the answer is complete. */
function uploadFile(url: string, token: string, file: string, bytes: number): Promise<{ seconds: number; address: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${url}/v1/blobs`, {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': bytes },
    });
    req.once('error', reject);
    req.once('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text) => (body += text));
      res.once('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`upload: ${res.statusCode} ${body}`));
        resolve({ seconds: (performance.now() - started) / 1000, address: (JSON.parse(body) as { address: string }).address });
      });
    });
    createReadStream(file, { highWaterMark: MIB }).once('error', reject).pipe(req);
  });
}

// The same file served by bare node:http in its own process: what streaming a file over
// loopback HTTP costs on this machine, without Rootline. (`cat > /dev/null` is a far harsher
// baseline: it only reads the page cache, writes to /dev/null cost nothing, and no byte
// crosses a socket or a second process.)
const BARE_FILE_SERVER = `
const { createServer } = require('node:http');
const { createReadStream, statSync } = require('node:fs');
const file = process.argv[1];
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': statSync(file).size });
  createReadStream(file).pipe(res);
});
server.listen(0, '127.0.0.1', () => console.log('BARE http://127.0.0.1:' + server.address().port));
`;

/**
 * GETs a URL to /dev/null with curl (a client in C, so the figure is the server's speed,
 * not a JavaScript client's); resolves with the seconds it took.
 */
async function downloadToNull(url: string, token: string | undefined, bytes: number): Promise<number> {
  const started = performance.now();
  const args = ['-sS', '--fail', '-o', '/dev/null', '-w', '%{size_download}', ...(token ? ['-H', `Authorization: Bearer ${token}`] : []), url];
  const output = await new Promise<string>((resolve, reject) => {
    execFile('curl', args, { encoding: 'utf8' }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
  if (Number(output) !== bytes) throw new Error(`download: ${output} of ${bytes} bytes`);
  return (performance.now() - started) / 1000;
}

export async function benchBlobs(): Promise<Record<string, unknown>> {
  const megabytes = Number(process.env.ROOTLINE_BENCH_BLOB_MB ?? 1024);
  const bytes = megabytes * MIB;
  const scratch = mkdtempSync(join(tmpdir(), 'rootline-bench-blobs-'));
  try {
    const bundle = await bundleWithBlobs(scratch);
    const file = join(scratch, 'scan.bin');
    writeRandomFile(file, bytes);

    // The baselines, on the same (page-cached) file.
    await run('cat', [file]);
    const sha256sumSeconds = await run('sha256sum', [file]);
    const catSeconds = await run('sh', ['-c', 'cat "$1" > /dev/null', 'cat', file]);

    const dataDir = join(scratch, 'data');
    const server = await startProcess(process.execPath, [bundle, 'serve', '--port', '0', '--data-dir', dataDir], /Rootline listening on (\S+)/, {
      ROOTLINE_BLOB_MAX_BYTES: String(Math.max(bytes, 256 * MIB)),
      ROOTLINE_LOG_LEVEL: 'warn',
    });
    try {
      const url = server.match[1];
      const pid = server.child.pid!;
      const token = readFileSync(join(dataDir, 'credentials', 'human.token'), 'utf8').trim();
      // Warm the upload path (JIT, first tree write) so the baseline RSS is the steady state.
      const warm = join(scratch, 'warm.bin');
      writeRandomFile(warm, 4 * MIB);
      await uploadFile(url, token, warm, 4 * MIB);

      const rssBefore = rssMb(pid);
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 50);
      let upload: { seconds: number; address: string };
      try {
        upload = await uploadFile(url, token, file, bytes);
      } finally {
        clearInterval(sampler);
      }
      rssPeak = Math.max(rssPeak, rssMb(pid));
      // Best of two downloads, for Rootline and for the bare server alike: the machine's noise, not the server's.
      const blobUrl = `${url}/v1/blobs/sha256:${upload.address}`;
      const downloadSeconds = Math.min(await downloadToNull(blobUrl, token, bytes), await downloadToNull(blobUrl, token, bytes));
      const bare = await startProcess(process.execPath, ['-e', BARE_FILE_SERVER, file], /BARE (\S+)/);
      let bareSeconds: number;
      try {
        bareSeconds = Math.min(await downloadToNull(bare.match[1], undefined, bytes), await downloadToNull(bare.match[1], undefined, bytes));
      } finally {
        await stopProcess(bare.child);
      }

      const uploadMbS = megabytes / upload.seconds;
      const sha256sumMbS = megabytes / sha256sumSeconds;
      const downloadMbS = megabytes / downloadSeconds;
      const catMbS = megabytes / catSeconds;
      return {
        file_mb: megabytes,
        upload_mb_s: round(uploadMbS),
        sha256sum_mb_s: round(sha256sumMbS),
        upload_ratio: ratio(uploadMbS, sha256sumMbS),
        upload_target_ratio: 0.6,
        download_mb_s: round(downloadMbS),
        cat_mb_s: round(catMbS),
        download_ratio: ratio(downloadMbS, catMbS),
        download_target_ratio: 0.8,
        bare_node_download_mb_s: round(megabytes / bareSeconds),
        download_ratio_to_bare_node: ratio(downloadMbS, megabytes / bareSeconds),
        rss_before_mb: round(rssBefore),
        rss_growth_mb: round(rssPeak - rssBefore),
        rss_target_growth_mb: 64,
      };
    } finally {
      await stopProcess(server.child);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
