import t from 'tap';
import { buildTestServer, deadUrl, handClock, startReceiver } from '@rootline/kernel/testing';

const PLUGIN = '@rootline/plugin-feedback';
const server = (t: Parameters<typeof buildTestServer>[0], options: Record<string, unknown>, clock?: { now(): number }) =>
  buildTestServer(t, { plugins: [{ name: PLUGIN, options }], clock, env: { ROOTLINE_FEEDBACK_URL: '', ROOTLINE_FEEDBACK_TIMEOUT_MS: '', ROOTLINE_FEEDBACK_MAX_PER_HOUR: '' } });
const platform = `${process.platform}-${process.arch}`;

t.test('202 once the destination took it: the message, the address, the app version and platform, as JSON', async (t) => {
  const receiver = await startReceiver(t);
  const clock = handClock();
  const s = await server(t, { url: receiver.url }, clock);
  const reply = await s.request('POST', '/v1/feedback', { body: { message: 'The chart cuts off the fifth generation.', email: 'ann@example.org' } });
  t.equal(reply.statusCode, 202);
  const appVersion = s.server.kernel.settings.appVersion;
  t.same(reply.json(), { app_version: appVersion, platform, received_at_ms: clock.now() });
  t.equal(receiver.received.length, 1);
  t.equal(receiver.received[0].method, 'POST');
  t.equal(receiver.received[0].contentType, 'application/json');
  t.same(receiver.received[0].body, { message: 'The chart cuts off the fifth generation.', email: 'ann@example.org', name: null, app_version: appVersion, platform, received_at_ms: clock.now() });
  const anonymous = await s.request('POST', '/v1/feedback', { body: { message: 'No address this time' } });
  t.equal(anonymous.statusCode, 202);
  t.equal(receiver.received[1].body.email, null, 'no address: null');
  t.equal((await s.request('POST', '/v1/feedback', { body: { message: 'x', email: null } })).statusCode, 202, 'a null address is none');
  t.same(s.server.kernel.registry.db.prepare('SELECT * FROM feedback_deliveries').all().length, 3, 'only the times are kept');
});

t.test('a Rootline token pasted into the message never leaves the machine: it is sent as [token], the rest as written', async (t) => {
  const receiver = await startReceiver(t);
  const s = await server(t, { url: receiver.url });
  const message = `rootline import failed with my token ${s.humanToken} and the agent's rla_${'B'.repeat(43)}; path /home/ann/tree.ged`;
  t.equal((await s.request('POST', '/v1/feedback', { body: { message } })).statusCode, 202);
  t.equal(receiver.received[0].body.message, "rootline import failed with my token [token] and the agent's [token]; path /home/ann/tree.ged");
});

