import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How the server's HTTP side closes gently: replies in flight are finished, and every
 * connection is closed as soon as nothing is in flight on it.
 *
 * Node closes the idle keep-alive connections once, when closing begins, and never counts a
 * connection that has not sent a byte yet as idle. Either kind would hold the close open
 * until its client lets go: a connection whose reply was still going out at that moment (a
 * download its client has already read whole) for 72 seconds, the keep-alive the server
 * announced; a connection a client opened ahead of need (fetch does) for as long as the
 * client keeps it. So while the close waits, both kinds are closed every `everyMs`.
 * Call before the server listens; the returned function does the close (and tells how many
 * connections are open, so a test can see that closed ones are forgotten).
 */
export function drainingClose(app: FastifyInstance, everyMs = 20): (() => Promise<void>) & { readonly open: number } {
  const open = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  const sweep = () => {
    app.server.closeIdleConnections();
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
  };
  const close = async () => {
    const timer = setInterval(sweep, everyMs);
    try {
      await app.close();
    } finally {
      clearInterval(timer);
    }
  };
  return Object.defineProperty(close, 'open', { get: () => open.size }) as typeof close & { readonly open: number };
}
