/**
 * The shape of the GEDCOM 7 rules as data (`gedcom7.generated.ts`, generated from
 * FamilySearch's extracted-files by `generate.ts`). Structure types are the spec's URIs
 * with the `https://gedcom.io/terms/v7/` prefix removed (`record-INDI`, `HEAD-DATE`).
 */

/** `[structure type, min, max]`; max is `M` for "many". */
export type SubstructureRule = [structure: string, min: 0 | 1, max: 1 | 'M'];

export interface StructureRule {
  /** The payload type as written in payloads.tsv (v7 prefix removed); '' for "no payload". */
  payload: string;
  /** For Enum and List#Enum payloads: the enumeration set's id (`enumset-SEX`). */
  enumSet?: string;
  /** Substructures allowed under this structure, by tag. */
  substructures: Record<string, SubstructureRule>;
}

export interface Gedcom7Rules {
  /** Where the tables came from. */
  source: string;
  /** Top-level tag -> structure type (`INDI` -> `record-INDI`, `HEAD` -> `HEAD`). */
  records: Record<string, string>;
  structures: Record<string, StructureRule>;
  /** Enumeration set id -> the tags it allows (`enumset-SEX` -> `M`, `F`, `X`, `U`). */
  enumerationSets: Record<string, string[]>;
}
