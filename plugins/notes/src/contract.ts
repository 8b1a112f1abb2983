/**
 * The notes plugin's contract: the services it registers, for the container's types.
 * Type-only, so a plugin that uses notes imports it with `import type` from
 * `@rootline/plugin-notes/contract` (erased at build: no run-time coupling) and lists
 * `@rootline/plugin-notes` with a version range in its `peerDependencies`.
 */
import type { NotesService } from './service.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The notes of the request's tree. */
    notesService: NotesService;
  }
}

export type { NotesService };
export type { NoteDto } from './schemas.js';
