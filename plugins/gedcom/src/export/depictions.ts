/**
 * Whom the media objects depict (GEDCOM INDI.OBJE): an INDI points at the media objects that
 * depict its person, and a media object depicting a withheld person (living, or redacted as a
 * whole) is withheld with that person: neither its OBJE record nor any pointer to it is written.
 * Nor is a media object redacted as a whole or by its file name (`mediaRecords` writes no OBJE
 * record without a FILE), so nothing points at one.
 */
import type { PersonDto } from '@rootline/contracts/persons';
import type { ExportContext } from './context.js';
import { judgeAhead } from './judging.js';

/**
 * The media objects each person of a batch points at: those depicting one of its personas and no
 * withheld person. The other persons they depict are judged now (they may come later in the file).
 */
export function depictions(context: ExportContext, persons: PersonDto[]): Map<string, string[]> {
  const { mediaService } = context.services;
  const personOf = new Map(persons.flatMap((person) => person.personas.map((persona): [string, string] => [persona, person.id])));
  const depicting = mediaService.depicting([...personOf.keys()]);
  const media = [...new Set([...depicting.values()].flat())];
  const depicted = personsDepicted(context, media, personOf);
  judgeAhead(context, [...new Set([...depicted.values()].flat())]);
  const shown = new Map<string, string[]>();
  for (const [persona, ids] of depicting) {
    const person = personOf.get(persona)!;
    const kept = ids.filter((id) => isWritten(context, id, depicted));
    shown.set(person, [...new Set([...(shown.get(person) ?? []), ...kept])]);
  }
  return shown;
}

/**
 * Of `media`, those whose OBJE record will be written, for structures that point at them ahead of
 * it (a citation, a fact, a FAM: attachments.ts): the persons they depict are judged now (they may
 * come later in the file).
 */
export function writtenMedia(context: ExportContext, media: string[]): Set<string> {
  const depicted = personsDepicted(context, media, new Map());
  judgeAhead(context, [...new Set([...depicted.values()].flat())]);
  return new Set(media.filter((id) => isWritten(context, id, depicted)));
}

/** Whether a media object's OBJE record is written: its file name may be shown, and it depicts no withheld person. */
function isWritten(context: ExportContext, id: string, depicted: ReadonlyMap<string, string[]>): boolean {
  return context.shows(id, 'file_name') && !(depicted.get(id) ?? []).some((person) => context.withheld.has(person));
}

/** Of `media`, those depicting a withheld person (every person is judged by the time the OBJE records are written). */
export function withheldMedia(context: ExportContext, media: string[]): Set<string> {
  const depicted = personsDepicted(context, media, new Map());
  return new Set(media.filter((id) => (depicted.get(id) ?? []).some((person) => context.withheld.has(person))));
}

/** media -> the active persons over the personas it depicts (`known`: persona -> person already at hand). */
function personsDepicted(context: ExportContext, media: string[], known: Map<string, string>): Map<string, string[]> {
  const { mediaService, personsService } = context.services;
  const persons = new Map<string, string[]>();
  for (const [id, personas] of mediaService.depicted(media)) {
    const ids = personas.flatMap((persona) => {
      const person = known.get(persona) ?? personsService.personOfPersona(persona);
      return person ? [person] : [];
    });
    persons.set(id, ids);
  }
  return persons;
}
