import t from 'tap';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openEventStream } from '@rootline/kernel/testing';

/** A loopback server that holds one event stream open and writes what the test tells it to. */
async function streamServer(t: { teardown(fn: () => unknown): void }) {
  let held: ServerResponse | undefined;
  let authorization: string | undefined;
  let connection = { hungUp: false };
  const server = createServer((request, response) => {
    const current = { hungUp: false };
    connection = current;
    authorization = request.headers.authorization;
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(': connected\n\n');
    request.on('close', () => (current.hungUp = true));
    held = response;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    write: (text: string) => held!.write(text),
    end: () => held!.end(),
    get authorization() {
      return authorization;
    },
    /** Whether the client hung up the latest connection. */
    get hungUp() {
      return connection.hungUp;
    },
  };
}

t.test('a line that arrives after a wait gave up reaches the next wait', async (t) => {
  const server = await streamServer(t);
  const stream = await openEventStream(server.url, 'the-token', '/v1/events/stream');
  t.teardown(stream.close);
  t.equal(server.authorization, 'Bearer the-token');
  t.match(await stream.until(/: connected/), /: connected\n\n/);
  t.notMatch(await stream.until(/event: first/, 50), /event: first/, 'nothing came: the wait gave up');
  t.notMatch(await stream.until(/event: first/, 50), /event: first/, 'and gave up again');
  server.write('event: first\ndata: {}\n\n');
  server.write('event: second\ndata: {}\n\n');
  t.match(await stream.until(/event: second/, 5000), /event: first\ndata: \{\}\n\nevent: second/, 'both lines, in order, none lost to the reads that gave up');
  t.equal(stream.text, ': connected\n\nevent: first\ndata: {}\n\nevent: second\ndata: {}\n\n');
});

t.test('an ended stream answers at once with what it had; close hangs up', async (t) => {
  const server = await streamServer(t);
  const stream = await openEventStream(server.url, 'x', '/');
  await stream.until(/: connected/);
  server.write('event: last\n\n');
  server.end();
  // Ten minutes to wait: only the stream's end can answer before tap's own timeout.
  t.equal(await stream.until(/never comes/, 600_000), ': connected\n\nevent: last\n\n');

  const open = await openEventStream(server.url, 'x', '/');
  await open.until(/: connected/);
  t.notOk(server.hungUp, 'the new connection is open');
  open.close();
  const deadline = Date.now() + 30_000;
  while (!server.hungUp && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  t.ok(server.hungUp, 'the server saw the connection close');
});
