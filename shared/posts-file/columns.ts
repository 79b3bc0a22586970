import { z } from 'zod';

/*
 * Pure. The one description of a posts file (CSV, or JSON with the same fields):
 * import reads it (electron/import/import-row.ts) and export writes it (electron/export/), so a
 * file Postdeck exports imports back unchanged. samples/README.md is the reference users read.
 */

/** Characters one cell of an import file may hold (a post's text is capped at 100,000 too). */
export const MAX_IMPORT_CELL_CHARS = 100_000;

/**
 * A cell split into a thread's blocks at each line holding only `---` (a `text` cell's thread), by
 * hand in one pass of indexOf: String.split with a regex took 3.4 s on a 40 MB cell (V8's generic
 * regex split).
 */
export function splitBlocks(text: string): string[] {
  const blocks: string[] = [];
  let start = 0;
  for (let at = text.indexOf('\n---', start); at !== -1; at = text.indexOf('\n---', at + 1)) {
    let end = at + 4;
    if (text.charCodeAt(end) === 13) end += 1;
    if (text.charCodeAt(end) !== 10) continue;
    const cut = at > start && text.charCodeAt(at - 1) === 13 ? at - 1 : at;
    blocks.push(text.slice(start, cut));
    start = end + 1;
    at = end;
  }
  blocks.push(text.slice(start));
  return blocks;
}
/** Several accounts or media URLs in one cell. */
const LIST_SEPARATOR = ';';

export const COLUMN = {
  text: 'text',
  accounts: 'accounts',
  date: 'date',
  time: 'time',
  media: 'media',
  settings: 'settings',
  /** Written by export for people reading the file; import shows and ignores them. */
  accountNames: 'account_names',
  state: 'state',
  postIds: 'post_ids',
  /** The post group's labels, by name (kept on this device; import makes missing ones). */
  labels: 'labels',
  /** The group's internal notes, one a line ("author, time: text"); written for people, import ignores it. */
  notes: 'notes',
  /**
   * The brand the post belongs to, by name (an export of the all-brands view mixes brands). Written
   * for people and spreadsheets' filters; import ignores it: a file imports into the brand on screen.
   */
  brand: 'brand',
  /** The campaigns (utm_campaign) the post's links carried as sent; written for people, import ignores it. */
  linkCampaigns: 'link_campaigns',
} as const;

/** `text`, `text_2`, `text_3`…: the column of thread block `n` (0-based). */
export const blockTextColumn = (n: number): string => (n === 0 ? COLUMN.text : `${COLUMN.text}_${n + 1}`);
/** `media`, `media_2`…: the media URLs of thread block `n` (0-based). */
export const blockMediaColumn = (n: number): string => (n === 0 ? COLUMN.media : `${COLUMN.media}_${n + 1}`);
/** `settings.<platform>.<field>`: one setting of one platform. */
export const SETTING_COLUMN = /^settings\.([a-z-]+)\.(.+)$/;

/** A cell's `;`-separated list, blanks dropped. */
export const listCell = (value: string | undefined): string[] =>
  (value ?? '')
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);

/** One post of a file as export builds it: one row per set of accounts sharing time and text. */
export const PostRecord = z.object({
  blocks: z.array(z.object({ text: z.string(), media: z.array(z.string()) })).min(1),
  accounts: z.array(z.object({ id: z.string(), name: z.string() })).min(1),
  /** ISO 8601 with the brand zone's offset, e.g. 2027-03-02T09:30:00+01:00. */
  date: z.string(),
  /** Settings keyed by platform, without `__type`. */
  settings: z.record(z.string(), z.record(z.string(), z.unknown())),
  state: z.string(),
  postIds: z.array(z.string()),
  /** Label names of the post's group, and its notes as lines; absent when it has none. */
  labels: z.array(z.string()).optional(),
  notes: z.array(z.string()).optional(),
  /** The name of the brand the post belongs to. */
  brand: z.string().optional(),
  /** The utm_campaign values of the post's links as sent; absent when its links carried none. */
  linkCampaigns: z.array(z.string()).optional(),
});
export type PostRecord = z.infer<typeof PostRecord>;

/** The CSV header for these records: as many text/media columns as the longest thread needs. */
export function csvColumns(records: readonly PostRecord[]): string[] {
  const blocks = Math.max(1, ...records.map((r) => r.blocks.length));
  const columns: string[] = [];
  for (let n = 0; n < blocks; n += 1) columns.push(blockTextColumn(n));
  columns.push(COLUMN.accounts, COLUMN.date);
  for (let n = 0; n < blocks; n += 1) columns.push(blockMediaColumn(n));
  columns.push(COLUMN.settings, COLUMN.accountNames, COLUMN.state, COLUMN.postIds);
  if (records.some((r) => r.brand)) columns.push(COLUMN.brand);
  // Only files whose posts carry labels or notes have the columns: other files stay as they were.
  if (records.some((r) => r.labels?.length)) columns.push(COLUMN.labels);
  if (records.some((r) => r.notes?.length)) columns.push(COLUMN.notes);
  if (records.some((r) => r.linkCampaigns?.length)) columns.push(COLUMN.linkCampaigns);
  return columns;
}

/** A record as CSV cells, by column name. */
export function csvCells(record: PostRecord): Record<string, string> {
  const cells: Record<string, string> = {
    [COLUMN.accounts]: record.accounts.map((a) => a.id).join(LIST_SEPARATOR),
    [COLUMN.date]: record.date,
    [COLUMN.settings]: Object.keys(record.settings).length > 0 ? JSON.stringify(record.settings) : '',
    [COLUMN.accountNames]: record.accounts.map((a) => a.name).join(LIST_SEPARATOR),
    [COLUMN.state]: record.state,
    [COLUMN.postIds]: record.postIds.join(LIST_SEPARATOR),
  };
  if (record.brand) cells[COLUMN.brand] = record.brand;
  if (record.labels?.length) cells[COLUMN.labels] = record.labels.join(LIST_SEPARATOR);
  if (record.notes?.length) cells[COLUMN.notes] = record.notes.join('\n');
  if (record.linkCampaigns?.length) cells[COLUMN.linkCampaigns] = record.linkCampaigns.join(LIST_SEPARATOR);
  record.blocks.forEach((block, n) => {
    cells[blockTextColumn(n)] = block.text;
    cells[blockMediaColumn(n)] = block.media.join(LIST_SEPARATOR);
  });
  return cells;
}

/** A record as a JSON object import reads: `thread` for several blocks, lists as arrays. */
export function jsonObject(record: PostRecord): Record<string, unknown> {
  const obj: Record<string, unknown> = {};
  if (record.blocks.length === 1) obj[COLUMN.text] = record.blocks[0]?.text ?? '';
  else obj.thread = record.blocks.map((b) => b.text);
  obj[COLUMN.accounts] = record.accounts.map((a) => a.id);
  obj[COLUMN.date] = record.date;
  record.blocks.forEach((block, n) => {
    if (block.media.length > 0) obj[blockMediaColumn(n)] = block.media;
  });
  if (Object.keys(record.settings).length > 0) obj[COLUMN.settings] = record.settings;
  obj[COLUMN.accountNames] = record.accounts.map((a) => a.name);
  obj[COLUMN.state] = record.state;
  obj[COLUMN.postIds] = record.postIds;
  if (record.brand) obj[COLUMN.brand] = record.brand;
  if (record.labels?.length) obj[COLUMN.labels] = record.labels;
  if (record.notes?.length) obj[COLUMN.notes] = record.notes;
  if (record.linkCampaigns?.length) obj[COLUMN.linkCampaigns] = record.linkCampaigns;
  return obj;
}
