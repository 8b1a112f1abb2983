import { parseGedcomDate, sortDate, yearsOf } from '@rootline/gedcom-date';
import type { VitalClaim } from '@rootline/contracts/assertions';

/** Claim kinds a birth summary rests on, most direct first; likewise for death. */
const BIRTH_KINDS = ['birth', 'baptism', 'christening'];
const DEATH_KINDS = ['death', 'burial'];
export const VITAL_KINDS: readonly string[] = [...BIRTH_KINDS, ...DEATH_KINDS];

/** One summary as stored on the person row. */
export interface Vital {
  assertion: string;
  date: string | null;
  sort: string | null;
  place: string | null;
  status: string;
  /** The latest year the date allows (the living rule); null when the date gives none. */
  latestYear: number | null;
}

/**
 * The claim a summary rests on: confirmed before pending and deferred (refuted, fabricated and
 * superseded claims never reach here), then the most direct kind (a birth before a baptism
 * before a christening; a death before a burial), then the oldest claim.
 */
function pick(claims: VitalClaim[], kinds: string[]): Vital | null {
  const rank = (claim: VitalClaim) => [claim.status === 'confirmed' ? 0 : 1, kinds.indexOf(claim.kind)];
  let best: VitalClaim | null = null;
  for (const claim of claims) {
    if (!kinds.includes(claim.kind)) continue;
    // `claims` come confirmed first, then oldest first: a later claim wins only by a better rank.
    if (best === null || compare(rank(claim), rank(best)) < 0) best = claim;
  }
  if (!best) return null;
  const parsed = best.date === null ? null : parseGedcomDate(best.date);
  const years = parsed && yearsOf(parsed);
  return {
    assertion: best.id,
    date: best.date,
    sort: parsed && sortDate(parsed),
    place: best.place,
    status: best.status,
    latestYear: years ? (years.to ?? years.from) : null,
  };
}

const compare = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1];

export function summarise(claims: VitalClaim[]): { birth: Vital | null; death: Vital | null } {
  return { birth: pick(claims, BIRTH_KINDS), death: pick(claims, DEATH_KINDS) };
}

/** People this much older than today are not living (unless the human says otherwise). */
const LIVING_YEARS = 110;

/**
 * The derived living status: no standing death or burial claim (of any status but refuted,
 * fabricated or superseded), and either no birth year known or a birth no more than
 * LIVING_YEARS years before this year. Uncertain dates lean to living: the latest year the
 * birth date allows is used (`BET 1900 AND 1920` counts as 1920), because "living" is what
 * keeps a person private.
 */
export function derivedLiving(hasDeath: boolean, birthYear: number | null, thisYear: number): boolean {
  return !hasDeath && (birthYear === null || thisYear - birthYear <= LIVING_YEARS);
}
