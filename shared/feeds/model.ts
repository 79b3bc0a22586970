import { z } from 'zod';
import { IsoDateTime } from '../api/resources.js';

/*
 * Feeds to drafts: a brand's feeds (RSS, Atom, JSON Feed) and the items they brought, waiting for
 * the user to make a draft of them or dismiss them.
 */

/** A feed address as the user types it: http or https, nothing else. */
export const FeedAddress = z
  .string()
  .trim()
  .min(1, 'Type the address of the feed.')
  .max(2000, 'A feed address is at most 2,000 characters.')
  .pipe(
    z.url({
      protocol: /^https?$/,
      error: 'Type a whole web address starting with https:// (or http://).',
    }),
  );

/** A brand's feed as the Feeds screen shows it. */
export const FeedView = z.object({
  id: z.string(),
  url: z.string(),
  /** The feed's own title from its last good read; null before the first. */
  title: z.string().nullable(),
  /** New items go straight to the queue instead of the review list. */
  straightToQueue: z.boolean(),
  /** The content category queued items get (null: none, the next free slot of any kind). */
  categoryId: z.string().nullable(),
  /** The accounts its drafts and queued posts go to (none: chosen in the composer). */
  accountIds: z.array(z.string()).max(100),
  /** When it was last read, good or not. */
  checkedAt: IsoDateTime.nullable(),
  /** Why the last read failed, in a sentence; null when it went well. */
  problem: z.string().nullable(),
  /** Items waiting in the review list. */
  waiting: z.number().int().nonnegative(),
});
export type FeedView = z.infer<typeof FeedView>;

/** An item waiting in the review list. */
export const FeedItemView = z.object({
  id: z.string(),
  feedId: z.string(),
  feedTitle: z.string(),
  title: z.string(),
  link: z.string().nullable(),
  /** Plain text: the feed's HTML is stripped in main and never rendered. */
  summary: z.string(),
  publishedAt: IsoDateTime.nullable(),
  /** The item's first picture, offered for the draft once the user approves it. */
  imageUrl: z.string().nullable(),
});
export type FeedItemView = z.infer<typeof FeedItemView>;

/** What one read of a feed did. */
export const FeedCheck = z.object({
  feed: FeedView,
  /** New items found (to the review list, or queued when the feed says so). */
  added: z.number().int().nonnegative(),
  /** New items queued at once. */
  queued: z.number().int().nonnegative(),
});
export type FeedCheck = z.infer<typeof FeedCheck>;

/** A demo feed the built-in sandbox serves, offered on first start. */
export const DemoFeed = z.object({ title: z.string(), url: z.string(), added: z.boolean() });
export type DemoFeed = z.infer<typeof DemoFeed>;
