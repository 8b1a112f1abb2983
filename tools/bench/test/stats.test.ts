import t from 'tap';
import { cpuSecondsOf, median, percentile, ratio, selectBenches } from '../src/stats.js';

/** The arithmetic every bench figure goes through (src/stats.ts); the benches themselves need a built server and minutes. */

t.test('median: the middle value, the upper middle for an even count, input untouched', async (t) => {
  const rows: [number[], number][] = [
    [[5], 5],
    [[3, 1, 2], 2],
    [[9, 1, 5, 3, 7, 2, 8], 5],
    [[4, 1, 3, 2], 3],
    [[1, 1, 1, 100], 1],
    [[-2, 0, -1], -1],
    [[0.25, 0.5, 0.125], 0.25],
  ];
  for (const [values, want] of rows) t.equal(median(values), want, JSON.stringify(values));
  const input = [3, 1, 2];
  median(input);
  t.same(input, [3, 1, 2], 'the caller\'s array keeps its order');
  t.equal(median([10, 2, 33]), 10, 'sorted as numbers, not as text');
  t.equal(median([]), undefined, 'nothing to take the middle of');
});

t.test('ratio: value over baseline, two decimals', async (t) => {
  const rows: [number, number, number][] = [
    [100, 100, 1],
    [50, 100, 0.5],
    [200, 100, 2],
    [2, 3, 0.67],
    [1, 3, 0.33],
    [0, 5, 0],
    [1234.5678, 1000, 1.23],
  ];
  for (const [value, baseline, want] of rows) t.equal(ratio(value, baseline), want, `${value} / ${baseline}`);
  t.equal(ratio(1, 0), Infinity, 'a zero baseline is reported as such, not hidden');
});

t.test('percentile: nearest rank below, the largest for p=100', async (t) => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
  t.equal(percentile(hundred, 50), 51);
  t.equal(percentile(hundred, 99), 100);
  t.equal(percentile(hundred, 100), 100, 'never past the end');
  t.equal(percentile(hundred, 0), 1);
  const ten = Array.from({ length: 10 }, (_, i) => (i + 1) * 10);
  t.equal(percentile(ten, 50), 60);
  t.equal(percentile(ten, 90), 100);
  t.equal(percentile([7], 99), 7, 'one sample is every percentile');
});

t.test('cpuSecondsOf: utime + stime of /proc/<pid>/stat at 100 ticks a second', async (t) => {
  // Fields after the command: state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime ...
  const tail = 'S 1 2 3 0 -1 4194304 100 0 0 0 250 75 0 0 20 0 11 0 5 6 7';
  t.equal(cpuSecondsOf(`1234 (node) ${tail}`), 3.25);
  t.equal(cpuSecondsOf(`1234 (my bench) ${tail}`), 3.25, 'a command name with a space');
  t.equal(cpuSecondsOf(`1234 (odd) name) ${tail}`), 3.25, 'a command name with ") " in it');
  t.equal(cpuSecondsOf(`1234 (node) ${tail.replace('250 75', '0 0')}`), 0);
});

t.test('selectBenches: in their order, those named, or all; absent benches never run', async (t) => {
  const benches: [string, string | null][] = [['startup', 'S'], ['notes', 'N'], ['blobs', null], ['assertions', 'A']];
  const names = (selection: string | undefined) => selectBenches(benches, selection).map(([name]) => name);
  t.same(names(undefined), ['startup', 'notes', 'assertions'], 'unset: every bench that exists');
  t.same(names(''), ['startup', 'notes', 'assertions'], 'empty: the same');
  t.same(names(' , '), ['startup', 'notes', 'assertions'], 'only separators: the same');
  t.same(names('notes'), ['notes']);
  t.same(names('assertions, startup'), ['startup', 'assertions'], 'the order is the benches\', spaces allowed');
  t.same(names('blobs'), [], 'a bench that does not exist is not run');
  t.same(names('nonsense'), [], 'an unknown name selects nothing');
  t.same(selectBenches(benches, 'notes'), [['notes', 'N']], 'the bench itself comes along');
});
