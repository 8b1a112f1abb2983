/**
 * TEST ONLY: `ROOTLINE_BACKUP_TEST_KILL_AT=<phase>:<n>` (phase `backup` or `restore`) makes the
 * server SIGKILL itself at the n-th point of that phase where a crash could leave something
 * half done (after each file, link, fsync, rename, deletion). The crash suites start a real
 * server with it to prove that a crash anywhere leaves no listed backup and no registered tree,
 * and that the next run or start removes what is left. Unset (always, outside those tests), a
 * point costs one comparison. The line on stderr names the phase and point, never a path.
 */
export type Phase = 'backup' | 'restore';

export interface KillPoints {
  /** Marks one point of `phase`; kills the process if it is the chosen one. */
  pass(phase: Phase, what: string): void;
}

export function killPointsFrom(env: NodeJS.ProcessEnv): KillPoints {
  const match = /^(backup|restore):(\d+)$/.exec(env.ROOTLINE_BACKUP_TEST_KILL_AT ?? '');
  if (!match) return { pass: () => undefined };
  const phase = match[1] as Phase;
  const at = Number(match[2]);
  let count = 0;
  return {
    pass(passed, what) {
      if (passed !== phase || ++count !== at) return;
      process.stderr.write(`backup test kill point: ${phase} ${at} (${what})\n`);
      process.kill(process.pid, 'SIGKILL');
    },
  };
}
