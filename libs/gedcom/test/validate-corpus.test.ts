/**
 * The shared GEDCOM corpus (`../shared/corpus` from the repository root, or $ROOTLINE_CORPUS).
 *
 * Last run: 22 of the 24 official 7.0 files validate with no errors (maximal70*.ged, which
 * use every standard tag, among them). The two that do not break rules of the spec, and
 * the test says which:
 * - date.ged: 25 dates name a day past the end of the French Republican complementary
 *   "month" (`FRENCH_R 23 COMP 38`, COMP has 5 or 6 days); section 2 (Date) says "All
 *   known calendars restrict day to be between 1 and a month-specific maximum".
 * - xref.ged: six records with an xref and nothing else (`0 @I1@ INDI`); section 1 says
 *   "A structure must have either a non-empty payload or at least 1 substructure".
 * gedcom-go/malformed: each file yields the error its name promises.
 */
import t from 'tap';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateGedcom, type ValidationReport } from '../src/index.js';

const root = process.env.ROOTLINE_CORPUS ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus');
const official = join(root, 'gedcom70-official/gedcom70');
const malformed = join(root, 'gedcom-go/malformed');
const codes = (report: ValidationReport) => new Set(report.errors.map((e) => e.code));

if (!existsSync(official)) {
  t.skip(`GEDCOM corpus not found at ${root} (set ROOTLINE_CORPUS to run these tests)`, async () => {});
} else {
  /** File -> the only error code it may have, and how many. */
  const knownInvalid: Record<string, [string, number]> = { 'date.ged': ['bad-date', 25], 'xref.ged': ['empty-structure', 6] };
  const files = readdirSync(official).filter((name) => name.endsWith('.ged'));

  t.test('official 7.0 test files validate with no errors, except two that break the spec on purpose', async (t) => {
    t.ok(files.length >= 20, `${files.length} files`);
    for (const name of files) {
      const report = await validateGedcom(readFileSync(join(official, name)));
      t.equal(report.version, '7.0', `${name}: version`);
      if (name in knownInvalid) {
        const [code, count] = knownInvalid[name];
        t.same([[...codes(report)], report.totals.errors], [[code], count], `${name}: only its ${count} ${code}`);
      } else {
        t.same(report.errors, [], `${name}: no errors`);
      }
    }
  });

  t.test('maximal70.ged: every record counted, no warnings', async (t) => {
    const report = await validateGedcom(readFileSync(join(official, 'maximal70.ged')));
    t.same(report.warnings, []);
    t.same(report.counts, { individuals: 4, families: 2, sources: 2, repositories: 2, notes: 2, media: 3, submitters: 2, other: 0 });
  });

  t.test('extensions.ged: documented tags are silent, the undocumented ones warned once each', async (t) => {
    const report = await validateGedcom(readFileSync(join(official, 'extensions.ged')));
    t.same(report.warnings.map((w) => w.message.split(' ')[0]), ['_EXT1', '_LOC']);
  });

  const expected: Record<string, string> = {
    'blank-lines.ged': 'required-missing', // its HEAD has no SUBM; the blank lines are warnings
    'circular-reference.ged': 'required-missing', // a cycle of ancestry is not a format error
    'duplicate-xref.ged': 'duplicate-xref',
    'invalid-level.ged': 'unknown-tag',
    'invalid-xref.ged': 'dangling-pointer',
    'level-over-99.ged': 'bad-level',
    'missing-header.ged': 'no-head',
    'missing-xref.ged': 'dangling-pointer',
  };
  t.test('gedcom-go/malformed: the errors their names promise', async (t) => {
    for (const [name, code] of Object.entries(expected)) {
      const path = join(malformed, name);
      if (!existsSync(path)) continue;
      const report = await validateGedcom(readFileSync(path));
      t.equal(report.valid, false, `${name}: invalid`);
      t.ok(codes(report).has(code), `${name}: ${code}`);
    }
    const jumps = await validateGedcom(readFileSync(join(malformed, 'level-jump-skip.ged')));
    t.ok(jumps.warnings.some((w) => w.code === 'level-jump'), 'level jumps are the reader\'s warnings');
    const unterminated = await validateGedcom(readFileSync(join(malformed, 'unterminated-xref.ged')));
    t.ok(unterminated.warnings.some((w) => w.code === 'bad-xref'));
  });
}
