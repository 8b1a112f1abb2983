import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { readGedzip, validateGedcom } from '@rootline/gedcom';
import { exported, exportServer, handMadeTree, human, services } from './export-fixture.js';
import { ExportContext } from '../src/export/context.js';

const gramps = (() => {
  try {
    execFileSync('gramps', ['--version'], { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
})();

t.test('both versions validate with no errors, and Gramps imports them', async (t) => {
  const s = await exportServer(t);
  handMadeTree(services(s));
  for (const version of ['7.0', '5.5.1'] as const) {
    for (const includeLiving of [false, true]) {
      const { job, bytes } = await exported(s, { version, include_living: includeLiving });
      t.equal(job.state, 'succeeded');
      const report = await validateGedcom(bytes);
      t.equal(report.version, version);
      t.same(report.errors, [], `${version}${includeLiving ? ' with the living' : ''}: no errors`);
      t.equal(report.counts.individuals, includeLiving ? 4 : 3);
      if (!gramps) continue;
      const home = mkdtempSync(join(tmpdir(), 'rootline-gramps-'));
      t.teardown(() => rmSync(home, { recursive: true, force: true }));
      writeFileSync(join(home, 'export.ged'), bytes);
      execFileSync('gramps', ['-y', '-q', '-C', 't', '-i', join(home, 'export.ged')], { env: { ...process.env, GRAMPSHOME: home }, stdio: 'ignore', timeout: 120_000 });
      t.pass(`Gramps imported the ${version} file`);
    }
  }
  if (!gramps) t.comment('gramps is not installed here: the Gramps check was skipped');
});

t.test('5.5.1: SUBM, CHAR, lower-case PEDI and NAME TYPE, X written as U, further NAMEs kept', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const tree = handMadeTree(cradle);
  const alex = cradle.personsService.conclude(human, [cradle.personasService.create(human, { name: 'Alex Smith', given: 'Alex', surname: 'Smith', sex: 'X' }).id]);
  cradle.assertionsService.capture(human, { persona: alex.personas[0], kind: 'death', date: '1900' });
  cradle.familyService.create(human, { kind: 'parent', parent: tree.john.id, child: alex.id, pedigree: 'adopted' });
  const { job, text } = await exported(s, { version: '5.5.1' });
  t.equal(job.state, 'succeeded');
  t.match(text, /^0 HEAD\n1 GEDC\n2 VERS 5\.5\.1\n2 FORM LINEAGE-LINKED\n1 SOUR Rootline\n2 VERS [^\n]+\n1 SUBM @U1@\n1 CHAR UTF-8\n/);
  t.match(text, /\n1 NAME Mary \/Smith\/\n2 TYPE married\n/, 'the married name, its surname marked');
  t.match(text, /\n0 @I4@ INDI\n1 NAME Alex \/Smith\/\n2 GIVN Alex\n2 SURN Smith\n1 SEX U\n1 DEAT\n2 DATE 1900\n1 FAMC @F3@\n2 PEDI adopted\n/);
  t.match(text, /\n0 @F3@ FAM\n1 HUSB @I1@\n1 CHIL @I4@\n/);
  t.match(text, /\n0 @U1@ SUBM\n1 NAME Rootline user\n0 TRLR\n$/);
  const report = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json();
  t.match(report.items, [{ path: 'FAM' }, { path: 'INDI', reason: 'living person withheld' }, { path: 'INDI.SEX', count: 1, reason: /no 5\.5\.1 value: written U/ }]);
});

t.test('include_living: the living are written, and only the human may ask for them', async (t) => {
  const s = await exportServer(t);
  handMadeTree(services(s));
  const { job, text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n0 @I4@ INDI\n1 NAME Emma \/Smith\/\n/);
  t.match(text, /\n0 @F2@ FAM\n1 HUSB @I3@\n1 CHIL @I4@\n/);
  t.equal(job.result.counts.withheld, 0);
  const refused = await s.request('POST', '/v1/gedcom/export', { body: { version: '7.0', include_living: true }, token: s.agentToken });
  t.equal(refused.statusCode, 403);
  t.equal(refused.json().code, 'human-token-required');
  const agent = await exported(s, { version: '7.0' }, { token: s.agentToken });
  t.equal(agent.job.state, 'succeeded', 'an agent may export without the living');
  t.notMatch(agent.text, /Emma/);
  const download = (blob: string) => s.request('GET', `/v1/blobs/sha256:${blob}`, { token: s.agentToken });
  t.equal((await download(agent.job.result.blob)).statusCode, 200, 'the agent reads its own export');
  const theirs = await download(job.result.blob);
  t.equal(theirs.statusCode, 403, "the human's export (with Emma) is not the agent's to download");
  t.notMatch(theirs.body, /Emma/);
});

t.test('what is redacted is read once a batch: a redaction made while an export runs applies from the next batch on', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const tree = handMadeTree(cradle);
  const context = new ExportContext(cradle, { version: '7.0', includeLiving: true }, s.server.kernel.trees.active().blobs);
  t.equal(context.redacted(tree.william.id), undefined);
  cradle.redactionsService.create(human, { target: tree.william.id, reason: 'family wish' });
  cradle.redactionsService.create(human, { target: tree.register.id, field: 'publisher', reason: 'family wish' });
  t.equal(context.redacted(tree.william.id), undefined, 'not within the batch read before it');
  context.forgetRedactions();
  t.same(context.redacted(tree.william.id), { whole: true, fields: new Set() }, 'the next batch sees it');
  t.same(context.redacted(tree.register.id), { whole: false, fields: new Set(['publisher']) });
  t.equal(context.redacted(tree.personas.maryP.id), undefined);
});

t.test('redacted values are never written, whoever exports', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const tree = handMadeTree(cradle);
  const redact = (target: string, field: string | undefined) => cradle.redactionsService.create(human, { target, ...(field ? { field } : {}), reason: 'family wish' });
  redact(tree.register.id, 'publisher');
  redact(tree.personas.maryP.id, 'name');
  redact(tree.william.id, undefined);
  const married = cradle.assertionsService.forPersonas([tree.personas.maryP.id], 100).items.find((claim) => claim.kind === 'name')!;
  redact(married.id, 'value');
  for (const token of [undefined, s.agentToken]) {
    const { job, text } = await exported(s, { version: '7.0' }, token ? { token } : {});
    t.equal(job.state, 'succeeded');
    t.notMatch(text, /Herefordshire Archive/, 'the redacted publisher');
    t.notMatch(text, /Mary \/Jones\//, 'the redacted persona name');
    t.notMatch(text, /Mary Smith/, 'the redacted name claim');
    const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
    t.ok(lost.some((item: { path: string; reason: string }) => item.path === 'SOUR' && item.reason === 'redacted value not written'), 'a source with a redacted field');
    t.notMatch(text, /William/, 'the redacted person');
    t.match(text, /\n0 @F1@ FAM\n1 HUSB @I1@\n1 WIFE @I2@\n1 MARR\n/, 'the family keeps the others');
    t.notMatch(text, /@F2@ FAM/, 'a family of withheld persons only is not written');
    t.same((await validateGedcom(Buffer.from(text))).errors, [], 'and nothing points at the withheld');
  }
});

t.test("a person of two personas, one's name redacted: the other's NAME is written, the redacted one reported", async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const census = cradle.personasService.create(human, { name: 'Ann Cole', given: 'Ann', surname: 'Cole' });
  const parish = cradle.personasService.create(human, { name: 'Annie Coal', given: 'Annie', surname: 'Coal' });
  cradle.personsService.conclude(human, [census.id, parish.id]);
  cradle.redactionsService.create(human, { target: parish.id, field: 'name', reason: 'family wish' });
  const { job, text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 NAME Ann \/Cole\/\n/);
  t.notMatch(text, /Annie|Coal/, 'the redacted name');
  const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
  t.match(lost.filter((item: { path: string }) => item.path === 'INDI.NAME'), [{ reason: 'redacted name not written', count: 1 }]);
});

