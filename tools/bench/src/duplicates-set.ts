// The duplicates bench's tree and labelled set, from the corpus's real/pres2020.ged (2,322
// persons): the persons as they are (tile 0); one perturbed copy of each (tile 1: spelling
// variants of surnames and given names, dates shifted, made approximate, widened or dropped),
// the known duplicates; and further tiles of unrelated persons made of pres2020's given names,
// its surnames (by frequency) mixed with invented ones, and its dates moved by 6 to 80 years.
// Deterministic (one seed). Kept apart from the server so it can be read and tested alone.
import { createReadStream } from 'node:fs';
import { readGedcom, type GedcomNode } from '@rootline/gedcom';
import { generator, pick, zipf } from './people-plan.js';

export interface PlannedPerson {
  given?: string;
  surname?: string;
  sex?: 'M' | 'F';
  birth?: string;
  death?: string;
}

/** A person of pres2020: NAME `Given /Surname/ Suffix` (or GIVN/SURN), SEX, BIRT.DATE, DEAT.DATE. */
function personOf(record: GedcomNode): PlannedPerson | null {
  const child = (node: GedcomNode, tag: string) => node.children.find((c) => c.tag === tag);
  const name = child(record, 'NAME');
  const out: PlannedPerson = {};
  if (name) {
    const written = name.value ?? '';
    const slashed = /^(.*?)\/([^/]*)\/(.*)$/.exec(written);
    const given = child(name, 'GIVN')?.value ?? (slashed ? slashed[1] : written).trim();
    const surname = child(name, 'SURN')?.value ?? (slashed ? slashed[2] : '').trim();
    if (given) out.given = given;
    if (surname) out.surname = surname;
  }
  if (!out.given && !out.surname) return null;
  const sex = child(record, 'SEX')?.value;
  if (sex === 'M' || sex === 'F') out.sex = sex;
  for (const [tag, field] of [['BIRT', 'birth'], ['DEAT', 'death']] as const) {
    const date = child(record, tag) && child(child(record, tag)!, 'DATE')?.value?.trim();
    if (date) out[field] = date;
  }
  return out;
}

/** Every named individual of a GEDCOM file, in file order. */
export async function readPersons(file: string): Promise<PlannedPerson[]> {
  const persons: PlannedPerson[] = [];
  for await (const record of readGedcom(createReadStream(file, { highWaterMark: 1 << 20 })).records) {
    if (record.tag !== 'INDI') continue;
    const person = personOf(record);
    if (person) persons.push(person);
  }
  return persons;
}

type Random = (n: number) => number;

/** Spelling variants a clerk or an indexer makes of a surname; each returns null when it does not apply. */
const SURNAME_VARIANTS: ((name: string, random: Random) => string | null)[] = [
  (name) => (/[iy]/.test(name.slice(1)) ? name[0] + name.slice(1).replace(/[iy]/, (c) => (c === 'i' ? 'y' : 'i')) : null), // Smith -> Smyth
  (name) => (/([b-df-hj-np-tv-z])\1/.test(name) ? name.replace(/([b-df-hj-np-tv-z])\1/, '$1') : null), // Barrett -> Barett
  (name, random) => {
    const at = 1 + random(Math.max(1, name.length - 2));
    return /[b-df-hj-np-tv-z]/.test(name[at]) ? name.slice(0, at + 1) + name[at] + name.slice(at + 1) : null; // Adams -> Addams
  },
  (name) => (name.endsWith('e') ? name.slice(0, -1) : `${name}e`), // Brown <-> Browne
  (name) => (/ck|ph|c[aou]/.test(name) ? name.replace(/ck|ph|c(?=[aou])/, (m) => ({ ck: 'k', ph: 'f' })[m] ?? 'k') : null), // Clark -> Klark
  (name) => (/son$/.test(name) ? name.replace(/son$/, 'sen') : /ei/.test(name) ? name.replace('ei', 'ie') : null), // Johnson -> Johnsen
  (name, random) => {
    if (name.length < 5) return null;
    const at = 1 + random(name.length - 3);
    return name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2); // a typo: two letters swapped
  },
];

