import type { Tree } from '@rootline/kernel';
import type { PersonsService } from '@rootline/contracts/persons';
import type { PersonasService } from '@rootline/contracts/personas';

/** What is redacted of one target: the whole entity (every field but `id`), or some fields. */
export interface Redacted {
  whole: boolean;
  fields: Set<string>;
  /** Of `fields`, those hidden only because a claim they summarise is redacted (deriveFromClaims). */
  fromClaims?: Set<string>;
}

/** The redactions of one tree, ready to apply to a reply. */
export interface Redactions {
  /**
   * What is hidden of each target, by id: its own redactions, plus the values other entities
   * take from a redacted one (a person's `display_name` when it is a redacted persona's name).
   */
  readonly targets: ReadonlyMap<string, Redacted>;
  /**
   * Finds a redacted name (a persona's `name`, a person's `display_name`, of whole entities too)
   * where a label of another entity quotes it ("Parent of <name> (1851–1920): ..."), as a whole
   * word run (so "Ann Smyth" is not found in "Joann Smyth"); null when no name is redacted.
   */
  readonly quotes: RegExp | null;
  /** The redacted names as a JSON text writes them: a reply without any (and without a redacted id) is never parsed. */
  readonly needles: readonly string[];
  /**
   * Whether other changes matter: some redaction hides a name or a claim's date or place, so a
   * change to a person, persona or claim may change what is derived (`forgetDerived`).
   */
  readonly derivable: boolean;
}

/** The services the names and summaries are read through (the request's, or any scope of the same tree). */
export interface NameSources {
  personsService: PersonsService;
  personasService: PersonasService;
}

/** The fields of a claim a person's birth or death summary shows (`{ date, sort_date, place, assertion, ... }` of a birth or death claim). */
const SUMMARISED = ['date', 'place', 'kind'];

export const NO_REDACTIONS: Redactions = withNames(new Map(), [], false);

/**
 * The redactions of each open tree, read once and kept until a record says they may have
 * changed: `redaction.*` (`forget`), or `person.*`/`persona.*`/`assertion.*` when some redaction
 * hides a name or a claim's summarised value (`forgetDerived`), both called from onRecord observers. Keyed by the `Tree` object itself, so
 * every tree has its own and a tree that is closed and opened again (a restore) starts empty.
 * A tree without redactions costs one empty entry: the reply hook then leaves replies alone.
 */
export class RedactionCache {
  private readonly trees = new WeakMap<Tree, Redactions>();

  /** `sources` is called only when the tree's redactions are read again and some redaction hides a name. */
  of(tree: Tree, sources: () => NameSources): Redactions {
    let redactions = this.trees.get(tree);
    if (!redactions) {
      redactions = load(tree, sources);
      this.trees.set(tree, redactions);
    }
    return redactions;
  }

  /**
   * Drops what is known of the tree; the next read loads it again. Called inside the writing
   * transaction: if it rolls back, the reload simply finds the rows as they were.
   */
  forget(tree: Tree): void {
    this.trees.delete(tree);
  }

  /** A person, persona or claim changed: only what was derived can have moved (nothing, without a name or claim redacted). */
  forgetDerived(tree: Tree): void {
    if (this.trees.get(tree)?.derivable) this.trees.delete(tree);
  }
}

function load(tree: Tree, sources: () => NameSources): Redactions {
  const rows = tree.prepare('SELECT target, field FROM redactions').all() as { target: string; field: string | null }[];
  if (rows.length === 0) return NO_REDACTIONS;
  const targets = new Map<string, Redacted>();
  for (const { target, field } of rows) {
    const entry = targets.get(target) ?? { whole: false, fields: new Set<string>() };
    if (field === null) entry.whole = true;
    else entry.fields.add(field);
    targets.set(target, entry);
  }
  const hides = (id: string, field: string) => {
    const entry = targets.get(id);
    return entry !== undefined && (entry.whole || entry.fields.has(field));
  };
  const named = [...targets.keys()].filter((id) => hides(id, 'name') || hides(id, 'display_name'));
  const summarised = [...targets.keys()].filter((id) => SUMMARISED.some((field) => hides(id, field)));
  if (named.length === 0 && summarised.length === 0) return withNames(targets, [], false);
  const services = sources();
  deriveFromClaims(targets, summarised, services);
  return withNames(targets, named.length === 0 ? [] : deriveFromNames(targets, named, hides, services), true);
}

