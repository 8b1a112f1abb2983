import t from 'tap';
import { importServer } from './helpers.js';

/** A 5.5.1 ASSO says what the person is in RELA (7.0 says it in ROLE): gedcom7code's 5/rela_1.ged draws no warning about it. */

const RELA_1 = `0 HEAD
1 SOUR conversion test
1 SUBM @1@
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR ASCII
0 @1@ SUBM
1 NAME Luther Tychonievich
0 @I1@ INDI
1 ASSO @I2@
2 RELA neighbor
0 @I2@ INDI
1 ASSO @I1@
2 RELA land-lord
1 ASSO @I2@
2 RELA friend
2 NOTE This person was fond of saying they were their own friend
0 TRLR
`;

const validate = async (s: Awaited<ReturnType<typeof importServer>>, text: string) =>
  (await s.request('POST', '/v1/gedcom/validate', { payload: Buffer.from(text), headers: { 'content-type': 'text/plain' } })).json();

t.test('POST validate: a 5.5.1 ASSO with RELA is whole; one without says it needs a RELA', async (t) => {
  const s = await importServer(t);
  const report = await validate(s, RELA_1);
  t.equal(report.version, '5.5.1');
  t.equal(report.valid, true);
  t.same(report.warnings, [], 'no "ASSO needs a ROLE"');
  const bare = await validate(s, RELA_1.replace('2 RELA neighbor\n', ''));
  t.same(bare.warnings.map((warning: { line: number; message: string }) => `${warning.line} ${warning.message}`), ['11 ASSO needs a RELA']);
});
