import type { Tree } from '@rootline/kernel';
import { COLUMNS, toDto, type MediaRow } from './service.js';
import type { MediaDto } from './schemas.js';

/**
 * What the routes show of a media object's links (`media_depicts`, `media_attached`): whom one
 * depicts and what it is attached to, and the media objects attached to one target. Each list
 * oldest link first (then by id), so a client shows them in the order they were made.
 */
export class MediaLinksReader {
  constructor(private readonly tree: Tree) {}

  /** The personas media object `id` depicts and the entities it is attached to. */
  of(id: string): { depicts: string[]; attached_to: string[] } {
    return {
      depicts: this.tree.prepare('SELECT persona FROM media_depicts WHERE media = ? ORDER BY linked_at_ms, persona').pluck().all(id) as string[],
      attached_to: this.tree.prepare('SELECT target FROM media_attached WHERE media = ? ORDER BY linked_at_ms, target').pluck().all(id) as string[],
    };
  }

  /** The media objects attached to `target` (a citation's scans, a source's title page...). */
  attachedTo(target: string): MediaDto[] {
    // media and media_attached share no column name: the media columns need no table's name.
    const rows = this.tree
      .prepare(`SELECT ${COLUMNS} FROM media_attached JOIN media ON media.id = media_attached.media WHERE target = ? ORDER BY linked_at_ms, id`)
      .all(target) as MediaRow[];
    return rows.map(toDto);
  }
}
