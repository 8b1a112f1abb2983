import type { Readable } from 'node:stream';

const LINGER_MS = 2000;

type LingeringSocket = { end(): void; destroy(): void; destroySoon?: () => void; once(event: 'close' | 'end', listener: () => void): void };

/** Requests whose connection ends once their answer is sent (read by the Problem handler: the answer says `Connection: close`). */
const LINGERING = new WeakSet<object>();

/** Whether `lingerThenClose` was called for this request: its connection will not be kept. */
export function isLingering(incoming: object): boolean {
  return LINGERING.has(incoming);
}

/**
 * Called before a 413 is sent for a body still arriving (an upload past its ceiling). Node
 * closes such a connection as soon as the answer is written; closing a socket that still
 * receives bytes resets it, and the client can lose the 413 it was sent. So the close only
 * half-closes (our FIN after the answer), the rest of the body is read and thrown away, and
 * the socket is destroyed when the client ends or after `lingerMs` ("lingering close", as
 * nginx does). Used by every route that streams a raw body (blobs, GEDCOM imports).
 */
export function lingerThenClose(incoming: Readable & { socket?: LingeringSocket | null }, lingerMs = LINGER_MS): void {
  LINGERING.add(incoming);
  const socket = incoming.socket;
  // A request made with inject() (light-my-request, in tests) has a stand-in with no
  // connection to close: its timer would throw two seconds later, into whatever runs then.
  if (!socket || typeof socket.destroy !== 'function') return;
  socket.destroySoon = () => socket.end();
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  timer.unref();
  socket.once('end', () => socket.destroy());
  socket.once('close', () => clearTimeout(timer));
  incoming.resume();
}
