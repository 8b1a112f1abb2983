import t from 'tap';
import { ProgressBar } from '../src/progress.js';

/** A bar drawn into a list, as a terminal would receive it. */
function drawn(label = 'Importing') {
  const writes: string[] = [];
  return { bar: new ProgressBar(label, (text) => writes.push(text)), writes };
}

t.test('the bar shows the share done, filled to it, with the counts and their unit', async (t) => {
  const { bar, writes } = drawn();
  bar.update({ done: 50, total: 200, unit: 'records' });
  bar.update({ done: 200, total: 200, unit: 'records' });
  bar.update({ done: 12_345, total: 1_000_000, unit: 'records' });
  t.same(writes, [
    `\rImporting [${'#'.repeat(8)}${'.'.repeat(22)}]  25% 50/200 records`,
    `\rImporting [${'#'.repeat(30)}] 100% 200/200 records`,
    `\rImporting [${'.'.repeat(30)}]   1% 12,345/1,000,000 records`,
  ]);
});

t.test('more done than the total reads as full, not past it', async (t) => {
  const { bar, writes } = drawn('Exporting');
  bar.update({ done: 250, total: 200, unit: 'persons' });
  t.same(writes, [`\rExporting [${'#'.repeat(30)}] 100% 250/200 persons`]);
});

t.test('without a total: the count alone, no bar', async (t) => {
  const { bar, writes } = drawn();
  bar.update({ done: 1234, total: null, unit: 'lines' });
  bar.update({ done: 0, total: 0, unit: 'lines' });
  t.same(writes, ['\rImporting 1,234 lines', '\rImporting 0 lines']);
});

t.test('the same line is drawn once; the end adds a line break only after a drawing', async (t) => {
  const { bar, writes } = drawn();
  bar.finish();
  t.same(writes, [], 'nothing drawn, nothing to end');
  bar.update({ done: 1, total: 4, unit: 'records' });
  bar.update({ done: 1, total: 4, unit: 'records' });
  bar.update({ done: 2, total: 4, unit: 'records' });
  bar.update({ done: 2, total: 4, unit: 'records' });
  bar.finish();
  t.equal(writes.length, 3, 'two drawings and the end');
  t.equal(writes[2], '\n');
});

t.test('where nobody watches (no writer) nothing is drawn and nothing fails', async (t) => {
  const bar = new ProgressBar('Importing', null);
  bar.update({ done: 1, total: 2, unit: 'records' });
  bar.finish();
  t.pass('no output, no error');
});
