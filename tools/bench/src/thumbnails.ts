// Thumbnails bench (issue 17 item 3): an ordinary image's thumbnail while two heavy PDFs render
// (the files the limits are for: small, millions of drawing operations), beside the same kind of
// image's thumbnail on an idle server in the same run; and the server's resident memory 5 s after
// the heavy renders ended. The built server runs as its own process on a temporary data folder,
// `ROOTLINE_BENCH_ROUNDS` rounds (default 3), every file new each round (a failed render is
// remembered per blob, so a repeated file would measure the memory of it, not a render).
// Targets: the image under 1 s while the PDFs render; the server's RSS under 400 MB afterwards.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { heavyPdf } from '../../../plugins/blobs/test/fixtures/thumbnail-pdf.js';
import { rssMb, startProcess, stopProcess } from './process.js';
import { median } from './stats.js';
import { solidPng } from './png.js';

const root = resolve(import.meta.dirname, '../../..');
const ROUNDS = Math.max(3, Number(process.env.ROOTLINE_BENCH_ROUNDS ?? 3));
const TIMEOUT_MS = Number(process.env.ROOTLINE_BENCH_THUMB_TIMEOUT_MS ?? 10_000);

async function upload(url: string, token: string, bytes: Buffer): Promise<string> {
  const reply = await fetch(`${url}/v1/blobs`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body: bytes });
  if (reply.status !== 200) throw new Error(`upload: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { address: string }).address;
}

/** GET the thumbnail; its status and milliseconds until the whole answer arrived. */
async function thumbnail(url: string, token: string, address: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const reply = await fetch(`${url}/v1/blobs/sha256:${address}/thumbnail`, { headers: { authorization: `Bearer ${token}` } });
  await reply.arrayBuffer();
  return { status: reply.status, ms: performance.now() - started };
}

export async function benchThumbnails(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-bench-thumbs-'));
  const server = await startProcess(process.execPath, [join(root, 'dist', 'rootline.mjs'), 'serve', '--port', '0', '--data-dir', dataDir], /Rootline listening on (\S+)/, {
    ROOTLINE_THUMBNAIL_TIMEOUT_MS: String(TIMEOUT_MS),
    ROOTLINE_LOG_LEVEL: 'warn',
  });
  const url = server.match[1];
  const pid = server.child.pid!;
  const token = readFileSync(join(dataDir, 'credentials', 'human.token'), 'utf8').trim();
  const idle: number[] = [];
  const busy: number[] = [];
  const after: number[] = [];
  const heavyAnswers: number[] = [];
  try {
    // Warm: the first renderer's start and the first request's JIT are paid once, before any round.
    const warm = await thumbnail(url, token, await upload(url, token, solidPng(64, 48, 0)));
    if (warm.status !== 200) throw new Error(`thumbnail: ${warm.status}`);
    const rssBefore = rssMb(pid);
    for (let round = 0; round < ROUNDS; round++) {
      // The image renderer exits after 5 s idle: start it again first, so both measured images find it running.
      await thumbnail(url, token, await upload(url, token, solidPng(32, 32, 1000 + round)));
      const ordinary = await upload(url, token, solidPng(640, 480, round * 2 + 1));
      const shown = await thumbnail(url, token, ordinary);
      if (shown.status !== 200) throw new Error(`ordinary thumbnail: ${shown.status}`);
      idle.push(shown.ms);

      const heavy = [await upload(url, token, heavyPdf(3_000_000 + round * 2)), await upload(url, token, heavyPdf(3_000_001 + round * 2))];
      const rendering = heavy.map((address) => thumbnail(url, token, address));
      await sleep(500); // both are in the PDF lane: one drawing, one waiting
      const beside = await thumbnail(url, token, await upload(url, token, solidPng(640, 480, round * 2 + 2)));
      if (beside.status !== 200) throw new Error(`ordinary thumbnail beside heavy PDFs: ${beside.status}`);
      busy.push(beside.ms);
      for (const answer of await Promise.all(rendering)) heavyAnswers.push(answer.status);
      await sleep(5000);
      after.push(rssMb(pid));
    }
    const round1 = (ms: number) => Math.round(ms * 10) / 10;
    return {
      rounds: ROUNDS,
      render_time_limit_ms: TIMEOUT_MS,
      ordinary_thumbnail_idle_ms_median: round1(median(idle)),
      ordinary_thumbnail_beside_two_heavy_pdfs_ms_median: round1(median(busy)),
      ordinary_beside_heavy_ms_max: round1(Math.max(...busy)),
      ratio_beside_heavy_to_idle: Math.round((median(busy) / median(idle)) * 100) / 100,
      heavy_pdf_answers: heavyAnswers,
      server_rss_mb_before: round1(rssBefore),
      server_rss_mb_5s_after_heavy_median: round1(median(after)),
      server_rss_mb_5s_after_heavy_max: round1(Math.max(...after)),
      targets: { ordinary_beside_heavy_ms: 1000, server_rss_mb_after: 400 },
      meets_targets: Math.max(...busy) < 1000 && Math.max(...after) < 400,
    };
  } finally {
    await stopProcess(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
