import t, { type Test } from 'tap';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { cleanup, ensureBundle, ownServer, startServer, apiOf, type Api, type RunningServer } from './helpers/server-process.js';

/**
 * Issue 15: telemetry is optional. `manifests/without-telemetry.json` is the default manifest
 * without `@rootline/plugin-telemetry`; its bundle is built and started over a real socket
 * beside the default one. The telemetry routes answer 404 `route-not-found`, capabilities and
 * diagnostics do not list the plugin, and nothing else changes: every other route is described
 * the same, feedback, diagnostics and tree routes answer, and a data folder moves between the
 * two builds without losing anything.
 */

const TELEMETRY = '@rootline/plugin-telemetry';
const root = resolve(import.meta.dirname, '..');
const manifestEntries = (file: string): { name: string }[] => JSON.parse(readFileSync(join(root, file), 'utf8')).plugins;

const full = ensureBundle();
const lean = ensureBundle('manifests/without-telemetry.json', 'dist/rootline-without-telemetry.mjs');

/** The three telemetry requests, each valid for the default build. */
const TELEMETRY_REQUESTS: [string, string, unknown][] = [
  ['GET', '/v1/telemetry/config', undefined],
  ['PUT', '/v1/telemetry/config', { acknowledged_disclosure_version: 1 }],
  ['POST', '/v1/telemetry/events', { name: 'view.opened', fields: { view: 'pedigree' } }],
];
const call = (api: Api, [method, path, body]: [string, string, unknown]) => api(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });

