import t from 'tap';
import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { quietOnClosedPipe } from '../src/closed-pipe.js';

/** A stream whose reader has gone: every write fails with `code`. */
function closed(code: string): Writable {
  return new Writable({
    write(_chunk, _encoding, done) {
      done(Object.assign(new Error(`write ${code}`), { code }));
    },
  });
}

t.test('a closed pipe (EPIPE) drops the lines nobody reads, without an error', async (t) => {
  const stream = closed('EPIPE');
  quietOnClosedPipe(stream);
  stream.write('Exported GEDCOM 7.0 to tree.ged\n');
  await new Promise((settled) => stream.once('error', settled));
  t.pass('the EPIPE reached the listener, and nothing was thrown');
});

t.test('any other error of the stream is thrown as before', async (t) => {
  const stream = closed('EIO');
  quietOnClosedPipe(stream);
  const listener = stream.listeners('error')[0] as (error: Error) => void;
  t.throws(() => listener(Object.assign(new Error('write EIO'), { code: 'EIO' })), { code: 'EIO' });
});

t.test('a process whose stdout reader stops early ends with its own exit code, no stack trace', async (t) => {
  // A child that writes after its reader is gone, as `rootline export ... | head -1` did.
  const script = `
    const { quietOnClosedPipe } = await import(${JSON.stringify(new URL('../src/closed-pipe.ts', import.meta.url).href)});
    quietOnClosedPipe(process.stdout);
    process.stdout.write('first line\\n');
    setTimeout(() => { process.stdout.write('second line\\n'); setTimeout(() => process.exit(3), 100); }, 300);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  await new Promise((read) => child.stdout.once('data', read));
  child.stdout.destroy();
  const code = await new Promise((exited) => child.on('exit', exited));
  t.equal(code, 3, 'its own exit code');
  t.notMatch(stderr, /EPIPE|Error/, stderr);
});
