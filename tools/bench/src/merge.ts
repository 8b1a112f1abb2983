// Merge bench (issue 11): in a tree of ROOTLINE_BENCH_PERSONS persons (default 100,000), two
// persons of 1,000 claims each (four personas of 250), each with parents, a partner, children
// and events, are merged over HTTP (`POST /v1/persons/merge`), then the merge is reversed
// (`POST /v1/persons/{survivor}/split`). The baseline, interleaved with ours in the same
// rounds, is the floor of any durable write on this disk: a bare Fastify route on the same
// tree database committing one transaction that updates one row (WAL, synchronous FULL).
import Fastify from 'fastify';
import type { Actor } from '@rootline/kernel';
import { openSeededTree, type SeededTree } from './seeded-tree.js';
import { median, ratio } from './stats.js';

const PERSONS = Number(process.env.ROOTLINE_BENCH_PERSONS ?? 100_000);
const CLAIMS = Math.min(10, Number(process.env.ROOTLINE_BENCH_PERSON_CLAIMS ?? 4));
const ROUNDS = Math.max(3, Number(process.env.ROOTLINE_BENCH_ROUNDS ?? 3));
const MERGES_PER_ROUND = 5;
const CLAIMS_PER_PERSON = 1000;
const KINDS = ['residence', 'occupation', 'census', 'fact', 'residence', 'occupation', 'census', 'fact', 'residence', 'occupation'];

interface MergeServices {
  personasService: { create(actor: Actor, input: { given?: string; surname?: string; sex?: 'M' | 'F' }): { id: string } };
  assertionsService: { capture(actor: Actor, claim: { persona: string; kind: string; value?: string; date?: string; place?: string }): { id: string } };
  personsService: { conclude(actor: Actor, personas: string[]): { id: string; personas: string[] } };
  familyService: { create(actor: Actor, body: { kind: 'parent'; parent: string; child: string } | { kind: 'spouse'; partners: [string, string] }): { id: string } };
  eventsService: { create(actor: Actor, body: { type: string; date?: string; place?: string; participants?: { person: string; role: string }[] }): { id: string } };
}

/** A person of `CLAIMS_PER_PERSON` claims over four personas, with parents and a partner from the seeded tree around `anchor`, and a child of its own. */
function bigPerson(opened: SeededTree, services: MergeServices, n: number, anchor: number): { id: string; personas: string[] } {
  const { human, seeded } = opened;
  return opened.tree.transact(() => {
    const personas = [0, 1, 2, 3].map(() => services.personasService.create(human, { given: 'Bartholomew', surname: `Merge${n}`, sex: 'M' }).id);
    for (let c = 0; c < CLAIMS_PER_PERSON; c++) {
      const persona = personas[c % 4];
      // Two births and a death among the thousand: the vital summaries and conflict checks have work to do.
      const kind = c === 0 || c === 500 ? 'birth' : c === 999 ? 'death' : KINDS[c % KINDS.length];
      services.assertionsService.capture(human, { persona, kind, value: `${kind} ${c}`, date: `${1840 + (c % 60)}`, place: `Parish ${c % 40}` });
    }
    const person = services.personsService.conclude(human, personas);
    const [father, mother, partner] = [anchor, anchor + 1, anchor + 2].map((k) => seeded.persons[k % seeded.persons.length]);
    const child = services.personsService.conclude(human, [services.personasService.create(human, { given: 'Child', surname: `Merge${n}` }).id]).id;
    for (const parent of [father, mother]) services.familyService.create(human, { kind: 'parent', parent, child: person.id });
    services.familyService.create(human, { kind: 'spouse', partners: [person.id, partner] });
    services.familyService.create(human, { kind: 'parent', parent: person.id, child });
    services.eventsService.create(human, { type: 'BAPM', date: '1841', place: 'Ledbury', participants: [{ person: person.id, role: 'principal' }, { person: father, role: 'father' }] });
    return person;
  });
}

async function timed(url: string, headers: Record<string, string>, body: unknown): Promise<number> {
  const started = performance.now();
  const reply = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await reply.text();
  const ms = performance.now() - started;
  if (reply.status !== 200) throw new Error(`POST ${url}: ${reply.status} ${text.slice(0, 300)}`);
  return ms;
}

export async function benchMerge(): Promise<Record<string, unknown>> {
  const bare = Fastify();
  let opened: SeededTree | undefined;
  try {
    opened = await openSeededTree({ persons: PERSONS, claims: CLAIMS, name: 'merge' });
    const { url, headers, tree } = opened;
    const services = opened.services as unknown as MergeServices;
    // The baseline: the same database, one durable one-row transaction per request.
    tree.db.exec('CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY, n INTEGER)');
    tree.db.prepare('INSERT OR IGNORE INTO bench_floor (id, n) VALUES (1, 0)').run();
    const bump = tree.db.prepare('UPDATE bench_floor SET n = n + 1 WHERE id = 1');
    bare.post('/floor', async () => {
      tree.db.transaction(() => bump.run())();
      return { ok: true };
    });
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

    const merge: number[] = [];
    const split: number[] = [];
    const floor: number[] = [];
    let n = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (let m = 0; m < MERGES_PER_ROUND; m++, n++) {
        const a = bigPerson(opened, services, n, 1000 + 40 * n);
        const b = bigPerson(opened, services, n, 1020 + 40 * n);
        floor.push(await timed(`${bareUrl}/floor`, {}, {}));
        merge.push(await timed(`${url}/v1/persons/merge`, headers, { survivor: a.id, merged: b.id }));
        floor.push(await timed(`${bareUrl}/floor`, {}, {}));
        split.push(await timed(`${url}/v1/persons/${a.id}/split`, headers, { personas: b.personas }));
      }
    }
    const round2 = (value: number) => Math.round(value * 100) / 100;
    return {
      tree: { persons: opened.seeded.persons.length, claims: opened.seeded.claims },
      seed_seconds: opened.seedSeconds,
      merges: merge.length,
      claims_per_person: CLAIMS_PER_PERSON,
      merge_p50_ms: round2(median(merge)),
      merge_max_ms: round2(Math.max(...merge)),
      reversal_p50_ms: round2(median(split)),
      floor_p50_ms: round2(median(floor)),
      merge_vs_floor: ratio(median(merge), median(floor)),
      target: { merge_p50_ms: 50, met: median(merge) <= 50 },
    };
  } finally {
    await bare.close();
    await opened?.close();
  }
}
