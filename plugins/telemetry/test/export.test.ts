import t from 'tap';
import { deadUrl, handClock, startReceiver } from '@rootline/kernel/testing';
import { sleep, telemetryServer, until } from './fixtures/helpers.js';

type Server = Awaited<ReturnType<typeof telemetryServer>>;
const send = async (s: Server, count: number, from = 400) => {
  for (let i = 0; i < count; i++) await s.request('POST', '/v1/telemetry/events', { body: { name: 'error.shown', fields: { status: from + i } } });
};
const config = async (s: Server) => (await s.request('GET', '/v1/telemetry/config')).json();
const logged = (log: string, msg: string) => log.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line)).filter((entry) => entry.msg === msg);
const statuses = (body: any) => body.events.map((event: { fields: { status: number } }) => event.fields.status);

t.test('a receiver that fails twice then succeeds gets every event exactly once, in batches, with back-off between attempts', async (t) => {
  const receiver = await startReceiver(t, (count) => (count <= 2 ? 500 : 200));
  const s = await telemetryServer(t, { url: receiver.url, interval_ms: 20, batch_size: 3, retry_base_ms: 150, retry_max_ms: 10_000 });
  await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1 } });
  await send(s, 7);
  await sleep(100);
  t.equal(receiver.received.length, 0, 'nothing leaves while export is off');
  await s.request('PUT', '/v1/telemetry/config', { body: { export_enabled: true } });
  await until(() => receiver.received.length >= 5, 'five requests');
  await until(() => s.server.kernel.registry.db.prepare('SELECT count(*) FROM telemetry_events').pluck().get() === 0, 'an empty store');
  const [first, second, third, fourth, fifth] = receiver.received;
  t.equal(receiver.received.length, 5, 'two failures, then three batches');
  t.same([first, second, third].map((request) => request.body.batch_id), [first.body.batch_id, first.body.batch_id, first.body.batch_id], 'a failed batch is sent again under the same id');
  t.same([first, second, third].map((request) => statuses(request.body)), [[400, 401, 402], [400, 401, 402], [400, 401, 402]], 'with the same events');
  t.same(first.body.events.map((event: { event_id: string }) => event.event_id), third.body.events.map((event: { event_id: string }) => event.event_id));
  t.same([third, fourth, fifth].map((request) => statuses(request.body)), [[400, 401, 402], [403, 404, 405], [406]], 'accepted: each event once, in order');
  t.equal(new Set([third, fourth, fifth].map((request) => request.body.batch_id)).size, 3);
  t.ok(second.atMs - first.atMs >= 150, `waited the base after the first failure (${second.atMs - first.atMs} ms)`);
  t.ok(third.atMs - second.atMs >= 300, `and twice that after the second (${third.atMs - second.atMs} ms)`);
  t.same(Object.keys(third.body).sort(), ['app_version', 'batch_id', 'events', 'platform']);
  t.same(Object.keys(third.body.events[0]).sort(), ['at_ms', 'event_id', 'fields', 'name']);
  t.equal(third.body.platform, `${process.platform}-${process.arch}`);
  t.equal(third.contentType, 'application/json');
  t.match(await config(s), { stored_events: 0, exported_events: 7, export_failures: 0, next_export_attempt_at_ms: null, last_export_at_ms: Number });
  const warnings = logged(await s.server.kernel.recentLog(1_000_000), 'telemetry export refused');
  t.match(warnings, [{ level: 40, status: 500, events: 3 }, { level: 40, status: 500, events: 3 }], 'each refusal is logged: the status and how many, never the address or the events');
  t.notOk(JSON.stringify(warnings).includes(receiver.url.split('/receive')[0]));
});

t.test('no answer in time is a failure: the batch goes again, the same', async (t) => {
  const receiver = await startReceiver(t, (count) => (count === 1 ? 'hang' : 200));
  const s = await telemetryServer(t, { url: receiver.url, interval_ms: 20, timeout_ms: 200, retry_base_ms: 10 });
  await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1 } });
  await send(s, 2);
  await s.request('PUT', '/v1/telemetry/config', { body: { export_enabled: true } });
  await until(() => receiver.received.length >= 2, 'a second attempt');
  await until(() => s.server.kernel.registry.db.prepare('SELECT count(*) FROM telemetry_events').pluck().get() === 0, 'an empty store');
  t.equal(receiver.received[1].body.batch_id, receiver.received[0].body.batch_id);
  t.same(statuses(receiver.received[1].body), [400, 401]);
  t.match(logged(await s.server.kernel.recentLog(1_000_000), 'telemetry export failed'), [{ reason: 'TimeoutError', events: 2 }], 'the first attempt ended by the timeout, counted as one failure');
});

