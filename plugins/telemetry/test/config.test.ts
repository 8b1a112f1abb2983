import t from 'tap';
import { handClock } from '@rootline/kernel/testing';
import { telemetryServer } from './fixtures/helpers.js';

const event = { name: 'view.opened', fields: { view: 'pedigree' } };

t.test('off until the human acknowledges the disclosure: events are checked and dropped', async (t) => {
  const clock = handClock();
  const s = await telemetryServer(t, {}, { clock });
  const config = (await s.request('GET', '/v1/telemetry/config')).json();
  t.match(config, {
    disclosure: { version: 1 },
    acknowledged_disclosure_version: null,
    acknowledged_at_ms: null,
    enabled: false,
    export_enabled: false,
    export_destination_configured: false,
    stored_events: 0,
    store_limit: 10_000,
    dropped_events: 0,
    exported_events: 0,
    last_export_at_ms: null,
    export_failures: 0,
    next_export_attempt_at_ms: null,
  });
  t.match(config.disclosure.text, /never kept: names, places, dates/);
  t.same(config.events['view.opened'].view.type, 'enum', 'the catalogue is in the record');
  const off = await s.request('POST', '/v1/telemetry/events', { body: event });
  t.equal(off.statusCode, 202);
  t.same(off.json(), { kept: false });
  t.equal((await s.request('POST', '/v1/telemetry/events', { body: { name: 'view.opened', fields: { view: 'Ann Shaw' } } })).statusCode, 422, 'checked even while off');
  t.equal(s.server.kernel.registry.db.prepare('SELECT count(*) FROM telemetry_events').pluck().get(), 0);

  clock.advance(1000);
  const acknowledged = await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1 } });
  t.equal(acknowledged.statusCode, 200);
  t.match(acknowledged.json(), { acknowledged_disclosure_version: 1, acknowledged_at_ms: clock.now(), enabled: true, export_enabled: false });
  t.same((await s.request('POST', '/v1/telemetry/events', { body: event })).json(), { kept: true });
  t.equal((await s.request('GET', '/v1/telemetry/config')).json().stored_events, 1);
  clock.advance(1000);
  t.equal((await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1 } })).json().acknowledged_at_ms, clock.now() - 1000, 'acknowledging again keeps the first time');
});

t.test('export_enabled: true without acknowledgement is 422 and changes nothing; with it, in the same request, it is on', async (t) => {
  const s = await telemetryServer(t, { url: 'http://127.0.0.1:9/receive' });
  const before = (await s.request('GET', '/v1/telemetry/config')).json();
  const refused = await s.request('PUT', '/v1/telemetry/config', { body: { export_enabled: true } });
  t.equal(refused.statusCode, 422);
  t.equal(refused.json().code, 'telemetry-consent-required');
  t.equal(refused.json().disclosure_version, 1);
  const withdrawing = await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: null, export_enabled: true } });
  t.equal(withdrawing.statusCode, 422, 'withdrawing and exporting at once');
  const wrongVersion = await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 2, export_enabled: true } });
  t.equal(wrongVersion.statusCode, 422);
  t.equal(wrongVersion.json().code, 'telemetry-disclosure-mismatch');
  t.equal((await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 0 } })).json().code, 'telemetry-disclosure-mismatch');
  t.same((await s.request('GET', '/v1/telemetry/config')).json(), before, 'nothing changed');
  t.equal((await s.request('PUT', '/v1/telemetry/config', { body: {} })).statusCode, 400, 'an empty change is 400');
  t.equal((await s.request('PUT', '/v1/telemetry/config', { body: { export_enabled: false } })).statusCode, 200, 'turning it off is always allowed');
  const on = (await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1, export_enabled: true } })).json();
  t.match(on, { enabled: true, export_enabled: true, export_destination_configured: true });
  const off = (await s.request('PUT', '/v1/telemetry/config', { body: { export_enabled: false } })).json();
  t.match(off, { enabled: true, export_enabled: false, acknowledged_disclosure_version: 1 }, 'export off keeps the acknowledgement');
  t.match((await s.request('PUT', '/v1/telemetry/config', { body: { export_enabled: true } })).json(), { export_enabled: true }, 'an earlier acknowledgement counts');
});

