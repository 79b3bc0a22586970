import Papa from 'papaparse';
import { PLATFORM_NAMES, platformName } from '../platforms/names.js';
import { PLATFORM_TYPES, type PlatformType } from '../platforms/types.js';
import { metricInfo, metricName, orderMetricKeys } from './metric-names.js';
import { isDayKey } from './ranges.js';

/*
 * Pure. Past history as a CSV: one row per account per day, a date column, an account column (and
 * optionally a platform column), and one column per metric named in words ("Impressions",
 * "Followers"), as Postdeck writes it and as other tools export it (Buffer, Metricool, Hootsuite
 * and the like name their columns a little differently: the common names are read too). Both the
 * "Import history…" action and the built-in sandbox's first year of history come through here.
 *
 * Strict rather than clever: a date that could be read two ways, a count that is negative or not a
 * whole number, a row that names no account are refused with their row number and the reason, and
 * the rest of the file still imports. Only a file that cannot be read at all (no date column, too
 * large) is refused whole.
 */

/** A file larger than this is not a history export (a year of 90 accounts is about 3 MB). */
export const MAX_HISTORY_CSV_CHARS = 20 * 1024 * 1024;
/** Rows read at most: ten years of 50 accounts. */
export const MAX_HISTORY_ROWS = 200_000;
export const MAX_HISTORY_COLUMNS = 200;
/** Rows above the column names an export may have (a title, the report's period). */
const HEADER_SEARCH_ROWS = 10;
/** A day's count above this is a typing slip, not a number a social account reaches. */
const MAX_COUNT = 1e12;

/** The file as a whole cannot be read; the message says what to change. */
export class HistoryCsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HistoryCsvError';
  }
}

/** A row of the file, read and checked (not yet matched to an account). */
export interface HistoryRow {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  date: string;
  account: string;
  /** The platform the row names (its column, or "Name (Instagram)"); null when it names none. */
  platform: PlatformType | null;
  /** Metric key → count of the day (followers: as they stood that day). A blank cell is absent. */
  metrics: Record<string, number>;
}

export interface RefusedRow {
  row: number;
  /** Why, in words, without the row number (rows refused for one reason are listed together). */
  reason: string;
}

export interface HistoryTable {
  rows: HistoryRow[];
  refused: RefusedRow[];
  /** The metrics the file's columns hold, as keys, in display order. */
  metrics: string[];
  /** Columns that are not read, with why (a rate is worked out from its counts; an unknown name). */
  ignoredColumns: string[];
}

// ---- column names -----------------------------------------------------------------------------

/** A header or a cell compared loosely: case, accents of spacing, punctuation and units aside. */
function normal(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const DATE_HEADERS = ['date', 'day', 'date utc', 'reporting date'];
const ACCOUNT_HEADERS = [
  'account',
  'account name',
  'profile',
  'profile name',
  'page',
  'page name',
  'channel',
  'channel name',
  'social profile',
  'handle',
  'username',
];
const PLATFORM_HEADERS = ['platform', 'network', 'social network', 'social network type', 'service'];

/**
 * Metric keys by the names other tools give their columns (besides each metric's own name and
 * key). Reach and followers stay what they are: "Fans" and "Subscribers" are followers by another
 * name; "Views" alone is impressions (as X and Threads now call them), "Video views" stays apart.
 */
const METRIC_SYNONYMS: Record<string, readonly string[]> = {
  followers: ['fans', 'subscribers', 'audience', 'total followers', 'followers count', 'page followers'],
  following: ['follows', 'following count'],
  impressions: ['views', 'total impressions', 'post impressions', 'page impressions', 'impressions total'],
  reach: ['unique reach', 'people reached', 'accounts reached', 'total reach'],
  engagements: ['engagement', 'interactions', 'total engagements', 'total engagement', 'engagement total'],
  posts: ['posts published', 'published posts', 'number of posts', 'post count', 'publications'],
  likes: ['reactions', 'favorites', 'favourites', 'hearts'],
  comments: ['replies'],
  shares: ['reposts', 'retweets', 'shares and reposts'],
  clicks: ['link clicks', 'url clicks', 'post link clicks'],
  saves: ['saved', 'bookmarks'],
  videoViews: ['video plays', 'plays'],
};

/** The metrics an import writes: counts and standing values. Rates are worked out from counts. */
const IMPORTED_METRICS = Object.keys(METRIC_SYNONYMS);

const METRIC_BY_HEADER: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const key of IMPORTED_METRICS) {
    map.set(normal(key.replace(/([a-z])([A-Z])/g, '$1 $2')), key);
    map.set(normal(metricName(key)), key);
    for (const s of METRIC_SYNONYMS[key] ?? []) map.set(normal(s), key);
  }
  return map;
})();

