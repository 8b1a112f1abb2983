import t from 'tap';
import { describeFailure, JobStopped } from '../src/failure.js';

function logged() {
  const lines: unknown[] = [];
  return { lines, logger: { error: (...args: unknown[]) => void lines.push(args) } };
}

const JOB = { jobId: 'j1', kind: 'gedcom-import' };

t.test("a job's own kebab-case code is reported with its message, line and details", async (t) => {
  for (const code of ['unreadable', 'gedcom-unreadable', 'line-too-long', 'utf16-bom2']) {
    const { lines, logger } = logged();
    const error = Object.assign(new Error('Line 12 is not GEDCOM'), { code, line: 12, details: { tag: 'X' } });
    t.same(describeFailure(error, logger, JOB), { code, message: 'Line 12 is not GEDCOM', line: 12, details: { tag: 'X' } }, code);
    t.same(lines, [], 'not logged: the job meant to report it');
  }
});

t.test('any other code is internal, logged in full, its message (which may name a path) never shown', async (t) => {
  for (const code of ['ENOENT', 'ERR_INVALID_ARG_TYPE', 'Bad-code', 'bad-Code', 'bad_code', '-bad', 'bad-', '9bad', 'bad--code', 42]) {
    const { lines, logger } = logged();
    const error = Object.assign(new Error('open /home/someone/tree.ged'), { code });
    t.same(describeFailure(error, logger, JOB), { code: 'internal', message: 'The job failed' }, String(code));
    t.equal(lines.length, 1, 'logged');
  }
  t.same(describeFailure(undefined, logged().logger, JOB), { code: 'internal', message: 'The job failed' }, 'nothing thrown at all');
});

t.test('a missing, empty or non-text message reads "The job failed"; a line that is not a whole number is left out', async (t) => {
  const { logger } = logged();
  for (const message of ['', undefined, 7, { text: 'x' }]) {
    t.same(describeFailure({ code: 'gedcom-empty', message }, logger, JOB), { code: 'gedcom-empty', message: 'The job failed' }, JSON.stringify(message) ?? 'undefined');
  }
  for (const line of ['12', 1.5, null, Number.NaN]) {
    t.same(describeFailure({ code: 'gedcom-empty', message: 'Empty', line }, logger, JOB), { code: 'gedcom-empty', message: 'Empty' }, String(line));
  }
  t.same(describeFailure({ code: 'gedcom-empty', message: 'Empty', line: 0 }, logger, JOB), { code: 'gedcom-empty', message: 'Empty', line: 0 }, 'line 0 is a line');
});

t.test('a stop says why in words', async (t) => {
  t.equal(new JobStopped('cancelled').message, 'Cancel was requested');
  t.equal(new JobStopped('interrupted').message, 'The server stopped before the job finished');
  t.equal(new JobStopped('cancelled').name, 'JobStopped');
});