t.test('422 feedback-refused before anything leaves: empty, blank, over 10,000 characters, an invalid address', async (t) => {
  const receiver = await startReceiver(t);
  const s = await server(t, { url: receiver.url });
  const refusals: [unknown, string[]][] = [
    [{ message: '' }, ['message']],
    [{ message: ' \n\t ' }, ['message']],
    [{ message: 'a'.repeat(10_001) }, ['message']],
    [{ message: '😀'.repeat(10_001) }, ['message']],
    [{ message: 'fine', email: 'ann' }, ['email']],
    [{ message: 'fine', email: 'ann@example' }, ['email']],
    [{ message: 'fine', email: 'ann smith@example.org' }, ['email']],
    [{ message: 'fine', email: 'ann@@example.org' }, ['email']],
    [{ message: 'fine', email: '@example.org' }, ['email']],
    [{ message: 'fine', email: 'ann@example.' }, ['email']],
    [{ message: 'fine', email: '' }, ['email']],
    [{ message: 'fine', email: `${'a'.repeat(243)}@example.org` }, ['email']],
    [{ message: 'fine', email: 'ann@example.org trailing' }, ['email']],
    [{ message: 'fine', email: 'ann@example.org@x.org' }, ['email']],
    [{ message: 'fine', email: 'ann@example..org' }, ['email']],
    [{ message: '', email: 'nope' }, ['message', 'email']],
  ];
  for (const [body, fields] of refusals) {
    const reply = await s.request('POST', '/v1/feedback', { body });
    t.equal(reply.statusCode, 422, JSON.stringify(body).slice(0, 60));
    t.equal(reply.json().code, 'feedback-refused');
    t.same(reply.json().errors.map((error: { name: string; location: string }) => `${error.location}:${error.name}`), fields.map((field) => `body:${field}`));
  }
  t.match((await s.request('POST', '/v1/feedback', { body: { message: 'a'.repeat(10_001) } })).json().detail, /10001 characters; at most 10000/);
  t.equal(receiver.received.length, 0, 'nothing was sent');
  t.same(s.server.kernel.registry.db.prepare('SELECT * FROM feedback_deliveries').all(), [], 'and nothing counted');
  const longest = await s.request('POST', '/v1/feedback', { body: { message: '😀'.repeat(10_000), email: `${'a'.repeat(242)}@example.org` } });
  t.equal(longest.statusCode, 202, '10,000 characters (code points, not UTF-16 units) and a 254-character address go');
  t.equal(receiver.received[0].body.message.length, 20_000);
  t.equal((await s.request('POST', '/v1/feedback', { body: { message: 'fine', email: 'a.b+c@mail.example.co.uk' } })).statusCode, 202);
  const unknownField = await s.request('POST', '/v1/feedback', { body: { message: 'fine', phone: '555 0100' } });
  t.equal(unknownField.statusCode, 400, 'an unknown field is the kernel\'s 400');
  t.equal(receiver.received.length, 2);
});

t.test('the sender\'s name (spec: optional): sent trimmed, blank is none, over 200 characters 422 before anything leaves', async (t) => {
  const receiver = await startReceiver(t);
  const s = await server(t, { url: receiver.url });
  const send = (name: unknown) => s.request('POST', '/v1/feedback', { body: { message: 'Hello', name } });
  t.equal((await send('  Ann Shaw \n')).statusCode, 202);
  t.equal((await send('   ')).statusCode, 202);
  t.equal((await send(null)).statusCode, 202);
  t.equal((await send('😀'.repeat(200))).statusCode, 202, '200 characters (code points)');
  t.equal((await send(` ${'a'.repeat(200)} `)).statusCode, 202, 'counted after trimming');
  t.same(receiver.received.map((request) => request.body.name), ['Ann Shaw', null, null, '😀'.repeat(200), 'a'.repeat(200)]);
  const long = await send('a'.repeat(201));
  t.equal(long.statusCode, 422);
  t.equal(long.json().code, 'feedback-refused');
  t.same(long.json().errors, [{ location: 'body', name: 'name', message: 'The name has 201 characters; at most 200 can be sent' }]);
  t.equal((await send(5)).statusCode, 400, 'not text: the kernel\'s 400');
  t.equal(receiver.received.length, 5, 'the refused ones never left');
});

t.test('503 feedback-unavailable with no destination; the refusals of a bad message still come first', async (t) => {
  const s = await server(t, {});
  const reply = await s.request('POST', '/v1/feedback', { body: { message: 'Hello' } });
  t.equal(reply.statusCode, 503);
  t.equal(reply.json().code, 'feedback-unavailable');
  t.equal((await s.request('POST', '/v1/feedback', { body: { message: '' } })).statusCode, 422);
  t.same(s.server.kernel.registry.db.prepare('SELECT * FROM feedback_deliveries').all(), []);
});

