/**
 * The human ties an import's work to the tree's while it runs (merges a person of the tree with
 * one the import just made, cites one of its sources in a claim of the tree), then the import is
 * cancelled. An undo would refuse; a stopped run cannot, so its clean-up undoes each tie first:
 * the tree keeps every person, persona, claim and source of its own, and nothing of the import
 * is left. Before, a tree person merged into an imported one went out of every view with it.
 */
import t, { type Test } from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { finished, generated, importServer, upload } from './helpers.js';

interface Person {
  id: string;
  status: string;
  personas: string[];
}

/** A person of the tree, made by the human before any import: one persona, one sourced-nowhere claim. */
async function treePerson(s: TestServer, given: string): Promise<{ person: string; persona: string; claim: string }> {
  const persona = (await s.request('POST', '/v1/personas', { body: { given, surname: 'Tree' } })).json().id as string;
  const claim = (await s.request('POST', '/v1/assertions/capture', { body: { persona, kind: 'occupation', value: `${given}'s trade` } })).json().id as string;
  const person = (await s.request('POST', '/v1/persons', { body: { personas: [persona] } })).json().id as string;
  return { person, persona, claim };
}

/** The file: a source first, then 3,000 individuals (enough batches for the human to act between them); the first one's birth cites a page of the source. */
const FILE = generated(3000)
  .replace('1 CHAR UTF-8\n', '1 CHAR UTF-8\n0 @S1@ SOUR\n1 TITL Parish register of Ledbury\n')
  .replace('2 PLAC Somewhere\n0 @I1@', '2 PLAC Somewhere\n2 SOUR @S1@\n3 PAGE folio 7\n0 @I1@');

