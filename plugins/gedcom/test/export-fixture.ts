/**
 * A hand-made tree for the export tests, built through the owners' services as the human
 * (whose claims stand confirmed), and the steps a user takes to get a file out: POST the
 * export, follow the job, download the blob.
 */
import type { Actor, ServiceCradle } from '@rootline/kernel';
import { buildTestServer, type TeardownHost, type TestServer } from '@rootline/kernel/testing';

/** Every plugin the export reads through, in manifest order, and blobs for the download. */
export const EXPORT_PLUGINS = [
  '@rootline/plugin-notes',
  '@rootline/plugin-blobs',
  '@rootline/plugin-jobs',
  '@rootline/plugin-media',
  '@rootline/plugin-sources',
  '@rootline/plugin-personas',
  '@rootline/plugin-assertions',
  '@rootline/plugin-persons',
  '@rootline/plugin-family',
  '@rootline/plugin-events',
  '@rootline/plugin-views',
  '@rootline/plugin-gedcom',
];

export const human: Actor = { kind: 'human', credentialId: null };

export async function exportServer(t: TeardownHost): Promise<TestServer> {
  return buildTestServer(t, { plugins: EXPORT_PLUGINS });
}

export function services(s: TestServer): ServiceCradle {
  return s.server.kernel.servicesFor(s.server.kernel.trees.active(), human);
}

/** Polls the job until it is finished (a deadline only so a bug fails instead of hanging). */
export async function finished(s: TestServer, jobId: string, prefix = '/v1') {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (await s.request('GET', `${prefix}/jobs/${jobId}`)).json();
    if (['succeeded', 'failed', 'cancelled'].includes(job.state) || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Exports and downloads the file: the job as it ended and the file's bytes (empty when it failed). */
export async function exported(s: TestServer, body: Record<string, unknown>, options: { prefix?: string; token?: string } = {}) {
  const prefix = options.prefix ?? '/v1';
  const started = await s.request('POST', `${prefix}/gedcom/export`, { body, ...(options.token ? { token: options.token } : {}) });
  if (started.statusCode !== 202) throw new Error(`export answered ${started.statusCode}: ${started.body}`);
  const job = await finished(s, started.json().job_id, prefix);
  if (job.state !== 'succeeded') return { job, bytes: Buffer.alloc(0), text: '' };
  const download = await s.request('GET', `${prefix}/blobs/sha256:${job.result.blob}`);
  return { job, bytes: download.rawPayload, text: download.body };
}

/** An export's loss report as "path reason (count)" lines, in the report's order: what a genealogist reads of it. */
export async function exportLosses(s: TestServer, reportId: string, prefix = '/v1'): Promise<string[]> {
  const items = (await s.request('GET', `${prefix}/gedcom/loss-reports`, { query: { report_id: reportId } })).json().items as { path: string; reason: string; count: number }[];
  return items.map((item) => `${item.path} ${item.reason} (${item.count})`);
}

/**
 * The Smiths: John (1851-ABT 1920) and Mary Jones married 1879 in Hereford; their son
 * William (1880-1950); William's daughter Emma, born 1990 and so living. John's birth
 * cites folio 12 of the Ledbury parish register; Mary has a married name; John has a note.
 */
export function handMadeTree(cradle: ServiceCradle) {
  const register = cradle.sourcesService.create(human, { title: 'Ledbury parish register', author: 'Church of England', publisher: 'Herefordshire Archive' });
  const folio = cradle.citationsService.create(human, { source: register.id, elements: { page: 'folio 12' } });
  const persona = (input: Parameters<ServiceCradle['personasService']['create']>[1]) => cradle.personasService.create(human, input);
  const person = (personaId: string) => cradle.personsService.conclude(human, [personaId]);
  const claim = (personaId: string, kind: string, fields: { value?: string; date?: string; place?: string; source?: string; citation?: string }) =>
    cradle.assertionsService.capture(human, { persona: personaId, kind, ...fields });

  const johnP = persona({ name: 'John Smith', given: 'John', surname: 'Smith', sex: 'M' });
  claim(johnP.id, 'birth', { date: '12 MAR 1851', place: 'Ledbury, Herefordshire, England', source: register.id, citation: folio.id });
  claim(johnP.id, 'occupation', { value: 'farmer' });
  claim(johnP.id, 'death', { date: 'ABT 1920' });
  const maryP = persona({ name: 'Mary Jones', given: 'Mary', surname: 'Jones', sex: 'F' });
  claim(maryP.id, 'birth', { date: '1855' });
  claim(maryP.id, 'name', { value: 'Mary Smith (married)' });
  claim(maryP.id, 'death', { date: '1931' });
  const williamP = persona({ name: 'William Smith', given: 'William', surname: 'Smith', sex: 'M' });
  claim(williamP.id, 'birth', { date: '3 APR 1880' });
  claim(williamP.id, 'death', { date: '1950' });
  const emmaP = persona({ name: 'Emma Smith', given: 'Emma', surname: 'Smith', sex: 'F' });
  claim(emmaP.id, 'birth', { date: '1990' });

  const john = person(johnP.id);
  const mary = person(maryP.id);
  const william = person(williamP.id);
  const emma = person(emmaP.id);
  cradle.familyService.create(human, { kind: 'spouse', partners: [john.id, mary.id] });
  cradle.familyService.create(human, { kind: 'parent', parent: john.id, child: william.id, pedigree: 'birth' });
  cradle.familyService.create(human, { kind: 'parent', parent: mary.id, child: william.id, pedigree: 'birth' });
  cradle.familyService.create(human, { kind: 'parent', parent: william.id, child: emma.id, pedigree: 'birth' });
  cradle.eventsService.create(human, { type: 'MARR', date: '1879', place: 'Hereford', participants: [{ person: john.id, role: 'husband' }, { person: mary.id, role: 'wife' }] });
  cradle.notesService.create(human, { target: john.id, text: 'Farmed at Upper House' });
  return { register, folio, john, mary, william, emma, personas: { johnP, maryP, williamP, emmaP } };
}
