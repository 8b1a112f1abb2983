/** Polls until `done()` holds or `ms` pass (every 20 ms); returns whether it held. For tests that wait on something with no event to await. */
export async function waitFor(done: () => boolean, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return done();
}
