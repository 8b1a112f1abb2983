/**
 * What a round trip must keep, as sorted lists of words a genealogist would compare: persons
 * (each with the name pieces of every persona), parent and spouse edges by the persons' names,
 * events (type, date, place, who), facts (kind, date, place), and sources. Dates are compared
 * as GEDCOM 7 writes them (`abt 1850` and `ABT 1850` are one date).
 */
import { validateGedcom } from '@rootline/gedcom';
import { parseGedcomDate, toGedcom7 } from '@rootline/gedcom-date';
import type { ServiceCradle } from '@rootline/kernel';
import type { TestServer } from '@rootline/kernel/testing';
import type { Test } from 'tap';
import { finished, human } from './export-fixture.js';

const date = (text: string | null | undefined) => (text ? toGedcom7(parseGedcomDate(text)).date || text : '');

export interface TreeSummary {
  persons: string[];
  parents: string[];
  spouses: string[];
  events: string[];
  facts: string[];
  sources: string[];
}

export function summarise(cradle: ServiceCradle): TreeSummary {
  const nameOf = new Map<string, string>();
  const persons: string[] = [];
  const facts: string[] = [];
  for (let after = 0; ;) {
    const page = cradle.personsService.walk(after, 500);
    for (const person of page.items) {
      const personas = cradle.personasService.many(person.personas);
      const names = personas.map(({ name }) => [name.prefix, name.given, name.nickname, name.surname_prefix, name.surname, name.suffix].map((piece) => piece ?? '').join('|'));
      nameOf.set(person.id, `${person.display_name}`);
      persons.push(`${names.join(' + ')} ${person.sex ?? ''}`);
      for (const claim of cradle.assertionsService.ofPersonas(person.personas, ['confirmed'])) facts.push(`${person.display_name}: ${claim.kind} ${date(claim.date)} ${claim.place ?? ''}`);
    }
    if (page.next === null) break;
    after = page.next;
  }
  const parents: string[] = [];
  const spouses: string[] = [];
  for (let after: string | null = null; ;) {
    const edges = cradle.familyService.walk(after, 500);
    for (const edge of edges) {
      if (edge.kind === 'parent') parents.push(`${nameOf.get(edge.parent!)} -> ${nameOf.get(edge.child!)} (${edge.pedigree})`);
      else spouses.push(edge.partners!.map((id) => nameOf.get(id)).sort().join(' & '));
    }
    if (edges.length < 500) break;
    after = edges[edges.length - 1].id;
  }
  const events = [...new Map([...nameOf.keys()].flatMap((id) => cradle.eventsService.ofSubjects([id])).map((event) => [event.id, event])).values()].map(
    (event) => `${event.type} ${date(event.date)} ${event.place ?? ''} ${event.participants.map((p) => nameOf.get(p.person ?? '') ?? '?').sort().join(' & ')}`,
  );
  const sources: string[] = [];
  for (let after: string | null = null; ;) {
    const page = cradle.sourcesService.walk(after, 500);
    sources.push(...page.map((source) => `${source.title} | ${source.author ?? ''} | ${source.publisher ?? ''}`));
    if (page.length < 500) break;
    after = page[page.length - 1].id;
  }
  const sorted = (list: string[]) => list.sort();
  return { persons: sorted(persons), parents: sorted(parents), spouses: sorted(spouses), events: sorted(events), facts: sorted(facts), sources: sorted(sources) };
}

/** Imports bytes into a tree (pinned mount) and waits for the run: the job as it ended. */
export async function importInto(s: TestServer, treeId: string, bytes: Buffer, filename: string) {
  const reply = await s.request('POST', `/v1/trees/${treeId}/imports/gedcom`, { payload: bytes, query: { filename, allow_duplicate: true }, headers: { 'content-type': 'application/octet-stream' } });
  if (reply.statusCode !== 202) throw new Error(`import answered ${reply.statusCode}: ${reply.body}`);
  return finished(s, reply.json().job_id, `/v1/trees/${treeId}`);
}

export async function newTree(s: TestServer, name: string): Promise<{ id: string; cradle: ServiceCradle }> {
  const tree = (await s.request('POST', '/v1/trees', { body: { name } })).json();
  return { id: tree.tree_id, cradle: s.server.kernel.servicesFor(s.server.kernel.trees.get(tree.tree_id)!, human) };
}

/**
 * An exported file imported back into a new tree (`<name> from <version>`, the file `<name>-<version>.ged`):
 * checked valid by our validator, the run checked to have succeeded. The tree, the run and the validator's report.
 */
export async function importedBack(t: Test, s: TestServer, version: string, bytes: Buffer, name: string) {
  const validation = await validateGedcom(bytes);
  t.same(validation.errors, [], `${version}: a valid file`);
  const tree = await newTree(s, `${name} from ${version}`);
  const run = await importInto(s, tree.id, bytes, `${name}-${version}.ged`);
  t.equal(run.state, 'succeeded', `${version}: imported back${run.error ? ` (${JSON.stringify(run.error)})` : ''}`);
  return { ...tree, run, validation };
}
