import { Problems, defineProblem, entityNotFound } from '@rootline/kernel';
import { EXPANSIONS } from './card/expand.js';

/** 400 for an `expand` name the card does not know (CONTRACT §4 lists the code; the spec lists the status). */
const invalidExpand = defineProblem('invalid-expand', 400, 'Invalid expand');

/** Problems the views plugin throws. */
export const ViewProblems = {
  /** A redaction names something no plugin knows (person, persona, source, event, assertion, relationship). */
  targetNotFound: (id: string) => entityNotFound('entity', id),
  invalidExpand: (name: string) =>
    invalidExpand(`Cannot expand "${name.slice(0, 100)}"; expand takes a comma-separated list of ${EXPANSIONS.join(', ')}`, {
      errors: [{ location: 'query', name: 'expand', message: `must be a comma-separated list of ${EXPANSIONS.join(', ')}` }],
    }),
  tooManyIds: (count: number, max: number) =>
    Problems.validationFailed(`labels takes at most ${max} ids; ${count} were given`, {
      errors: [{ location: 'query', name: 'ids', message: `must name at most ${max} ids` }],
    }),
  noIds: () => Problems.validationFailed('ids names no id; give a comma-separated list of ids', { errors: [{ location: 'query', name: 'ids', message: 'must name at least one id' }] }),
  idNotRedactable: () =>
    Problems.validationFailed('The `id` of an entity cannot be redacted (it is how the entity is found); leave `field` out to redact everything else', {
      errors: [{ location: 'body', name: 'field', message: 'must not be id' }],
    }),
};