t.test('429 rate-limited with Retry-After past the limit in a rolling hour; failures do not count', async (t) => {
  const statuses = [200, 200, 500, 200, 200, 200, 200, 200];
  const receiver = await startReceiver(t, (count) => statuses[count - 1] ?? 200);
  const clock = handClock();
  const s = await server(t, { url: receiver.url, max_per_hour: 5 }, clock);
  const send = () => s.request('POST', '/v1/feedback', { body: { message: 'Another thought' } });
  const first = clock.now();
  t.equal((await send()).statusCode, 202);
  clock.advance(10 * 60_000);
  t.equal((await send()).statusCode, 202);
  t.equal((await send()).statusCode, 502, 'the destination failed once');
  for (let i = 0; i < 3; i++) t.equal((await send()).statusCode, 202);
  t.equal(receiver.received.length, 6);
  clock.advance(5 * 60_000);
  const limited = await send();
  t.equal(limited.statusCode, 429, 'the sixth in the hour (the failure did not count)');
  t.equal(limited.json().code, 'rate-limited');
  const wait = Math.ceil((first + 3_600_000 - clock.now()) / 1000);
  t.equal(limited.headers['retry-after'], String(wait), 'until the first one is an hour old');
  t.equal(limited.json().retry_after_seconds, wait);
  t.equal(receiver.received.length, 6, 'nothing was sent');
  t.equal((await s.request('POST', '/v1/feedback', { body: { message: '' } })).statusCode, 422, 'a bad message is still 422');
  clock.advance(wait * 1000 - 999);
  t.equal((await send()).headers['retry-after'], '1', 'seconds, rounded up');
  clock.advance(999);
  t.equal((await send()).statusCode, 202, 'the first left the hour');
  t.equal((await send()).statusCode, 429, 'and the place is taken again');
  t.equal(s.server.kernel.registry.db.prepare('SELECT count(*) FROM feedback_deliveries').pluck().get(), 5, 'older rows are deleted');
});

t.test('502 feedback-unreachable: an error answer, a refusal, nothing listening, no answer in time', async (t) => {
  const failing = await startReceiver(t, () => 503);
  const refusing = await startReceiver(t, () => 400);
  const silent = await startReceiver(t, () => 'hang');
  const cases: [string, Record<string, unknown>, RegExp, string][] = [
    [failing.url, {}, /answered 503/, 'refused'],
    [refusing.url, {}, /answered 400/, 'refused'],
    [await deadUrl(), {}, /could not be reached/, 'unreachable'],
    [silent.url, { timeout_ms: 300 }, /did not answer within 300 ms/, 'timeout'],
  ];
  for (const [url, options, detail, reason] of cases) {
    const s = await server(t, { url, ...options });
    const started = Date.now();
    const reply = await s.request('POST', '/v1/feedback', { body: { message: 'Hello', email: 'ann@example.org' } });
    t.equal(reply.statusCode, 502, reason);
    t.equal(reply.json().code, 'feedback-unreachable');
    t.match(reply.json().detail, detail);
    t.equal(reply.json().reason, reason);
    t.notMatch(JSON.stringify(reply.json()), /127\.0\.0\.1/, 'the destination is never named');
    if (reason === 'timeout') t.ok(Date.now() - started < 5_000, 'the timeout ended the wait');
    t.same(s.server.kernel.registry.db.prepare('SELECT * FROM feedback_deliveries').all(), [], 'a failure takes no place');
  }
  t.equal(failing.received.length, 1);
  t.equal(silent.received.length, 1);
});

t.test('an address that is not http(s) stops boot with one line', async (t) => {
  await t.rejects(server(t, { url: 'ftp://feedback.example.org' }), { message: /@rootline\/plugin-feedback: option "url" \(ROOTLINE_FEEDBACK_URL\) must be an http or https URL/ });
  await t.rejects(buildTestServer(t, { plugins: [PLUGIN], env: { ROOTLINE_FEEDBACK_URL: 'not a url' } }), { message: /must be an http or https URL/ });
});

t.test('ROOTLINE_FEEDBACK_URL, _TIMEOUT_MS and _MAX_PER_HOUR configure it', async (t) => {
  const receiver = await startReceiver(t);
  const s = await buildTestServer(t, { plugins: [PLUGIN], env: { ROOTLINE_FEEDBACK_URL: receiver.url, ROOTLINE_FEEDBACK_MAX_PER_HOUR: '1', ROOTLINE_FEEDBACK_TIMEOUT_MS: '5000' } });
  t.equal((await s.request('POST', '/v1/feedback', { body: { message: 'one' } })).statusCode, 202);
  t.equal((await s.request('POST', '/v1/feedback', { body: { message: 'two' } })).statusCode, 429);
});

