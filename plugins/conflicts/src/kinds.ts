/**
 * The claim kinds that can be in conflict, as data: the kinds a persona has at most one of, and
 * what of two claims of that kind is compared. Every other kind (residence, occupation, census,
 * name, fact, ...) is multi-valued and never conflicts.
 *
 * - Life events that happen once (birth, christening, baptism, death, burial, cremation) compare
 *   their date and place. Their value is a free description (a cause of death, "stillborn") that
 *   two true claims may word differently, so it is not compared.
 * - `sex` is its value: compared after normalising (`M`, `male`, `Male ` are one value); its date
 *   and place (of the record that says it) are not compared.
 *
 * A reburial or a second baptism is real and rare: the human withdraws the conflict it opens
 * ("never a dispute"), and the pair is remembered.
 */
export type Compared = 'date' | 'place' | 'value';

export interface KindRule {
  /** What two claims of this kind must agree on. */
  compare: readonly Compared[];
}

const EVENT: KindRule = { compare: ['date', 'place'] };
const VALUE: KindRule = { compare: ['value'] };

export const SINGLE_VALUED: Readonly<Record<string, KindRule>> = {
  birth: EVENT,
  christening: EVENT,
  baptism: EVENT,
  death: EVENT,
  burial: EVENT,
  cremation: EVENT,
  sex: VALUE,
};

/** The rule of a single-valued kind, or undefined for a kind that never conflicts. */
export function ruleOf(kind: string): KindRule | undefined {
  return Object.hasOwn(SINGLE_VALUED, kind) ? SINGLE_VALUED[kind] : undefined;
}