/** Starts importing FILE and waits (the job still running) until its first `count` persons are there: Person0, Person1, ..., in the file's order. */
async function importing(t: Test, s: TestServer, count: number): Promise<{ job_id: string; imported: Person[] }> {
  const { job_id } = (await upload(s, FILE)).json();
  const tree = s.server.kernel.trees.active();
  for (;;) {
    const job = (await s.request('GET', `/v1/jobs/${job_id}`)).json();
    if (job.state !== 'queued' && job.state !== 'running') throw new Error(`the job ended (${job.state}) before the human could work`);
    const ids = tree.prepare("SELECT id FROM persons WHERE status = 'active' AND display_name LIKE 'Person%' ORDER BY seq LIMIT ?").pluck().all(count) as string[];
    if (ids.length === count) {
      t.pass('the job is still running when the human works');
      return { job_id, imported: await Promise.all(ids.map(async (id) => (await s.request('GET', `/v1/persons/${id}`)).json() as Person)) };
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

t.test('a cancelled import undoes the human\'s merges and keeps the source a claim of the tree cites: the tree keeps all of its own, nothing of the import is left', async (t) => {
  const s = await importServer(t);
  const ann = await treePerson(s, 'Ann');
  const bob = await treePerson(s, 'Bob');
  const carl = await treePerson(s, 'Carl');
  const dora = await treePerson(s, 'Dora');
  const { job_id, imported } = await importing(t, s, 4);
  const source = ((await s.request('GET', '/v1/sources')).json().items as { id: string; title: string }[]).find((each) => each.title === 'Parish register of Ledbury')!;
  t.ok(source, 'the import has written its source');

  // Ann (the tree's) merged into a person of the import: the import's person survives.
  t.equal((await s.request('POST', '/v1/persons/merge', { body: { survivor: imported[0].id, merged: ann.person } })).statusCode, 200);
  // A person of the import merged into Bob (the tree's): Bob survives.
  t.equal((await s.request('POST', '/v1/persons/merge', { body: { survivor: bob.person, merged: imported[1].id } })).statusCode, 200);
  // Two persons of the import merged into Dora, then both their personas split off into a new person (no merge reversed: a person made since).
  for (const merged of [imported[2], imported[3]]) t.equal((await s.request('POST', '/v1/persons/merge', { body: { survivor: dora.person, merged: merged.id } })).statusCode, 200);
  const split = await s.request('POST', `/v1/persons/${dora.person}/split`, { body: { personas: [...imported[2].personas, ...imported[3].personas] } });
  t.equal(split.statusCode, 200, split.body);
  const madeSince = split.json().new_person.id as string;
  t.not(madeSince, imported[2].id);
  t.not(madeSince, imported[3].id);
  // Carl's birth, read in the import's source.
  const cited = await s.request('POST', '/v1/assertions/capture', { body: { persona: carl.persona, kind: 'birth', date: '1801', source: source.id } });
  t.equal(cited.statusCode, 200, cited.body);

  t.equal((await s.request('POST', `/v1/jobs/${job_id}/cancel`)).statusCode, 202);
  t.equal((await finished(s, job_id)).state, 'cancelled');

  const active = (await s.request('GET', '/v1/persons', { query: { limit: '100' } })).json();
  t.same((active.items as Person[]).map((person) => person.id).sort(), [ann.person, bob.person, carl.person, dora.person].sort(), 'the four persons of the tree, and none of the import');
  const retracted = s.records({ kind: 'person.retracted' }).filter((record) => record.entity_id === madeSince);
  t.match(retracted, [{ payload: { reason: 'import cancelled' } }], 'the person made since of the import\'s personas alone went with them');
  t.notOk('import_key' in retracted[0], "a change of the tree's, not tagged with the run");
  for (const { person, persona, claim } of [ann, bob, carl, dora]) {
    const read = (await s.request('GET', `/v1/persons/${person}`)).json() as Person;
    t.match(read, { id: person, personas: [persona] }, 'under its own id, holding its own persona alone');
    t.equal((await s.request('GET', `/v1/assertions/${claim}`)).statusCode, 200, 'its claim is there');
  }
  t.equal((await s.request('GET', `/v1/sources/${source.id}`)).statusCode, 200, 'the source Carl\'s birth cites stays');
  t.match((await s.request('GET', `/v1/assertions/${cited.json().id}`)).json(), { source: source.id });
  t.equal((await s.request('GET', '/v1/sources')).json().items.length, 1, 'and no other of the import');
  const tree = s.server.kernel.trees.active();
  t.equal(tree.prepare('SELECT count(*) FROM personas WHERE id NOT IN (?, ?, ?, ?)').pluck().get(ann.persona, bob.persona, carl.persona, dora.persona), 0, 'no persona of the import is left');
  t.equal(s.records({ kind: 'person.split' }).filter((record) => !('import_key' in record)).length, 3, "the human's split, and each of the two merges reversed by a split, recorded as the tree's change");
});

t.test('a cancelled import: a person of the tree that absorbed two of its persons gives both back; a person of the import that lost its own persona stays for the tree\'s; a page of its source a claim cites stays', async (t) => {
  const s = await importServer(t);
  const eve = await treePerson(s, 'Eve');
  const fay = await treePerson(s, 'Fay');
  const gus = await treePerson(s, 'Gus');
  const { job_id, imported } = await importing(t, s, 7);
  const [first, , , , fourth, fifth, sixth] = imported;
  // Two of the import's persons merged into Eve: no one split gives back both at once.
  for (const merged of [fourth, fifth]) t.equal((await s.request('POST', '/v1/persons/merge', { body: { survivor: eve.person, merged: merged.id } })).statusCode, 200);
  // Fay merged into a person of the import, whose own persona is then split off into a new person.
  t.equal((await s.request('POST', '/v1/persons/merge', { body: { survivor: sixth.id, merged: fay.person } })).statusCode, 200);
  const lone = await s.request('POST', `/v1/persons/${sixth.id}/split`, { body: { personas: sixth.personas } });
  t.equal(lone.statusCode, 200, lone.body);
  // Gus's birth cites the page the import's first person's birth cites.
  const birth = ((await s.request('GET', '/v1/assertions', { query: { persona: first.personas[0] } })).json().items as { kind: string; source: string; citation: string }[]).find((claim) => claim.kind === 'birth')!;
  t.ok(birth?.citation, 'the import has cited the page');
  const cited = await s.request('POST', '/v1/assertions/capture', { body: { persona: gus.persona, kind: 'birth', date: '1802', source: birth.source, citation: birth.citation } });
  t.equal(cited.statusCode, 200, cited.body);

  t.equal((await s.request('POST', `/v1/jobs/${job_id}/cancel`)).statusCode, 202);
  t.equal((await finished(s, job_id)).state, 'cancelled');

  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), { kind: 'human', credentialId: null });
  t.same(cradle.personsService.get(eve.person)?.personas, [eve.persona], 'Eve holds her own persona alone again');
  const fays = cradle.personsService.get(cradle.personsService.survivorOf(fay.person) ?? fay.person);
  t.same(fays?.personas, [fay.persona], "Fay's persona is still in an active person (the import's, which stays for it)");
  t.equal(fays?.id, sixth.id);
  const active = ((await s.request('GET', '/v1/persons', { query: { limit: '100' } })).json().items as Person[]).map((person) => person.id).sort();
  t.same(active, [eve.person, gus.person, sixth.id].sort(), "the tree's persons, and the import's person that holds Fay's persona; nothing else");
  const untagged = s.records({ kind: 'person.retracted' }).filter((record) => !('import_key' in record)).map((record) => record.entity_id);
  t.equal(untagged.length, 2, "two persons made since of the import's personas alone went with them, as the tree's changes");
  t.notOk(untagged.some((id) => imported.some((person) => person.id === id)), 'none of them a person of the import (those go with the run)');
  t.match((await s.request('GET', `/v1/assertions/${cited.json().id}`)).json(), { source: birth.source, citation: birth.citation });
  t.equal((await s.request('GET', `/v1/sources/${birth.source}`)).statusCode, 200, 'the source stays');
  const tree = s.server.kernel.trees.active();
  t.equal(tree.prepare('SELECT count(*) FROM citations WHERE id = ?').pluck().get(birth.citation), 1, 'and its page, which Gus\'s birth cites');
  t.equal(tree.prepare('SELECT count(*) FROM personas WHERE id NOT IN (?, ?, ?)').pluck().get(eve.persona, fay.persona, gus.persona), 0, 'no persona of the import is left');
});

t.test('a cancelled import: a person of the import that absorbed one of the tree and was retracted since has nothing left to untie', async (t) => {
  const s = await importServer(t);
  const hal = await treePerson(s, 'Hal');
  const { job_id, imported } = await importing(t, s, 1);
  t.equal((await s.request('POST', '/v1/persons/merge', { body: { survivor: imported[0].id, merged: hal.person } })).statusCode, 200);
  const retracted = await s.request('POST', `/v1/persons/${imported[0].id}/retract`, { body: { reason: 'a mistaken conclusion' } });
  t.equal(retracted.statusCode, 200, retracted.body);

  t.equal((await s.request('POST', `/v1/jobs/${job_id}/cancel`)).statusCode, 202);
  const job = await finished(s, job_id);
  t.equal(job.state, 'cancelled', JSON.stringify(job.error));
  t.same((await s.request('GET', '/v1/persons', { query: { limit: '100' } })).json().items, [], 'no person: the import\'s went with the run, and the one that held Hal\'s persona was retracted by the human');
  t.equal((await s.request('GET', `/v1/assertions/${hal.claim}`)).statusCode, 200, "Hal's claim is still there");
});
