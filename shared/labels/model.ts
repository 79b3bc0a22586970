import { z } from 'zod';
import { takeQueryFilter } from '../search/query-filter.js';

/*
 * Labels (coloured, per brand; a campaign is a label with a date range) and notes (internal
 * comments) on post groups. Both are kept on this device only and never sent to the service: one
 * schema each for the IPC contract, main's store, export and import.
 *
 * What a label or note is attached to is a "subject": the post group as this device knows it.
 *   - a post on the service: its group id (or its own id when the service gave it no group);
 *   - a local draft: `draft:<draft id>`; a draft that edits a post: the group it replaces;
 *   - a post created here and not yet confirmed: `local:<outbox id>` (main answers it under the
 *     subject of the draft it came from, and moves it to the service's group once confirmed).
 */

/** The colours a label may have, each drawn with a text colour that meets contrast in both themes. */
export const LABEL_COLORS = [
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
  'grey',
] as const;
export const LabelColor = z.enum(LABEL_COLORS);
export type LabelColor = z.infer<typeof LabelColor>;

/** The word a person reads for each colour. */
export const LABEL_COLOR_NAMES: Record<LabelColor, string> = {
  red: 'Red',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  teal: 'Teal',
  blue: 'Blue',
  purple: 'Purple',
  pink: 'Pink',
  grey: 'Grey',
};

const MAX_LABEL_NAME = 40;
export const LabelName = z
  .string()
  .trim()
  .min(1, 'A label needs a name.')
  .max(MAX_LABEL_NAME, `Keep a label's name under ${MAX_LABEL_NAME} characters.`)
  // A comma or semicolon separates labels in an export's cell; a colon or quote would confuse `label:`.
  .regex(/^[^,;:"\p{Cc}]+$/u, 'A label name cannot hold a comma, semicolon, colon or quote.');

/** A calendar day, yyyy-mm-dd, in the brand's zone. */
const CalendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written yyyy-mm-dd.');

/** A campaign's days, first and last included. */
export const CampaignRange = z
  .object({ start: CalendarDay, end: CalendarDay })
  .refine((r) => r.start <= r.end, { message: 'A campaign ends on or after its first day.', path: ['end'] });
export type CampaignRange = z.infer<typeof CampaignRange>;

export const Label = z.object({
  id: z.string().min(1).max(200),
  name: LabelName,
  color: LabelColor,
  /** Set for a campaign: the days it runs, shown as a band over the calendar. */
  campaign: CampaignRange.nullable(),
});
export type Label = z.infer<typeof Label>;

export const LabelInput = Label.extend({ id: Label.shape.id.optional() });
export type LabelInput = z.infer<typeof LabelInput>;

export const Subject = z.string().min(1).max(300);

/** How many subjects one label change may name (a bulk selection). */
export const MAX_LABEL_SUBJECTS = 2_000;

/** The brand's labels, and which labels each subject carries (by label id), and how many notes it has. */
export const LabelsView = z.object({
  labels: z.array(Label),
  assignments: z.record(z.string(), z.array(z.string())),
  noteCounts: z.record(z.string(), z.number().int()),
});
export type LabelsView = z.infer<typeof LabelsView>;

export const MAX_NOTE_CHARS = 5_000;
export const NoteBody = z
  .string()
  .trim()
  .min(1, 'A note needs some text.')
  .max(MAX_NOTE_CHARS, `Keep a note under ${MAX_NOTE_CHARS} characters.`);

export const PostNote = z.object({
  id: z.string(),
  subject: z.string(),
  /** The connection's user name when the note was written. */
  author: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type PostNote = z.infer<typeof PostNote>;

const LOCAL_POST = /^local:(.+):\d+$/;

/** The subject of a post the calendar shows (see the top of this file). */
export function subjectOfPost(post: { id: string; group: string | null }): string {
  const local = LOCAL_POST.exec(post.id);
  if (local) return `local:${local[1]}`;
  return post.group ?? post.id;
}

/** The subject of a local draft: a new one's own, or, for an edit, the group it replaces. */
export function subjectOfDraft(draft: { id: string; replacesGroup: string | null }): string {
  return draft.replacesGroup ?? `draft:${draft.id}`;
}

/** The labels a search asks for (`label:name`, `label:"two words"`), and the rest of what was typed. */
export function parseLabelQuery(query: string): { labels: string[]; rest: string } {
  const { values, rest } = takeQueryFilter(query, 'label');
  return { labels: values, rest };
}

/**
 * The label names in an import file's cell: an export writes them separated by semicolons; a comma
 * is read as one too, and a name given twice counts once.
 */
export function labelsFromCell(cell: string): string[] {
  return [
    ...new Set(
      cell
        .split(/[;,]/u)
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
}
