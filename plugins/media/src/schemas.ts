import { Type, type Static } from '@sinclair/typebox';
import { BlobAddress, Uuid } from '@rootline/kernel';

const example = {
  id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  title: 'Wedding of Anna and Josef, 1912',
  file_name: 'wedding-1912.jpg',
  media_type: 'image/jpeg',
  status: 'resolved',
  blob: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  created_at_ms: 1763769600000,
  resolved_at_ms: 1763769700000,
};

export const MediaDto = Type.Object(
  {
    id: Uuid(),
    title: Type.Optional(Type.String()),
    file_name: Type.String({ description: 'The last segment of the path the file wrote; never a folder' }),
    media_type: Type.Optional(Type.String({ description: 'As the file declared it (GEDCOM FORM)' })),
    status: Type.Union([Type.Literal('unresolved'), Type.Literal('resolved')]),
    blob: Type.Optional(BlobAddress({ description: 'The tree\'s copy of the bytes, once resolved' })),
    created_at_ms: Type.Integer(),
    resolved_at_ms: Type.Optional(Type.Integer()),
  },
  { $id: 'MediaDto', examples: [example] },
);
export type MediaDto = Static<typeof MediaDto>;

export const MediaDetailDto = Type.Composite(
  [
    MediaDto,
    Type.Object({
      depicts: Type.Array(Uuid(), { description: 'The personas it depicts (a photo of the person), oldest link first' }),
      attached_to: Type.Array(Uuid(), {
        description: 'What it is attached to, oldest link first: a citation (the scan of the record page), a source, a claim, an event, a relationship (a family): GEDCOM OBJE under those structures',
      }),
    }),
  ],
  { $id: 'MediaDetailDto', examples: [{ ...example, depicts: ['01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4e'], attached_to: [] }] },
);
export type MediaDetailDto = Static<typeof MediaDetailDto>;

export const MediaQuery = Type.Object({
  attached_to: Uuid({ description: 'Id of what the media objects are attached to: a citation, a source, a claim, an event, a relationship' }),
});

export const UnresolvedMediaDto = Type.Object(
  {
    items: Type.Array(MediaDto),
    total: Type.Integer(),
  },
  {
    $id: 'UnresolvedMediaDto',
    description: 'Every media object still waiting for its bytes, oldest first, in one response (not paged)',
    examples: [{ items: [{ ...example, status: 'unresolved', blob: undefined, resolved_at_ms: undefined }], total: 1 }],
  },
);
export type UnresolvedMediaDto = Static<typeof UnresolvedMediaDto>;

export const ResolveBody = Type.Object(
  { blob: BlobAddress({ description: 'The address an upload (POST {P}/blobs) returned; the bytes must already be in this tree' }) },
  { examples: [{ blob: example.blob }] },
);

export const ResolveResult = Type.Object(
  {
    media_id: Uuid(),
    status: Type.Union([Type.Literal('resolved'), Type.Literal('already_resolved')], {
      description: '`already_resolved`: the same blob was resolved before (nothing changed); `resolved`: now resolved, or corrected to another blob',
    }),
    blob: BlobAddress(),
  },
  { examples: [{ media_id: example.id, status: 'resolved', blob: example.blob }] },
);
export type ResolveResult = Static<typeof ResolveResult>;

export const MediaParams = Type.Object({ id: Uuid() });

export const NewMediaBody = Type.Object(
  {
    blob: BlobAddress({ description: 'The bytes: an address an upload (POST {P}/blobs) returned in this tree' }),
    file_name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'The file\'s name, as exports write it (FILE); a folder given with it is dropped, never kept' }),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', description: 'What it shows, in words' })),
  },
  { examples: [{ blob: example.blob, file_name: example.file_name, title: example.title }] },
);

export const DepictionBody = Type.Object(
  { persona: Uuid({ description: 'The persona it shows (GEDCOM INDI.OBJE)' }) },
  { examples: [{ persona: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4e' }] },
);

export const AttachmentBody = Type.Object(
  { target: Uuid({ description: 'What it is attached to: a citation (the scan of the record page), a source, a claim, an event, a relationship' }) },
  { examples: [{ target: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4f' }] },
);

export const DepictionParams = Type.Object({ id: Uuid(), persona: Uuid() });
export const AttachmentParams = Type.Object({ id: Uuid(), target: Uuid() });

/** What an importer hands `mediaService.create`. */
export interface NewMedia {
  title?: string;
  /** The FILE line as written; only its last segment is kept (`fileNameOf`). */
  file_path_as_written: string;
  media_type?: string;
  /** The bytes are already in the tree's store (a GEDZIP): the object is resolved at once. */
  blob?: string;
}
