import t from 'tap';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * An LDS sealing to parents (SLGC) must name the parents' family (FAMC) in both versions. The
 * import does not keep the file's FAMC (a claim holds no family), so the exports wrote SLGC
 * without one, which our validator refuses (`SLGC needs a FAMC`: maximal70.ged and TGC551.ged).
 * They now name the family the person is a child of, the birth one first; for a person who is no
 * child of any family, 7.0 writes `FAMC @VOID@` and 5.5.1 (no such pointer) leaves the SLGC out, reported.
 */

const FILE = gedcom(
  '7.0',
  '0 @I1@ INDI', '1 NAME Tom /Hill/', '0 @I2@ INDI', '1 NAME Ann /Cole/',
  '0 @I3@ INDI', '1 NAME Jim /Hill/', '1 SLGC', '2 DATE 1 JAN 1900', '2 FAMC @F1@', '1 FAMC @F1@',
  '0 @I4@ INDI', '1 NAME Sue /Lone/', '1 SLGC', '2 TEMP SLAKE', '2 FAMC @F9@',
  '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@',
);

t.test('an SLGC names the family the person is a child of; without one, @VOID@ in 7.0 and not written in 5.5.1', async (t) => {
  const s = await exportServer(t);
  const { items } = await imported(t, FILE, s);
  t.match(items.filter((item) => item.path === 'INDI.SLGC.FAMC'), [{ count: 2, reason: 'not kept on the claim: exports name the family the person is a child of (the birth one first)' }]);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes, job } = await exported(s, { version, include_living: true });
    const jim = text.split(/(?<=\n)(?=0 )/).find((record) => record.includes('Jim /Hill/'))!;
    const family = /\n1 FAMC (@[^@]+@)\n/.exec(jim)?.[1];
    t.ok(family, `${version}: Jim is a child of a family`);
    t.ok(jim.includes(`\n1 SLGC\n2 DATE 1 JAN 1900\n2 FAMC ${family}\n`), `${version}: his sealing names it`);
    const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
    const dropped = lost.filter((item: { path: string }) => item.path === 'INDI.SLGC');
    if (version === '7.0') {
      t.match(text, /Sue \/Lone\/\n(?:[1-9] .*\n)*1 SLGC\n2 TEMP SLAKE\n2 FAMC @VOID@\n/, '7.0: Sue, a child of no family, is sealed to @VOID@');
      t.same(dropped, []);
    } else {
      t.notMatch(text, /Sue \/Lone\/\n(?:[1-9] .*\n)*1 SLGC/, '5.5.1: Sue, a child of no family, has no SLGC (5.5.1 has no @VOID@)');
      t.match(dropped, [{ count: 1, reason: 'a sealing to parents names their family (FAMC), and the person is no child of a family written: not written (7.0 writes FAMC @VOID@)' }]);
    }
    await importedBack(t, s, version, bytes, 'sealing');
  }
});
