import type { PersonaDto } from '@rootline/contracts/personas';
import { fold } from './fold.js';

/** What a person takes from the names (and sex) of its personas. */
export interface PersonNames {
  display_name: string;
  /** sort=name */
  name_key: string;
  /** sort=surname: "surname given", folded; null when no persona has a surname (sorted last) */
  surname_key: string | null;
  sex: PersonaDto['sex'];
  /** Every name piece of every persona, folded: the text of both search tables. */
  search_text: string;
}

const PIECES = ['as_written', 'prefix', 'given', 'nickname', 'surname_prefix', 'surname', 'suffix'] as const;

/**
 * The person's names from its personas, in the order they were concluded: the display name
 * is the first persona's; the surname key the first surname's (without its prefix, so
 * "van der Berg" sorts under B), followed by that persona's given name; sex the first recorded.
 */
export function namesOf(personas: PersonaDto[]): PersonNames {
  const display = personas.map((persona) => persona.name.display).find((name) => name.trim() !== '') ?? '';
  const withSurname = personas.find((persona) => persona.name.surname);
  return {
    display_name: display,
    name_key: fold(display),
    // U+0001 between the parts: "Smith John" sorts before "Smithers Al".
    surname_key: withSurname ? `${fold(withSurname.name.surname ?? '')}\u0001${fold(withSurname.name.given ?? '')}` : null,
    sex: personas.find((persona) => persona.sex !== null)?.sex ?? null,
    search_text: personas.map((persona) => PIECES.map((piece) => persona.name[piece]).filter((piece) => piece).map((piece) => fold(piece as string)).join(' ')).join('\n'),
  };
}
