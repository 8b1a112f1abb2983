import { Type, type Static } from '@sinclair/typebox';
import { BlobAddress, Uuid } from '@rootline/kernel';
import { EXAMPLE_IDS } from './assertion.js';

export const EVIDENCE_KINDS = ['blob', 'url', 'citation', 'offline_record'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/**
 * One piece of evidence. Which field goes with which kind is checked by the service
 * (one flat object gives clearer errors than a four-way union).
 */
export const AttachEvidenceBody = Type.Object(
  {
    kind: Type.Union(EVIDENCE_KINDS.map((kind) => Type.Literal(kind)), {
      description: '`blob` (uploaded blob address), `url` (http/https), `citation` (citation id), `offline_record` (a record that is not online)',
    }),
    blob: Type.Optional(BlobAddress({ description: 'Blob address, 64 hex characters (kind blob)' })),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'http or https address (kind url)' })),
    citation: Type.Optional(Uuid({ description: 'Citation id (kind citation)' })),
    description: Type.Optional(Type.String({ minLength: 1, maxLength: 10_000, description: 'What the evidence is; required for offline_record' })),
  },
  {
    examples: [
      { kind: 'url', url: 'https://www.familysearch.org/ark:/61903/1:1:XYZ1-ABC', description: '1851 census, Ledbury, household of John Smyth' },
      { kind: 'blob', blob: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9' },
      { kind: 'citation', citation: EXAMPLE_IDS.citation },
      { kind: 'offline_record', description: 'Family bible held by cousin Mary, page 3' },
    ],
  },
);
export type AttachEvidenceBody = Static<typeof AttachEvidenceBody>;
