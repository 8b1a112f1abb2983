import { Type, type Static } from '@sinclair/typebox';
import { BlobAddress, Nullable, Page, PagingQuery, Uuid } from '@rootline/kernel';
import { Elements, SourceType, TemplateId } from './citations/schemas.js';

/** Schemas of the sources routes; the source-type vocabulary is the citations' (Evidence Explained). */
const ids = { source: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77', citation: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d' };
const BLOB = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const Text = (description: string, maxLength = 1000) => Type.String({ minLength: 1, maxLength, pattern: '\\S', description });

const exampleRow = { id: ids.source, title: 'Virginia. Albemarle County. 1900 U.S. census, population schedule', source_type: 'derivative', claim_count: 3, created_at_ms: 1763769600000 };
const exampleSource = {
  ...exampleRow,
  author: null,
  publisher: null,
  url: 'https://www.ancestry.com',
  blobs: [{ blob: BLOB, attached_at_ms: 1763769700000 }],
  citations: [{
    id: ids.citation, template: 'us-federal-census-population', source_type: 'derivative', created_at_ms: 1763769600000,
    elements: { year: '1900', state: 'Virginia', county: 'Albemarle County', civil_division: 'Charlottesville', sheet: 'sheet 3A', person: 'John W. Smith', website: 'Ancestry' },
    rendered: { source_list: 'Virginia. Albemarle County. 1900 U.S. census, population schedule. Images, Ancestry.' },
  }],
};

const SourceRow = Type.Object(
  { id: Uuid(), title: Type.String(), source_type: Nullable(SourceType), claim_count: Type.Integer({ description: 'Claims that cite this source' }), created_at_ms: Type.Integer() },
  { $id: 'SourceRow', description: 'A light row of the source list', examples: [exampleRow] },
);

const CitationOfSource = Type.Object({
  id: Uuid(),
  template: Nullable(Type.String()),
  elements: Type.Record(Type.String(), Type.String()),
  source_type: Nullable(Type.String()),
  rendered: Nullable(Type.Record(Type.String(), Type.String())),
  created_at_ms: Type.Integer(),
}, { description: 'A citation of this source (as POST /citations made it)' });

export const SourceDto = Type.Object(
  {
    id: Uuid(),
    title: Type.String(),
    author: Nullable(Type.String()),
    publisher: Nullable(Type.String()),
    url: Nullable(Type.String()),
    source_type: Nullable(SourceType),
    claim_count: Type.Integer({ description: 'Claims that cite this source' }),
    created_at_ms: Type.Integer(),
    blobs: Type.Array(Type.Object({ blob: Type.String({ description: '64 hex characters' }), attached_at_ms: Type.Integer() }), { description: 'Attached uploads (scans, photographs), oldest first' }),
    citations: Type.Array(CitationOfSource, { description: 'Its citations, oldest first' }),
  },
  { $id: 'SourceDto', examples: [exampleSource] },
);

export const CreateSourceBody = Type.Object(
  {
    title: Text('Title, as the source list should show it'),
    author: Type.Optional(Text('Author or compiler', 500)),
    publisher: Type.Optional(Text('Publisher, or the office or archive that issued it', 500)),
    url: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$', description: 'An http or https address' })),
    source_type: Type.Optional(SourceType),
  },
  { examples: [{ title: 'History and Genealogy of the Families of Old Fairfield', author: 'Donald Lines Jacobus', publisher: 'Tuttle, Morehouse & Taylor', source_type: 'authored' }] },
);
export type CreateSourceBody = Static<typeof CreateSourceBody>;

export const FromTemplateBody = Type.Object(
  { template: TemplateId, elements: Elements, source_type: Type.Optional(SourceType) },
  { examples: [{ template: 'us-federal-census-population', elements: exampleSource.citations[0].elements, source_type: 'derivative' }] },
);
export type FromTemplateBody = Static<typeof FromTemplateBody>;

export const AttachBlobBody = Type.Object({ blob: BlobAddress() }, { examples: [{ blob: BLOB }] });

export const SourcesQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive substring of the title, applied before paging; blank is unfiltered' })),
  ...PagingQuery,
});

export const SourcePage = Page(SourceRow, { description: 'Sources, oldest first' });
export const SourceParams = Type.Object({ id: Uuid() });
