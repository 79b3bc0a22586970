import { z } from 'zod';
import { Id, m } from '../ipc/method.js';
import { BrandRef } from '../ipc/models.js';
import { ActivityEntry, ActivityRetention } from './model.js';

/*
 * The activity log, read: a post group's history for its details, a brand's log (newest first, a
 * page at a time, searched), its CSV, and how long it is kept. Main writes it with each change
 * (electron/posts/, electron/outbox/): nothing here writes an entry.
 */

export const activityMethods = {
  listPostActivity: m(
    z.object({ postId: Id, brand: BrandRef.optional() }).strict(),
    z.object({ entries: z.array(ActivityEntry) }),
    "A post group's history, oldest first: every change to the group of this post (one the calendar shows, or a post made here not yet on the service), with when, who and from where.",
  ),
  listBrandActivity: m(
    z
      .object({
        query: z.string().max(200).optional(),
        before: z.number().int().positive().optional(),
        limit: z.number().int().min(1).max(500).optional(),
        brand: BrandRef.optional(),
      })
      .strict(),
    z.object({ entries: z.array(ActivityEntry), next: z.number().int().nullable() }),
    "A brand's activity log, newest first, a page at a time (`before`: the `next` of the page before); with a query, only entries whose texts, names, reasons or file names hold every word of it.",
  ),
  exportActivity: m(
    z.object({ query: z.string().max(200).optional(), brand: BrandRef.optional() }).strict(),
    z.object({ path: z.string().nullable(), rows: z.number().int() }),
    "Writes the brand's activity log (or what the query finds) as a CSV file where the user chooses; a null path when they cancelled.",
  ),
  getActivityRetention: m(
    z.object({}).strict().optional(),
    ActivityRetention,
    'How long the activity log is kept on this computer, in days (null: forever). One setting for every brand.',
  ),
  setActivityRetention: m(
    ActivityRetention.strict(),
    ActivityRetention,
    'Sets how long the activity log is kept; older entries are forgotten in the background.',
  ),
} as const;