/** Platform type by the ways people write it: "X", "Twitter", "LinkedIn page", "linkedin-page"… */
const PLATFORM_BY_WORD: ReadonlyMap<string, PlatformType> = (() => {
  const map = new Map<string, PlatformType>();
  for (const p of PLATFORM_TYPES) {
    map.set(normal(p), p);
    map.set(normal(PLATFORM_NAMES[p]), p);
  }
  map.set('twitter', 'x');
  map.set('x twitter', 'x');
  map.set('twitter x', 'x');
  map.set('linkedin company page', 'linkedin-page');
  map.set('linkedin company', 'linkedin-page');
  map.set('linkedin profile', 'linkedin');
  map.set('facebook page', 'facebook');
  map.set('instagram business', 'instagram');
  map.set('tik tok', 'tiktok');
  map.set('bsky', 'bluesky');
  return map;
})();

export function platformOfWord(word: string): PlatformType | null {
  return PLATFORM_BY_WORD.get(normal(word)) ?? null;
}

/**
 * An account's name as people type it: case, runs of spaces and a leading @ aside. Punctuation
 * counts ("harbor.coffee" and "Harbor Coffee" are two accounts).
 */
const nameKey = (s: string) =>
  s.normalize('NFKC').trim().replace(/^@/, '').replace(/\s+/g, ' ').toLowerCase();

// ---- cells ------------------------------------------------------------------------------------

/** A cell a spreadsheet would run as a formula, written with a leading apostrophe (OWASP's rule). */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A cell as written, without the apostrophe a careful writer put before a formula character. */
function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A count of the day: a whole number, 0 or more; "1,234" and "1234.0" as exports write them. */
export function parseCount(raw: string, column: string): Parsed<number> | null {
  const cell = raw.trim();
  if (cell === '') return null;
  let digits: string | null = null;
  if (/^\d+$/.test(cell)) digits = cell;
  else if (/^\d{1,3}(,\d{3})+$/.test(cell)) digits = cell.replace(/,/g, '');
  else if (/^\d+\.0+$/.test(cell)) digits = cell.replace(/\.0+$/, '');
  if (digits === null) {
    const shown = cell.length > 24 ? `${cell.slice(0, 24)}…` : cell;
    if (/^[-−]\s*[\d.,]+$/.test(cell))
      return { ok: false, reason: `${column} is negative (${shown}); a day's count is 0 or more.` };
    if (/^\d+[.,]\d+$/.test(cell))
      return { ok: false, reason: `${column} is ${shown}, not a whole number; write whole counts.` };
    return {
      ok: false,
      reason: `${column} is "${shown}", not a number; write a whole number or leave it blank.`,
    };
  }
  const value = Number(digits);
  if (!Number.isSafeInteger(value) || value > MAX_COUNT)
    return { ok: false, reason: `${column} is too large to be a day's count.` };
  return { ok: true, value };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** How a file writes its slashed dates, decided from all of them (never guessed row by row). */
type SlashOrder = 'month-first' | 'day-first';

const ISO =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?(?: ?[AaPp][Mm])?)?$/;

function slashOrder(cells: readonly string[]): SlashOrder | null {
  let dayFirst = false;
  let monthFirst = false;
  let any = false;
  for (const cell of cells) {
    const m = SLASHED.exec(cell.trim());
    if (!m) continue;
    any = true;
    if (Number(m[1]) > 12) dayFirst = true;
    if (Number(m[2]) > 12) monthFirst = true;
  }
  if (!any) return null;
  if (dayFirst && monthFirst)
    throw new HistoryCsvError(
      'The dates mix day-first (31/01/2026) and month-first (01/31/2026) forms; write every date as YYYY-MM-DD (2026-01-31).',
    );
  if (!dayFirst && !monthFirst)
    throw new HistoryCsvError(
      'The dates could be read as day/month or as month/day (no day after the 12th tells which); write them as YYYY-MM-DD (2026-01-31).',
    );
  return dayFirst ? 'day-first' : 'month-first';
}

