import type {} from './cradle.js'; // the types of what this plugin registers for itself
import { definePlugin, scoped } from '@rootline/kernel';
import { MediaService } from './service.js';
import { mediaRoutes } from './routes/media.js';
import { UnresolvedMediaList } from './unresolved-list.js';
import { MediaLinksReader } from './links-reader.js';
import { LinkTargets } from './link-targets.js';

/**
 * @rootline/plugin-media: media objects of a tree (GEDCOM OBJE/FILE). An import makes them
 * `unresolved` (only the file name the GEDCOM wrote) or resolved at once (a GEDZIP brought the
 * bytes); the user resolves the rest with blobs they upload, and makes and links more by hand.
 */
export default definePlugin({
  name: '@rootline/plugin-media',
  scope: 'tree',
  register(app) {
    app.kernel.services({
      mediaService: scoped(({ tree, actor, clock, ids }) => new MediaService(tree, actor, clock, ids)),
      unresolvedMediaList: scoped(({ tree }) => new UnresolvedMediaList(tree)),
      mediaLinksReader: scoped(({ tree }) => new MediaLinksReader(tree)),
      mediaLinkTargets: scoped((cradle) => new LinkTargets(cradle)),
    });
    app.kernel.ownsEntities(['media'], (services, ids) => services.mediaService.labels(ids));
    app.kernel.treeRoutes(mediaRoutes);
  },
});
