import t from 'tap';
import { cardOf, gedcom, imported } from './helpers.js';

/**
 * Lines of an INDI the mapping tests did not reach (found by mutation, stop 53): a SEX written
 * with spaces, a first NAME with a TYPE or a SOUR, a FACT's TYPE with spaces, and a place or a
 * date longer than a claim holds, reported at its own line.
 */

const claims = (tree: { prepare(sql: string): { all(): unknown[] } }) =>
  tree.prepare("SELECT kind, value, date, place FROM assertions WHERE kind <> 'mention' ORDER BY kind, value").all() as { kind: string; value: string | null; date: string | null; place: string | null }[];

t.test('a SEX written " f " is F; a first NAME with a TYPE is also a name claim with its type; a NAME citing a source reports nothing', async (t) => {
  const { tree, lost } = await imported(t, gedcom(
    '5.5.1',
    '0 @S1@ SOUR', '1 TITL Parish register',
    '0 @I1@ INDI', '1 NAME Ann /Lee/', '2 TYPE birth', '1 SEX  f ',
    '0 @I2@ INDI', '1 NAME Eve /Hale/', '2 SOUR @S1@',
  ));
  t.same(tree.prepare('SELECT display_name, sex FROM persons ORDER BY display_name').all(), [{ display_name: 'Ann Lee', sex: 'F' }, { display_name: 'Eve Hale', sex: null }]);
  t.same(claims(tree).map((claim) => `${claim.kind}: ${claim.value}`), ['name: Ann Lee (birth)', 'name: Eve Hale']);
  t.same(lost, []);
});

t.test("a FACT's TYPE is trimmed before the value", async (t) => {
  const { tree } = await imported(t, gedcom('7.0', '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 FACT Gold', '2 TYPE  Medal '));
  t.same(claims(tree).filter((claim) => claim.kind !== 'name').map((claim) => claim.value), ['Medal: Gold']);
});

t.test('a place or a date longer than a claim holds is cut, kept whole in a note, and reported at its own line (the PLAC or DATE line, not the fact\'s)', async (t) => {
  const place = `${'Hamlet of the Long Name, '.repeat(24)}Herefordshire`;
  const date = `(${'about the time the old mill burned down '.repeat(3).trim()})`;
  const { tree, items } = await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 RESI', '2 DATE 1900', `2 PLAC ${place}`, '1 BURI', '2 PLAC Ledbury', `2 DATE ${date}`));
  t.ok(place.length > 500 && date.length > 100, 'longer than a claim holds');
  t.same(items.map((item) => `${item.path} @${item.examples.join(',')}${item.kept ? ' (kept)' : ''}`).sort(), [
    'INDI.BURI.DATE @13 (kept)',
    'INDI.RESI.PLAC @10 (kept)',
  ]);
  t.same(tree.prepare("SELECT text FROM notes WHERE text LIKE 'Place (whole)%' OR text LIKE 'Date (whole)%' ORDER BY text").pluck().all(), [`Date (whole):\n${date}`, `Place (whole):\n${place}`]);
});

t.test("a FAMS's PEDI and STAT are reported as not kept on the spouse edge; 7.0's PEDI OTHER takes its PHRASE", async (t) => {
  const { s, lost } = await imported(t, gedcom(
    '7.0',
    '0 @I1@ INDI', '1 NAME John /Cole/', '1 SEX M', '1 FAMS @F1@', '2 PEDI BIRTH', '2 STAT CHALLENGED',
    '0 @I2@ INDI', '1 NAME Kit /Cole/', '1 FAMC @F1@', '2 PEDI OTHER', '3 PHRASE foster',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 CHIL @I2@',
  ));
  t.same(lost.sort(), ['INDI.FAMS.PEDI not kept on the spouse edge', 'INDI.FAMS.STAT not kept on the spouse edge']);
  const card = (await cardOf(s, 'Kit Cole')) as { parents: { display_name: string; pedigree?: string }[] };
  t.same(card.parents.map((parent) => `${parent.display_name}: ${parent.pedigree}`), ['John Cole: foster']);
});
