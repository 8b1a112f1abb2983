import type {} from './cradle.js'; // the types of what this plugin registers for itself
import { createBackupPlugin } from './plugin.js';

/**
 * @rootline/plugin-backup: backups of every tree to a folder the human chooses — a consistent
 * snapshot of the database taken while writes go on, the blobs by content address (hard-linked
 * from the previous backup when unchanged) and a manifest written last — on a schedule and by
 * hand, with retention; listing of any folder's backups; restore into a new tree after every
 * object is re-hashed. Global: routes under /v1 only, settings in the registry. See README.md.
 */
export default createBackupPlugin();
