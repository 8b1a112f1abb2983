import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, human, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';
import { FAMILY_EVENT_KINDS } from '../src/family-event-kinds.js';

/**
 * A family event's SOUR (FAM.MARR.SOUR: the marriage's evidence; 59 in the corpus) was reported
 * "events do not cite sources" and dropped. It is kept as a claim of the event's kind on each
 * partner (`marriage`, with the marriage's date and place), citing the source and where in it,
 * and the exports write it back under the FAM's MARR (never as an INDI.MARR).
 */

const FILE = (version: '7.0' | '5.5.1') =>
  gedcom(
    version,
    '0 @S1@ SOUR', '1 TITL Parish register of St Mary, Ledbury',
    '0 @S2@ SOUR', '1 TITL Hereford Journal',
    '0 @I1@ INDI', '1 NAME John /Smyth/', '1 SEX M',
    '0 @I2@ INDI', '1 NAME Mary /Jones/', '1 SEX F',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@',
    '1 MARR', '2 DATE 3 JUN 1850', '2 PLAC Ledbury, Herefordshire', '2 SOUR @S1@', '3 PAGE folio 12, entry 34', '3 QUAY 3', '2 SOUR @S2@', '3 PAGE 8 June 1850',
    '1 EVEN', '2 TYPE Civil union', '2 SOUR @S2@',
    '1 DIV', '2 SOUR @S9@',
    '0 @F2@ FAM', '1 MARL', '2 SOUR @S1@',
  );

/** The partners' claims that keep family events' citations, as the user reads them: kind, date, place, source, citation, evidence. */
async function eventCitations(s: TestServer, treeId?: string): Promise<string[]> {
  const prefix = treeId ? `/v1/trees/${treeId}` : '/v1';
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const read: string[] = [];
  for (const { id, display_name } of tree.prepare('SELECT id, display_name FROM persons').all() as { id: string; display_name: string }[]) {
    const card = (await s.request('GET', `${prefix}/persons/${id}/card`, { query: { expand: 'assertions' } })).json();
    for (const claim of card.assertions.items.filter((item: { kind: string }) => ['marriage', 'family_event', 'divorce', 'marriage_license'].includes(item.kind))) {
      const full = (await s.request('GET', `${prefix}/assertions/${claim.id}`)).json();
      const source = (await s.request('GET', `${prefix}/sources/${claim.source}`)).json();
      const citation = source.citations.find((each: { id: string }) => each.id === claim.citation);
      const further = [];
      for (const evidence of full.evidence ?? []) {
        if (evidence.kind !== 'citation') continue;
        further.push(JSON.stringify(s.server.kernel.servicesFor(tree, human).citationsService.get(evidence.citation)!.elements));
      }
      read.push(`${display_name}: ${claim.kind}${claim.value ? ` ${claim.value}` : ''} ${claim.date ?? '-'} ${claim.place ?? '-'}, ${source.title} ${JSON.stringify(citation?.elements ?? {})}${further.length ? ` + ${further.join(' ')}` : ''}`);
    }
  }
  return read.sort();
}

const EXPECTED = [
  'John Smyth: family_event Civil union - -, Hereford Journal {}',
  'John Smyth: marriage 3 JUN 1850 Ledbury, Herefordshire, Parish register of St Mary, Ledbury {"page":"folio 12, entry 34","quality":"3"} + {"page":"8 June 1850"}',
  'Mary Jones: family_event Civil union - -, Hereford Journal {}',
  'Mary Jones: marriage 3 JUN 1850 Ledbury, Herefordshire, Parish register of St Mary, Ledbury {"page":"folio 12, entry 34","quality":"3"} + {"page":"8 June 1850"}',
];

for (const version of ['7.0', '5.5.1'] as const) {
  t.test(`${version}: a family event's SOURs are a claim of its kind on each partner, with its date, place and citations`, async (t) => {
    const { s, lost, items } = await imported(t, FILE(version));
    t.same(await eventCitations(s), EXPECTED);
    t.same(items.filter((item) => item.kept && /^FAM\.\w+\.SOUR$/.test(item.path)).map((item) => `${item.path} ${item.count}`).sort(), ['FAM.EVEN.SOUR 1', 'FAM.MARR.SOUR 2'], 'each SOUR kept as a claim is counted kept once (the marriage has two); the one without partners, and the one pointing nowhere, are not');
    t.notOk(lost.some((item) => item.includes('events do not cite sources')), 'no family event citation reported lost');
    t.same(lost.filter((item) => /^FAM\.\w+\.SOUR /.test(item)).sort(), [
      'FAM.DIV.SOUR points to no source record (@S9@)',
      'FAM.EVEN.SOUR an event holds no citation: kept as a claim of the event\'s kind on each partner (date, place, citing the source); exports write it back under the FAM event',
      'FAM.MARL.SOUR family event without partners: its citation is not kept (an event holds none)',
      'FAM.MARR.SOUR an event holds no citation: kept as a claim of the event\'s kind on each partner (date, place, citing the source); exports write it back under the FAM event',
    ]);
  });
}

