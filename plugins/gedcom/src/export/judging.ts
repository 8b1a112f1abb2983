/**
 * Who is written: a person is withheld when living (unless the export asks for the living) or
 * redacted as a whole. Withheld persons are remembered on the context, so nothing else written
 * (a family, an association, a media object) names them.
 */
import type { PersonDto } from '@rootline/contracts/persons';
import type { ExportContext } from './context.js';

const withholds = (context: ExportContext, person: PersonDto) => (person.living && !context.options.includeLiving) || context.redacted(person.id)?.whole === true;

/** Whether a person is written, as its INDI comes up; a withheld one is remembered and counted in the loss report. */
export function judge(context: ExportContext, person: PersonDto): boolean {
  if (!withholds(context, person)) return true;
  context.withheld.add(person.id);
  context.lose('INDI', person.living && !context.options.includeLiving ? 'living person withheld' : 'redacted person withheld');
  return false;
}

/**
 * Persons something points at ahead of their INDI (an ASSO, a media object they share): judged
 * now, so nothing points at one withheld later. An id that is no active person counts as withheld.
 */
export function judgeAhead(context: ExportContext, ids: string[]): void {
  const found = new Map(context.services.personsService.many(ids).map((person) => [person.id, person]));
  for (const id of ids) {
    const person = found.get(id);
    if (!person || withholds(context, person)) context.withheld.add(id);
  }
}
