/**
 * A short label for an entity of any kind (`GET {P}/labels`): each plugin that owns a kind
 * of entity offers `labels(ids)` in its contract, in this one shape.
 */
export interface EntityLabel {
  id: string;
  /** `person`, `persona`, `source`, `event`, `assertion`, ... */
  kind: string;
  /** What a person reads: "William Smyth (1851–1920)", a source's title, "Baptism, 12 MAR 1851". */
  label: string;
}
