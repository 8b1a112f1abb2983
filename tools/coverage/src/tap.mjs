// `npm test` runs tap through this: the terse reporter (set in package.json) shows failures in
// full and a summary, not a line per passing assertion. Its live progress redraws itself in a
// terminal; where the output is not a terminal (a CI log, a pipe) CI=true makes it print only the
// final lines instead of every frame. Arguments go to tap as they are; tap's exit code is ours.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function tapEnvironment(env, isTerminal) {
  return isTerminal || env.CI ? env : { ...env, CI: 'true' };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // tap's own command (its package's bin), run by this Node: no shell, no PATH lookup.
  const manifest = createRequire(import.meta.url).resolve('tap/package.json');
  const bin = join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin.tap);
  const child = spawn(process.execPath, [bin, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: tapEnvironment(process.env, process.stdout.isTTY === true),
  });
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
}
