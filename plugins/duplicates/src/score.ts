import type { GedcomDate } from '@rootline/gedcom-date';
import { agreeDates, boundsAgree } from './dates.js';
import { sharedGroup } from './nicknames.js';
import { sharedCode, similarity } from './phonetic.js';
import type { CodeCache, Name } from './names.js';

/** How a name part or a date agrees with the query. */
export type How =
  | 'exact'
  | 'nickname'
  | 'double_metaphone'
  | 'daitch_mokotoff'
  | 'jaro_winkler'
  | 'initial'
  | 'different'
  | 'compatible'
  | 'close'
  | 'conflicting'
  | 'unknown';

export interface Reason {
  field: 'surname' | 'given' | 'birth' | 'death' | 'sex';
  how: How;
  detail: string;
}

interface Part {
  how: How;
  value: number;
  detail: string;
}

/** Weights of the fields a query has (the score divides by the sum of those present). */
const WEIGHTS = { surname: 0.45, given: 0.35, birth: 0.12, death: 0.08 } as const;
/** Jaro–Winkler similarity from which two spellings count as the same name without a phonetic code in common. */
const JARO_WINKLER_MIN = 0.88;
/** What a conflicting birth or death date multiplies the score by (each). */
const DATE_CONFLICT = 0.6;
/** What a different recorded sex (M against F) multiplies the score by. */
const SEX_CONFLICT = 0.5;
/** Candidates scoring below this are not candidates. */
export const MIN_SCORE = 0.6;

/**
 * A phonetic code in common is worth this plus half the Jaro–Winkler similarity: Smyth/Smith
 * (JW 0.89) 0.95, while Jonese/Yancey, which share a Daitch–Mokotoff code but hardly a letter
 * (JW 0.5), 0.7. Daitch–Mokotoff codes are broader, so they start lower.
 */
const PHONETIC = { double_metaphone: 0.5, daitch_mokotoff: 0.45 } as const;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** One word against another: exact, Double Metaphone, Daitch–Mokotoff, Jaro–Winkler, or different. */
export function compareWords(a: string, b: string, shown: [string, string], codes: CodeCache): Part {
  if (a === b) return { how: 'exact', value: 1, detail: `${shown[0]} = ${shown[1]}` };
  const jw = similarity(a, b);
  const metaphone = sharedCode(codes.of(a).metaphone, codes.of(b).metaphone);
  if (metaphone) return { how: 'double_metaphone', value: PHONETIC.double_metaphone + 0.5 * jw, detail: `${shown[0]} ~ ${shown[1]}: Double Metaphone ${metaphone}` };
  const soundex = sharedCode(codes.of(a).soundex, codes.of(b).soundex);
  if (soundex) return { how: 'daitch_mokotoff', value: PHONETIC.daitch_mokotoff + 0.5 * jw, detail: `${shown[0]} ~ ${shown[1]}: Daitch–Mokotoff ${soundex}` };
  if (jw >= JARO_WINKLER_MIN) return { how: 'jaro_winkler', value: jw, detail: `${shown[0]} ~ ${shown[1]}: Jaro–Winkler ${round2(jw)}` };
  return { how: 'different', value: 0, detail: `${shown[0]} ≠ ${shown[1]}: Jaro–Winkler ${round2(jw)}` };
}

const better = (a: Part | null, b: Part): Part => (a === null || b.value > a.value ? b : a);

/** The best agreement of the query's surname forms with the candidate's. */
export function compareSurnames(query: Name, candidate: Name, codes: CodeCache): Part {
  if (candidate.surnameForms.length === 0) return { how: 'unknown', value: 0.5, detail: 'no surname recorded' };
  let best: Part | null = null;
  for (const a of query.surnameForms) {
    for (const b of candidate.surnameForms) best = better(best, compareWords(a, b, [query.surname, candidate.surname], codes));
  }
  return best!;
}

/** A middle name (any word but the first, on either side) counts for this much of a first name. */
const MIDDLE_NAME = 0.9;

