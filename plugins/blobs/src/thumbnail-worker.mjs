// Renders thumbnails, one per message. Runs in a child process (thumbnail-runner.ts forks it)
// so a slow or hostile file never blocks the server's event loop, its memory goes back to the
// system when it exits, and the parent can kill it at a time or memory limit. Plain JavaScript
// on purpose: the same file runs beside the TypeScript sources in tests and next to the esbuild
// bundle (tools/build copies `*worker*.mjs` beside dist/rootline.mjs).
//
// Input (an IPC message per render): { path (the blob's file), mediaType, maxSide, timeoutMs, startedAt (parent's Date.now()) }
// Output (one IPC message per render): { ok: true, png: Uint8Array, width, height }
//                        or { ok: false, kind: 'encrypted' | 'invalid' | 'timeout' | 'unrenderable', message }
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';

// One render at a time (the parent sends the next job only after the answer); the process
// stays for the next job until the parent ends it.
let path, mediaType, maxSide, timeoutMs, startedAt;

/** Errors that are the file's fault (remembered by the parent) versus anything else. */
function classify(error) {
  const name = error?.name ?? '';
  // The message may reach a client (the Problem's detail): never let it carry the path.
  const message = String(error?.message ?? error).split(path).join('the file').slice(0, 300);
  if (/^timeout:/.test(message)) return { kind: 'timeout', message }; // libvips' own limit (below)
  if (name === 'PasswordException') return { kind: 'encrypted', message: 'the PDF is password-protected' };
  if (name === 'InvalidPDFException' || name === 'FormatError' || name === 'UnknownErrorException') return { kind: 'invalid', message };
  if (/unsupported image format|corrupt|premature end|bad seek|Input buffer|VipsJpeg|pngload|tiff|gifload|webp/i.test(message)) return { kind: 'invalid', message };
  return { kind: 'unrenderable', message };
}

/** Long side at most `maxSide`, never upscaled; at least 1 px either way. */
function fit(width, height) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { scale, width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function renderPdf() {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdfjs has no real worker in Node; its "fake worker" imports this file in-thread.
  const buildDir = new URL('./', import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'));
  pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdf.worker.mjs', buildDir).href;
  // Node's pdfjs reads these with fs, so plain folder paths with a trailing slash.
  const assets = (folder) => fileURLToPath(new URL(`../../${folder}/`, buildDir));
  // Read here, not in the parent: the server never holds a large scan in memory.
  const file = await readFile(path);
  const task = pdfjs.getDocument({
    data: new Uint8Array(file.buffer, file.byteOffset, file.byteLength), // pdfjs wants a plain Uint8Array, not a Buffer
    isEvalSupported: false, // never compile code taken from a document (PostScript functions)
    disableFontFace: true, // draw glyphs as paths; no font registration in Node
    useSystemFonts: false,
    enableXfa: false,
    stopAtErrors: false,
    standardFontDataUrl: assets('standard_fonts'),
    cMapUrl: assets('cmaps'),
    cMapPacked: true,
    wasmUrl: assets('wasm'),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  const document = await task.promise;
  try {
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const size = fit(natural.width, natural.height);
    const viewport = page.getViewport({ scale: size.scale });
    // pdfjs 5 builds its Node canvas factory on @napi-rs/canvas.
    const { canvas, context } = document.canvasFactory.create(size.width, size.height);
    context.fillStyle = '#ffffff'; // PDF pages are paper: no transparent background
    context.fillRect(0, 0, size.width, size.height);
    await page.render({ canvas, canvasContext: context, viewport, background: '#ffffff' }).promise;
    const png = canvas.toBuffer('image/png');
    page.cleanup();
    return { png, width: size.width, height: size.height };
  } finally {
    await document.destroy();
  }
}

async function renderImage() {
  const { default: sharp } = await import('sharp');
  // From bytes rather than the path, so libvips' messages can never name the file.
  const { data, info } = await sharp(await readFile(path), { animated: false, failOn: 'error' })
    .rotate() // honour EXIF orientation, so portraits stay upright
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .png()
    // libvips' own limit (whole seconds), a second under what is left of the parent's, so
    // a slow decode stops cleanly rather than being killed in the middle of native code.
    .timeout({ seconds: Math.max(1, Math.floor((timeoutMs - (Date.now() - startedAt) - 1000) / 1000)) })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

process.on('message', async (job) => {
  ({ path, mediaType, maxSide, timeoutMs, startedAt } = job);
  let answer;
  try {
    const result = mediaType === 'application/pdf' ? await renderPdf() : await renderImage();
    const png = new Uint8Array(result.png.buffer, result.png.byteOffset, result.png.byteLength);
    answer = { ok: true, png, width: result.width, height: result.height };
  } catch (error) {
    answer = { ok: false, ...classify(error) };
  }
  process.send(answer);
});