t.test('only the human changes consent: an agent reads the record and sends events, and is refused the change', async (t) => {
  const s = await telemetryServer(t);
  const agent = await s.request('PUT', '/v1/telemetry/config', { token: s.agentToken, body: { acknowledged_disclosure_version: 1, export_enabled: true } });
  t.equal(agent.statusCode, 403);
  t.equal(agent.json().code, 'human-token-required');
  const config = await s.request('GET', '/v1/telemetry/config', { token: s.agentToken });
  t.equal(config.statusCode, 200);
  t.equal(config.json().enabled, false, 'still off');
  await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1 } });
  t.same((await s.request('POST', '/v1/telemetry/events', { token: s.agentToken, body: event })).json(), { kept: true });
});

t.test('withdrawing: telemetry and export off, the waiting events deleted; acknowledging again starts afresh', async (t) => {
  const s = await telemetryServer(t, { url: 'http://127.0.0.1:9/receive' });
  await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1, export_enabled: true } });
  for (let i = 0; i < 3; i++) await s.request('POST', '/v1/telemetry/events', { body: event });
  t.equal((await s.request('GET', '/v1/telemetry/config')).json().stored_events, 3);
  const withdrawn = (await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: null } })).json();
  t.match(withdrawn, { acknowledged_disclosure_version: null, acknowledged_at_ms: null, enabled: false, export_enabled: false, stored_events: 0 });
  t.same((await s.request('POST', '/v1/telemetry/events', { body: event })).json(), { kept: false });
  const again = (await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1 } })).json();
  t.match(again, { enabled: true, export_enabled: false }, 'export stays off until turned on again');
});

t.test('an acknowledgement of another disclosure version does not count', async (t) => {
  const s = await telemetryServer(t);
  s.server.kernel.registry.db.prepare('UPDATE telemetry_state SET acknowledged_version = 0, export_enabled = 1 WHERE id = 1').run();
  const config = (await s.request('GET', '/v1/telemetry/config')).json();
  t.match(config, { acknowledged_disclosure_version: 0, enabled: false, export_enabled: false });
  t.same((await s.request('POST', '/v1/telemetry/events', { body: event })).json(), { kept: false });
  t.equal((await s.request('PUT', '/v1/telemetry/config', { body: { export_enabled: true } })).json().code, 'telemetry-consent-required');
});

t.test("the specification's disclosure_acknowledged: true acknowledges the disclosure shown, false withdraws; with the version, the two must agree", async (t) => {
  const clock = handClock();
  const s = await telemetryServer(t, { url: 'http://127.0.0.1:9/receive' }, { clock });
  const put = (body: object) => s.request('PUT', '/v1/telemetry/config', { body });
  const config = async () => (await s.request('GET', '/v1/telemetry/config')).json();

  const before = await config();
  for (const [name, body] of [
    ['true with null', { disclosure_acknowledged: true, acknowledged_disclosure_version: null }],
    ['false with a version', { disclosure_acknowledged: false, acknowledged_disclosure_version: 1 }],
  ] as const) {
    const refused = await put(body);
    t.equal(refused.statusCode, 400, `${name}: refused`);
    t.match(refused.json(), { code: 'validation-failed', errors: [{ location: 'body', name: 'disclosure_acknowledged' }] }, `${name}: names the field`);
  }
  t.equal((await put({ disclosure_acknowledged: 'yes' })).statusCode, 400, 'a boolean only');
  t.equal((await put({ disclosure_acknowledged: true, acknowledged_disclosure_version: 2 })).json().code, 'telemetry-disclosure-mismatch', 'true with another version: that version is not the one shown');
  t.same(await config(), before, 'the refusals changed nothing');

  clock.advance(1000);
  const on = await put({ disclosure_acknowledged: true, export_enabled: true });
  t.equal(on.statusCode, 200);
  t.match(on.json(), { acknowledged_disclosure_version: 1, acknowledged_at_ms: clock.now(), enabled: true, export_enabled: true }, 'true: the disclosure shown now is acknowledged');
  t.same((await s.request('POST', '/v1/telemetry/events', { body: event })).json(), { kept: true });
  t.equal((await put({ disclosure_acknowledged: true, acknowledged_disclosure_version: 1 })).statusCode, 200, 'both, agreeing');

  const off = await put({ disclosure_acknowledged: false });
  t.equal(off.statusCode, 200);
  t.match(off.json(), { acknowledged_disclosure_version: null, acknowledged_at_ms: null, enabled: false, export_enabled: false, stored_events: 0 }, 'false: withdrawn, export off, waiting events deleted');
  t.equal((await put({ disclosure_acknowledged: false, export_enabled: true })).json().code, 'telemetry-consent-required', 'false and export at once');
});