function parseDate(raw: string, order: SlashOrder | null): Parsed<string> {
  const cell = raw.trim();
  if (cell === '') return { ok: false, reason: 'The date is blank.' };
  let y: number;
  let mo: number;
  let d: number;
  const iso = ISO.exec(cell);
  const slashed = iso ? null : SLASHED.exec(cell);
  if (iso) [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (slashed && order) {
    const [a, b] = [Number(slashed[1]), Number(slashed[2])];
    [y, mo, d] = order === 'day-first' ? [Number(slashed[3]), b, a] : [Number(slashed[3]), a, b];
  } else {
    const shown = cell.length > 24 ? `${cell.slice(0, 24)}…` : cell;
    return { ok: false, reason: `The date "${shown}" is not a date Postdeck reads; write it as YYYY-MM-DD.` };
  }
  const key = `${y}-${pad(mo)}-${pad(d)}`;
  if (!isDayKey(key)) return { ok: false, reason: `The date ${cell} is not a day of the calendar.` };
  if (y < 1990) return { ok: false, reason: `The date ${cell} is before 1990; check the year.` };
  return { ok: true, value: key };
}

/** "Harbor Coffee (Instagram)" → the name and the platform; anything else is all name. */
function splitAccount(cell: string): { name: string; platform: PlatformType | null } {
  const m = /^(.*\S)\s*\(([^()]+)\)$/.exec(cell);
  const platform = m ? platformOfWord(m[2]!) : null;
  return m && platform ? { name: m[1]!, platform } : { name: cell, platform: null };
}

// ---- reading ----------------------------------------------------------------------------------

interface Columns {
  date: number;
  account: number;
  platform: number | null;
  metrics: { index: number; key: string; header: string }[];
  ignored: string[];
}

function findColumns(header: readonly string[]): Columns {
  const names = header.map((h) => unescapeFormula(h).trim());
  const find = (words: readonly string[]) => {
    const at = names.findIndex((h) => words.includes(normal(h)));
    return at < 0 ? null : at;
  };
  const date = find(DATE_HEADERS);
  const account = find(ACCOUNT_HEADERS);
  const platform = find(PLATFORM_HEADERS);
  if (date === null || account === null) {
    const shown = names.filter((n) => n !== '').slice(0, 8);
    throw new HistoryCsvError(
      `The first row must name the columns, with one called Date and one called Account (then one per metric: Impressions, Followers…). This file's first row reads: ${shown.length > 0 ? shown.join(', ') : 'nothing'}.`,
    );
  }
  const metrics: Columns['metrics'] = [];
  const ignored: string[] = [];
  names.forEach((h, index) => {
    if (index === date || index === account || index === platform || h === '') return;
    const key = METRIC_BY_HEADER.get(normal(h));
    if (!key) {
      ignored.push(h.length > 60 ? `${h.slice(0, 60)}…` : h);
      return;
    }
    const twin = metrics.find((m) => m.key === key);
    if (twin)
      throw new HistoryCsvError(
        `The columns ${twin.header} and ${h} both hold ${metricName(key)}; keep one of them.`,
      );
    metrics.push({ index, key, header: h });
  });
  if (metrics.length === 0) {
    const known = ['Followers', 'Impressions', 'Reach', 'Engagements', 'Likes'].join(', ');
    throw new HistoryCsvError(
      `No column holds a metric Postdeck keeps; name the columns by their metric (${known}…).`,
    );
  }
  return { date, account, platform, metrics, ignored };
}

/** Whether a rate's column was left out because it is worked out from counts. */
export function isRateColumn(header: string): boolean {
  return metricInfo(header).kind === 'ratio' || /\brate\b/i.test(header);
}

/**
 * Reads a history CSV. `today`, when given, refuses rows dated after it (a day not lived yet).
 * Throws HistoryCsvError when the file as a whole cannot be read; refuses single rows otherwise.
 */
export function parseHistoryCsv(input: string, options: { today?: string } = {}): HistoryTable {
  if (input.length > MAX_HISTORY_CSV_CHARS)
    throw new HistoryCsvError(
      `This file is larger than ${MAX_HISTORY_CSV_CHARS / 1024 / 1024} MB; split it into several files (a year or a few accounts each).`,
    );
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const parsed = Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: false,
    // Stops reading past the cap instead of holding a huge file in memory first.
    preview: MAX_HISTORY_ROWS + 2,
  });
  const unclosed = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (unclosed) {
    const line = text.slice(0, unclosed.index ?? text.length).split(/\r\n|\r|\n/).length;
    throw new HistoryCsvError(`A quoted cell opened on line ${line} is never closed; add the closing ".`);
  }
  const records = parsed.data;
  const firstLine = records.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (firstLine < 0)
    throw new HistoryCsvError(
      'This file is empty; its first row names the columns (Date, Account, Impressions…).',
    );
  // Some exports put a title or the report's period above the column names: the first of the
  // first rows that names both a date and an account column is the header; the rows above it go.
  const names = (r: readonly string[]) => r.map((c) => normal(unescapeFormula(c)));
  const named = records
    .slice(firstLine, firstLine + HEADER_SEARCH_ROWS)
    .findIndex(
      (r) =>
        names(r).some((h) => DATE_HEADERS.includes(h)) && names(r).some((h) => ACCOUNT_HEADERS.includes(h)),
    );
  const headerAt = named < 0 ? firstLine : firstLine + named;
  const header = records[headerAt]!;
  if (header.length > MAX_HISTORY_COLUMNS)
    throw new HistoryCsvError(
      `This file has ${header.length} columns; a history file needs a few dozen at most.`,
    );
  if (records.length - headerAt - 1 > MAX_HISTORY_ROWS)
    throw new HistoryCsvError(
      `This file has more than ${MAX_HISTORY_ROWS.toLocaleString('en')} rows; split it into several files.`,
    );
  const columns = findColumns(header);
  const body = records.slice(headerAt + 1);
  const order = slashOrder(body.map((r) => r[columns.date] ?? ''));

  const rows: HistoryRow[] = [];
  const refused: RefusedRow[] = [];
  const seen = new Map<string, number>();
  body.forEach((cells, i) => {
    const row = headerAt + i + 2;
    if (cells.every((c) => c.trim() === '')) return;
    const refuse = (reason: string) => refused.push({ row, reason });
    const date = parseDate(unescapeFormula(cells[columns.date] ?? ''), order);
    if (!date.ok) return refuse(date.reason);
    if (options.today && date.value > options.today)
      return refuse(`The date ${date.value} has not come yet; import days that are over.`);
    const accountCell = unescapeFormula(cells[columns.account] ?? '').trim();
    if (accountCell === '') return refuse('The account is blank; name the account the row is about.');
    let account = accountCell;
    let platform: PlatformType | null = null;
    if (columns.platform !== null) {
      const word = unescapeFormula(cells[columns.platform] ?? '').trim();
      if (word !== '') {
        platform = platformOfWord(word);
        if (!platform) {
          const shown = word.length > 30 ? `${word.slice(0, 30)}…` : word;
          return refuse(`The platform "${shown}" is not one Postdeck knows (X, Instagram, LinkedIn…).`);
        }
      }
    } else ({ name: account, platform } = splitAccount(accountCell));
    const metrics: Record<string, number> = {};
    for (const m of columns.metrics) {
      const count = parseCount(unescapeFormula(cells[m.index] ?? ''), m.header);
      if (count === null) continue;
      if (!count.ok) return refuse(count.reason);
      metrics[m.key] = count.value;
    }
    if (Object.keys(metrics).length === 0) return refuse('The row has no numbers.');
    const key = `${nameKey(account)}\u0000${platform ?? ''}\u0000${date.value}`;
    const twin = seen.get(key);
    if (twin !== undefined)
      return refuse(`It repeats the account and day of row ${twin}; keep one of the two rows.`);
    seen.set(key, row);
    rows.push({ row, date: date.value, account, platform, metrics });
  });
  return {
    rows,
    refused,
    metrics: orderMetricKeys(columns.metrics.map((m) => m.key)),
    ignoredColumns: columns.ignored,
  };
}