/** One given name against another: exact, an initial, a nickname, or compared as words. */
function compareGivenWord(a: string, b: string, shown: [string, string], codes: CodeCache): Part {
  if (a === b) return { how: 'exact', value: 1, detail: `${shown[0]} = ${shown[1]}` };
  if ((a.length === 1 || b.length === 1) && a[0] === b[0]) return { how: 'initial', value: 0.6, detail: `${shown[0]} ~ ${shown[1]}: initial ${a[0].toUpperCase()}` };
  const group = sharedGroup(a, b);
  if (group) return { how: 'nickname', value: 0.9, detail: `${shown[0]} ~ ${shown[1]}: both forms of ${group[0].toUpperCase()}${group.slice(1)}` };
  return compareWords(a, b, shown, codes);
}

/** The best agreement of the query's given names with the candidate's, first names counting most. */
export function compareGiven(query: Name, candidate: Name, codes: CodeCache): Part {
  if (candidate.givenWords.length === 0) return { how: 'unknown', value: 0.5, detail: 'no given name recorded' };
  let best: Part | null = null;
  query.givenWords.forEach((a, i) => {
    candidate.givenWords.forEach((b, j) => {
      const part = compareGivenWord(a, b, [query.given, candidate.given], codes);
      best = better(best, i === 0 && j === 0 ? part : { ...part, value: part.value * MIDDLE_NAME });
    });
  });
  return best!;
}

/** What a query asks about, prepared once. */
export interface Query {
  names: Name[];
  birth: GedcomDate | null;
  death: GedcomDate | null;
  /** The sex of the person a `person=` search starts from (M, F, X, U), else null. */
  sex: string | null;
}

/** A candidate as the index and the persons plugin give it. */
export interface Candidate {
  names: Name[];
  birth: string | null;
  death: string | null;
  sex: string | null;
}

export interface Scored {
  score: number;
  reasons: Reason[];
}

const roundScore = (value: number) => Math.round(value * 1000) / 1000;

/** Male against female: the only sexes that rule each other out (X and U do not). */
const sexesConflict = (a: string | null, b: string | null) => (a === 'M' && b === 'F') || (a === 'F' && b === 'M');

/**
 * The score of a candidate, 0..1, and why: for the best pair of the query's names and the
 * candidate's, the weighted mean over the fields the query has (surname 0.45, given 0.35,
 * birth 0.12, death 0.08) of each field's agreement (exact 1, nickname 0.9, Double Metaphone
 * 0.5 + JW/2, Daitch–Mokotoff 0.45 + JW/2, Jaro–Winkler >= 0.88 itself, initial
 * 0.6, different 0, unknown 0.5; dates: overlapping 1, within the slack 1 - 0.1 a year apart
 * (at least 0.6), close (up to 2 years beyond) 0.3, unknown 0.5, conflicting 0), times 0.6 for
 * each conflicting date and 0.5
 * when the recorded sexes are male and female.
 */
export function scoreCandidate(query: Query, candidate: Candidate, codes: CodeCache): Scored {
  const dateReasons: Reason[] = [];
  let dateWeight = 0;
  let dateSum = 0;
  let penalty = 1;
  for (const field of ['birth', 'death'] as const) {
    const asked = query[field];
    if (!asked) continue;
    const agreement = agreeDates(asked, candidate[field]);
    dateWeight += WEIGHTS[field];
    dateSum += WEIGHTS[field] * agreement.value;
    if (agreement.how === 'conflicting') penalty *= DATE_CONFLICT;
    dateReasons.push({ field, how: agreement.how, detail: agreement.detail });
  }
  const sexReason: Reason[] = [];
  if (sexesConflict(query.sex, candidate.sex)) {
    penalty *= SEX_CONFLICT;
    sexReason.push({ field: 'sex', how: 'conflicting', detail: `${query.sex} ≠ ${candidate.sex}` });
  }
  let best: Scored | null = null;
  for (const asked of query.names) {
    const pairs = candidate.names.length > 0 ? candidate.names : [NO_NAME];
    for (const name of pairs) {
      let weight = dateWeight;
      let sum = dateSum;
      const reasons: Reason[] = [];
      if (asked.surnameForms.length > 0) {
        const part = compareSurnames(asked, name, codes);
        weight += WEIGHTS.surname;
        sum += WEIGHTS.surname * part.value;
        reasons.push({ field: 'surname', how: part.how, detail: part.detail });
      }
      if (asked.givenWords.length > 0) {
        const part = compareGiven(asked, name, codes);
        weight += WEIGHTS.given;
        sum += WEIGHTS.given * part.value;
        reasons.push({ field: 'given', how: part.how, detail: part.detail });
      }
      const score = weight === 0 ? 0 : roundScore((sum / weight) * penalty);
      if (best === null || score > best.score) best = { score, reasons: [...reasons, ...dateReasons, ...sexReason] };
    }
  }
  return best ?? { score: 0, reasons: [] };
}

