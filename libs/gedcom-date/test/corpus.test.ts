/**
 * The shared GEDCOM corpus (`../shared/corpus` from the repository root, or
 * $ROOTLINE_CORPUS): every DATE payload of the official and gedcom7code date test
 * files, and of the real-world files.
 *
 * Last run (2,917 + 2,917 + 1,062 + 11 + 84 + 84 test payloads, 8,794 real ones):
 * - official date.ged and gedcom7code 7/date-all.ged: no phrase fallbacks (the one
 *   empty payload of 7/date-all is the empty date). Strictly invalid: 25 and 54, all
 *   for a day past the month's end (`FRENCH_R 13 COMP 25`, `31 NOV 1042`, `30 FEB 1789`).
 * - 5/date-all.ged: no fallbacks besides `(THIS IS SOME TEXT)`; it writes calendars bare
 *   (`JULIAN 1401`) and dual years freely (`1401/8`), so it is not strict 5.5.1.
 *   Its 1,369 payloads without a dual year convert to exactly the 7.0 text (and days)
 *   that gedcom7code's converter wrote in 7/date-all.ged.
 * - dual-date files: the 11 valid ones are valid, the 84 invalid ones invalid (and
 *   still parsed, best effort: literal year, the other as an alternative reading).
 * - real/*.ged: 2 of 8,794 fall back to phrase (0.02%), both without a year, in royal92.ged:
 *   `10 JAN`, `20 JUL`. Two dual years there are not year/year+1 (`1056/1060`,
 *   `ABT 1103/1105`) and parse with a warning.
 */
import t, { type Test } from 'tap';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatGedcomDate, isValidGedcomDate, parseGedcomDate, toGedcom7, validateGedcomDate, type GedcomDate } from '../src/index.js';

const root = process.env.ROOTLINE_CORPUS ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus');

/** Files under `dir` (recursively) whose name matches. */
function find(dir: string, name: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return find(path, name);
    return name.test(entry) ? [path] : [];
  });
}

/** Every DATE payload of a GEDCOM file, in order ('' for an empty DATE). */
function datesOf(path: string): string[] {
  const text = readFileSync(path, 'latin1').replace(/^\u00ef\u00bb\u00bf/, '');
  return text.split(/\r\n|\r|\n/).flatMap((line) => {
    const match = /^\s*\d+\s+DATE(?: (.*))?$/.exec(line);
    return match ? [match[1] ?? ''] : [];
  });
}

/** Kind, qualifier and days; GEDCOM 7 writes `INT x (text)` as the date x (its text goes to PHRASE). */
const shape = (d: GedcomDate) => JSON.stringify([d.kind === 'interpreted' ? 'date' : d.kind, 'qualifier' in d ? d.qualifier : '', d.start, d.end]);

/** Whether `outer`'s days hold all of `inner`'s (an open bound holds anything on its side). */
const holds = (outer: GedcomDate, inner: GedcomDate) =>
  (outer.start === undefined || (inner.start !== undefined && outer.start.first <= inner.start.first)) &&
  (outer.end === undefined || (inner.end !== undefined && outer.end.last >= inner.end.last));

/** Whether 5.5.1 finds nothing wrong with the years of a written date (other faults, a day past the month's end, come from the file). */
const yearsSayable551 = (text: string) => validateGedcomDate(text, '5.5.1').errors.every((e) => e.code !== 'dual-year' && e.code !== 'epoch');

/**
 * parse → format → parse gives the same shape and days, and formatting again the same text.
 * A date 5.5.1 cannot say (two years that are not a dual year, B.C. with a month) is written
 * the nearest way it can: its years valid 5.5.1, its days holding the date's.
 */
function unstable(dates: string[], version: '7.0' | '5.5.1' = '7.0'): string[] {
  return dates.filter((text) => {
    const first = parseGedcomDate(text);
    const canonical = formatGedcomDate(first, { version });
    const again = parseGedcomDate(canonical);
    if (formatGedcomDate(again, { version }) !== canonical) return true;
    if (first.kind === 'phrase' || shape(first) === shape(again)) return false;
    return version === '7.0' || !yearsSayable551(canonical) || !holds(again, first);
  });
}

