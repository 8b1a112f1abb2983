import t from 'tap';
import type { GedcomNode } from '@rootline/gedcom';
import { BatchSize, BATCH_MS, linesOf } from '../src/import/batch-size.js';

/** A batch size on a clock the test moves: each batch "takes" `msPerLine` a line. */
function sized(budgetMs = 20) {
  let now = 0;
  const size = new BatchSize(() => now, budgetMs);
  const run = (lines: number, msPerLine: number) => size.time(lines, () => (now += lines * msPerLine));
  return { size, run };
}

t.test('a batch holds the loop for about 20 ms', async (t) => {
  t.equal(BATCH_MS, 20);
});

t.test('a record counts its lines, its own included', async (t) => {
  const line = (tag: string, children: GedcomNode[] = []): GedcomNode => ({ level: 0, tag, line: 1, children });
  t.equal(linesOf(line('INDI')), 1);
  t.equal(linesOf(line('INDI', [line('NAME', [line('GIVN'), line('SURN')]), line('BIRT', [line('DATE')])])), 6);
});

t.test('the first batch is 250 lines; then as many as fit the budget at the time a line took', async (t) => {
  const { size, run } = sized();
  t.equal(size.lines, 250);
  run(250, 0.04); // 10 ms: room for 500 lines, and 500 is twice the last
  t.equal(size.lines, 500);
  run(500, 0.04);
  t.equal(size.lines, 500, 'the budget, not growth, bounds it now');
});

t.test('growth is at most twice the last batch; a slower batch shrinks the next one at once', async (t) => {
  const { size, run } = sized();
  run(250, 0.001);
  t.equal(size.lines, 500, 'twice the last, though 20,000 would fit');
  run(500, 0.001);
  t.equal(size.lines, 1000);
  run(1000, 0.1); // a hundred times slower: 100 ms
  t.equal(size.lines, 200, 'the slow batch sets the pace at once: 20 ms / 0.1 ms');
  run(200, 0.01);
  // 0.7 x 0.1 + 0.3 x 0.01 = 0.073 ms a line: faster again only slowly
  t.equal(size.lines, Math.floor(20 / (0.7 * 0.1 + 0.3 * 0.01)));
});

t.test('between 20 and 40,000 lines whatever the clock says; an empty batch teaches nothing', async (t) => {
  const slow = sized();
  slow.run(250, 10);
  t.equal(slow.size.lines, 20, 'at least 20 lines, however slow');
  const fast = sized();
  for (let i = 0; i < 12; i++) fast.run(fast.size.lines, 0.00001);
  t.equal(fast.size.lines, 40_000, 'at most 40,000');
  const empty = sized();
  empty.run(0, 0);
  t.equal(empty.size.lines, 250, 'still the first batch');
});

t.test('a first batch can be given (an undo starts each kind at 20): it grows from there, at most twice the last', async (t) => {
  let now = 0;
  const size = new BatchSize(() => now, 20, 20);
  t.equal(size.lines, 20, 'the first batch is the one given');
  size.time(20, () => (now += 20 * 0.01)); // 0.2 ms: room for 2,000, but at most twice the last
  t.equal(size.lines, 40);
  size.time(40, () => (now += 40 * 0.01));
  t.equal(size.lines, 80);
});