// ---- matching ---------------------------------------------------------------------------------

/** An account of the brand a row may name. */
export interface KnownAccount {
  id: string;
  name: string;
  platform: string | null;
}

export interface MatchedDay {
  row: number;
  integrationId: string;
  date: string;
  metrics: Record<string, number>;
}

export interface HistoryMatch {
  days: MatchedDay[];
  refused: RefusedRow[];
  /** The accounts at least one row matched, in the order met. */
  accounts: KnownAccount[];
}

/**
 * Each row's account among the brand's: by its name (case and a leading @ aside), narrowed by its
 * platform when the row names one. A name that fits no account, or several, refuses the row.
 */
export function matchHistory(rows: readonly HistoryRow[], known: readonly KnownAccount[]): HistoryMatch {
  const byName = new Map<string, KnownAccount[]>();
  for (const a of known) {
    const k = nameKey(a.name);
    if (k === '') continue;
    const same = byName.get(k);
    if (same) same.push(a);
    else byName.set(k, [a]);
  }
  const days: MatchedDay[] = [];
  const refused: RefusedRow[] = [];
  const accounts = new Map<string, KnownAccount>();
  const taken = new Map<string, number>();
  for (const r of rows) {
    const named = byName.get(nameKey(r.account)) ?? [];
    const fits = r.platform ? named.filter((a) => a.platform === r.platform) : named;
    const shown = r.account.length > 40 ? `${r.account.slice(0, 40)}…` : r.account;
    if (fits.length === 0) {
      refused.push({
        row: r.row,
        reason: r.platform
          ? `No ${PLATFORM_NAMES[r.platform]} account of this brand is called "${shown}".`
          : `No account of this brand is called "${shown}".`,
      });
      continue;
    }
    if (fits.length > 1) {
      // In the platforms' usual order, so the sentence is the same whichever account was met first.
      const order = (p: string | null) => PLATFORM_TYPES.indexOf(p as PlatformType) >>> 0;
      const sorted = [...fits].sort((a, b) => order(a.platform) - order(b.platform));
      const platforms = [...new Set(sorted.map((a) => platformName(a.platform)))];
      const on =
        platforms.length > 1 ? ` (on ${platforms.slice(0, -1).join(', ')} and ${platforms.at(-1)})` : '';
      refused.push({
        row: r.row,
        reason: `Several accounts of this brand are called "${shown}"${on}; add a Platform column, or write "${shown} (${platforms[0]})", to say which.`,
      });
      continue;
    }
    const account = fits[0]!;
    // "Lumen Labs" and "lumen labs" in one file are the same account and day: the second is a repeat.
    const key = `${account.id}\u0000${r.date}`;
    const twin = taken.get(key);
    if (twin !== undefined) {
      refused.push({
        row: r.row,
        reason: `It repeats the account and day of row ${twin}; keep one of the two rows.`,
      });
      continue;
    }
    taken.set(key, r.row);
    accounts.set(account.id, account);
    days.push({ row: r.row, integrationId: account.id, date: r.date, metrics: r.metrics });
  }
  return { days, refused, accounts: [...accounts.values()] };
}