if (!existsSync(root)) {
  t.skip(`GEDCOM corpus not found at ${root} (set ROOTLINE_CORPUS to run these tests)`, async () => {});
} else {
  const one = (pattern: RegExp, under: string) => find(join(root, under), pattern)[0];
  const files = {
    official: one(/^date\.ged$/, 'gedcom70-official'),
    all7: one(/^date-all.*\.ged$/, 'gedcom7code/7'),
    all5: one(/^date-all.*\.ged$/, 'gedcom7code/5'),
    dualValid5: one(/^date-dual-valid.*\.ged$/, 'gedcom7code/5'),
    dualInvalid5: one(/^date-dual-invalid.*\.ged$/, 'gedcom7code/5'),
    dualInvalid7: one(/^date-dual-invalid.*\.ged$/, 'gedcom7code/7'),
  };
  const test = (name: string, path: string | undefined, body: (dates: string[], t: Test) => void) =>
    path ? t.test(name, async (t) => body(datesOf(path), t)) : t.skip(`${name}: file not in the corpus`, async () => {});

  for (const [name, path, count] of [['official date.ged', files.official, 1062], ['gedcom7code 7/date-all', files.all7, 2917]] as const) {
    test(`${name}: every 7.0 date parses, validates and round-trips`, path, (dates, t) => {
      t.equal(dates.length, count);
      t.same(dates.filter((d) => d !== '' && parseGedcomDate(d).kind === 'phrase'), [], 'no phrase fallbacks');
      t.ok(dates.filter((d) => d === '').every((d) => parseGedcomDate(d).kind === 'phrase'), 'the empty date is an empty phrase');
      const invalid = dates.filter((d) => !isValidGedcomDate(d, '7.0'));
      const notDays = invalid.filter((d) => validateGedcomDate(d, '7.0').errors.some((e) => e.code !== 'day'));
      t.same(notDays, [], 'strictly valid, except days past the end of their month');
      t.comment(`${invalid.length} of ${dates.length} have a day past the month's end, e.g. ${invalid.slice(0, 3).join(' | ')}`);
      t.same(unstable(dates), [], 'parse → format → parse is stable');
    });
  }

  test('gedcom7code 5/date-all: every 5.5.1-style date parses and round-trips', files.all5, (dates, t) => {
    t.equal(dates.length, 2917);
    const phrases = dates.filter((d) => parseGedcomDate(d).kind === 'phrase');
    t.same(phrases, ['(THIS IS SOME TEXT)'], 'only the date phrase is a phrase');
    t.same(unstable(dates), [], 'stable through GEDCOM 7.0');
    t.same(unstable(dates, '5.5.1'), [], 'stable through GEDCOM 5.5.1');
    t.comment(`${dates.filter((d) => isValidGedcomDate(d, '5.5.1')).length} of ${dates.length} are strict 5.5.1 (the file writes JULIAN, not @#DJULIAN@)`);
  });

  if (files.all5 && files.all7) {
    t.test('5.5.1 → 7.0 agrees with the gedcom7code converter', async (t) => {
      const five = datesOf(files.all5 as string);
      const seven = datesOf(files.all7 as string);
      t.equal(five.length, seven.length, 'the two files are parallel');
      let compared = 0;
      const differ = five.filter((d5, i) => {
        if (d5.includes('/')) return false; // dual years: 7.0 has none, converters guess differently
        compared++;
        const ours = parseGedcomDate(d5);
        const theirs = parseGedcomDate(seven[i]);
        return toGedcom7(ours).date !== formatGedcomDate(theirs) || shape(ours) !== shape(theirs);
      });
      t.same(differ, [], `${compared} dates without a dual year convert alike`);
    });
  }

  test('5.5.1 valid dual years', files.dualValid5, (dates, t) => {
    t.equal(dates.length, 11);
    t.same(dates.filter((d) => !isValidGedcomDate(d, '5.5.1')), [], 'all valid');
    t.same(dates.filter((d) => parseGedcomDate(d).kind === 'phrase' || parseGedcomDate(d).warnings.length > 0), [], 'parsed cleanly');
    t.same(parseGedcomDate('8 JAN 1699/00').start, parseGedcomDate('8 JAN 1700').start, 'read in the new-style year');
  });

  test('5.5.1 invalid dual years', files.dualInvalid5, (dates, t) => {
    t.equal(dates.length, 84);
    t.same(dates.filter((d) => isValidGedcomDate(d, '5.5.1')), [], 'all invalid');
    t.ok(dates.every((d) => validateGedcomDate(d, '5.5.1').errors.every((e) => e.code === 'dual-year')), 'for the dual year');
    t.same(dates.filter((d) => parseGedcomDate(d).kind === 'phrase'), [], 'still parsed, best effort');
    t.ok(dates.every((d) => /dual year/.test(parseGedcomDate(d).warnings.join())), 'with a warning');
    t.same(unstable(dates), []);
  });

  test('7.0 conversions of the invalid dual years', files.dualInvalid7, (dates, t) => {
    t.equal(dates.length, 84);
    t.same(dates.filter((d) => !isValidGedcomDate(d, '7.0') || parseGedcomDate(d).kind === 'phrase'), []);
  });

  const real = find(join(root, 'real'), /\.ged$/i);
  if (real.length === 0) t.skip('real/*.ged: not in the corpus', async () => {});
  else {
    t.test('real files: almost nothing falls back to phrase', async (t) => {
      let total = 0;
      const phrases: string[] = [];
      for (const path of real) {
        const dates = datesOf(path);
        total += dates.length;
        phrases.push(...dates.filter((d) => parseGedcomDate(d).kind === 'phrase').map((d) => `${d} (${path.slice(root.length + 1)})`));
      }
      t.ok(total > 1000, `${total} dates in ${real.length} files`);
      t.ok(phrases.length / total < 0.005, `${phrases.length} phrases (${((100 * phrases.length) / total).toFixed(2)}%): ${phrases.slice(0, 5).join(' | ')}`);
    });
  }
}