/** Diminutives and abbreviations of given names in English records (independent of the matcher's table, though they overlap). */
const GIVEN_FORMS: Record<string, string[]> = {
  William: ['Wm', 'Will', 'Bill'], John: ['Jno', 'Jack'], James: ['Jas', 'Jim'], Thomas: ['Thos', 'Tom'], Charles: ['Chas', 'Charlie'],
  George: ['Geo'], Robert: ['Robt', 'Bob'], Richard: ['Richd', 'Dick'], Joseph: ['Jos', 'Joe'], Benjamin: ['Benj', 'Ben'], Samuel: ['Saml', 'Sam'],
  Elizabeth: ['Eliza', 'Betsy', 'Betty'], Margaret: ['Peggy', 'Maggie'], Mary: ['Polly', 'Molly'], Sarah: ['Sally'], Catherine: ['Kate', 'Katharine'],
  Ann: ['Anne', 'Nancy'], Anne: ['Ann', 'Anna'], Martha: ['Patsy'], Susan: ['Sue', 'Susanna'], Henry: ['Harry'], Edward: ['Ned', 'Edw'],
};

function givenVariant(given: string, random: Random): string | null {
  const words = given.split(/\s+/);
  const choices: (() => string | null)[] = [
    () => (GIVEN_FORMS[words[0]] ? [GIVEN_FORMS[words[0]][random(GIVEN_FORMS[words[0]].length)], ...words.slice(1)].join(' ') : null),
    () => (words.length > 1 ? words[0] : null), // middle names left out
    () => (words.length > 1 ? `${words[0]} ${words.slice(1).map((w) => `${w[0]}.`).join(' ')}` : null), // John Q.
    () => {
      const word = words[0];
      if (word.length < 4) return null;
      const at = 1 + random(word.length - 2);
      return [word.slice(0, at) + word.slice(at + 1), ...words.slice(1)].join(' '); // a letter dropped
    },
  ];
  for (let tries = 0; tries < 8; tries++) {
    const variant = choices[random(choices.length)]();
    if (variant && variant !== given) return variant;
  }
  return null;
}

const YEAR = /\b(\d{3,4})\b/g;
const yearOf = (date: string) => Number(/\b(\d{3,4})\b/.exec(date)?.[1] ?? NaN);

/** A date as a second record gives it: the year only and a year or two off, ABT, a BET range around it, or not at all. */
function dateVariant(date: string, random: Random): string | undefined {
  const year = yearOf(date);
  if (Number.isNaN(year)) return date;
  const roll = random(100);
  if (roll < 35) return String(year + [-2, -1, 1, 2][random(4)]);
  if (roll < 65) return `ABT ${year + random(3) - 1}`;
  if (roll < 80) return `BET ${year - 2} AND ${year + 2}`;
  if (roll < 92) return undefined;
  return date;
}

/** Moves every year of a date by `years` ("12 MAR 1851" + 30 -> "12 MAR 1881"). */
const shiftDate = (date: string, years: number) => date.replace(YEAR, (y) => String(Number(y) + years));

/** One perturbed copy: at least one of surname, given name, birth or death differs. */
function perturb(person: PlannedPerson, random: Random): PlannedPerson {
  const copy: PlannedPerson = { ...person };
  let changed = false;
  if (person.surname && random(100) < 60) {
    const variant = SURNAME_VARIANTS[random(SURNAME_VARIANTS.length)](person.surname, random);
    if (variant && variant !== person.surname) [copy.surname, changed] = [variant, true];
  }
  if (person.given && random(100) < 50) {
    const variant = givenVariant(person.given, random);
    if (variant) [copy.given, changed] = [variant, true];
  }
  for (const field of ['birth', 'death'] as const) {
    if (person[field] && random(100) < 70) {
      const variant = dateVariant(person[field]!, random);
      if (variant !== person[field]) [copy[field], changed] = [variant, true];
      if (variant === undefined) delete copy[field];
    }
  }
  if (!changed && person.surname) copy.surname = SURNAME_VARIANTS[3](person.surname, random)!;
  else if (!changed && person.given) copy.given = `${person.given}e`;
  return copy;
}

