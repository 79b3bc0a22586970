import { clashTextKey } from '../clash/clashes.js';
import { CHIP_TEXT_CHARS, type PostChips } from './chips.js';
import type { CalendarPost, PostRangeResult } from './ipc.js';

/*
 * The lean range answer (chips.ts) made from calendar posts in main, and read back into calendar
 * posts in the window.
 */

/** The first line with text, trimmed, and whether that is all of `content`. */
function firstLineOf(content: string): { line: string; whole: boolean } {
  const trimmed = content.trim();
  const end = trimmed.indexOf('\n');
  const line = (end === -1 ? trimmed : trimmed.slice(0, end)).trim();
  return { line, whole: end === -1 };
}

/** `line` cut to `chars` units, never inside a surrogate pair (no half emoji). */
function cut(line: string, chars: number): string {
  if (line.length <= chars) return line;
  const end = chars - (/[\uD800-\uDBFF]/.test(line[chars - 1]!) ? 1 : 0);
  return line.slice(0, end);
}

/** A post's chip text and its whole text's key ('' when whole), kept per text: a month is asked again and again. */
const chipTexts = new Map<string, { text: string; key: string; chars: number }>();
const CHIP_TEXTS_KEPT = 50_000;

function chipText(content: string, chars: number): { text: string; key: string } {
  const known = chipTexts.get(content);
  if (known && known.chars === chars) return known;
  const { line, whole } = firstLineOf(content);
  const text = cut(line, chars);
  // Whole: the text is one line that fits (its ends trimmed, as every reader of it trims them).
  const made = { text, key: whole && text === line ? '' : known?.key || clashTextKey(content), chars };
  if (chipTexts.size >= CHIP_TEXTS_KEPT) chipTexts.clear();
  chipTexts.set(content, made);
  return made;
}

/**
 * Works out the chip texts and clash keys of `posts` ahead (kept per text), so toPostChips after it
 * only looks them up: main does this a slice at a time, between turns of its event loop, since a
 * month of new texts (a pull changes them all) hashed in one go held it for ~100 ms.
 */
export function prepareChipTexts(posts: readonly CalendarPost[], chars = CHIP_TEXT_CHARS): void {
  for (const p of posts) chipText(p.content, chars);
}

/** Whether `iso` is what `new Date(ms).toISOString()` writes for a whole second (most stored dates are). */
const isWholeSecondIso = (iso: string) => iso.length === 24 && iso.endsWith('.000Z');

interface PostBits {
  accountKey: string;
  brandKey: string | null;
  /** The publish instant, to the whole second. */
  whole: number;
  /** The date's text is not what the whole second writes back (milliseconds, an offset): sent as it is. */
  oddDate: boolean;
}

/**
 * What toPostChips works out of each post, kept per post object: main's reader hands the same
 * objects again while a brand's posts are unchanged, so a month asked again costs lookups.
 */
const bitsOf = new WeakMap<CalendarPost, PostBits>();

function postBits(p: CalendarPost): PostBits {
  const known = bitsOf.get(p);
  if (known) return known;
  const g = p.integration;
  const ms = Date.parse(p.publishDate);
  const whole = Math.floor(ms / 1000) * 1000;
  const bits: PostBits = {
    // An account's name or picture may differ between brands sharing its id: the key has them all.
    accountKey: `${g.id}\u0000${g.platform ?? ''}\u0000${g.name ?? ''}\u0000${g.picture ?? ''}\u0000${g.platform === null ? 1 : 0}${g.name === null ? 1 : 0}${g.picture === null ? 1 : 0}`,
    brandKey:
      p.profileId !== undefined && p.brandId !== undefined ? `${p.profileId}\u0000${p.brandId}` : null,
    whole,
    oddDate: ms !== whole || !isWholeSecondIso(p.publishDate),
  };
  bitsOf.set(p, bits);
  return bits;
}

