import { z } from 'zod';
import { Id, m, None } from '../ipc/method.js';
import { DemoFeed, FeedAddress, FeedCheck, FeedItemView, FeedView } from './model.js';

/*
 * Feeds to drafts: main reads each feed (its address rules, size and time caps, conditional GET),
 * keeps every item it has seen so none is drafted twice, and makes local drafts of the items the
 * user picks.
 */

export const feedsMethods = {
  listFeeds: m(None, z.array(FeedView), "The active brand's feeds, oldest first, with their last read."),
  addFeed: m(
    z.object({ url: FeedAddress }).strict(),
    FeedCheck,
    'Reads a feed once and keeps it for the active brand; a feed that cannot be read is refused with why.',
  ),
  checkFeed: m(z.object({ id: Id }).strict(), FeedCheck, 'Reads one feed now (Check now).'),
  setFeedOptions: m(
    z
      .object({
        id: Id,
        straightToQueue: z.boolean(),
        categoryId: z.string().min(1).max(200).nullable(),
        accountIds: z.array(Id).max(100),
      })
      .strict(),
    FeedView,
    "Saves a feed's options: straight to the queue, its category and accounts.",
  ),
  removeFeed: m(
    z.object({ id: Id }).strict(),
    z.object({ removed: z.boolean() }),
    'Stops reading a feed (the items it brought stay remembered, so none comes back).',
  ),
  listFeedItems: m(None, z.array(FeedItemView), "The active brand's items waiting for review, newest first."),
  draftFeedItem: m(
    z.object({ id: Id, withImage: z.boolean() }).strict(),
    z.object({ draftId: z.string() }),
    'Makes a local draft of an item (its title and link; its picture only when approved); it leaves the review list.',
  ),
  dismissFeedItem: m(
    z.object({ id: Id }).strict(),
    z.object({ dismissed: z.boolean() }),
    'Takes an item off the review list for good.',
  ),
  listDemoFeeds: m(
    None,
    z.array(DemoFeed),
    "The built-in sandbox's demo feeds (none on another connection), and whether each is added.",
  ),
} as const;
