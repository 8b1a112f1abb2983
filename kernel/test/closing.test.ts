import t from 'tap';
import { connect, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { buildTestServer, waitFor } from '@rootline/kernel/testing';
import Fastify from 'fastify';
import { drainingClose } from '../src/http/draining-close.js';
import { routesPlugin } from './fixtures/plugins.js';

/** A route whose reply has begun (its head and a first part sent) and ends when the test lets it. */
function heldReply() {
  const body = new PassThrough();
  const plugin = routesPlugin('@rootline/plugin-held', (mount) => {
    mount.get('/held', { config: { humanOnly: false } }, async (_request, reply) => {
      body.write('first part;');
      return reply.type('text/plain').send(body);
    });
  });
  return { plugin, release: () => void body.end('last part') };
}

async function socketTo(port: number): Promise<Socket & { text: string; ended: Promise<void> }> {
  const socket = connect(port, '127.0.0.1') as Socket & { text: string; ended: Promise<void> };
  socket.text = '';
  socket.on('data', (chunk) => (socket.text += String(chunk)));
  socket.ended = new Promise((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

/** Whether `promise` settles within `ms`: the server would otherwise wait out a keep-alive of 72 s, or for ever. */
async function within(ms: number, promise: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const done = await Promise.race([promise.then(() => true as const), late]);
  clearTimeout(timer);
  return done;
}

t.test('a reply still going out when the server closes is finished, and its keep-alive connection does not hold the close', async (t) => {
  const { plugin, release } = heldReply();
  const s = await buildTestServer(t, { builtIn: [plugin], plugins: ['@rootline/plugin-held'] });
  const socket = await socketTo(s.port);
  t.teardown(() => socket.destroy());
  socket.write(`GET /v1/held HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nAuthorization: Bearer ${s.humanToken}\r\nConnection: keep-alive\r\n\r\n`);
  await new Promise<void>((resolve) => socket.on('data', () => socket.text.includes('first part;') && resolve()));
  t.match(socket.text, /\r\nconnection: keep-alive\r\n/i, 'the reply began on a keep-alive connection');
  const closing = s.server.close();
  // Several sweeps pass while the reply is still going out: it must not be cut.
  await new Promise((resolve) => setTimeout(resolve, 150));
  release();
  t.ok(await within(5000, closing), 'the close ends once the reply is out');
  t.ok(await within(5000, socket.ended), 'the server closed the connection');
  t.match(socket.text, /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n[0-9a-f]+\r\nfirst part;\r\n[0-9a-f]+\r\nlast part\r\n0\r\n\r\n$/, 'the whole reply arrived first');
});

t.test('a connection a client opened ahead of need, without asking anything, does not hold the close', async (t) => {
  const s = await buildTestServer(t);
  const socket = await socketTo(s.port);
  t.teardown(() => socket.destroy());
  t.ok(await within(5000, s.server.close()), 'the close ends');
  t.ok(await within(5000, socket.ended), 'the server closed the connection');
  t.equal(socket.text, '', 'nothing was sent on it');
});

t.test('connections that ended are forgotten: a long-running server does not keep every socket it ever had', async (t) => {
  const app = Fastify();
  app.get('/', async () => 'ok');
  const close = drainingClose(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const sockets = await Promise.all([1, 2, 3].map(() => socketTo(port)));
  t.ok(await waitFor(() => close.open === 3), 'three open');
  for (const socket of sockets) socket.destroy();
  await Promise.all(sockets.map((socket) => socket.ended));
  t.ok(await waitFor(() => close.open === 0), 'none left once each has closed');
  await close();
});
