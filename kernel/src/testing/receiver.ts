import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got: its method, content type, parsed JSON body and when it arrived (`Date.now()`). */
export interface Received {
  method: string;
  contentType: string | undefined;
  body: any;
  atMs: number;
}

/**
 * A real HTTP server on loopback standing in for a service Rootline sends to (feedback, telemetry): it keeps every request
 * it got and answers each with what `answer` says (a status, or 'hang' to never answer).
 */
export async function startReceiver(t: { teardown(fn: () => unknown): void }, answer: (count: number) => number | 'hang' = () => 200, path = '/receive') {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      received.push({ method: request.method!, contentType: request.headers['content-type'], body: JSON.parse(text), atMs: Date.now() });
      const status = answer(received.length);
      if (status === 'hang') return void hanging.push(response);
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, received };
}

/** A loopback address nothing listens on (a port just freed). */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/receive`;
}

/** A clock a test moves by hand. */
export function handClock(start = 1_764_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}