t.test('two messages at once cannot both take the last place: the place is taken before sending, given back on failure', async (t) => {
  const receiver = await startReceiver(t, (count) => (count === 1 ? 'hang' : 200));
  const s = await server(t, { url: receiver.url, max_per_hour: 1, timeout_ms: 500 });
  const send = (message: string) => s.request('POST', '/v1/feedback', { body: { message } });
  const replies = await Promise.all([send('one'), send('two')]);
  const refused = replies.findIndex((reply) => reply.statusCode === 429);
  t.same(replies.map((reply) => reply.statusCode).sort(), [429, 502], 'one is refused while the other is in flight; that one times out');
  t.same(receiver.received.map((request) => request.body.message), [['two', 'one'][refused]], 'the refused one never left');
  t.ok(Number(replies[refused].headers['retry-after']) > 3_590, 'the wait is the whole hour of the place in flight');
  t.equal((await send('third')).statusCode, 202, 'the failed one gave its place back');
  t.equal((await send('fourth')).statusCode, 429);
});

t.test('the words of each refusal: title, detail and errors[] say what happened and never name the destination', async (t) => {
  const receiver = await startReceiver(t, () => 503);
  const clock = handClock();
  const s = await server(t, { url: receiver.url, max_per_hour: 1 }, clock);
  const refused = (await s.request('POST', '/v1/feedback', { body: { message: '', email: 'nope' } })).json();
  t.match(refused, { status: 422, title: 'The feedback cannot be sent as it is', detail: 'The message is empty; The e-mail address is not valid' });
  t.same(refused.errors.map((error: { message: string }) => error.message), ['The message is empty', 'The e-mail address is not valid']);
  const failed = (await s.request('POST', '/v1/feedback', { body: { message: 'Hello' } })).json();
  t.match(failed, { status: 502, title: 'The feedback service could not take the message', detail: 'The feedback service answered 503; the message was not taken', reason: 'refused', destination_status: 503 });
  s.server.kernel.registry.db.prepare('INSERT INTO feedback_deliveries (sent_at_ms) VALUES (?)').run(clock.now() - 1_000);
  const limited = (await s.request('POST', '/v1/feedback', { body: { message: 'Hello' } })).json();
  t.match(limited, { status: 429, title: 'Too much feedback in the last hour', detail: 'At most 1 messages can be sent in an hour; try again in 3599 seconds' });
  const none = await server(t, {});
  t.match((await none.request('POST', '/v1/feedback', { body: { message: 'Hello' } })).json(), {
    status: 503,
    title: 'Feedback cannot be sent from this installation',
    detail: 'No feedback destination is configured for this installation (ROOTLINE_FEEDBACK_URL)',
  });
  const dead = await server(t, { url: await deadUrl() });
  t.match((await dead.request('POST', '/v1/feedback', { body: { message: 'Hello' } })).json(), { detail: 'The feedback service could not be reached; nothing was sent', reason: 'unreachable' });
});

t.test('every 2xx is taken, 204 with no body and 299 too; 300 is not', async (t) => {
  for (const [status, expected] of [[204, 202], [299, 202], [201, 202], [300, 502], [199, 502]] as const) {
    const receiver = await startReceiver(t, () => status);
    const s = await server(t, { url: receiver.url });
    const reply = await s.request('POST', '/v1/feedback', { body: { message: 'Hello' } });
    t.equal(reply.statusCode, expected, String(status));
  }
});

t.test('ROOTLINE_FEEDBACK_TIMEOUT_MS sets the wait', async (t) => {
  const silent = await startReceiver(t, () => 'hang');
  const s = await buildTestServer(t, { plugins: [PLUGIN], env: { ROOTLINE_FEEDBACK_URL: silent.url, ROOTLINE_FEEDBACK_TIMEOUT_MS: '250', ROOTLINE_FEEDBACK_MAX_PER_HOUR: '' } });
  const reply = await s.request('POST', '/v1/feedback', { body: { message: 'Hello' } });
  t.equal(reply.statusCode, 502);
  t.match(reply.json(), { reason: 'timeout', detail: 'The feedback service did not answer within 250 ms; nothing was sent' });
});
