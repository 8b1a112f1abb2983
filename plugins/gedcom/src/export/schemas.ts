import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '@rootline/kernel';

export const ExportBody = Type.Object(
  {
    version: Type.Union([Type.Literal('7.0'), Type.Literal('5.5.1')], { description: 'The GEDCOM version to write' }),
    include_living: Type.Optional(Type.Boolean({ default: false, description: 'Write living persons too (human token only): they are withheld by default' })),
    gedzip: Type.Optional(Type.Boolean({ default: false, description: 'A GEDZIP (zip of gedcom.ged and the media files the tree holds) instead of a .ged file' })),
  },
  { examples: [{ version: '7.0' }, { version: '5.5.1', include_living: true }, { version: '7.0', gedzip: true }] },
);
export type ExportBody = Static<typeof ExportBody>;

const example = {
  job_id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  tree_id: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  kind: 'gedcom.export',
  state: 'queued',
  progress: { done: 0, total: null, unit: 'persons' },
  created_at_ms: 1763769600000,
};

/** The job as the jobs plugin answers it (GET {P}/jobs/{id} follows it). */
export const ExportStarted = Type.Object(
  {
    job_id: Uuid({ description: 'The export job: its result is { blob, report_id, counts, ... } once succeeded' }),
    kind: Type.String({ description: 'gedcom.export' }),
    state: Type.String(),
  },
  { additionalProperties: true, examples: [example] },
);

/** What a succeeded export job holds in `result`. */
export interface ExportResult {
  /** The file's content address (64 hex): `GET {P}/blobs/sha256:<blob>`. */
  blob: string;
  report_id: string;
  version: '7.0' | '5.5.1';
  gedzip: boolean;
  size_bytes: number;
  media_type: string;
  /** What was written: individuals, families, sources, facts, events, notes, media; and what was withheld. */
  counts: Record<string, number>;
}
