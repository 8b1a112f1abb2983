import t from 'tap';
import { exported, exportServer } from './export-fixture.js';
import { importedBack, importInto, newTree } from './round-trip-summary.js';

/** A birth cited by two sources (the second with a page), a name cited by two: each SOUR is kept. */
const TWICE_CITED = `0 HEAD
1 GEDC
2 VERS 7.0
0 @I1@ INDI
1 NAME Ann /Lee/
2 SOUR @S1@
2 SOUR @S2@
3 PAGE folio 4
1 BIRT
2 DATE 1851
2 SOUR @S1@
3 PAGE entry 12
2 SOUR @S2@
3 PAGE folio 9
2 SOUR @S2@
3 PAGE folio 9
0 @S1@ SOUR
1 TITL Parish register of Ledbury
0 @S2@ SOUR
1 TITL Bishop's transcripts of Ledbury
0 TRLR
`;

/** The birth's SOUR lines and the lines under them, as the export wrote them. */
function birthCitations(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const birth = lines.findIndex((line) => line === '1 BIRT');
  const end = lines.findIndex((line, at) => at > birth && /^[01] /.test(line));
  return lines.slice(birth + 1, end).filter((line) => /^(2 SOUR|3 PAGE)/.test(line)).map((line) => line.replace(/@S\d+@/, '@S@'));
}

t.test('a fact cited by two sources exports two SOURs (the second from the claim\'s evidence) and imports back the same', async (t) => {
  const s = await exportServer(t);
  const first = await newTree(s, 'Cited twice');
  const run = await importInto(s, first.id, Buffer.from(TWICE_CITED), 'twice.ged');
  t.equal(run.state, 'succeeded', JSON.stringify(run.error));
  const evidenceOf = (cradle: typeof first.cradle) => {
    const persona = cradle.personsService.walk(0, 10).items[0].personas[0];
    const claims = cradle.assertionsService.ofPersonas([persona], ['confirmed']);
    const birth = claims.find((claim) => claim.kind === 'birth')!;
    const name = claims.find((claim) => claim.kind === 'name')!;
    const cites = (id: string) => {
      const claim = cradle.assertionsService.get(id)!;
      const title = (source: string) => cradle.sourcesService.get(source)!.title;
      const own = claim.citation ? [cradle.citationsService.get(claim.citation)!] : [];
      const attached = (claim.evidence ?? []).filter((item) => item.kind === 'citation').map((item) => cradle.citationsService.get(item.citation!)!);
      const bare = claim.source && !claim.citation ? [`${title(claim.source)} | `] : [];
      return [...bare, ...[...own, ...attached].map((citation) => `${title(citation.source!)} | ${citation.elements.page ?? ''}`)];
    };
    return { birth: cites(birth.id), name: cites(name.id) };
  };
  const before = evidenceOf(first.cradle);
  t.same(before.birth, ['Parish register of Ledbury | entry 12', 'Bishop\'s transcripts of Ledbury | folio 9'], 'the import: one claim, its source, the second SOUR as evidence (the repeated one once)');
  t.same(before.name, ['Parish register of Ledbury | ', 'Bishop\'s transcripts of Ledbury | folio 4'], 'the name claim too');

  for (const version of ['7.0', '5.5.1'] as const) {
    const { text } = await exported(s, { version, include_living: true }, { prefix: `/v1/trees/${first.id}` });
    t.same(birthCitations(text), ['2 SOUR @S@', '3 PAGE entry 12', '2 SOUR @S@', '3 PAGE folio 9'], `${version}: both citations written under the birth`);
    const back = await importedBack(t, s, version, Buffer.from(text), 'back');
    t.same(evidenceOf(back.cradle), before, `${version}: the same citations after the round trip`);
  }
});
