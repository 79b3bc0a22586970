import { z } from 'zod';
import { composerCopy, isNamedDraft, NOT_NAMED_DRAFT } from '../drafts/ipc.js';
import { Id, m, None } from '../ipc/method.js';
import { PostsWritten } from '../posts/ipc.js';
import { LocalDate, MAX_VARIANTS, SeriesRule, SeriesView, WallTime } from './model.js';

/*
 * Recurring series: a post that repeats on a rule, each date a real post made once through the
 * outbox.
 */

const Variants = z
  .array(z.string().trim().min(1, 'A text variant cannot be empty.').max(100_000))
  .max(MAX_VARIANTS);

export const seriesMethods = {
  listSeries: m(
    None,
    z.object({ series: z.array(SeriesView), timezone: z.string() }),
    "The brand's series with their dates, for the calendar's marks and the series panel.",
  ),
  createSeries: m(
    z
      .object({
        draftId: Id,
        ...composerCopy,
        rule: SeriesRule,
        /** More texts that take turns with the draft's own (the draft's text goes first). */
        variants: Variants,
      })
      .refine(isNamedDraft, NOT_NAMED_DRAFT),
    PostsWritten.extend({ series: SeriesView, created: z.number().int() }),
    "Makes the composer's draft a series and creates its first dates as posts.",
  ),
  editSeries: m(
    z.object({
      id: Id,
      /** "all": every date still to come; "following": the dates from `from` on. */
      scope: z.enum(['all', 'following']),
      from: LocalDate.optional(),
      /** The texts that take turns (the first replaces the post's own). */
      variants: Variants.min(1, 'Write at least one text.').optional(),
      time: WallTime.optional(),
      /** The accounts it keeps (a part of the series' own). */
      integrationIds: z.array(Id).min(1, 'Keep at least one account.').max(100).optional(),
    }),
    PostsWritten.extend({ series: SeriesView, remade: z.number().int(), kept: z.number().int() }),
    'Changes the text, time or accounts of every date to come, or of a date and the following; their posts are made again.',
  ),
  skipSeriesDate: m(
    z.object({ id: Id, date: LocalDate }),
    PostsWritten.extend({ series: SeriesView }),
    'Skips one date: its post goes (when it was made) and the series never makes it again.',
  ),
  deleteSeries: m(
    z.object({ id: Id }),
    PostsWritten.extend({ deleted: z.boolean(), removed: z.number().int(), kept: z.number().int() }),
    'Deletes a series and its posts still to come; posts already sent stay.',
  ),
  runSeries: m(
    None,
    PostsWritten.extend({ created: z.number().int() }),
    'Makes the posts now due of every series (main also does it itself as time passes).',
  ),
} as const;