t.test('nothing is sent without consent, without export, or without a destination', async (t) => {
  const receiver = await startReceiver(t);
  const s = await telemetryServer(t, { url: receiver.url, interval_ms: 10 });
  await send(s, 2);
  s.server.kernel.registry.db.prepare('UPDATE telemetry_state SET export_enabled = 1').run();
  await sleep(100);
  t.equal(receiver.received.length, 0, 'export on in the table but no acknowledgement: nothing');
  const bare = await telemetryServer(t, { interval_ms: 10 });
  await bare.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1, export_enabled: true } });
  await send(bare, 3);
  await sleep(100);
  t.match(await config(bare), { export_enabled: true, export_destination_configured: false, stored_events: 3, export_failures: 0 }, 'no destination: the events wait');
});

t.test('turning export off stops sending; events wait and go once it is on again', async (t) => {
  const receiver = await startReceiver(t);
  const s = await telemetryServer(t, { url: receiver.url, interval_ms: 20, batch_size: 2 });
  await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1 } });
  await send(s, 2);
  await s.request('PUT', '/v1/telemetry/config', { body: { export_enabled: true } });
  await until(() => receiver.received.length === 1, 'the first batch');
  await s.request('PUT', '/v1/telemetry/config', { body: { export_enabled: false } });
  await send(s, 2, 410);
  await sleep(120);
  t.equal(receiver.received.length, 1, 'nothing while off');
  await s.request('PUT', '/v1/telemetry/config', { body: { export_enabled: true } });
  await until(() => receiver.received.length === 2, 'the second batch');
  t.same(statuses(receiver.received[1].body), [410, 411]);
});

t.test('back-off doubles from the base up to the maximum; success resets it', async (t) => {
  const clock = handClock();
  const s = await telemetryServer(t, { url: 'http://127.0.0.1:9/receive', retry_base_ms: 1_000, retry_max_ms: 5_000 }, { clock });
  const service = s.server.kernel.cradle.telemetryService;
  await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1, export_enabled: true } });
  t.ok(service.exportDue(clock.now()), 'due at once');
  const waits: number[] = [];
  for (let i = 0; i < 5; i++) {
    service.failed();
    const state = await config(s);
    waits.push(state.next_export_attempt_at_ms - clock.now());
    t.equal(state.export_failures, i + 1);
  }
  t.same(waits, [1_000, 2_000, 4_000, 5_000, 5_000]);
  t.notOk(service.exportDue(clock.now() + 4_999), 'not before the wait is over');
  t.ok(service.exportDue(clock.now() + 5_000), 'due when it is');
  await send(s, 1);
  const batch = service.nextBatch()!;
  service.accepted(batch.batch_id);
  t.match(await config(s), { export_failures: 0, next_export_attempt_at_ms: null, exported_events: 1, last_export_at_ms: clock.now() });
  t.equal(service.nextBatch(), undefined, 'nothing left to send');
  for (let i = 0; i < 60; i++) service.failed();
  t.equal((await config(s)).next_export_attempt_at_ms - clock.now(), 5_000, 'many failures stay at the maximum');
});

t.test('unreachable: counted as a failure, the events kept', async (t) => {
  const s = await telemetryServer(t, { url: await deadUrl(), interval_ms: 10, retry_base_ms: 60_000 });
  await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1 } });
  await send(s, 2);
  await s.request('PUT', '/v1/telemetry/config', { body: { export_enabled: true } });
  await until(() => s.server.kernel.registry.db.prepare('SELECT export_failures FROM telemetry_state').pluck().get() === 1, 'a failure');
  await sleep(100);
  t.match(await config(s), { export_failures: 1, stored_events: 2, exported_events: 0, next_export_attempt_at_ms: Number }, 'waiting out the back-off: one attempt only');
  t.match(logged(await s.server.kernel.recentLog(1_000_000), 'telemetry export failed'), [{ level: 40, reason: 'TypeError', events: 2 }]);
});

