import { payloadOf } from '../rules/lookup.js';
import { payloadProblem, type RuleVersion } from './payload.js';

/**
 * Whether `value` is a valid payload of a structure of this type (`AGE`: an age such as
 * `> 25y 3m`) in GEDCOM `version`: what a writer asks before it writes a kept value on the line
 * of its own tag rather than in a note. The same check the validator makes.
 */
export function fitsPayload(type: string, value: string, version: RuleVersion): boolean {
  return payloadProblem(payloadOf(type), value, version) === undefined;
}
