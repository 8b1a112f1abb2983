/** A 5.5.1 dual year (`30 JAN 1648/49`): the old-style year and the new-style one after it. */
import type { DatePart } from './types.js';

/** Whether a dual year moves the date to the following (new-style) year. */
export function readsDualYear(part: DatePart): boolean {
  return part.dualYear === part.year + 1 && !part.bce;
}