t.test('a citation of a redacted source writes no SOUR line, and the report says so', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const diary = cradle.sourcesService.create(human, { title: "Aunt Ruth's diary" });
  const ann = cradle.personasService.create(human, { name: 'Ann Cole', given: 'Ann', surname: 'Cole' });
  cradle.assertionsService.capture(human, { persona: ann.id, kind: 'birth', date: '1901', source: diary.id });
  cradle.personsService.conclude(human, [ann.id]);
  cradle.redactionsService.create(human, { target: diary.id, reason: 'family wish' });
  const { job, text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 BIRT\n2 DATE 1901\n0 /, 'the birth, without its SOUR');
  t.notMatch(text, /diary/);
  const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
  t.match(lost.filter((item: { path: string }) => item.path === 'INDI.BIRT.SOUR'), [{ reason: 'citation of a redacted source not written', count: 1 }]);
});

t.test('a GEDZIP holds gedcom.ged', async (t) => {
  const s = await exportServer(t);
  handMadeTree(services(s));
  const { job, bytes } = await exported(s, { version: '7.0', gedzip: true });
  t.equal(job.result.gedzip, true);
  t.equal(bytes.subarray(0, 4).toString('latin1'), 'PK\u0003\u0004');
  const { gedcom, files } = readGedzip(bytes);
  t.equal(files.size, 0, 'no media files yet');
  t.match(Buffer.from(gedcom).toString('utf8'), /^0 HEAD\n1 GEDC\n2 VERS 7\.0\n/);
});

t.test('a bad body is refused before any job starts', async (t) => {
  const s = await exportServer(t);
  for (const body of [{}, { version: '5.5' }, { version: '7.0', living: true }]) {
    const reply = await s.request('POST', '/v1/gedcom/export', { body });
    t.equal(reply.statusCode, 400);
  }
  t.equal((await s.request('GET', '/v1/jobs')).json().total, 0);
});

t.test('associations: ASSO to the person written (through a persona too), ROLE from the 7.0 list (or OTHER with PHRASE), RELA in 5.5.1; to a withheld person, lost', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const tree = handMadeTree(cradle);
  cradle.associationsService.record(human, { from: tree.john.id, to: tree.mary.id, role: 'godmother' });
  cradle.associationsService.record(human, { from: tree.john.id, to: tree.personas.maryP.id, role: 'witness' });
  cradle.associationsService.record(human, { from: tree.john.id, to: tree.emma.id, role: 'neighbour' });
  const seven = await exported(s, { version: '7.0' });
  t.match(seven.text, /\n1 ASSO @I2@\n2 ROLE GODP\n3 PHRASE godmother\n1 ASSO @I2@\n2 ROLE WITN\n/, 'to Mary, as a person and through her persona');
  t.notMatch(seven.text, /neighbour/, 'Emma is living: withheld');
  const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: seven.job.result.report_id } })).json().items;
  t.match(lost.filter((item: { path: string }) => item.path === 'INDI.ASSO'), [{ count: 1, reason: 'association with a person not written (withheld, redacted or only a persona)' }]);
  const old = await exported(s, { version: '5.5.1' });
  t.match(old.text, /\n1 ASSO @I2@\n2 RELA godmother\n1 ASSO @I2@\n2 RELA witness\n/);
});