t.test('a batch in flight when the server stops is sent again, the same, by the next start', async (t) => {
  const hanging = await startReceiver(t, () => 'hang');
  const first = await telemetryServer(t, { url: hanging.url, interval_ms: 10 });
  await first.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1 } });
  await send(first, 3);
  await first.request('PUT', '/v1/telemetry/config', { body: { export_enabled: true } });
  await until(() => hanging.received.length === 1, 'a batch in flight');
  const started = Date.now();
  await first.server.close();
  t.ok(Date.now() - started < 5_000, 'stopping does not wait for the answer');
  const receiver = await startReceiver(t);
  const second = await telemetryServer(t, { url: receiver.url, interval_ms: 10 }, { dataDir: first.dataDir });
  await until(() => receiver.received.length === 1, 'the batch again');
  t.equal(receiver.received[0].body.batch_id, hanging.received[0].body.batch_id);
  t.same(statuses(receiver.received[0].body), [400, 401, 402]);
  await until(() => second.server.kernel.registry.db.prepare('SELECT count(*) FROM telemetry_events').pluck().get() === 0, 'the answer taken in');
  t.match(await config(second), { export_failures: 0, exported_events: 3, stored_events: 0 }, 'a stop is not a failure');
});

t.test('across restarts: the back-off is waited out, the failed batch goes the same, an accepted one never again', async (t) => {
  const clock = handClock(Date.now());
  const options = { interval_ms: 10, retry_base_ms: 60_000 };
  const first = await telemetryServer(t, { ...options, url: await deadUrl() }, { clock });
  await first.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1 } });
  await send(first, 2);
  await first.request('PUT', '/v1/telemetry/config', { body: { export_enabled: true } });
  await until(() => first.server.kernel.registry.db.prepare('SELECT export_failures FROM telemetry_state').pluck().get() === 1, 'a failure');
  const failedBatch = first.server.kernel.registry.db.prepare('SELECT DISTINCT batch_id FROM telemetry_events').pluck().all();
  t.equal(failedBatch.length, 1, 'the events were given a batch before the attempt');
  await first.server.close();

  const receiver = await startReceiver(t);
  const second = await telemetryServer(t, { ...options, url: receiver.url }, { clock, dataDir: first.dataDir });
  await sleep(150);
  t.equal(receiver.received.length, 0, 'a restart does not cut the wait short');
  t.match(await config(second), { export_failures: 1, stored_events: 2, exported_events: 0 });
  clock.advance(60_000);
  await until(() => receiver.received.length === 1, 'the batch once the wait is over');
  t.equal(receiver.received[0].body.batch_id, failedBatch[0], 'under the id it was first given');
  t.same(statuses(receiver.received[0].body), [400, 401]);
  await until(() => second.server.kernel.registry.db.prepare('SELECT count(*) FROM telemetry_events').pluck().get() === 0, 'an empty store');
  t.match(await config(second), { export_failures: 0, exported_events: 2, next_export_attempt_at_ms: null });
  await second.server.close();

  const third = await telemetryServer(t, { ...options, url: receiver.url }, { clock, dataDir: first.dataDir });
  await send(third, 1, 420);
  await until(() => receiver.received.length === 2, 'the next event');
  await sleep(100);
  t.equal(receiver.received.length, 2, 'one request more, not the accepted batch again');
  t.same(statuses(receiver.received[1].body), [420]);
  await until(() => third.server.kernel.registry.db.prepare('SELECT count(*) FROM telemetry_events').pluck().get() === 0, 'the answer taken in');
  t.match(await config(third), { exported_events: 3, stored_events: 0 });
});

t.test('an event kept while a batch is in flight waits for the next batch', async (t) => {
  const receiver = await startReceiver(t, (count) => (count === 1 ? 'hang' : 200));
  const s = await telemetryServer(t, { url: receiver.url, interval_ms: 10, timeout_ms: 300, retry_base_ms: 10, batch_size: 2 });
  await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1 } });
  await send(s, 2);
  await s.request('PUT', '/v1/telemetry/config', { body: { export_enabled: true } });
  await until(() => receiver.received.length === 1, 'a batch in flight');
  await send(s, 1, 410);
  await until(() => receiver.received.length === 3, 'the batch again, then the next');
  t.same(receiver.received.map((request) => statuses(request.body)), [[400, 401], [400, 401], [410]], 'the later event is not slipped into the batch in flight');
  await until(() => s.server.kernel.registry.db.prepare('SELECT count(*) FROM telemetry_events').pluck().get() === 0, 'an empty store');
  t.match(await config(s), { exported_events: 3, export_failures: 0 });
});