/**
 * Follows a redacted claim onto the person whose birth or death summary rests on it: the
 * summary shows the claim's date and place (and that it is a birth or death), so the person's
 * `birth` or `death` is hidden too, and with it `life_years` and the label's years. `ids` are
 * the targets hiding one of those fields; those that are not claims are passed over.
 */
function deriveFromClaims(targets: Map<string, Redacted>, ids: string[], { personsService }: NameSources): void {
  const claimOf = new Map<string, string[]>();
  for (const claim of ids) {
    const person = personsService.personOfClaim(claim);
    if (person) claimOf.set(person, [...(claimOf.get(person) ?? []), claim]);
  }
  for (const person of personsService.many([...claimOf.keys()])) {
    const claims = claimOf.get(person.id)!;
    for (const field of ['birth', 'death'] as const) {
      const summary = person[field];
      if (!summary || !claims.includes(summary.assertion)) continue;
      const entry = targets.get(person.id) ?? { whole: false, fields: new Set<string>() };
      if (!entry.fields.has(field)) (entry.fromClaims ??= new Set()).add(field);
      entry.fields.add(field);
      targets.set(person.id, entry);
    }
  }
}

function withNames(targets: ReadonlyMap<string, Redacted>, names: string[], derivable: boolean): Redactions {
  const alternatives = names.map((name) => name.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&'));
  const quotes = alternatives.length === 0 ? null : new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'u');
  return { targets, quotes, needles: names.map((name) => JSON.stringify(name).slice(1, -1)), derivable };
}

/**
 * Follows redacted names onto other entities: a redacted persona name (or whole persona) hides
 * the `display_name` of the person concluded over it when that is the name it shows (a person
 * shows its first persona's name); every redacted name is returned for the labels that quote it.
 */
function deriveFromNames(targets: Map<string, Redacted>, named: string[], hides: (id: string, field: string) => boolean, { personsService, personasService }: NameSources): string[] {
  const names = new Set<string>();
  const hiddenPersons: string[] = [];
  for (const person of personsService.many(named)) {
    if (!hides(person.id, 'display_name')) continue;
    names.add(person.display_name);
    hiddenPersons.push(person.id);
  }
  // A person whose name is hidden (or the whole person) hides the names of its personas: each is
  // a name of that person as a record gives it, and reading it would undo the redaction.
  const personas = new Set(named);
  for (const [, persona] of personsService.personaRows(hiddenPersons)) {
    const entry = targets.get(persona) ?? { whole: false, fields: new Set<string>() };
    entry.fields.add('name');
    targets.set(persona, entry);
    personas.add(persona);
  }
  const hiddenOf = new Map<string, Set<string>>();
  for (const persona of personasService.many([...personas])) {
    if (!hides(persona.id, 'name')) continue;
    names.add(persona.name.display);
    const person = personsService.personOfPersona(persona.id);
    if (person) hiddenOf.set(person, (hiddenOf.get(person) ?? new Set()).add(persona.name.display));
  }
  for (const person of personsService.many([...hiddenOf.keys()])) {
    if (!hiddenOf.get(person.id)?.has(person.display_name) || hides(person.id, 'display_name')) continue;
    const entry = targets.get(person.id) ?? { whole: false, fields: new Set<string>() };
    entry.fields.add('display_name');
    targets.set(person.id, entry);
  }
  return [...names].filter((name) => name.trim() !== '');
}
