import { z } from 'zod';
import { IsoDateTime } from '../api/resources.js';
import { PostReview } from '../review/model.js';

/*
 * The calendar's range answer, lean: what a chip shows and nothing more. Ten brands' month sent as
 * whole posts was 10 MB (every post's text, every account's name and picture, every key name again
 * on every post), and main spent most of the cold start writing it and the window reading it. Here
 * each column is one array, repeated values (accounts, brands, states) are one table, and a text is
 * its first line cut to what a chip can show. A post's whole text is read when it is opened (the
 * details panel asks main for it); a clash check compares `textKey`, the whole text's key, so it
 * needs no whole text. The conversions from and to calendar posts are in chip-columns.ts (the
 * posts slice's schemas import this file, so it imports none of theirs).
 */

/** How much of a post's first line the month keeps: what its chip shows at its widest (1440 px). */
export const CHIP_TEXT_CHARS = 32;
/** The week, day and agenda hold far fewer posts, and a chip with its row to itself shows more of its line. */
export const WIDE_CHIP_TEXT_CHARS = 240;

/** What the calendar asks for: a range, and how much of each first line to keep. */
export const ChipRange = z.object({
  start: IsoDateTime,
  end: IsoDateTime,
  chars: z.number().int().min(16).max(1_000).optional(),
});
export type ChipRange = z.infer<typeof ChipRange>;

const Int = z.number().int();

export const PostChips = z.object({
  source: z.enum(['server', 'cache']),
  syncedAt: IsoDateTime.nullable(),
  /** The first post's `at` is seconds after this instant (ms since the epoch). */
  base: Int,
  accounts: z.array(
    z.object({
      id: z.string(),
      platform: z.string().nullable(),
      name: z.string().nullable(),
      picture: z.string().nullable(),
    }),
  ),
  brands: z.array(z.object({ profileId: z.string(), brandId: z.string() })),
  states: z.array(z.string()),
  id: z.array(z.string()),
  group: z.array(z.string().nullable()),
  /** Index into `accounts`. */
  account: z.array(Int.min(0)),
  /** Index into `brands`, -1 for none. */
  brand: z.array(Int.min(-1)),
  /** Index into `states`. */
  state: z.array(Int.min(0)),
  /** Seconds after the post before (the first: after `base`); posts come in time order, so these are short. */
  at: z.array(Int),
  /** The first line with text, cut to CHIP_TEXT_CHARS. */
  text: z.array(z.string()),
  /** '' when `text` is the whole text; else the whole text's clash key (it was cut or had more lines). */
  key: z.array(z.string()),
  blocks: z.array(Int.min(0)),
  groupSize: z.array(Int.min(0)),
  /** Bit 1: a change waits in the outbox; bit 2: exists only locally; bit 4: its `thumbnail` is null rather than absent. */
  flags: z.array(Int.min(0).max(7)),
  /** What few posts have, by index: a thumbnail, an error, a link, a review, a date not whole seconds. */
  extra: z.array(
    z.object({
      i: Int.min(0),
      thumbnail: z.string().optional(),
      error: z.string().optional(),
      releaseURL: z.string().optional(),
      review: PostReview.optional(),
      publishDate: IsoDateTime.optional(),
    }),
  ),
});
export type PostChips = z.infer<typeof PostChips>;