/** Main's side: the range answer as the lean columns. */
export function toPostChips(answer: PostRangeResult, baseMs: number, chars = CHIP_TEXT_CHARS): PostChips {
  const accounts: PostChips['accounts'] = [];
  const accountAt = new Map<string, number>();
  const brands: PostChips['brands'] = [];
  const brandAt = new Map<string, number>();
  const states: string[] = [];
  const stateAt = new Map<string, number>();
  const base = Math.floor(baseMs / 1000) * 1000;
  let last = base;
  const out: PostChips = {
    source: answer.source,
    syncedAt: answer.syncedAt,
    base,
    accounts,
    brands,
    states,
    id: [],
    group: [],
    account: [],
    brand: [],
    state: [],
    at: [],
    text: [],
    key: [],
    blocks: [],
    groupSize: [],
    flags: [],
    extra: [],
  };
  const indexOf = <T>(map: Map<string, number>, list: T[], key: string, value: () => T) => {
    let i = map.get(key);
    if (i === undefined) {
      i = list.push(value()) - 1;
      map.set(key, i);
    }
    return i;
  };
  answer.posts.forEach((p, i) => {
    const bits = postBits(p);
    const g = p.integration;
    out.account.push(indexOf(accountAt, accounts, bits.accountKey, () => ({ ...g })));
    out.brand.push(
      bits.brandKey === null
        ? -1
        : indexOf(brandAt, brands, bits.brandKey, () => ({ profileId: p.profileId!, brandId: p.brandId! })),
    );
    out.state.push(indexOf(stateAt, states, p.state, () => p.state));
    out.id.push(p.id);
    out.group.push(p.group);
    out.at.push((bits.whole - last) / 1000);
    last = bits.whole;
    const { text, key } = chipText(p.content, chars);
    out.text.push(text);
    out.key.push(key);
    out.blocks.push(p.blockCount);
    out.groupSize.push(p.groupSize);
    out.flags.push((p.pending ? 1 : 0) | (p.localOnly ? 2 : 0) | (p.thumbnail === null ? 4 : 0));
    if (
      typeof p.thumbnail !== 'string' &&
      p.error === null &&
      p.releaseURL === null &&
      p.review === undefined &&
      !bits.oddDate
    )
      return;
    const extra: PostChips['extra'][number] = { i };
    if (typeof p.thumbnail === 'string') extra.thumbnail = p.thumbnail;
    if (p.error !== null) extra.error = p.error;
    if (p.releaseURL !== null) extra.releaseURL = p.releaseURL;
    if (p.review !== undefined) extra.review = p.review;
    if (bits.oddDate) extra.publishDate = p.publishDate;
    out.extra.push(extra);
  });
  return out;
}

/**
 * The window's side: the columns as calendar posts. A post whose text was cut has `textCut`, its
 * shown text ending in "…", and `textKey`; opening it reads it whole.
 */
export function fromPostChips(c: PostChips): {
  posts: CalendarPost[];
  source: PostChips['source'];
  syncedAt: string | null;
} {
  const n = c.id.length;
  const lengths = [c.group, c.account, c.brand, c.state, c.at, c.text, c.key, c.blocks, c.groupSize, c.flags];
  if (lengths.some((col) => col.length !== n))
    throw new Error('The calendar answer’s columns differ in length.');
  const extras = new Map(c.extra.map((e) => [e.i, e]));
  const posts: CalendarPost[] = [];
  let at = c.base;
  for (let i = 0; i < n; i++) {
    at += c.at[i]! * 1000;
    const account = c.accounts[c.account[i]!];
    const state = c.states[c.state[i]!];
    const b = c.brand[i]!;
    const brand = b === -1 ? undefined : c.brands[b];
    if (!account || state === undefined || (b !== -1 && !brand))
      throw new Error('The calendar answer names an account, brand or state it does not list.');
    const e = extras.get(i);
    const key = c.key[i]!;
    const flags = c.flags[i]!;
    const post: CalendarPost = {
      id: c.id[i]!,
      group: c.group[i]!,
      state,
      publishDate: e?.publishDate ?? new Date(at).toISOString(),
      integration: account,
      content: key === '' ? c.text[i]! : `${c.text[i]!}…`,
      blockCount: c.blocks[i]!,
      error: e?.error ?? null,
      releaseURL: e?.releaseURL ?? null,
      groupSize: c.groupSize[i]!,
      pending: (flags & 1) !== 0,
      localOnly: (flags & 2) !== 0,
    };
    if (e?.thumbnail !== undefined) post.thumbnail = e.thumbnail;
    else if ((flags & 4) !== 0) post.thumbnail = null;
    if (e?.review !== undefined) post.review = e.review;
    if (brand) {
      post.profileId = brand.profileId;
      post.brandId = brand.brandId;
    }
    if (key !== '') {
      post.textCut = true;
      post.textKey = key;
    }
    posts.push(post);
  }
  return { posts, source: c.source, syncedAt: c.syncedAt };
}
