/**
 * The shapes every part of @rootline/gedcom shares: the reader produces them, the validator
 * checks them, the writer serialises them, and the importer/exporter (plugin-gedcom) maps
 * them to and from Rootline's records.
 */

/** The GEDCOM versions Rootline reads; `5.5.1` also stands for 5.5 and 5.5.5 where they agree. */
export type GedcomVersion = '5.5' | '5.5.1' | '5.5.5' | '7.0';

/** Character encodings the reader decodes. */
export type GedcomEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'ansel' | 'cp1252' | 'ascii' | 'macroman' | 'cp437';

/**
 * One structure of a GEDCOM file: a line and its substructures. Payloads are already
 * decoded and unescaped: CONC/CONT are folded into `value` (CONT as "\n"), a leading `@@`
 * is `@`. `line` is the 1-based line number of the structure's own line in the file.
 */
export interface GedcomNode {
  level: number;
  /** The record's cross-reference id without the @ signs (`I1`), top-level records only. */
  xref?: string;
  /** The tag as written, upper-cased for standard tags; extension tags keep their `_`. */
  tag: string;
  /** A pointer payload without the @ signs (`F12`); `VOID` for `@VOID@`. */
  pointer?: string;
  /** A text payload (never set together with `pointer`). */
  value?: string;
  line: number;
  children: GedcomNode[];
}

/** Something the reader or validator noticed: never fatal to reading. */
export interface GedcomIssue {
  line: number;
  /** Stable, kebab-case: `bad-level`, `level-jump`, `invalid-byte`, `dangling-pointer`, `no-head`, ... */
  code: string;
  message: string;
  severity: 'error' | 'warning';
}

/** What the header says, and what the reader decided from it. */
export interface GedcomHeader {
  /** From HEAD.GEDC.VERS; undefined when the file does not say. */
  version?: GedcomVersion;
  /** The encoding the bytes were decoded with. */
  encoding: GedcomEncoding;
  /** HEAD.CHAR as written (`ANSEL`, `ANSI`, `UTF-8`, ...), if any. */
  declaredCharset?: string;
  /** HEAD.SOUR: the program that wrote the file. */
  sourceSystem?: string;
  /** GEDCOM 7 HEAD.SCHMA.TAG: extension tag -> URI. */
  schema: Record<string, string>;
  /** The HEAD record itself (undefined when the file has none). */
  node?: GedcomNode;
}
