/**
 * A reader that stops early (`rootline trees | head -1`, `rootline export ... | head -1`) closes
 * the pipe the command writes to. Node then reports EPIPE as an 'error' of the stream, and with
 * no listener the command died with a stack trace, its work (an export's file) cut off. With
 * this listener the lines nobody reads are dropped and the command ends as it would have, with
 * its own exit code. Any other error of the stream is thrown, as before.
 */
export function quietOnClosedPipe(stream: NodeJS.EventEmitter): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
