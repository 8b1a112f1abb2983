/**
 * The change stream (`GET /v1/events/stream`) as an end-to-end test reads it: a pump keeps
 * everything received so far as text, `waitFor` waits (bounded) until a pattern is in it, and
 * `close` ends the request and waits for the pump.
 */
export interface ChangeStream {
  status: number;
  contentType: string | null;
  /** Everything the stream has sent so far. */
  readonly text: string;
  /** Waits until `pattern` is in the text, the stream ends, or `ms` pass; whether it is in the text. */
  waitFor(pattern: RegExp, ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function openChangeStream(server: { url: string; token: string }): Promise<ChangeStream> {
  const controller = new AbortController();
  const reply = await fetch(`${server.url}/v1/events/stream`, { headers: { authorization: `Bearer ${server.token}` }, signal: controller.signal });
  let text = '';
  let ended = false;
  let wake: () => void = () => undefined;
  const pump = (async () => {
    try {
      const reader = reply.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
        wake();
      }
    } catch {
      // close() aborted the request
    } finally {
      ended = true;
      wake();
    }
  })();
  return {
    status: reply.status,
    contentType: reply.headers.get('content-type'),
    get text() {
      return text;
    },
    async waitFor(pattern, ms = 30_000) {
      const deadline = Date.now() + ms;
      while (!pattern.test(text) && !ended && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, deadline - Date.now());
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return pattern.test(text);
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}
