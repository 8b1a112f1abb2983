import t, { type Test } from 'tap';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ThumbnailRunner } from '../src/thumbnail-runner.js';
import { makePdf, slowPdf } from './fixtures/thumbnail-pdf.js';
import { waitFor } from '@rootline/kernel/testing';

/**
 * The renderer processes themselves, seen from the machine: a renderer is kept between renders
 * (starting one costs pdfjs's load), leaves when idle, and a renderer that dies without an
 * answer (another process's kill, the kernel's OOM killer) is reported as a crash and replaced.
 */

/** Our renderer processes: children of this process running the thumbnail worker (Linux's /proc). */
function renderers(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('thumbnail-worker')) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function files(t: Test) {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-runner-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return { path, mediaType: 'application/pdf' };
  };
  return { first: write('a.pdf', makePdf()), second: write('b.pdf', makePdf({ width: 300 })), slow: write('slow.pdf', slowPdf()) };
}

t.test('a renderer that answered draws the next render of its lane, and leaves when idle', async (t) => {
  const { first, second } = files(t);
  const runner = new ThumbnailRunner({ timeoutMs: 60_000, maxSide: 64, idleMs: 1500 });
  t.teardown(() => runner.close());
  t.match(await runner.render(first), { ok: true });
  t.match(await runner.render(second), { ok: true });
  t.same({ started: runner.stats.started, killed: runner.stats.killed }, { started: 1, killed: 0 }, 'one renderer drew both');
  t.equal(renderers().length, 1, 'and is still there, waiting');
  t.ok(await waitFor(() => renderers().length === 0, 10_000), 'idle, it exits');
  t.match(await runner.render(first), { ok: true });
  t.equal(runner.stats.started, 2, 'the next render starts a fresh one');
});

t.test('a renderer killed from outside is a crash, named by its signal; the next render gets a fresh one', async (t) => {
  const { first, slow } = files(t);
  const runner = new ThumbnailRunner({ timeoutMs: 60_000, maxSide: 64 });
  t.teardown(() => runner.close());
  const pending = runner.render(slow);
  t.ok(await waitFor(() => renderers().length === 1, 10_000), 'the render started');
  process.kill(renderers()[0]!, 'SIGTERM');
  t.match(await pending, { ok: false, kind: 'crashed', message: 'the renderer stopped (SIGTERM) without an answer' });
  t.equal(runner.stats.killed, 0, 'not one of ours: no limit was reached');
  t.match(await runner.render(first), { ok: true });
  t.equal(runner.stats.started, 2);
});

t.test('a renderer whose resident memory passes the ceiling is stopped: out of memory, killed, gone', async (t) => {
  const { slow } = files(t);
  // Any Node process holds more than 20 MB resident, so the watch must stop this one; V8's heap
  // limit (256 MB) is far away, so it is the watch that does.
  const runner = new ThumbnailRunner({ timeoutMs: 60_000, maxSide: 64, maxRssMb: 20, memoryCheckMs: 20 });
  t.teardown(() => runner.close());
  t.same(await runner.render(slow), { ok: false, kind: 'out-of-memory', message: 'rendering needed more than 20 MB of memory' });
  t.equal(runner.stats.killed, 1, 'killed');
  t.ok(await waitFor(() => renderers().length === 0, 10_000), 'and gone');
});
