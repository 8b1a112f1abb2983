import t from 'tap';
import { PassThrough } from 'node:stream';
import { isLingering, lingerThenClose } from '../src/http/linger.js';

// The real-socket side (a 413 the client receives whole) is tested over real sockets by the
// upload routes; this is the stand-in inject() gives, which has no connection to close.
t.test('a request without a real connection (inject) is left alone: nothing throws later', async (t) => {
  const incoming = Object.assign(new PassThrough(), { socket: { remoteAddress: '127.0.0.1' } });
  t.equal(isLingering(incoming), false, 'a request is not lingering until told');
  lingerThenClose(incoming as never, 10);
  t.equal(isLingering(incoming), true, 'marked: its 413 will say Connection: close');
  await new Promise((resolve) => setTimeout(resolve, 60));
  t.pass('no timer fired into a missing destroy');
});
