import type { PersonsService } from '@rootline/contracts/persons';
import type { PersonasService } from '@rootline/contracts/personas';
import { EventProblems } from './errors.js';

/** Who an event row or an association end names: a person or a persona. */
export interface Subject {
  id: string;
  kind: 'person' | 'persona';
}

/**
 * The people events talk about, checked through their owners' services (persons are
 * another plugin's table, personas another's: no foreign keys, CONTRACT of issue 8).
 */
export class Subjects {
  constructor(private readonly persons: PersonsService, private readonly personas: PersonasService) {}

  /** A participant as given (`{ person }` or `{ persona }`), or 404 naming what is unknown. */
  require(given: { person: string } | { persona: string }): Subject {
    if ('person' in given) {
      if (!this.persons.exists(given.person)) throw EventProblems.personNotFound(given.person);
      return { id: given.person, kind: 'person' };
    }
    if (!this.personas.exists(given.persona)) throw EventProblems.personaNotFound(given.persona);
    return { id: given.persona, kind: 'persona' };
  }

  /** A bare id (an association end): an active person, else a persona, else 404. */
  resolve(id: string): Subject {
    if (this.persons.exists(id)) return { id, kind: 'person' };
    if (this.personas.exists(id)) return { id, kind: 'persona' };
    throw EventProblems.subjectNotFound(id);
  }
}
