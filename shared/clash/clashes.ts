import { z } from 'zod';

/*
 * The clash rules, in one place: a warning (never a refusal)
 * when one account would get two posts too close together, or the same text twice within a week.
 * The composer, a drop in the calendar, the import preview and the bulk plan all ask here.
 *
 * Text comparison: X refuses a post whose text exactly repeats a recent one of the same account.
 * We compare the text after trimming the ends and Unicode NFC normalisation (the same letters typed
 * or pasted differently are the same text), keeping case and inner spacing: "Hello" and "hello" are
 * different texts, as they are to X. The duplicate warning is given for every platform, saying X
 * refuses them where the account is an X account.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The gap a brand wants between two posts of one account, unless set otherwise. */
export const DEFAULT_CLASH_GAP_MINUTES = 60;
/** How far back and ahead the same text of one account counts as a duplicate. */
const DUPLICATE_WINDOW_DAYS = 7;
/** The gap setting's bounds: 0 turns the gap warning off; at most a day. */
export const MAX_CLASH_GAP_MINUTES = 24 * 60;
export const ClashGapMinutes = z.number().int().min(0).max(MAX_CLASH_GAP_MINUTES);

/** A post as the clash rules see it: who posts it, when (ms), and what it says. */
export interface ClashPost {
  id: string;
  integrationId: string;
  /**
   * The connection and brand the post belongs to, where known (the all-brands view mixes them): two
   * posts of different brands never clash, even should their accounts' ids be the same (two
   * connections may reach two services).
   */
  brandKey?: string;
  /** The account's name for people; the id when unknown. */
  accountName: string;
  platform: string | null;
  at: number;
  text: string;
  /**
   * The whole text's key (clashTextKey) when `text` is only its start (the calendar's lean answer
   * keeps the start of each post's text): duplicates are then found by key.
   */
  textKey?: string;
}

export const ClashWarning = z.object({
  kind: z.enum(['gap', 'duplicate']),
  /** The post that would clash (a candidate). */
  postId: z.string(),
  /** The post it clashes with. */
  otherId: z.string(),
  otherAt: z.string(),
  integrationId: z.string(),
  accountName: z.string(),
  /** Minutes between the two posts (absolute). */
  minutesApart: z.number(),
  message: z.string(),
});
export type ClashWarning = z.infer<typeof ClashWarning>;

export interface ClashOptions {
  gapMinutes: number;
  /**
   * The gap of a candidate's own brand, where candidates span brands (a bulk plan of the
   * all-brands view); absent: `gapMinutes` for every candidate.
   */
  gapFor?: (candidate: ClashPost) => number;
  duplicateWindowDays?: number;
  /** How a time is written in a message (the brand's zone); ISO when absent. */
  formatTime?: (ms: number) => string;
  /** How another post is named in a message; its first line (quoteOf) when absent. */
  describe?: (post: ClashPost) => string;
  /** At most this many warnings per candidate and kind (a crowded day would name every pair); 3. */
  maxPerPost?: number;
}

/** The text as compared for duplicates: ends trimmed, NFC; case and inner spacing kept (as X does). */
export function normalizeClashText(text: string): string {
  return text.trim().normalize('NFC');
}

/**
 * A short key of a text as compared for duplicates (normalizeClashText): a 53-bit hash (cyrb53) in
 * base 36. Two different texts share a key about once in 10^15 pairs, and the cost of that would be
 * a needless warning, never a lost post.
 */
export function clashTextKey(text: string): string {
  const s = normalizeClashText(text);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function apart(a: number, b: number): string {
  const minutes = Math.round(Math.abs(a - b) / MINUTE);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 2 * 24 * 60) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m === 0 ? `${h} h` : `${h} h ${m} min`;
  }
  return `${Math.round(minutes / (24 * 60))} days`;
}