const NO_NAME: Name = { given: '', surname: '', givenWords: [], surnameForms: [] };

/** A candidate as the index alone knows it: names, the year bounds of its dates, and whether a phonetic surname key matched. */
export interface Indexed {
  names: Name[];
  birth: [number, number] | null;
  death: [number, number] | null;
  sex: string | null;
  phoneticSurname: boolean;
}

/** The year bounds of a query's dates (dates.ts `yearBounds`). */
export interface QueryBounds {
  birth: [number, number] | null;
  death: [number, number] | null;
}

/**
 * A quick score from the index alone, to preselect the candidates worth reading in full: the same
 * weights, with names compared by folded equality, nicknames and Jaro–Winkler (a phonetic key in
 * common counts as a Daitch–Mokotoff match for the surname) and dates by their year bounds.
 */
export function preScore(query: Query, bounds: QueryBounds, candidate: Indexed): number {
  let weight = 0;
  let sum = 0;
  let penalty = 1;
  for (const field of ['birth', 'death'] as const) {
    if (!query[field]) continue;
    const agreement = boundsAgree(bounds[field], candidate[field]);
    weight += WEIGHTS[field];
    sum += WEIGHTS[field] * (agreement === null ? 0.5 : agreement === 'overlap' ? 1 : agreement === 'close' ? 0.3 : 0);
    if (agreement === 'apart') penalty *= DATE_CONFLICT;
  }
  if (sexesConflict(query.sex, candidate.sex)) penalty *= SEX_CONFLICT;
  let best = 0;
  for (const asked of query.names) {
    for (const name of candidate.names.length > 0 ? candidate.names : [NO_NAME]) {
      let w = weight;
      let s = sum;
      if (asked.surnameForms.length > 0) {
        w += WEIGHTS.surname;
        s += WEIGHTS.surname * quickSurname(asked, name, candidate.phoneticSurname);
      }
      if (asked.givenWords.length > 0) {
        w += WEIGHTS.given;
        s += WEIGHTS.given * quickGiven(asked, name);
      }
      if (w > 0) best = Math.max(best, (s / w) * penalty);
    }
  }
  return best;
}

function quickSurname(query: Name, candidate: Name, phonetic: boolean): number {
  if (candidate.surnameForms.length === 0) return 0.5;
  let best = 0;
  for (const a of query.surnameForms) {
    for (const b of candidate.surnameForms) {
      if (a === b) return 1;
      const jw = similarity(a, b);
      best = Math.max(best, jw >= JARO_WINKLER_MIN ? jw : 0, phonetic ? PHONETIC.daitch_mokotoff + 0.5 * jw : 0);
    }
  }
  return best;
}

function quickGiven(query: Name, candidate: Name): number {
  if (candidate.givenWords.length === 0) return 0.5;
  const a = query.givenWords[0];
  let best = 0;
  candidate.givenWords.forEach((b, j) => {
    const factor = j === 0 ? 1 : MIDDLE_NAME;
    if (a === b) best = Math.max(best, factor);
    else if (sharedGroup(a, b)) best = Math.max(best, 0.9 * factor);
    else {
      const jw = similarity(a, b);
      if (jw >= JARO_WINKLER_MIN) best = Math.max(best, jw * factor);
    }
  });
  return best;
}