const SYLLABLES = ['ash', 'brad', 'carl', 'dun', 'el', 'fair', 'gold', 'hart', 'kings', 'lang', 'mar', 'north', 'ox', 'pem', 'rad', 'shel', 'thorn', 'wal', 'whit', 'bar', 'cole', 'dray', 'fen', 'grim', 'hol', 'kel', 'mel', 'nor', 'pil', 'quen'];
const ENDINGS = ['ley', 'ton', 'ford', 'well', 'by', 'more', 'field', 'wood', 'ham', 'worth', 'don', 'stead', 'combe', 'bury', 'ridge', 'hurst', 'cliffe', 'wick', 'mere', 'sey', 'cott', 'dale', 'gate', 'holme', 'lock', 'low', 'mark', 'ney', 'shaw', 'thwaite'];
const INVENTED = SYLLABLES.flatMap((stem) => ENDINGS.map((ending) => stem[0].toUpperCase() + stem.slice(1) + ending));

export interface PlannedTree {
  persons: PlannedPerson[];
  /** Index in `persons` of each original (tile 0) and of its perturbed copy (tile 1). */
  originals: number[];
  copies: number[];
}

/**
 * `tiles` tiles of `source` (at least 2): the originals, their perturbed copies, then unrelated
 * persons. The unrelated persons take a given name of another pres2020 person of the same sex, a
 * surname drawn from pres2020's (as often as pres2020 uses it) or, 40 % of the time, an invented
 * one (900, Zipf-distributed), and the person's own dates moved by 6 to 80 years either way.
 */
export function planTree(source: PlannedPerson[], tiles: number, seed = 7): PlannedTree {
  const random = generator(seed);
  const persons: PlannedPerson[] = [];
  const originals: number[] = [];
  const copies: number[] = [];
  for (const person of source) originals.push(persons.push(person) - 1);
  for (const person of source) copies.push(persons.push(perturb(person, random)) - 1);
  const surnames = source.flatMap((person) => (person.surname ? [person.surname] : []));
  const inventedWeights = zipf(INVENTED.length, 10);
  const bySex = { M: source.filter((p) => p.sex === 'M' && p.given), F: source.filter((p) => p.sex === 'F' && p.given), U: source.filter((p) => p.given) };
  for (let tile = 2; tile < tiles; tile++) {
    for (const person of source) {
      const pool = bySex[person.sex ?? 'U'].length ? bySex[person.sex ?? 'U'] : bySex.U;
      const shift = (6 + random(75)) * (random(2) ? 1 : -1);
      const stranger: PlannedPerson = {
        given: pool[random(pool.length)].given,
        surname: random(100) < 60 ? surnames[random(surnames.length)] : INVENTED[pick(inventedWeights, random(1e6) / 1e6)],
        ...(person.sex ? { sex: person.sex } : {}),
        ...(person.birth ? { birth: shiftDate(person.birth, shift) } : {}),
        ...(person.death ? { death: shiftDate(person.death, shift) } : {}),
      };
      persons.push(stranger);
    }
  }
  return { persons, originals, copies };
}

/** Precision and recall of the candidates returned for each copy, against its one original. */
export interface Evaluation {
  queries: number;
  /** At the default limit, every candidate returned. */
  at_limit: { returned: number; true_positives: number; precision: number; recall: number; top1: number };
  /** Candidates (up to limit 50) scoring at least the threshold. */
  thresholds: { min_score: number; returned: number; precision: number; recall: number }[];
}

const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000);

/**
 * `results[i]`: the candidates (id, score, best first) of copy i's `person=` search at the default
 * limit and at limit 50; `truth[i]`: the id of its original.
 */
export function evaluate(truth: string[], atLimit: [string, number][][], wide: [string, number][][], thresholds: number[]): Evaluation {
  let returned = 0;
  let hits = 0;
  let top1 = 0;
  atLimit.forEach((items, i) => {
    returned += items.length;
    if (items.some(([id]) => id === truth[i])) hits++;
    if (items[0]?.[0] === truth[i]) top1++;
  });
  return {
    queries: truth.length,
    at_limit: { returned, true_positives: hits, precision: rate(hits, returned), recall: rate(hits, truth.length), top1: rate(top1, truth.length) },
    thresholds: thresholds.map((min) => {
      let kept = 0;
      let found = 0;
      wide.forEach((items, i) => {
        const above = items.filter(([, score]) => score >= min);
        kept += above.length;
        if (above.some(([id]) => id === truth[i])) found++;
      });
      return { min_score: min, returned: kept, precision: rate(found, kept), recall: rate(found, truth.length) };
    }),
  };
}
