// Seeds the people bench's tree through the plugins' public services, in big transactions:
// personas and their claims, persons concluded over them, parent and spouse edges (pedigree
// blocks, people-plan.ts), events with participants, and associations.
import type { Actor } from '@rootline/kernel';
import { BLOCK, PEDIGREE, gedcomDate, generator, paternalTop, pick, placeInBlock, sexOf, zipf } from './people-plan.js';

/** What the seeding calls, typed here by shape (the bench does not depend on the plugins' packages). */
export interface PeopleServices {
  sourcesService: { create(actor: Actor, input: { title: string }): { id: string } };
  personasService: { create(actor: Actor, input: { given?: string; surname?: string; sex?: 'M' | 'F'; source?: string }): { id: string } };
  assertionsService: { capture(actor: Actor, claim: { persona: string; kind: string; value?: string; date?: string; place?: string; source?: string }): { id: string } };
  personsService: { conclude(actor: Actor, personas: string[]): { id: string } };
  familyService: { create(actor: Actor, body: { kind: 'parent'; parent: string; child: string } | { kind: 'spouse'; partners: [string, string] }): { id: string } };
  eventsService: { create(actor: Actor, body: { type: string; date?: string; place?: string; participants?: { person: string; role: string }[] }): { id: string } };
  associationsService: { record(actor: Actor, body: { from: string; to: string; role: string }): { id: string } };
}

export interface SeedOptions {
  persons: number;
  /** Claims per person, at most 10: the first n of birth, baptism, death, burial (residence, occupation when living), residence x2, occupation x2, fact, marriage. */
  claims: number;
  human: Actor;
  /** Every tenth claim is captured by this agent, so it waits in the pending lane. */
  agent: Actor;
  /** Runs one batch in one transaction of the tree. */
  transact: <T>(work: () => T) => T;
}

const SURNAMES = ['Smith', 'Jones', 'Williams', 'Taylor', 'Davies', 'Brown', 'Evans', 'Wilson', 'Thomas', 'Roberts', 'Johnson', 'Lewis', 'Walker', 'Robinson', 'Wood',
  'Thompson', 'White', 'Watson', 'Jackson', 'Wright', 'Green', 'Harris', 'Cooper', 'King', 'Lee', 'Martin', 'Clarke', 'James', 'Morgan', 'Hughes', 'Edwards', 'Hill',
  'Moore', 'Clark', 'Harrison', 'Scott', 'Young', 'Morris', 'Hall', 'Ward', 'Turner', 'Carter', 'Phillips', 'Mitchell', 'Patel', 'Adams', 'Campbell', 'Anderson',
  'Smyth', 'Smithson', 'Goldsmith', 'Smithers', 'Müller', 'Ó Súilleabháin', 'van der Berg', 'Baker', 'Price', 'Bennett', 'Griffiths', 'Powell'];
const STEMS = ['Ash', 'Brad', 'Carl', 'Dun', 'El', 'Fair', 'Gold', 'Hart', 'Kings', 'Lang', 'Mar', 'North', 'Ox', 'Pem', 'Rad', 'Shel', 'Thorn', 'Wal', 'Wood', 'Whit',
  'Bar', 'Cole', 'Dray', 'Fen', 'Grim', 'Hol', 'Kel', 'Mel', 'Nor', 'Pil'];
const ENDINGS = ['ley', 'ton', 'ford', 'well', 'by', 'more', 'field', 'wood', 'ham', 'worth', 'don', 'stead', 'combe', 'bury', 'ridge', 'hurst', 'cliffe', 'wick',
  'mere', 'sey', 'cott', 'dale', 'gate', 'holme', 'lock', 'low', 'mark', 'ney', 'shaw', 'thwaite'];