// ---- writing ----------------------------------------------------------------------------------

export interface HistoryCsvLine {
  date: string;
  account: string;
  platform: string | null;
  metrics: Record<string, number>;
}

/**
 * Writes history as this format reads it: Date, Account, Platform, then one column per metric by
 * its name. Comma-separated, CRLF, quoted where needed, a formula-like cell escaped.
 */
export function writeHistoryCsv(lines: readonly HistoryCsvLine[]): string {
  const keys = orderMetricKeys(lines.flatMap((l) => Object.keys(l.metrics))).filter((k) =>
    IMPORTED_METRICS.includes(k),
  );
  const fields = ['Date', 'Account', 'Platform', ...keys.map(metricName)];
  const data = lines.map((l) => [
    l.date,
    l.account,
    l.platform && Object.hasOwn(PLATFORM_NAMES, l.platform) ? PLATFORM_NAMES[l.platform as PlatformType] : '',
    ...keys.map((k) => (l.metrics[k] === undefined ? '' : String(l.metrics[k]))),
  ]);
  return Papa.unparse({ fields, data }, { newline: '\r\n', quotes: false, escapeFormulae: FORMULA_START });
}

// ---- saying what happened ---------------------------------------------------------------------

/** Row numbers as runs: [2,3,4,9] → "rows 2–4 and 9". */
export function rowList(rows: readonly number[]): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    runs.push(j === i ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  const shown = runs.length > 6 ? [...runs.slice(0, 6), `${runs.length - 6} more`] : runs;
  const words = shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? '');
  return `${sorted.length === 1 ? 'row' : 'rows'} ${words}`;
}

/** Refused rows, one sentence per reason: "Rows 2–366: No account of this brand is called "Foo"." */
export function refusalSentences(refused: readonly RefusedRow[], limit = 5): string[] {
  const byReason = new Map<string, number[]>();
  for (const r of refused) {
    const rows = byReason.get(r.reason);
    if (rows) rows.push(r.row);
    else byReason.set(r.reason, [r.row]);
  }
  const sentences = [...byReason].map(([reason, rows]) => {
    const where = rowList(rows);
    return `${where.charAt(0).toUpperCase()}${where.slice(1)}: ${reason}`;
  });
  if (sentences.length <= limit) return sentences;
  return [...sentences.slice(0, limit), `${sentences.length - limit} more reasons.`];
}
