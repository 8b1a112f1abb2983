/** What a test holds of an open change stream (`GET .../events/stream`) over a real socket. */
export interface EventStreamReader {
  response: Response;
  /** Everything read so far. */
  readonly text: string;
  /** Reads until the text so far matches `pattern`, the stream ends or `ms` pass; answers the text so far. */
  until(pattern: RegExp, ms?: number): Promise<string>;
  /** Hangs up (the server then forgets the connection). */
  close(): void;
}

/**
 * Opens a change stream as the holder of `token` and reads it as text, for tests that wait for
 * a line to arrive. A read still waiting when `until` gives up is kept for the next call, so a
 * chunk that arrives late reaches the text instead of a read nobody awaits any more.
 */
export async function openEventStream(url: string, token: string, path: string): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let ended = false;
  let waiting: ReturnType<typeof reader.read> | undefined;
  return {
    response,
    get text() {
      return text;
    },
    close: () => controller.abort(),
    async until(pattern, ms = 30_000) {
      const deadline = Date.now() + ms;
      while (!pattern.test(text) && !ended && Date.now() < deadline) {
        if (!waiting) {
          waiting = reader.read();
          // Closing the stream rejects the read; a read left waiting is then nobody's error.
          waiting.catch(() => undefined);
        }
        let timer: NodeJS.Timeout | undefined;
        const timeUp = new Promise<'time up'>((resolve) => {
          timer = setTimeout(() => resolve('time up'), deadline - Date.now());
        });
        const next = await Promise.race([waiting, timeUp]).finally(() => clearTimeout(timer));
        if (next === 'time up') break;
        waiting = undefined;
        if (next.done) ended = true;
        else text += next.value;
      }
      return text;
    },
  };
}
