/**
 * Types of what this plugin registers in the container for its own use (not part of its
 * contract in `@rootline/contracts`): other plugins never resolve these.
 */
import type { UnresolvedMediaList } from './unresolved-list.js';
import type { MediaLinksReader } from './links-reader.js';
import type { LinkTargets } from './link-targets.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The unresolved list as the JSON the route sends (MediaService.unresolved() gives it as objects). */
    unresolvedMediaList: UnresolvedMediaList;
    /** Whom a media object depicts, what it is attached to, and what is attached to a target, for the routes. */
    mediaLinksReader: MediaLinksReader;
    /** Whether what a link by hand names exists: a persona, or a citation, source, claim, event, relationship. */
    mediaLinkTargets: LinkTargets;
  }
}
