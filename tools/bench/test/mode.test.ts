import t from 'tap';
import { benchMode, QUICK_BENCHES, QUICK_SIZES } from '../src/mode.js';

t.test('without --full every knob takes its quick size, unless the environment sets it', async (t) => {
  const { mode, env } = benchMode([], { ROOTLINE_BENCH_PERSONS: '500', ROOTLINE_BENCH_BLOB_MB: '', OTHER: 'x' });
  t.equal(mode, 'quick');
  t.equal(env.ROOTLINE_BENCH_PERSONS, '500', 'a size the user chose wins');
  t.equal(env.ROOTLINE_BENCH_BLOB_MB, QUICK_SIZES.ROOTLINE_BENCH_BLOB_MB, 'an empty knob counts as unset');
  t.equal(env.ROOTLINE_BENCH_CLAIMS, '20000');
  t.equal(env.ROOTLINE_BENCH_GEDCOM_TILES, '1');
  t.equal(env.OTHER, 'x', 'the rest of the environment is kept');
  for (const knob of Object.keys(QUICK_SIZES)) t.ok(env[knob], `${knob} is set`);
});

t.test('--full leaves every knob to the bench defaults (the issues\' sizes)', async (t) => {
  const given = { ROOTLINE_BENCH_ROUNDS: '5' };
  const { mode, env } = benchMode(['--full'], given);
  t.equal(mode, 'full');
  t.same(env, given);
  t.not(env, given, 'a copy, not the caller\'s object');
});

t.test('the quick sizes are smaller than the full defaults, and the caller\'s environment is untouched', async (t) => {
  t.ok(Number(QUICK_SIZES.ROOTLINE_BENCH_PERSONS) < 100_000);
  t.ok(Number(QUICK_SIZES.ROOTLINE_BENCH_BLOB_MB) < 1024);
  const given: Record<string, string | undefined> = {};
  benchMode([], given);
  t.same(given, {});
});

t.test('any other argument is refused, naming it', async (t) => {
  t.throws(() => benchMode(['--ful'], {}), /unknown argument --ful/);
  t.throws(() => benchMode(['--full', 'people'], {}), /unknown argument people/);
});

t.test('a quick run runs the quick benches unless ROOTLINE_BENCH names some; --full runs every one', async (t) => {
  t.equal(benchMode([], {}).env.ROOTLINE_BENCH, QUICK_BENCHES.join(','));
  t.equal(benchMode([], { ROOTLINE_BENCH: ' ' }).env.ROOTLINE_BENCH, QUICK_BENCHES.join(','), 'blank names none');
  t.equal(benchMode([], { ROOTLINE_BENCH: 'gedcom' }).env.ROOTLINE_BENCH, 'gedcom', 'a bench named runs at its quick size');
  t.equal(benchMode(['--full'], {}).env.ROOTLINE_BENCH, undefined, 'full: every bench');
  t.notOk(QUICK_BENCHES.includes('gedcom'));
  t.ok(QUICK_BENCHES.includes('startup'));
});