/** A loopback stand-in for the project's feedback and telemetry services: keeps what it gets, answers 200. */
async function receiver(t: Test) {
  const received: any[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      received.push(JSON.parse(text));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolvePromise) => server.listen(0, '127.0.0.1', resolvePromise));
  t.teardown(() => new Promise((resolvePromise) => server.close(resolvePromise)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/receive`, received };
}

t.test('the manifest is the default one without telemetry, in the same order (keep it in step when the default changes)', async (t) => {
  const expected = manifestEntries('rootline.manifest.json').filter((entry) => entry.name !== TELEMETRY);
  t.same(manifestEntries('manifests/without-telemetry.json'), expected, 'a plugin added to rootline.manifest.json goes into manifests/without-telemetry.json too, at the same place');
  t.ok(expected.some((entry) => entry.name === '@rootline/plugin-feedback') && expected.some((entry) => entry.name === '@rootline/plugin-diagnostics'), 'feedback and diagnostics stay in');
});

t.test('without telemetry: its routes are 404 route-not-found, capabilities do not list it, every other route is the same', async (t) => {
  const sink = await receiver(t);
  const env = { ROOTLINE_TELEMETRY_URL: sink.url, ROOTLINE_TELEMETRY_INTERVAL_MS: '10' };
  const [withIt, without] = await Promise.all([ownServer(t, full, { env }), ownServer(t, lean, { env })]);
  for (const request of TELEMETRY_REQUESTS) {
    const there = await call(withIt.api, request);
    t.ok(there.status < 300, `${request[0]} ${request[1]} answers in the default build (${there.status})`);
    const absent = await call(without.api, request);
    t.equal(absent.status, 404, `${request[0]} ${request[1]}`);
    t.equal((await absent.json()).code, 'route-not-found');
    const anonymous = await without.api(request[1], { method: request[0], token: null });
    t.equal(anonymous.status, 401, 'and without a token it is still refused before routing');
  }

  const [capabilities, leanCapabilities] = await Promise.all([withIt.api('/v1/capabilities').then((r) => r.json()), without.api('/v1/capabilities').then((r) => r.json())]);
  t.ok(capabilities.plugins.some((plugin: { name: string }) => plugin.name === TELEMETRY), 'the default build lists telemetry');
  t.same(leanCapabilities.plugins, capabilities.plugins.filter((plugin: { name: string }) => plugin.name !== TELEMETRY), 'the lean build lists every other plugin, with its version');
  t.same({ ...leanCapabilities, plugins: [] }, { ...capabilities, plugins: [] }, 'api version, app version, ingest and platform unchanged');

  const [doc, leanDoc] = await Promise.all([withIt.api('/v1/openapi.json').then((r) => r.json()), without.api('/v1/openapi.json').then((r) => r.json())]);
  const telemetryPaths = Object.keys(doc.paths).filter((path) => path.startsWith('/v1/telemetry/'));
  t.same(telemetryPaths.sort(), ['/v1/telemetry/config', '/v1/telemetry/events']);
  const others = Object.fromEntries(Object.entries(doc.paths).filter(([path]) => !telemetryPaths.includes(path)));
  t.same(leanDoc.paths, others, 'every other route is described exactly as in the default build');
  t.notOk(JSON.stringify(leanDoc).includes('telemetry-consent-required'), 'nothing of telemetry is left in the description');

  await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
  t.same(sink.received, [], 'ROOTLINE_TELEMETRY_URL set, yet nothing is sent by either build (the default one waits for consent)');
});

t.test('without telemetry: feedback, diagnostics and tree routes work', async (t) => {
  const sink = await receiver(t);
  const { api } = await ownServer(t, lean, { env: { ROOTLINE_FEEDBACK_URL: sink.url } });

  const persona = await api('/v1/personas', { method: 'POST', body: JSON.stringify({ given: 'Ann', surname: 'Shaw' }) });
  t.equal(persona.status, 200);
  const personaId = (await persona.json()).id;
  t.equal((await api(`/v1/personas/${personaId}`)).status, 200);
  const person = await api('/v1/persons', { method: 'POST', body: JSON.stringify({ personas: [personaId] }) });
  t.equal(person.status, 201);
  const found = await (await api('/v1/persons?q=shaw')).json();
  t.same(found.items.map((item: { id: string }) => item.id), [(await person.json()).id], 'name search');
  const note = await api('/v1/notes', { method: 'POST', body: JSON.stringify({ target: personaId, text: 'Seen in the 1851 census' }) });
  t.equal(note.status, 201);

  const feedback = await api('/v1/feedback', { method: 'POST', body: JSON.stringify({ message: 'Works without telemetry.', email: 'ann@example.org' }) });
  t.equal(feedback.status, 202);
  t.match(await feedback.json(), { app_version: String, platform: `${process.platform}-${process.arch}`, received_at_ms: Number });
  t.match(sink.received, [{ message: 'Works without telemetry.', email: 'ann@example.org' }], 'the destination got it');

  const report = await (await api('/v1/diagnostics')).json();
  const names = report.plugins.map((plugin: { name: string }) => plugin.name);
  t.notOk(names.includes(TELEMETRY));
  t.ok(names.includes('@rootline/plugin-feedback') && names.includes('@rootline/plugin-diagnostics'));
  t.match(report.trees, [{ active: true, records_by_kind: { 'persona.created.v1': 1 } }]);
  const bundle = await api('/v1/diagnostics/bundle');
  t.equal(bundle.status, 200);
  t.match(bundle.headers.get('content-type'), /^text\/plain/);
  const text = await bundle.text();
  t.notOk(text.includes(TELEMETRY), 'the bundle lists no telemetry plugin');
  t.notOk(/\bShaw\b/i.test(text), 'and redacts the tree\'s names');
});

t.test('a data folder moves between the builds: left out, telemetry\'s consent and events wait; back in, they are there', async (t) => {
  const running: { server?: RunningServer } = {};
  const first = await startServer(full);
  running.server = first;
  t.teardown(async () => {
    await running.server?.stop();
    cleanup(first);
  });
  const api = apiOf(first);
  t.equal((await call(api, TELEMETRY_REQUESTS[1])).status, 200, 'acknowledged');
  t.same(await (await call(api, TELEMETRY_REQUESTS[2])).json(), { kept: true });
  t.equal(await first.stop(), 0);

  const second = (running.server = await startServer(lean, { dataDir: first.dataDir }));
  const leanApi = apiOf(second);
  t.equal((await call(leanApi, TELEMETRY_REQUESTS[0])).status, 404, 'a folder telemetry used opens without it');
  t.equal((await leanApi('/v1/trees')).status, 200);
  t.equal(await second.stop(), 0);

  const third = (running.server = await startServer(full, { dataDir: first.dataDir }));
  t.match(await (await apiOf(third)('/v1/telemetry/config')).json(), { acknowledged_disclosure_version: 1, enabled: true, stored_events: 1 }, 'consent and the waiting event kept');
});
