import { z } from 'zod';
import { IsoDateTime } from '../api/resources.js';
import { Draft } from '../drafts/ipc.js';

/*
 * Recurring series: one post that repeats on a rule (daily, weekly on chosen weekdays, monthly,
 * yearly) at a wall time in the brand's zone. One schema per fact, shared by the IPC contract,
 * main's store and the screens.
 */

/** A calendar day in the series' zone, "YYYY-MM-DD". */
export const LocalDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Write the day as YYYY-MM-DD.');

/** A wall time, "HH:mm". */
export const WallTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Write the time as HH:mm, 00:00 to 23:59.');

/** 0 = Sunday … 6 = Saturday, as queue slots and Date#getDay count them. */
export const Weekday = z.number().int().min(0).max(6);

/** Which day of the month (or of the year's month): a date, or "the second Tuesday", "the last Friday". */
export const MonthDay = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('day'), day: z.number().int().min(1).max(31) }),
  z.object({
    kind: z.literal('weekday'),
    /** 1 to 4: the first to the fourth; -1: the last. */
    nth: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)]),
    weekday: Weekday,
  }),
]);
export type MonthDay = z.infer<typeof MonthDay>;

/** When a series stops: never (a rolling horizon of posts), after N dates, or after a day. */
export const SeriesEnd = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('never') }),
  z.object({ kind: z.literal('count'), count: z.number().int().min(1).max(500) }),
  /** The last day (inclusive, in the series' zone) a post may go out. */
  z.object({ kind: z.literal('until'), date: LocalDate }),
]);
export type SeriesEnd = z.infer<typeof SeriesEnd>;

/** The most days each month can have (February: 29, in leap years). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const SeriesRule = z
  .object({
    freq: z.enum(['daily', 'weekly', 'monthly', 'yearly']),
    /** Every 1st, 2nd… day, week, month or year. */
    interval: z.number().int().min(1).max(99),
    /** Weekly: the weekdays it goes out on (empty: the start's weekday). */
    weekdays: z.array(Weekday).max(7),
    /** Monthly and yearly: which day of the month. */
    monthDay: MonthDay,
    /** Yearly: the month, 1 to 12. */
    month: z.number().int().min(1).max(12),
    /** The first day a post may go out (in the series' zone). */
    start: LocalDate,
    time: WallTime,
    end: SeriesEnd,
  })
  .refine((r) => r.end.kind !== 'until' || r.end.date >= r.start, {
    message: 'The end date is before the start; choose a later end.',
    path: ['end'],
  })
  .refine(
    (r) => r.freq !== 'yearly' || r.monthDay.kind !== 'day' || r.monthDay.day <= DAYS_IN_MONTH[r.month - 1]!,
    {
      message: 'That month has no such day; choose another day.',
      path: ['monthDay'],
    },
  );
export type SeriesRule = z.infer<typeof SeriesRule>;

export const MAX_VARIANTS = 20;

/** A series as main keeps it: the rule, its zone, the post it repeats and the dates it skips. */
export const Series = z.object({
  id: z.string().min(1).max(200),
  rule: SeriesRule,
  /** The IANA zone its wall times are in (the brand's when it was made). */
  timezone: z.string().min(1).max(100),
  /** The post it repeats: text, accounts, settings and media (uploaded only), no date. */
  draft: Draft,
  /** Texts that take turns: the first date uses the first, the second the second, and so on. */
  variants: z.array(z.string().max(100_000)).min(1).max(MAX_VARIANTS),
  /** Days the rule names that get no post. */
  skipDates: z.array(LocalDate).max(1000),
  /** The content category its posts carry (the draft's when it was made); absent: none. */
  categoryId: z.string().min(1).max(200).nullable().optional(),
  /** The labels its posts carry (the draft's when it was made; a campaign tags their links). */
  labelIds: z.array(z.string().min(1).max(200)).max(100).optional(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Series = z.infer<typeof Series>;

/** One date of a series, as the calendar and the series' panel show it. */
export const OccurrenceView = z.object({
  seriesId: z.string(),
  /** The rule's day, in the series' zone. */
  date: LocalDate,
  /** 1-based place in the series. */
  index: z.number().int().min(1),
  /** The instant it goes out (an exception keeps the moved time). */
  at: IsoDateTime,
  state: z.enum(['planned', 'made', 'skipped']),
  /** Its posts once they exist on the service (empty: still in the outbox, or not made yet). */
  postIds: z.array(z.string()),
  outboxId: z.string().nullable(),
});
export type OccurrenceView = z.infer<typeof OccurrenceView>;

/** A series with its words and its dates, for the panel and the calendar. */
export const SeriesView = Series.omit({ draft: true }).extend({
  /** "Every Monday at 9:00, 6 times". */
  description: z.string(),
  /** The first line of its text, to name it. */
  title: z.string(),
  accounts: z.array(z.object({ integrationId: z.string(), platform: z.string() })),
  occurrences: z.array(OccurrenceView),
  /** Words for what the rule leaves out (the 31st in short months), or null. */
  note: z.string().nullable(),
  /** A warning about X refusing the same text twice, or null. */
  warning: z.string().nullable(),
});
export type SeriesView = z.infer<typeof SeriesView>;
