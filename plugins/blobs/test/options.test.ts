import t, { type Test } from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestServer } from '@rootline/kernel/testing';

const BLOBS = '@rootline/plugin-blobs';
const octets = { 'content-type': 'application/octet-stream' };

/** A temporary data folder, removed in teardown (also when boot fails). */
function dataDirFor(t: Test) {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-blob-options-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Boots blobs from a manifest entry with `options`; answers POST /v1/blobs with `bytes` of zeros. */
async function bootWithManifest(t: Test, options: Record<string, unknown>, env: Record<string, string> = {}) {
  const s = await buildTestServer(t, { plugins: [{ name: BLOBS, options }], dataDir: dataDirFor(t), env });
  return (bytes: number) => s.request('POST', '/v1/blobs', { headers: octets, payload: Buffer.alloc(bytes) });
}

t.test('max_bytes from the manifest sets the upload ceiling', async (t) => {
  const upload = await bootWithManifest(t, { max_bytes: 1024 });
  t.equal((await upload(1024)).statusCode, 200, 'exactly the ceiling is accepted');
  const over = await upload(1025);
  t.equal(over.statusCode, 413);
  t.equal(over.json().max_bytes, 1024);
});

t.test('the environment variable overrides the manifest', async (t) => {
  const upload = await bootWithManifest(t, { max_bytes: 1024 }, { ROOTLINE_BLOB_MAX_BYTES: '2048' });
  t.equal((await upload(2048)).statusCode, 200);
  t.equal((await upload(2049)).json().max_bytes, 2048);
});

t.test('a bad manifest option stops boot with one line naming it', async (t) => {
  await t.rejects(bootWithManifest(t, { max_bytes: -1 }), { name: 'BootError', message: /^Plugin @rootline\/plugin-blobs: option "max_bytes" \(in the manifest\) [^\n]+$/ });
  await t.rejects(bootWithManifest(t, { thumbnail_timeout_ms: 'soon' }), { name: 'BootError', message: /option "thumbnail_timeout_ms" \(in the manifest\)/ });
  await t.rejects(bootWithManifest(t, { max_byte: 10 }), { name: 'BootError', message: /option "max_byte"/ }, 'a misspelt option is refused, not ignored');
});

t.test('a bad environment value stops boot instead of falling back to the default', async (t) => {
  const cases: [string, string, string][] = [
    ['ROOTLINE_BLOB_MAX_BYTES', 'lots', 'max_bytes'],
    ['ROOTLINE_BLOB_MAX_BYTES', '-1', 'max_bytes'],
    ['ROOTLINE_THUMBNAIL_TIMEOUT_MS', '0', 'thumbnail_timeout_ms'],
    ['ROOTLINE_THUMBNAIL_TIMEOUT_MS', 'ten seconds', 'thumbnail_timeout_ms'],
    // A number is read whole: "1.5" is refused as a fraction, never truncated to 1.
    ['ROOTLINE_BLOB_MAX_BYTES', '1.5', 'max_bytes'],
  ];
  for (const [variable, value, option] of cases) {
    const boot = buildTestServer(t, { plugins: [BLOBS], dataDir: dataDirFor(t), env: { [variable]: value } });
    const message = `Plugin ${BLOBS}: option "${option}" (from ${variable}) ${expectedFor(value)}`;
    await t.rejects(boot, { name: 'BootError', message }, `${variable}=${value}`);
  }
});

t.test('without options or variables, the defaults apply: 256 MiB', async (t) => {
  const s = await buildTestServer(t, { plugins: [BLOBS], env: { ROOTLINE_BLOB_MAX_BYTES: '', ROOTLINE_THUMBNAIL_TIMEOUT_MS: '' } });
  const over = await s.request('POST', '/v1/blobs', { headers: { ...octets, 'content-length': String(256 * 1024 * 1024 + 1) }, payload: Buffer.alloc(0) });
  t.equal(over.json().max_bytes, 256 * 1024 * 1024, 'an empty variable is as good as unset');
});

/** TypeBox's words for each bad value (lower-cased by the kernel). */
function expectedFor(value: string): string {
  if (value === '-1') return 'expected integer to be greater or equal to 0';
  if (value === '0') return 'expected integer to be greater or equal to 1';
  return 'expected integer';
}
