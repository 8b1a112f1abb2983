/**
 * The GEDCOM 7 rules as data: the committed generated module matches FamilySearch's
 * tables (when ../shared/spec is here), and the lookups answer in context.
 */
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_SPEC_FOLDER, GENERATED_FILE, generatedText, tagOfUri } from '../src/rules/generate.js';
import { isKnownStructure, isStandardTag, payloadOf, recordType, requiredTags, substructureRule } from '../src/rules/lookup.js';

const spec = process.env.ROOTLINE_GEDCOM7_SPEC ?? DEFAULT_SPEC_FOLDER;
if (existsSync(`${spec}/extracted-files`)) {
  t.test('gedcom7.generated.ts is what the generator writes from the TSV tables', async (t) => {
    t.equal(readFileSync(GENERATED_FILE, 'utf8'), generatedText(spec), 'run: node --import tsx libs/gedcom/src/rules/generate.ts');
  });
} else {
  t.skip(`GEDCOM 7 spec not found at ${spec} (set ROOTLINE_GEDCOM7_SPEC to check the generated rules)`, async () => {});
}

t.test('tags of URIs: the last upper-case part', async (t) => {
  t.equal(tagOfUri('https://gedcom.io/terms/v7/enum-ADOP-HUSB'), 'HUSB');
  t.equal(tagOfUri('https://gedcom.io/terms/v7/DATE-exact'), 'DATE');
  t.equal(tagOfUri('https://gedcom.io/terms/v7/record-INDI'), 'INDI');
  t.equal(tagOfUri('https://gedcom.io/terms/v7/enum-DNS_CAN'), 'DNS_CAN');
  t.equal(tagOfUri('https://gedcom.io/terms/v7/enum-0'), '0');
});

t.test('records', async (t) => {
  t.equal(recordType('INDI'), 'record-INDI');
  t.equal(recordType('HEAD'), 'HEAD');
  t.equal(recordType('SNOTE'), 'record-SNOTE');
  t.equal(recordType('NOTE'), undefined, '5.5.1 NOTE records are not GEDCOM 7');
  t.equal(recordType('constructor'), undefined);
});

t.test('the same tag is a different structure under different parents', async (t) => {
  t.same(substructureRule('BIRT', 'DATE'), { type: 'DATE', min: 0, max: 1 });
  t.same(substructureRule('HEAD', 'DATE'), { type: 'HEAD-DATE', min: 0, max: 1 });
  t.same(substructureRule('record-INDI', 'FAMC'), { type: 'INDI-FAMC', min: 0, max: Infinity });
  t.same(substructureRule('ADOP', 'FAMC'), { type: 'ADOP-FAMC', min: 0, max: 1 });
  t.same(substructureRule('GEDC', 'VERS'), { type: 'GEDC-VERS', min: 1, max: 1 });
  t.same(substructureRule('record-OBJE', 'FILE'), { type: 'FILE', min: 1, max: Infinity });
  t.equal(substructureRule('record-INDI', 'HUSB'), undefined);
  t.equal(substructureRule('no-such', 'DATE'), undefined);
  t.equal(substructureRule('record-INDI', 'toString'), undefined);
});

t.test('required substructures', async (t) => {
  t.same(requiredTags('HEAD'), ['GEDC']);
  t.same([...requiredTags('MAP')].sort(), ['LATI', 'LONG']);
  t.same(requiredTags('record-INDI'), []);
  t.same(requiredTags('no-such'), []);
});

t.test('payload types', async (t) => {
  t.same(payloadOf('INDI-FAMC'), { kind: 'pointer', record: 'FAM' });
  t.same(payloadOf('DEAT'), { kind: 'y-or-null' });
  t.same(payloadOf('HEAD-DATE'), { kind: 'date', form: 'exact' });
  t.same(payloadOf('DATE'), { kind: 'date', form: 'value' });
  t.same(payloadOf('NO-DATE'), { kind: 'date', form: 'period' });
  t.same(payloadOf('record-INDI'), { kind: 'none' });
  t.same(payloadOf('NOTE'), { kind: 'text', list: false });
  t.same(payloadOf('PLAC'), { kind: 'text', list: true });
  t.same(payloadOf('AGE'), { kind: 'age' });
  const sex = payloadOf('SEX');
  t.ok(sex.kind === 'enum' && !sex.list && [...sex.values].sort().join() === 'F,M,U,X');
  const resn = payloadOf('RESN');
  t.ok(resn.kind === 'enum' && resn.list && resn.values.has('CONFIDENTIAL'));
  t.equal(payloadOf('SEX'), sex, 'answers are cached');
});

t.test('known structures and standard tags', async (t) => {
  t.ok(isKnownStructure('HEAD-DATE'));
  t.notOk(isKnownStructure('HEAD-NOPE'));
  t.ok(isStandardTag('PHRASE'));
  t.ok(isStandardTag('TRLR'));
  t.notOk(isStandardTag('CONC'));
  t.notOk(isStandardTag('_X'));
});
