import t from 'tap';
import { exported, exportServer, human, services } from './export-fixture.js';

/**
 * The citations of one claim as the export writes them, in the cases a hand-built tree reaches
 * and an imported one rarely does: the claim's own citation attached again as evidence, a
 * citation of a redacted source among the evidence, a quality outside 0 to 3, and a scan
 * attached to a citation that the export withholds. What the file cannot hold is in the report,
 * and what it does hold is not.
 */

interface Lost {
  path: string;
  reason: string;
  count: number;
}

t.test('a birth\'s citations: its own once, evidence of a redacted source left out, a quality outside 0 to 3 and a withheld scan reported', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const register = cradle.sourcesService.create(human, { title: 'Ledbury parish register' });
  const bible = cradle.sourcesService.create(human, { title: 'The Lee family bible' });
  const entry = cradle.citationsService.create(human, { source: register.id, elements: { page: 'entry 12', quality: '2', text: 'Ann, d. of Wm Lee', url: 'https://example.org/ledbury/12' } });
  const doubtful = cradle.citationsService.create(human, { source: register.id, elements: { page: 'entry 13', quality: '21' } });
  const flyleaf = cradle.citationsService.create(human, { source: bible.id, elements: { page: 'flyleaf' } });
  const persona = cradle.personasService.create(human, { name: 'Ann Lee', given: 'Ann', surname: 'Lee', sex: 'F' });
  cradle.personsService.conclude(human, [persona.id]);
  const birth = cradle.assertionsService.capture(human, { persona: persona.id, kind: 'birth', date: '1851', source: register.id, citation: entry.id });
  for (const citation of [entry.id, doubtful.id, flyleaf.id]) cradle.assertionsService.attachEvidence(human, birth.id, { kind: 'citation', citation });
  const scan = cradle.mediaService.create({ title: 'Entry 12', file_path_as_written: 'scans/entry12.jpg', media_type: 'image/jpeg' });
  cradle.mediaService.attach(scan.id, entry.id);
  cradle.redactionsService.create(human, { target: bible.id, reason: 'family wish' });
  cradle.redactionsService.create(human, { target: scan.id, reason: 'family wish' });

  for (const version of ['7.0', '5.5.1'] as const) {
    const { job, text } = await exported(s, { version, include_living: true });
    const lines = text.split(/\r?\n/);
    const at = lines.indexOf('1 BIRT');
    const end = lines.findIndex((line, i) => i > at && /^[01] /.test(line));
    t.same(lines.slice(at + 1, end).map((line) => line.replace(/@S\d+@/, '@S@')), [
      '2 DATE 1851',
      '2 SOUR @S@',
      '3 PAGE entry 12',
      '3 DATA',
      '4 TEXT Ann, d. of Wm Lee',
      '3 QUAY 2',
      '3 _LINK https://example.org/ledbury/12',
      '2 SOUR @S@',
      '3 PAGE entry 13',
    ], `${version}: the own citation once with its page, text, quality and link; the doubtful one without QUAY; nothing of the bible`);
    t.notMatch(text, /family bible|flyleaf|entry12/, `${version}: neither the redacted source nor the withheld scan`);
    const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items as Lost[];
    const about = lost.filter((item) => item.path.startsWith('INDI.BIRT.SOUR')).map((item) => `${item.path} ${item.reason} [${item.count}]`).sort();
    t.same(about, [
      'INDI.BIRT.SOUR citation of a redacted source not written [1]',
      'INDI.BIRT.SOUR.OBJE link to a withheld media object (depicting a withheld person, or redacted) not written [1]',
      'INDI.BIRT.SOUR.QUAY quality other than 0 to 3 not written [1]',
    ], `${version}: each reported where it was, and no written element (page, quality, text, web address) reported`);
  }
});
