import t from 'tap';
import { handClock } from '@rootline/kernel/testing';
import { telemetryServer } from './fixtures/helpers.js';

const on = async (s: Awaited<ReturnType<typeof telemetryServer>>) => {
  await s.request('PUT', '/v1/telemetry/config', { body: { acknowledged_disclosure_version: 1 } });
};
const stored = (s: Awaited<ReturnType<typeof telemetryServer>>) =>
  (s.server.kernel.registry.db.prepare('SELECT name, fields, at_ms FROM telemetry_events ORDER BY seq').all() as { name: string; fields: string; at_ms: number }[]).map((row) => ({ ...row, fields: JSON.parse(row.fields) }));

t.test('catalogue events with whole numbers, booleans and listed words are kept, with the server\'s time', async (t) => {
  const clock = handClock();
  const s = await telemetryServer(t, {}, { clock });
  await on(s);
  const events = [
    { name: 'app.started', fields: { plugin_count: 21, tree_count: 0 } },
    { name: 'gedcom.import_finished', fields: { version: '7.0', outcome: 'succeeded', duration_ms: 86_400_000, individuals: 10_000_000 } },
    { name: 'gedcom.export_finished', fields: { outcome: 'failed', include_living: false } },
    { name: 'backup.finished', fields: { trigger: 'schedule', size_mib: 0 } },
    { name: 'search.performed', fields: { kind: 'persons', result_count: 3 } },
    { name: 'view.opened', fields: { view: 'fan-network' } },
    { name: 'review.decided', fields: { action: 'bulk-confirm', proposer: 'agent', count: 10_000 } },
    { name: 'error.shown', fields: { status: 599 } },
    { name: 'error.shown', fields: { status: 400 } },
    { name: 'app.started' },
  ];
  for (const event of events) {
    const reply = await s.request('POST', '/v1/telemetry/events', { body: event });
    t.equal(reply.statusCode, 202, event.name);
    t.same(reply.json(), { kept: true });
  }
  t.same(stored(s), events.map((event) => ({ name: event.name, fields: event.fields ?? {}, at_ms: clock.now() })));
});

t.test('free text, ids, names, dates and anything outside the catalogue: 422 telemetry-event-refused, nothing kept', async (t) => {
  const s = await telemetryServer(t);
  await on(s);
  const refusals: [unknown, string[]][] = [
    [{ name: 'person.viewed', fields: {} }, ['name']],
    [{ name: 'Ann Shaw' }, ['name']],
    [{ name: 'constructor' }, ['name']],
    [{ name: '__proto__' }, ['name']],
    [{ name: 'view.opened', fields: { person: '0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b' } }, ['fields.person']],
    [{ name: 'view.opened', fields: { view: 'Ann Shaw' } }, ['fields.view']],
    [{ name: 'view.opened', fields: { view: '0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b' } }, ['fields.view']],
    [{ name: 'view.opened', fields: { view: 'PEDIGREE' } }, ['fields.view']],
    [{ name: 'view.opened', fields: { view: ['pedigree'] } }, ['fields.view']],
    [{ name: 'view.opened', fields: { view: { name: 'pedigree' } } }, ['fields.view']],
    [{ name: 'view.opened', fields: { toString: 'x' } }, ['fields.toString']],
    [{ name: 'error.shown', fields: { status: '404' } }, ['fields.status']],
    [{ name: 'error.shown', fields: { status: 404.5 } }, ['fields.status']],
    [{ name: 'error.shown', fields: { status: 399 } }, ['fields.status']],
    [{ name: 'error.shown', fields: { status: 600 } }, ['fields.status']],
    [{ name: 'error.shown', fields: { status: null } }, ['fields.status']],
    [{ name: 'error.shown', fields: { status: true } }, ['fields.status']],
    [{ name: 'app.started', fields: { plugin_count: -1 } }, ['fields.plugin_count']],
    [{ name: 'app.started', fields: { plugin_count: 1_001 } }, ['fields.plugin_count']],
    [{ name: 'gedcom.import_finished', fields: { duration_ms: 86_400_001, individuals: 10_000_001 } }, ['fields.duration_ms', 'fields.individuals']],
    [{ name: 'gedcom.export_finished', fields: { include_living: 'no' } }, ['fields.include_living']],
    [{ name: 'gedcom.export_finished', fields: { include_living: 0 } }, ['fields.include_living']],
    [{ name: 'search.performed', fields: { kind: 'persons', query: 'Shaw' } }, ['fields.query']],
    [{ name: 'backup.finished', fields: { outcome: '12 MAR 1901' } }, ['fields.outcome']],
  ];
  for (const [body, names] of refusals) {
    const reply = await s.request('POST', '/v1/telemetry/events', { body });
    t.equal(reply.statusCode, 422, JSON.stringify(body));
    t.equal(reply.json().code, 'telemetry-event-refused');
    t.same(reply.json().errors.map((error: { location: string; name: string }) => `${error.location}:${error.name}`), names.map((name) => `body:${name}`));
  }
  const errors = async (body: unknown) => (await s.request('POST', '/v1/telemetry/events', { body })).json().errors.map((error: { message: string }) => error.message);
  t.same(await errors({ name: 'error.shown', fields: { status: 'x' } }), ['must be a whole number from 400 to 599']);
  t.same(await errors({ name: 'gedcom.export_finished', fields: { include_living: 'x' } }), ['must be true or false']);
  t.same(await errors({ name: 'view.opened', fields: { view: 'x' } }), ['must be one of pedigree, fan-network, person-card, pending, research, conflicts, sources, audit']);
  t.same(await errors({ name: 'view.opened', fields: { colour: 1 } }), ['view.opened has no field "colour"']);
  t.same(await errors({ name: 'x'.repeat(41) }), [`"${'x'.repeat(40)}…" is not an event telemetry keeps`], 'a long name is not echoed whole');
  t.same(await errors({ name: 'x'.repeat(40) }), [`"${'x'.repeat(40)}" is not an event telemetry keeps`]);
  t.match((await s.request('POST', '/v1/telemetry/events', { body: { name: 'error.shown', fields: { status: 'x', other: 1 } } })).json().detail, 'fields.status: must be a whole number from 400 to 599; fields.other: error.shown has no field "other"');
  t.same(stored(s), [], 'nothing was kept');
  t.equal((await s.request('POST', '/v1/telemetry/events', { body: { name: 'view.opened', extra: 1 } })).statusCode, 400, 'an unknown top-level field is the kernel\'s 400');
});

