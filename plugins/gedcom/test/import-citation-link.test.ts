import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * Family Tree Maker writes the record a citation points at online as `_LINK` under the SOUR
 * (pres2020.ged: 2,587 of them, Ancestry's record pages), once reported "not kept on the
 * citation". It is the citation's `url` element, and the exports write it back: 5.5.1 as FTM
 * does, 7.0 as `_LINK` documented in HEAD.SCHMA as a relocated `g7:WWW`.
 */

const LINK = 'https://search.ancestry.com/cgi-bin/sse.dll?db=61632&h=1558842&indiv=try';

const FILE = (version: '7.0' | '5.5.1') =>
  gedcom(
    version,
    '0 @S1@ SOUR', '1 TITL New York State Marriage Index',
    '0 @I1@ INDI', '1 NAME Donald /Clark/',
    '1 BIRT', '2 DATE 6 JUN 1923', '2 SOUR @S1@', '3 PAGE New York State Department of Health', '3 DATA', '4 TEXT Record for Donald Clark', `3 _LINK ${LINK}`,
  );

/** The birth's citation elements, as the user reads them (the claim's citation, through the routes). */
async function birthCitation(s: Awaited<ReturnType<typeof exportServer>>, treeId?: string): Promise<Record<string, string>> {
  const prefix = treeId ? `/v1/trees/${treeId}` : '/v1';
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const id = tree.prepare("SELECT id FROM assertions WHERE kind = 'birth'").pluck().get() as string;
  const claim = (await s.request('GET', `${prefix}/assertions/${id}`)).json();
  const source = (await s.request('GET', `${prefix}/sources/${claim.source}`)).json();
  return source.citations.find((each: { id: string }) => each.id === claim.citation).elements;
}

for (const version of ['7.0', '5.5.1'] as const) {
  t.test(`${version}: a citation's _LINK is its url element`, async (t) => {
    const s = await exportServer(t);
    const { lost } = await imported(t, FILE(version), s);
    t.same(await birthCitation(s), { page: 'New York State Department of Health', text: 'Record for Donald Clark', url: LINK });
    t.notOk(lost.some((item) => item.includes('_LINK')), 'no _LINK in the loss report');
  });
}

t.test('import -> export (7.0, 5.5.1) -> import keeps the link: _LINK under the SOUR, documented in 7.0\'s HEAD.SCHMA', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('5.5.1'), s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes, job } = await exported(s, { version, include_living: true });
    t.match(text, new RegExp(`\\n2 SOUR @S\\d+@\\n3 PAGE New York State Department of Health\\n3 DATA\\n4 TEXT Record for Donald Clark\\n3 _LINK ${LINK.replace(/[?.]/g, '\\$&')}\\n`), `${version}: _LINK under the SOUR`);
    if (version === '7.0') t.match(text, /^0 HEAD\n1 GEDC\n2 VERS 7.0\n1 SCHMA\n2 TAG _LINK https:\/\/gedcom.io\/terms\/v7\/WWW\n/, '7.0: _LINK documented as a web address');
    const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
    t.notOk(lost.some((item: { reason: string }) => item.reason.includes('"url"')), `${version}: the url element is not reported as unwritten`);
    const fresh = await importedBack(t, s, version, bytes, 'link');
    if (version === '7.0') t.notOk(fresh.validation.warnings.some((warning: { message: string }) => warning.message.includes('_LINK')), '7.0: _LINK is documented');
    t.same(await birthCitation(s, fresh.id), { page: 'New York State Department of Health', text: 'Record for Donald Clark', url: LINK }, `${version}: the same citation`);
  }
});

const pres2020 = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/real/pres2020.ged');

t.test('pres2020.ged: no _LINK is lost; the citations hold the Ancestry record pages', { skip: existsSync(pres2020) ? false : `${pres2020} not found` }, async (t) => {
  const s = await exportServer(t);
  const { lost, tree } = await imported(t, readFileSync(pres2020), s);
  t.same(lost.filter((item) => item.includes('._LINK ')), [], 'no _LINK in the loss report');
  const linked = tree.prepare("SELECT count(*) FROM citations WHERE json_extract(elements, '$.url') LIKE 'https://search.ancestry.com/%'").pluck().get() as number;
  t.ok(linked > 100, `${linked} citations with their record page`);
});