const ALL_SURNAMES = [...SURNAMES, ...STEMS.flatMap((stem) => ENDINGS.map((ending) => stem + ending)).filter((name) => !SURNAMES.includes(name))];
const GIVEN = {
  M: ['John', 'William', 'Thomas', 'James', 'George', 'Joseph', 'Henry', 'Charles', 'Richard', 'Edward', 'Samuel', 'Robert', 'Frederick', 'Alfred', 'Walter', 'Arthur'],
  F: ['Mary', 'Ann', 'Elizabeth', 'Sarah', 'Jane', 'Margaret', 'Hannah', 'Emma', 'Alice', 'Ellen', 'Martha', 'Harriet', 'Eliza', 'Catherine', 'Susan', 'Zoë'],
};
const PARISHES = ['Ledbury', 'Bromyard', 'Leominster', 'Ross-on-Wye', 'Kington', 'Hereford', 'Ludlow', 'Tenbury', 'Pembridge', 'Weobley'];
const OCCUPATIONS = ['Agricultural labourer', 'Farmer', 'Blacksmith', 'Carpenter', 'Domestic servant', 'Glover', 'Shoemaker', 'Miller', 'Wheelwright', 'Dressmaker'];

const surnameWeights = zipf(ALL_SURNAMES.length, 20);
const givenWeights = zipf(16, 5);
const parishWeights = zipf(2000, 2);
const parishName = (rank: number) => PARISHES[rank] ?? `Parish ${rank}`;

export interface Seeded {
  persons: string[];
  claims: number;
  edges: number;
  events: number;
  associations: number;
  seconds: { personas_claims_persons: number; relationships: number; events: number };
}