t.test('the store is bounded: past max_events the oldest events make room, counted as dropped', async (t) => {
  const s = await telemetryServer(t, { max_events: 5, batch_size: 2 });
  await on(s);
  for (let status = 400; status < 408; status++) await s.request('POST', '/v1/telemetry/events', { body: { name: 'error.shown', fields: { status } } });
  t.same(stored(s).map((event) => event.fields.status), [403, 404, 405, 406, 407], 'the five newest');
  t.match((await s.request('GET', '/v1/telemetry/config')).json(), { stored_events: 5, store_limit: 5, dropped_events: 3 });
  // A batch being sent is never cut: the oldest outside it make room instead.
  const batch = s.server.kernel.cradle.telemetryService.nextBatch()!;
  t.same(batch.events.map((event) => event.fields.status), [403, 404]);
  await s.request('POST', '/v1/telemetry/events', { body: { name: 'error.shown', fields: { status: 408 } } });
  t.same(stored(s).map((event) => event.fields.status), [403, 404, 406, 407, 408]);
  t.equal((await s.request('GET', '/v1/telemetry/config')).json().dropped_events, 4);
});

/** The catalogue as the disclosure promises it, written out: a change to it must be a deliberate change here too. */
const OUTCOME = { type: 'enum', values: ['succeeded', 'failed', 'cancelled'] };
const DURATION = { type: 'integer', minimum: 0, maximum: 86_400_000 };
const COUNT = { type: 'integer', minimum: 0, maximum: 10_000_000 };
const CATALOGUE = {
  'app.started': { plugin_count: { type: 'integer', minimum: 0, maximum: 1_000 }, tree_count: { type: 'integer', minimum: 0, maximum: 10_000 } },
  'gedcom.import_finished': { version: { type: 'enum', values: ['5.5.1', '7.0'] }, outcome: OUTCOME, duration_ms: DURATION, individuals: COUNT },
  'gedcom.export_finished': { outcome: OUTCOME, duration_ms: DURATION, individuals: COUNT, include_living: { type: 'boolean' } },
  'backup.finished': { outcome: OUTCOME, trigger: { type: 'enum', values: ['schedule', 'manual'] }, duration_ms: DURATION, size_mib: COUNT },
  'search.performed': { kind: { type: 'enum', values: ['persons', 'duplicates', 'sources'] }, result_count: COUNT, duration_ms: DURATION },
  'view.opened': { view: { type: 'enum', values: ['pedigree', 'fan-network', 'person-card', 'pending', 'research', 'conflicts', 'sources', 'audit'] } },
  'review.decided': { action: { type: 'enum', values: ['confirm', 'refute', 'defer', 'mark-fabricated', 'bulk-confirm'] }, proposer: { type: 'enum', values: ['human', 'agent'] }, count: { type: 'integer', minimum: 0, maximum: 10_000 } },
  'error.shown': { status: { type: 'integer', minimum: 400, maximum: 599 } },
};

t.test('the catalogue in the config record is exactly the allowlist, and every rule holds at its edges', async (t) => {
  const s = await telemetryServer(t, { max_events: 100_000, batch_size: 1 });
  await on(s);
  t.same((await s.request('GET', '/v1/telemetry/config')).json().events, CATALOGUE);
  const post = async (name: string, field: string, value: unknown) => (await s.request('POST', '/v1/telemetry/events', { body: { name, fields: { [field]: value } } })).statusCode;
  for (const [name, fields] of Object.entries(CATALOGUE)) {
    for (const [field, rule] of Object.entries(fields) as [string, { type: string; minimum?: number; maximum?: number; values?: string[] }][]) {
      const where = `${name} ${field}`;
      if (rule.type === 'integer') {
        t.same([await post(name, field, rule.minimum), await post(name, field, rule.maximum)], [202, 202], `${where}: its range`);
        t.same([await post(name, field, rule.minimum! - 1), await post(name, field, rule.maximum! + 1), await post(name, field, String(rule.minimum))], [422, 422, 422], `${where}: outside it`);
      } else if (rule.type === 'boolean') {
        t.same([await post(name, field, true), await post(name, field, false), await post(name, field, 'true')], [202, 202, 422], where);
      } else {
        for (const value of rule.values!) t.equal(await post(name, field, value), 202, `${where}: ${value}`);
        t.same([await post(name, field, `${rule.values![0]} `), await post(name, field, 1)], [422, 422], `${where}: nothing else`);
      }
    }
  }
});