t.test('every family event tag gives its citation claims the kind written in the genealogist\'s words, and the event\'s own type is no value of them', async (t) => {
  const tags = Object.keys(FAMILY_EVENT_KINDS);
  const { cradle, tree } = await imported(t, gedcom('5.5.1',
    '0 @S1@ SOUR', '1 TITL Parish register',
    '0 @I1@ INDI', '1 NAME John /Smyth/', '1 SEX M',
    '0 @I2@ INDI', '1 NAME Mary /Jones/', '1 SEX F',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@',
    ...tags.flatMap((tag) => [`1 ${tag}`, '2 DATE 1850', '2 SOUR @S1@']),
  ));
  const john = tree.prepare("SELECT id FROM personas WHERE given = 'John'").pluck().all() as string[];
  const claims = cradle.assertionsService.ofPersonas(john, ['pending', 'confirmed']);
  t.same(claims.map((claim) => claim.kind).sort(), Object.values(FAMILY_EVENT_KINDS).sort(), 'one claim per event, of its kind');
  t.same(claims.filter((claim) => claim.value !== null).map((claim) => `${claim.kind} ${claim.value}`), [], 'no event type written into a value');
});

t.test('import -> export (7.0, 5.5.1) -> import: the marriage\'s citation is written under the FAM\'s MARR and comes back', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('5.5.1'), s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    const family = text.split(/\n(?=0 )/).find((record) => / FAM\n/.test(record) && record.includes('\n1 MARR'))!;
    t.match(family, /\n1 MARR\n2 DATE 3 JUN 1850\n2 PLAC Ledbury, Herefordshire\n2 SOUR @S\d+@\n3 PAGE folio 12, entry 34\n3 QUAY 3\n2 SOUR @S\d+@\n3 PAGE 8 June 1850\n1 /, `${version}: the MARR cites the register and the newspaper, once each`);
    t.match(family, /\n1 EVEN\n2 TYPE Civil union\n2 SOUR @S\d+@\n/, `${version}: the EVEN cites its source`);
    t.notMatch(text, /\n1 (MARR|EVEN)\n2 TYPE (marriage|family event)/, `${version}: no claim of a family event written as an INDI fact`);
    const fresh = await importedBack(t, s, version, bytes, 'family-event-citations');
    t.same(await eventCitations(s, fresh.id), EXPECTED, `${version}: the same claims, the same citations`);
  }
});

t.test('a marriage claim that matches no family event is written as an INDI fact (EVEN, TYPE marriage)', async (t) => {
  const s = await exportServer(t);
  const { cradle, tree } = await imported(t, FILE('5.5.1'), s);
  // The genealogist corrects the marriage's date on the event: the claims still say 3 JUN 1850.
  const event = tree.prepare("SELECT id FROM events WHERE type = 'MARR'").pluck().get() as string;
  cradle.eventsService.correct(human, event, { date: '4 JUN 1850', reason: 'the register says the 4th' });
  const { text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 EVEN\n2 TYPE marriage\n2 DATE 3 JUN 1850\n2 PLAC Ledbury, Herefordshire\n2 SOUR @S\d+@\n3 PAGE folio 12, entry 34\n/, 'the claim stays with its person, nothing lost');
  t.match(text, /\n1 MARR\n2 DATE 4 JUN 1850\n2 PLAC Ledbury, Herefordshire\n1 /, 'the corrected marriage without the claim\'s citation');
});

const kennedy = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/real/kennedy.ged');

t.test('kennedy.ged: the marriage of John F. Kennedy and Jacqueline Bouvier keeps its source through both exports', { skip: existsSync(kennedy) ? false : `${kennedy} not found` }, async (t) => {
  const s = await exportServer(t);
  const { lost } = await imported(t, readFileSync(kennedy), s);
  t.notOk(lost.some((item) => item.includes('events do not cite sources')), 'no family event citation reported lost');
  const jfk = async (treeId?: string) => (await eventCitations(s, treeId)).filter((line) => line.startsWith('John Fitzgerald KENNEDY:') || line.startsWith('Jacqueline Lee Bouvier:'));
  const before = await jfk();
  t.ok(before.some((line) => /^John Fitzgerald KENNEDY: marriage 12 SEP 1953 Newport, , Newport County, RI, USA, Source S64 \{"quality":"2"\}$/.test(line)), before.join('\n'));
  for (const version of ['7.0', '5.5.1'] as const) {
    const { bytes } = await exported(s, { version, include_living: true });
    const fresh = await importedBack(t, s, version, bytes, 'kennedy');
    t.same(await jfk(fresh.id), before, `${version}: the marriage's citation comes back`);
  }
});