/** Seeds `options.persons` persons; their families, claims and events are the same for the same count. */
export function seedPeople(services: PeopleServices, options: SeedOptions): Seeded {
  const random = generator(42);
  const { human, agent, transact } = options;
  const sources = transact(() => Array.from({ length: 100 }, (_, i) => services.sourcesService.create(human, { title: `Parish register ${i}` }).id));
  const persons: string[] = [];
  const born: number[] = [];
  const home: string[] = [];
  let claims = 0;
  const timer = () => { const start = performance.now(); return () => Math.round((performance.now() - start) / 100) / 10; };

  let elapsed = timer();
  const lineSurname = new Map<number, number>();
  for (let from = 0; from < options.persons; from += 5000) {
    transact(() => {
      for (let k = from; k < Math.min(options.persons, from + 5000); k++) {
        const block = Math.floor(k / BLOCK);
        const p = k % BLOCK;
        const { generation } = placeInBlock(p);
        // Surnames pass down paternal lines: one drawn for the oldest man of each line.
        const line = block * BLOCK + paternalTop(p);
        if (!lineSurname.has(line)) lineSurname.set(line, pick(surnameWeights, random(1e6) / 1e6));
        const surname = ALL_SURNAMES[lineSurname.get(line)!];
        const sex = sexOf(p);
        const given = GIVEN[sex][pick(givenWeights, random(1e6) / 1e6)];
        const year = 1905 - 28 * generation - random(8);
        born.push(year);
        home.push(parishName(pick(parishWeights, random(1e6) / 1e6)));
        const personas = [services.personasService.create(human, { given, surname, sex, source: sources[k % 100] }).id];
        if (k % 4 === 3) personas.push(services.personasService.create(human, { given, surname, sex, source: sources[(k + 7) % 100] }).id);
        for (const [n, claim] of claimsOf(k, year, home[k], random).slice(0, options.claims).entries()) {
          const persona = personas[n % personas.length];
          services.assertionsService.capture(claims % 10 === 9 ? agent : human, { persona, ...claim, ...(n % 3 ? { source: sources[(k + n) % 100] } : {}) });
          claims++;
        }
        persons.push(services.personsService.conclude(human, personas).id);
      }
    });
  }
  const personasClaimsPersons = elapsed();

  elapsed = timer();
  let edges = 0;
  for (let from = 0; from < options.persons; from += 10_000) {
    transact(() => {
      for (let k = from; k < Math.min(options.persons, from + 10_000); k++) {
        const base = k - (k % BLOCK);
        const { father, mother } = placeInBlock(k % BLOCK);
        for (const parent of [father, mother]) {
          if (parent === null || base + parent >= persons.length) continue;
          services.familyService.create(human, { kind: 'parent', parent: persons[base + parent], child: persons[k] });
          edges++;
        }
        // Each couple once, from the pedigree position they are parents of.
        if (k % BLOCK < PEDIGREE && father !== null && base + mother! < persons.length) {
          services.familyService.create(human, { kind: 'spouse', partners: [persons[base + father], persons[base + mother!]] });
          edges++;
        }
      }
    });
  }
  const relationships = elapsed();

  elapsed = timer();
  let events = 0;
  let associations = 0;
  const near = (k: number) => persons[Math.max(0, k - 1 - random(2000))];
  for (let from = 0; from < options.persons; from += 10_000) {
    transact(() => {
      for (let k = from; k < Math.min(options.persons, from + 10_000); k++) {
        const base = k - (k % BLOCK);
        const { father, mother } = placeInBlock(k % BLOCK);
        const godparent = k > 0 ? [{ person: near(k), role: 'godparent' }] : [];
        services.eventsService.create(human, { type: 'BAPM', date: gedcomDate(born[k], random(336), k), place: home[k], participants: [{ person: persons[k], role: 'principal' }, ...godparent] });
        events++;
        if (k % BLOCK < PEDIGREE && father !== null && base + mother! < persons.length) {
          const [husband, wife] = [base + father, base + mother!];
          services.eventsService.create(human, { type: 'MARR', date: gedcomDate(born[wife] + 22, random(336), k), place: home[wife], participants: [
            { person: persons[husband], role: 'husband' }, { person: persons[wife], role: 'wife' }, { person: near(k), role: 'witness' }] });
          events++;
        }
        if (k % 3 === 0 && k > 0) {
          const census = Math.min(1911, Math.max(1841, 10 * Math.round((born[k] + 25) / 10) + 1));
          services.eventsService.create(human, { type: 'CENS', date: `${census}`, place: home[k], participants: [{ person: persons[k], role: 'head' }, { person: near(k), role: 'lodger' }] });
          events++;
        }
        if (k % 5 === 0 && k > 0) {
          services.associationsService.record(human, { from: persons[k], to: near(k), role: k % 2 ? 'friend' : 'neighbour' });
          associations++;
        }
      }
    });
  }
  return { persons, claims, edges, events, associations, seconds: { personas_claims_persons: personasClaimsPersons, relationships, events: elapsed() } };
}

/** Ten claims of person `k` born in `year` at `place`, the vital ones first (a smaller count keeps them). */
function claimsOf(k: number, year: number, place: string, random: (n: number) => number) {
  const day = random(336);
  const died = year + 55 + random(30);
  const dead = died < 2015;
  return [
    { kind: 'birth', date: gedcomDate(year, day, k), place },
    { kind: 'baptism', date: gedcomDate(year, day + 20, k + 1), place },
    dead ? { kind: 'death', date: gedcomDate(died, day, k + 2), place } : { kind: 'residence', date: `${year + 40}`, place },
    dead ? { kind: 'burial', date: gedcomDate(died, day + 4, k + 3), place } : { kind: 'occupation', date: `${year + 45}`, value: 'Retired' },
    { kind: 'residence', date: `${year + 10}`, place, value: 'In the household of the father' },
    { kind: 'residence', date: `ABT ${year + 20}`, place: parishName(random(40)), value: 'Lodger' },
    { kind: 'occupation', date: `${year + 25}`, value: OCCUPATIONS[random(OCCUPATIONS.length)] },
    { kind: 'occupation', date: `${year + 35}`, value: OCCUPATIONS[random(OCCUPATIONS.length)] },
    { kind: 'fact', value: 'Signed the register with a mark' },
    { kind: 'marriage', date: gedcomDate(year + 23, day, k), place },
  ];
}
