import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PagingQuery, Uuid } from '@rootline/kernel';

const ids = {
  importKey: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  job: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  report: '01938f0f-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
  blob: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
};

export const ImportQuery = Type.Object({
  filename: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'The file\'s name as the user knows it (shown in the list of runs); of a path, only the last segment is kept (`C:\\Users\\ann\\family.ged` and `/home/ann/family.ged` are both `family.ged`)' })),
  allow_duplicate: Type.Optional(Type.Boolean({ default: false, description: 'Import these bytes even though an earlier run of them stands' })),
});

export const ImportStarted = Type.Object(
  { job_id: Uuid({ description: 'The import job (GET {P}/jobs/{id})' }), import_key: Uuid({ description: 'Names the run: undo, the list of runs, the audit' }) },
  { examples: [{ job_id: ids.job, import_key: ids.importKey }] },
);

/** What a run created, by kind. */
export const ImportCounts = Type.Record(Type.String(), Type.Integer(), {
  description: 'persons, personas, families, claims, sources, citations, events, relationships, associations, notes, media; merge_proposals (ALIA: two records the file says are one individual, waiting for the human)',
});
export type ImportCounts = Record<string, number>;

export const ImportState = Type.Union(
  [Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('cancelled'), Type.Literal('undone')],
  { description: 'running; then succeeded, failed or cancelled (these two leave nothing: see removal_pending); undone after a succeeded run is undone' },
);
export type ImportState = Static<typeof ImportState>;

export const ImportRunDto = Type.Object(
  {
    import_key: Uuid(),
    job_id: Nullable(Uuid()),
    filename: Nullable(Type.String()),
    blob: Type.String({ description: 'Content address of the file (64 hex)' }),
    state: ImportState,
    created_at_ms: Type.Integer(),
    finished_at_ms: Type.Optional(Type.Integer()),
    counts: ImportCounts,
    report_id: Nullable(Uuid({ description: 'The loss report (GET .../gedcom/loss-reports?report_id=)' })),
    error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String(), line: Type.Optional(Type.Integer()) })),
    removal_pending: Type.Optional(Type.Literal(true, {
      description: 'On a failed, cancelled or undone run: what it wrote is still being taken away (batch by batch while an undo runs; waiting for room on a full disk; or for `POST {P}/imports/{import_key}/undo` or the next start after a fault); its persons and claims are still in the tree until then',
    })),
  },
  {
    $id: 'ImportRunDto',
    examples: [{ import_key: ids.importKey, job_id: ids.job, filename: 'smith-family.ged', blob: ids.blob, state: 'succeeded', created_at_ms: 1763769600000, finished_at_ms: 1763769604000, counts: { persons: 2322, families: 860, claims: 9120 }, report_id: ids.report }],
  },
);
export type ImportRunDto = Static<typeof ImportRunDto>;

export const RunsQuery = Type.Object({ ...PagingQuery });
export const ImportKeyParams = Type.Object({ import_key: Uuid({ description: 'The run (the import_key the import answered with)' }) });
export const UndoBody = Type.Object(
  { reason: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'Why the run is undone (kept with the run and in the audit)' })) },
  { examples: [{ reason: 'Imported the wrong branch' }] },
);

export const LossItem = Type.Object({
  tag: Type.String({ description: 'The last tag of the path' }),
  path: Type.String({ description: 'Where in the record: `INDI.BIRT._MEDI`' }),
  count: Type.Integer(),
  reason: Type.String(),
  examples: Type.Array(Type.Integer(), { description: 'Line numbers in the file (up to 5)' }),
  kept: Type.Optional(Type.Literal(true, {
    description: 'Not lost: kept in another form, which `reason` names (coordinates and fact details as notes, a family\'s citation as claims on its partners, a text longer than its field whole in a note); exports write it back. Absent on what was not kept',
  })),
});
export type LossItem = Static<typeof LossItem>;

export const LossReportDto = Type.Object(
  {
    report_id: Uuid(),
    direction: Type.Union([Type.Literal('import'), Type.Literal('export')]),
    subject: Nullable(Type.String({ description: 'The import_key of the run, or the export job' })),
    created_at_ms: Type.Integer(),
    items: Type.Array(LossItem),
  },
  {
    $id: 'LossReportDto',
    examples: [{ report_id: ids.report, direction: 'import', subject: ids.importKey, created_at_ms: 1763769604000, items: [{ tag: '_MEDI', path: 'INDI.BIRT._MEDI', count: 12, reason: 'vendor extension tag not mapped', examples: [120, 388, 902, 1210, 1777] }] }],
  },
);
export type LossReportDto = Static<typeof LossReportDto>;

export const LossReportQuery = Type.Object({ report_id: Type.Optional(Uuid({ description: 'Which report; the newest when left out' })) });

export const ValidateQuery = Type.Object({
  version_hint: Type.Optional(Type.String({ minLength: 1, maxLength: 10, description: 'The version to check against when the header does not say (`5.5.1`, `7.0`)' })),
});

const Message = Type.Object({ line: Type.Integer(), code: Type.String(), message: Type.String() });
const count = Type.Integer({ minimum: 0 });
export const ValidationReport = Type.Object(
  {
    version: Type.String({ description: '`5.5`, `5.5.1`, `5.5.5`, `7.0`, or `unknown`' }),
    valid: Type.Boolean({ description: 'No errors (warnings allowed)' }),
    errors: Type.Array(Message, { description: 'In line order, at most 1,000' }),
    warnings: Type.Array(Message, { description: 'In line order, at most 1,000' }),
    totals: Type.Object({ errors: count, warnings: count }, { description: 'How many there were in all, beyond the cap too' }),
    counts: Type.Object({ individuals: count, families: count, sources: count, repositories: count, notes: count, media: count, submitters: count, other: count }),
  },
  { $id: 'ValidationReport', additionalProperties: true },
);
