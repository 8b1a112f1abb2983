import { Type, type TSchema } from '@sinclair/typebox';
import { BlobAddress, Page, PagingQuery, Uuid } from '@rootline/kernel';

/**
 * Schemas of the sources routes. Built once at registration because the source-type
 * vocabulary belongs to the citations plugin (Evidence Explained's original / derivative /
 * authored) and is read from its catalogue, not repeated here.
 */
const ids = { source: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77', citation: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d' };
const BLOB = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
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

export function sourceSchemas(sourceTypes: readonly string[]) {
  const SourceType = Type.Unsafe<string>({ type: 'string', enum: [...sourceTypes], description: 'What kind of record the source is (Evidence Explained)' });

  const SourceRow = Type.Object(
    { id: Uuid(), title: Type.String(), source_type: nullable(SourceType), claim_count: Type.Integer({ description: 'Claims that cite this source' }), created_at_ms: Type.Integer() },
    { $id: 'SourceRow', description: 'A light row of the source list', examples: [exampleRow] },
  );

  const CitationOfSource = Type.Object({
    id: Uuid(),
    template: nullable(Type.String()),
    elements: Type.Record(Type.String(), Type.String()),
    source_type: nullable(Type.String()),
    rendered: nullable(Type.Record(Type.String(), Type.String())),
    created_at_ms: Type.Integer(),
  }, { description: 'A citation of this source (served by the citations plugin)' });

  const SourceDto = Type.Object(
    {
      id: Uuid(),
      title: Type.String(),
      author: nullable(Type.String()),
      publisher: nullable(Type.String()),
      url: nullable(Type.String()),
      source_type: nullable(SourceType),
      claim_count: Type.Integer({ description: 'Claims that cite this source' }),
      created_at_ms: Type.Integer(),
      blobs: Type.Array(Type.Object({ blob: Type.String({ description: '64 hex characters' }), attached_at_ms: Type.Integer() }), { description: 'Attached uploads (scans, photographs), oldest first' }),
      citations: Type.Array(CitationOfSource, { description: 'Its citations, oldest first' }),
    },
    { $id: 'SourceDto', examples: [exampleSource] },
  );

  const CreateSourceBody = Type.Object(
    {
      title: Text('Title, as the source list should show it'),
      author: Type.Optional(Text('Author or compiler', 500)),
      publisher: Type.Optional(Text('Publisher, or the office or archive that issued it', 500)),
      url: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$', description: 'An http or https address' })),
      source_type: Type.Optional(SourceType),
    },
    { examples: [{ title: 'History and Genealogy of the Families of Old Fairfield', author: 'Donald Lines Jacobus', publisher: 'Tuttle, Morehouse & Taylor', source_type: 'authored' }] },
  );

  const FromTemplateBody = Type.Object(
    {
      template: Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9-]+$', description: 'A template id from GET /citation-templates' }),
      elements: Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }), Type.String({ maxLength: 2000 }), { additionalProperties: false, description: 'The template\'s elements' }),
      source_type: Type.Optional(SourceType),
    },
    { examples: [{ template: 'us-federal-census-population', elements: exampleSource.citations[0].elements, source_type: 'derivative' }] },
  );

  const AttachBlobBody = Type.Object(
    { blob: BlobAddress() },
    { examples: [{ blob: BLOB }] },
  );

  const SourcesQuery = Type.Object({
    q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive substring of the title, applied before paging; blank is unfiltered' })),
    ...PagingQuery,
  });

  return {
    SourceRow, SourceDto, CreateSourceBody, FromTemplateBody, AttachBlobBody, SourcesQuery,
    SourcePage: Page(SourceRow, { description: 'Sources, oldest first' }),
    SourceParams: Type.Object({ id: Uuid() }),
  };
}
