/**
 * The media plugin's contract (`@rootline/plugin-media` implements it): the services it
 * registers in the container, the shapes they exchange and the payloads of its records.
 * Type-only: a plugin that uses media imports these types from `@rootline/contracts/media` and
 * never imports `@rootline/plugin-media` itself; it lists the plugin in its manifest `dependencies`
 * and `peerDependencies` so the server checks at boot that a compatible provider is loaded.
 */
import type { EntityLabel } from '@rootline/kernel';

/**
 * Media objects of one tree, as one actor changes them. Every change commits with its record:
 * `media.created.v1`, `media.resolved.v1` (also a correction to another blob), `media.depicts.v1`,
 * `media.depiction_removed.v1`, `media.attached.v1`, `media.detached.v1`, `media.removed.v1`.
 */
export interface MediaService {
  /** Resolved at once when `blob` is given (it must be in the tree's store: 404 otherwise). */
  create(input: NewMedia): MediaDto;
  get(id: string): MediaDto | undefined;
  exists(id: string): boolean;
  /**
   * Labels of the media objects among `ids` (kind `media`, the title, else the file name): what
   * the views plugin shows for a media id, and how it knows one exists to be redacted. Unknown ids are left out.
   */
  labels(ids: readonly string[]): EntityLabel[];
  /** Every media object still waiting for its bytes, oldest first (one response: the spec does not page it). */
  unresolved(): UnresolvedMediaDto;
  /**
   * Every media object, oldest first, read in batches of 500 by keyset: no statement stays
   * open between two items, so an export may yield (and other requests write) while it walks.
   */
  forExport(): Generator<MediaDto>;
  /**
   * Unresolved -> resolved; resolved with the same blob -> `already_resolved` (nothing written);
   * resolved with another blob -> `resolved` again (a correction, recorded with the blob it replaced).
   */
  resolve(id: string, address: string): ResolveResult;
  /**
   * Notes that media object `id` depicts `persona` (a photo of the person over it): 404 for an
   * unknown media object; once per pair (`media.depicts.v1`), again changes nothing (false).
   */
  depicts(id: string, persona: string): boolean;
  /**
   * Takes the depiction of `persona` off media object `id` (`media.depiction_removed.v1`): an
   * undone import takes what was linked since to the personas it created. False (nothing
   * written) when it did not depict that persona.
   */
  undepict(id: string, persona: string): boolean;
  /** The personas each of `ids` depicts (media objects that depict none are left out). */
  depicted(ids: readonly string[]): Map<string, string[]>;
  /** The media objects depicting each of `personas` (personas no media object depicts are left out). */
  depicting(personas: readonly string[]): Map<string, string[]>;
  /**
   * Attaches media object `id` to `target`, any entity of the tree by id (a citation: the scan of
   * the record page; a source, a claim, an event, a relationship): 404 for an unknown media
   * object; once per pair (`media.attached.v1`), again changes nothing (false). Whether the
   * target exists is the caller's to know.
   */
  attach(id: string, target: string): boolean;
  /** Takes media object `id` off `target` (`media.detached.v1`); false (nothing written) when it was not attached there. */
  detach(id: string, target: string): boolean;
  /** The media objects attached to each of `targets` (targets with none are left out). */
  attachedTo(targets: readonly string[]): Map<string, string[]>;
  /**
   * Removes media objects from every view (undoing an import), one record each; ids that are
   * not (or no longer) here are skipped. Returns how many were removed. The blobs stay: other
   * things may cite the same bytes.
   */
  remove(ids: readonly string[]): number;
}

export type MediaDto = {
  title?: string | undefined;
  media_type?: string | undefined;
  blob?: string | undefined;
  resolved_at_ms?: number | undefined;
  id: string;
  file_name: string;
  status: 'unresolved' | 'resolved';
  created_at_ms: number;
};

/** What an importer hands `mediaService.create`. */
export interface NewMedia {
  title?: string;
  /** The FILE line as written; only its last segment is kept (`fileNameOf`). */
  file_path_as_written: string;
  media_type?: string;
  /** The bytes are already in the tree's store (a GEDZIP): the object is resolved at once. */
  blob?: string;
}

export type ResolveResult = {
  status: 'resolved' | 'already_resolved';
  blob: string;
  media_id: string;
};

export type UnresolvedMediaDto = {
  items: {
    title?: string | undefined;
    media_type?: string | undefined;
    blob?: string | undefined;
    resolved_at_ms?: number | undefined;
    id: string;
    file_name: string;
    status: 'unresolved' | 'resolved';
    created_at_ms: number;
  }[];
  total: number;
};

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The media objects of the request's (or job's) tree, changed as its actor. */
    mediaService: MediaService;
  }
}
