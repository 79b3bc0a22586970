import { z } from 'zod';
import { IsoDateTime, MediaObject } from '../api/resources.js';
import { FileToken } from '../ipc/models.js';
import { Id, m, None } from '../ipc/method.js';

/*
 * Media: files reach main as tokens of files the user chose (never paths, never bytes); the library
 * adds search, tags and the posts using each media.
 */

/** A tag the user gives a media in the library: a word or two, kept on this device. */
export const MediaTag = z
  .string()
  .trim()
  .min(1, 'A tag needs a letter or more.')
  .max(40, 'Keep a tag under 40 characters.');

/** One tile of the media library: the service's media plus what this device knows of it. */
export const LibraryMedia = z.object({
  media: MediaObject,
  kind: z.enum(['image', 'video']).nullable(),
  /** Bytes of the file it was uploaded from; null for media made from a link. */
  size: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A video's length (MP4 and MOV files uploaded from this computer); null when not known. */
  durationMs: z.number().int().nullable(),
  /**
   * 'file' when uploaded from this computer, 'link' when the service fetched it from a URL, 'post'
   * when only seen in a post read from the service (uploaded elsewhere).
   */
  source: z.enum(['file', 'link', 'post']),
  sourceUrl: z.string().nullable(),
  addedAt: IsoDateTime,
  tags: z.array(z.string()),
  /** Posts this device knows use it (the calendar's copy), newest first. */
  usedIn: z.array(z.object({ postId: z.string(), publishDate: IsoDateTime })),
});
export type LibraryMedia = z.infer<typeof LibraryMedia>;

export const mediaMethods = {
  uploadMedia: m(
    z.object({ file: FileToken }),
    z.object({ uploadId: z.string() }),
    'Starts a streamed upload; progress comes as uploadProgress events.',
  ),
  uploadMediaFromUrl: m(
    z.object({ url: z.url({ protocol: /^https?$/ }) }),
    MediaObject,
    'POST /media/upload-from-url.',
  ),
  cancelUpload: m(z.object({ uploadId: Id }), z.object({ cancelled: z.boolean() }), 'Stops an upload.'),
  listMedia: m(None, z.array(MediaObject), 'Media already uploaded for the active brand, for reuse.'),
  // Media library (search, tags, uses).
  listMediaLibrary: m(
    None,
    z.array(LibraryMedia),
    'Every media of the active brand with size, dimensions, tags and the posts using it.',
  ),
  setMediaTags: m(
    z.object({ mediaId: Id, tags: z.array(MediaTag).max(20) }),
    LibraryMedia,
    'Replaces the tags of one media (kept locally).',
  ),
} as const;

export const mediaEvents = {
  uploadProgress: z.object({
    uploadId: z.string(),
    sent: z.number(),
    total: z.number(),
    state: z.enum(['uploading', 'done', 'failed', 'cancelled']),
    media: MediaObject.optional(),
    error: z.string().optional(),
  }),
} as const;
