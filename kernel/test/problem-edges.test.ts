import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { faultsPlugin } from './fixtures/faults.js';

/** Errors that are not errors, and statuses at the edges of 4xx (kernel/src/http/problem-handler.ts). */
t.test('what a thrown value becomes, by the status it carries', async (t) => {
  const s = await buildTestServer(t, { builtIn: [faultsPlugin()], plugins: ['@rootline/plugin-faults'] });
  const internal = { status: 500, code: 'internal', detail: 'Something went wrong inside Rootline; the log has the details' };
  const unreadable = { status: 400, code: 'malformed-body', detail: 'The request cannot be read' };
  const rows: [name: string, path: string, expected: typeof internal][] = [
    ['nothing thrown (undefined)', '/v1/faults/throw-nothing', internal],
    ['status 302', '/v1/faults/status/302', internal],
    ['status 399', '/v1/faults/status/399', internal],
    ['status 400', '/v1/faults/status/400', unreadable],
    ['status 499', '/v1/faults/status/499', unreadable],
    ['status 500', '/v1/faults/status/500', internal],
    ['status 503', '/v1/faults/status/503', internal],
  ];
  for (const [name, path, expected] of rows) {
    const reply = await s.request('GET', path);
    t.match({ status: reply.statusCode, ...reply.json() }, expected, name);
    t.equal(reply.json().instance, path, `${name}: instance`);
  }
});
