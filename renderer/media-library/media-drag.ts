import { MediaObject } from '../../shared/api/resources.js';
import type { DraftMedia } from '../../shared/drafts/ipc.js';
import { mediaKindFromPath } from '../../shared/platforms/validate.js';

/*
 * A media dragged from the library (or the composer's "Uploaded media") onto
 * a post's block: carried as JSON under its own type, so a block tells it from dropped files, and
 * checked with the schema on the way in (a drop is input like any other).
 */

export const MEDIA_DRAG_TYPE = 'application/x-postdeck-media';

export function writeDraggedMedia(dt: DataTransfer, media: MediaObject): void {
  dt.setData(MEDIA_DRAG_TYPE, JSON.stringify(media));
  dt.setData('text/uri-list', media.path);
  dt.effectAllowed = 'copy';
}

/** Whether a drag carries a library media (its data is only readable on drop). */
export const carriesMedia = (dt: DataTransfer): boolean => dt.types.includes(MEDIA_DRAG_TYPE);

export function readDraggedMedia(dt: DataTransfer): MediaObject | null {
  const raw = dt.getData(MEDIA_DRAG_TYPE);
  if (!raw) return null;
  try {
    const parsed = MediaObject.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A service media as a draft's media (already uploaded: nothing to send). */
export function draftMediaOf(m: MediaObject, kind?: 'image' | 'video' | null): DraftMedia {
  return {
    localPath: null,
    mediaId: m.id,
    path: m.path,
    thumbnail: m.thumbnail,
    name: m.name,
    kind: kind ?? mediaKindFromPath(m) ?? 'image',
  };
}