/** First index in the ascending `list` whose time is ≥ `at` (binary search). */
function lowerBound(list: readonly ClashPost[], at: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.at < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function addTo(map: Map<string, ClashPost[]>, key: string, post: ClashPost): void {
  const list = map.get(key);
  if (list) list.push(post);
  else map.set(key, [post]);
}

/** How long a quoted post may be in a warning, in characters. */
const QUOTE_CHARS = 60;

/**
 * A post as a warning quotes it: its first line with text, cut at the last word that fits, with
 * an ellipsis when cut (a quote cut mid-word reads as a different word).
 */
export function quoteOf(text: string, max = QUOTE_CHARS): string {
  const line = (text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '').trim();
  if (line === '') return '(no text)';
  const chars = [...line];
  if (chars.length <= max) return line;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > head.length / 2 ? head.slice(0, space) : head).replace(/[\s,;:.–—-]+$/u, '')}…`;
}

/**
 * The warnings for `candidates` (posts about to be created or moved) among `existing` posts. An
 * existing post with a candidate's id is that post before the change and is left out, so a move is
 * compared from where it lands; candidates are compared with each other too. Each pair is named
 * once per candidate (at most `maxPerPost` per kind, nearest first in time order). Sorted indexes per account (binary search), so 500 candidates among
 * thousands of posts stay fast.
 */
export function findClashes(
  candidates: readonly ClashPost[],
  existing: readonly ClashPost[],
  options: ClashOptions,
): ClashWarning[] {
  const gapOf = (c: ClashPost) => Math.max(0, options.gapFor?.(c) ?? options.gapMinutes);
  const window = (options.duplicateWindowDays ?? DUPLICATE_WINDOW_DAYS) * DAY;
  const fmt = options.formatTime ?? ((ms: number) => new Date(ms).toISOString());
  const name = options.describe ?? ((p: ClashPost) => quoteOf(p.text));
  const candidateIds = new Set(candidates.map((c) => c.id));
  const max = options.maxPerPost ?? 3;

  const byAccount = new Map<string, ClashPost[]>();
  const byText = new Map<string, ClashPost[]>();
  const all = [...existing.filter((e) => !candidateIds.has(e.id)), ...candidates];
  // Where any post has only the start of its text, every text is compared by its whole text's key.
  const byKey = all.some((p) => p.textKey !== undefined);
  const textKey = (p: ClashPost) =>
    `${p.integrationId}\u0000${byKey ? (p.textKey ?? clashTextKey(p.text)) : normalizeClashText(p.text)}`;
  for (const p of all) {
    if (!Number.isFinite(p.at)) continue;
    addTo(byAccount, p.integrationId, p);
    if (normalizeClashText(p.text) !== '') addTo(byText, textKey(p), p);
  }
  for (const list of byAccount.values()) list.sort((a, b) => a.at - b.at);
  for (const list of byText.values()) list.sort((a, b) => a.at - b.at);

  const out: ClashWarning[] = [];
  const warn = (kind: ClashWarning['kind'], c: ClashPost, other: ClashPost, message: string) =>
    out.push({
      kind,
      postId: c.id,
      otherId: other.id,
      otherAt: new Date(other.at).toISOString(),
      integrationId: c.integrationId,
      accountName: c.accountName,
      minutesApart: Math.round(Math.abs(other.at - c.at) / MINUTE),
      message,
    });

  for (const c of candidates) {
    if (!Number.isFinite(c.at)) continue;
    const gapMinutes = gapOf(c);
    const gap = gapMinutes * MINUTE;
    if (gap > 0) {
      const list = byAccount.get(c.integrationId) ?? [];
      // Strictly within the gap: posts exactly `gap` apart are fine.
      let named = 0;
      for (
        let i = lowerBound(list, c.at - gap + 1);
        i < list.length && list[i]!.at < c.at + gap && named < max;
        i += 1
      ) {
        const other = list[i]!;
        if (other.id === c.id || otherBrand(c, other)) continue;
        named += 1;
        warn(
          'gap',
          c,
          other,
          `${c.accountName} would post twice within ${apart(c.at, other.at)} (at ${fmt(Math.min(c.at, other.at))} and ${fmt(Math.max(c.at, other.at))}, “${name(other)}”); this brand keeps ${gapMinutes} min between posts.`,
        );
      }
    }
    if (normalizeClashText(c.text) === '') continue;
    const same = byText.get(textKey(c)) ?? [];
    let named = 0;
    for (
      let i = lowerBound(same, c.at - window + 1);
      i < same.length && same[i]!.at < c.at + window && named < max;
      i += 1
    ) {
      const other = same[i]!;
      if (other.id === c.id || otherBrand(c, other)) continue;
      named += 1;
      const x = c.platform === 'x' ? ' X refuses the same text twice.' : '';
      warn(
        'duplicate',
        c,
        other,
        `${c.accountName} would post the same text twice within ${apart(c.at, other.at)} (also at ${fmt(other.at)}, “${name(other)}”).${x}`,
      );
    }
  }
  return out;
}

/** Two posts known to be of different brands: a clash is within one account of one brand. */
const otherBrand = (a: ClashPost, b: ClashPost) =>
  a.brandKey !== undefined && b.brandKey !== undefined && a.brandKey !== b.brandKey;

/** The warnings grouped by the candidate they concern. */
export function clashesByPost(warnings: readonly ClashWarning[]): Map<string, ClashWarning[]> {
  const map = new Map<string, ClashWarning[]>();
  for (const w of warnings) {
    const list = map.get(w.postId);
    if (list) list.push(w);
    else map.set(w.postId, [w]);
  }
  return map;
}
