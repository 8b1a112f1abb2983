import type { GedcomNode } from '@rootline/gedcom';

/** A persona's name from one GEDCOM NAME structure: as written (slashes gone) and its pieces. */
export interface MappedName {
  as_written: string | undefined;
  prefix?: string;
  given?: string;
  nickname?: string;
  surname_prefix?: string;
  surname?: string;
  suffix?: string;
}

const tidy = (text: string | undefined) => {
  const value = text?.replace(/\s+/g, ' ').trim();
  return value ? value : undefined;
};

/**
 * A name piece as a genealogist reads it: GEDCOM 5.5.1 separates the parts of one piece with
 * commas (`GIVN Joseph, Patrick`, `SURN Garcia, Lopez`), which are not part of the name.
 */
function pieceText(text: string | undefined): string | undefined {
  return tidy(text?.split(',').map((part) => part.trim()).filter((part) => part !== '').join(' '));
}

/** The pieces a NAME's substructures name, GEDCOM tag -> piece. */
export const NAME_PIECE_TAGS: Record<string, keyof Omit<MappedName, 'as_written'>> = {
  NPFX: 'prefix',
  GIVN: 'given',
  NICK: 'nickname',
  SPFX: 'surname_prefix',
  SURN: 'surname',
  NSFX: 'suffix',
};

/**
 * Reads `NAME John /Smith/ Jr.` with its pieces. The written form loses its slashes (they
 * only mark the surname). A piece given as a substructure wins; otherwise the given name is
 * the text before the slashes, the surname the text between them, the suffix the text after.
 * A name of only `//` (surname unknown, given unknown) is no name at all.
 */
export function mapName(node: GedcomNode): MappedName {
  const written = node.value ?? '';
  const slash = /^([^/]*)\/([^/]*)\/?(.*)$/.exec(written);
  const fromText: Partial<MappedName> = slash ? { given: tidy(slash[1]), surname: tidy(slash[2]), suffix: tidy(slash[3]) } : { given: tidy(written) };
  const name: MappedName = { as_written: tidy(written.replace(/\//g, ' ')) };
  for (const child of node.children) {
    const piece = NAME_PIECE_TAGS[child.tag];
    const value = pieceText(child.value);
    // GEDCOM 7 gives a piece of several parts as several lines (two GIVN): one after the other.
    if (piece && value) name[piece] = name[piece] === undefined ? value : `${name[piece]} ${value}`;
  }
  name.given ??= fromText.given;
  name.surname ??= fromText.surname;
  name.suffix ??= fromText.suffix;
  // A surname piece that already carries its prefix ("van der Berg" with SPFX "van der") keeps only the rest.
  if (name.surname_prefix && name.surname?.toLowerCase().startsWith(`${name.surname_prefix.toLowerCase()} `)) {
    name.surname = tidy(name.surname.slice(name.surname_prefix.length));
  }
  for (const key of Object.keys(name) as (keyof MappedName)[]) if (name[key] === undefined) delete name[key];
  return name;
}

/** Whether a mapped name holds anything at all. */
export function hasName(name: MappedName): boolean {
  return Object.values(name).some((value) => value !== undefined);
}
