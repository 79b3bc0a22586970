import twitterText, { type EntityWithIndices } from 'twitter-text';
import type { PlatformType } from '../platforms/types.js';
import { countXWeighted } from '../platforms/text.js';
import { xConfig } from '../platforms/x-weighted.js';

/*
 * How each network lays a post out, as pure functions of plain data: where the text folds, how a
 * link reads, whether the media frame crops the picture. The preview components (renderer/previews)
 * draw from these, so the composer, the post details and a review pack show the same thing.
 * The numbers are what each network shows today in its main feed on a phone (checked by hand in
 * 2026; networks change them now and then, so they live here, one place).
 */

/** What a network shows of a post's media: a frame ratio range (width / height) and how it fills it. */
export interface MediaFrame {
  /** Narrowest frame the network shows (a taller picture is cropped to it). */
  minRatio: number;
  /** Widest frame (a wider picture is cropped to it). */
  maxRatio: number;
  /** 'cover' crops to the frame; 'contain' letterboxes (nothing is cut). */
  fit: 'cover' | 'contain';
}

export interface PreviewLayout {
  /** Characters shown before the fold (X: its weighted count), or null when the network shows it all. */
  foldAt: number | null;
  /** X folds by twitter-text's weighted length (links 23, emoji 2), the others by graphemes. */
  foldCount?: 'x-weighted';
  /** Lines shown before the fold (a text with more line breaks folds earlier), or null. */
  foldLines: number | null;
  /** The words the network puts at the fold. */
  foldLabel: string;
  /** How the network writes a link in the text. */
  links: 'x-short' | 'short' | 'as-written' | 'plain';
  /** Whether a link in a post without media gets a card under the text. */
  linkCard: boolean;
  /** How later blocks of a thread appear: replies under the post, comments, or not at all. */
  thread: 'replies' | 'comments' | 'none';
  frame: MediaFrame;
}

/** Instagram's story: the same account, a full-screen 9:16 frame, no caption. */
export type PreviewVariant = PlatformType | 'instagram-story';

const range = (minRatio: number, maxRatio: number): MediaFrame => ({ minRatio, maxRatio, fit: 'cover' });
const fixed = (ratio: number, fit: MediaFrame['fit'] = 'cover'): MediaFrame => ({
  minRatio: ratio,
  maxRatio: ratio,
  fit,
});

const LINKEDIN: PreviewLayout = {
  foldAt: 210,
  foldLines: 3,
  foldLabel: '…see more',
  links: 'as-written',
  linkCard: true,
  thread: 'comments',
  frame: range(3 / 4, 1.91),
};

export const previewLayouts: Record<PreviewVariant, PreviewLayout> = {
  // X shows the whole post up to 280; longer (Premium) posts fold at 280 with "Show more".
  // One picture shows in a 16:9 to 3:4 frame; links read as t.co's 23 characters count them.
  x: {
    foldAt: 280,
    foldCount: 'x-weighted',
    foldLines: null,
    foldLabel: 'Show more',
    links: 'x-short',
    linkCard: true,
    thread: 'replies',
    frame: range(3 / 4, 16 / 9),
  },
  // Instagram folds the caption after about 125 characters or two lines; links are not links.
  instagram: {
    foldAt: 125,
    foldLines: 2,
    foldLabel: '… more',
    links: 'plain',
    linkCard: false,
    thread: 'comments',
    frame: range(4 / 5, 1.91),
  },
  'instagram-story': {
    foldAt: 0,
    foldLines: null,
    foldLabel: '',
    links: 'plain',
    linkCard: false,
    thread: 'none',
    frame: fixed(9 / 16),
  },
  // LinkedIn folds after about 210 characters or three lines with "…see more"; a page's post the same.
  linkedin: LINKEDIN,
  'linkedin-page': LINKEDIN,
  // Facebook folds after about 480 characters or five lines with "… See more".
  facebook: {
    foldAt: 480,
    foldLines: 5,
    foldLabel: '… See more',
    links: 'as-written',
    linkCard: true,
    thread: 'comments',
    frame: range(4 / 5, 1.91),
  },
  // Threads shows the whole post (500 at most); a thread reads as replies joined by a line.
  threads: {
    foldAt: null,
    foldLines: null,
    foldLabel: '',
    links: 'short',
    linkCard: true,
    thread: 'replies',
    frame: range(3 / 4, 1.91),
  },
  // TikTok's caption sits over the video, folded after about 80 characters or one line.
  tiktok: {
    foldAt: 80,
    foldLines: 1,
    foldLabel: '… more',
    links: 'plain',
    linkCard: false,
    thread: 'none',
    frame: fixed(9 / 16, 'contain'),
  },
  // YouTube shows the title with the video and folds the description after two lines.
  youtube: {
    foldAt: 100,
    foldLines: 2,
    foldLabel: '...more',
    links: 'as-written',
    linkCard: false,
    thread: 'none',
    frame: fixed(16 / 9, 'contain'),
  },
  // Bluesky shows the whole post (300 at most) and shortens links to about 30 characters.
  bluesky: {
    foldAt: null,
    foldLines: null,
    foldLabel: '',
    links: 'short',
    linkCard: true,
    thread: 'replies',
    frame: range(1 / 2, 2),
  },
};

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The most UTF-16 units of a text a preview draws (the rest is behind the fold). */
export const PREVIEW_MAX_SHOWN = 5000;

/** Words longer than this are drawn as plain text, unsearched for links (see textParts). */
const MAX_ENTITY_WORD = 1000;

export interface Folded {
  /** The text shown before the fold (all of it when it fits). */
  shown: string;
  /** Whether the network hides the rest behind its fold label. */
  folded: boolean;
}

/** The part of `text` a network shows before its fold: a grapheme count, or a number of lines. */
export function foldText(
  whole: string,
  layout: Pick<PreviewLayout, 'foldAt' | 'foldLines' | 'foldCount'>,
): Folded {
  // A preview draws at most PREVIEW_MAX_SHOWN units: past every network's limit, and it keeps a
  // 63,206-character paste from costing a keystroke seconds in every preview.
  const text = whole.length > PREVIEW_MAX_SHOWN ? whole.slice(0, PREVIEW_MAX_SHOWN) : whole;
  let end = text.length;
  if (layout.foldLines !== null) {
    let at = -1;
    for (let line = 0; line < layout.foldLines; line++) {
      at = text.indexOf('\n', at + 1);
      if (at === -1) break;
    }
    if (at !== -1 && text.slice(at).trim() !== '') end = at;
  }
  if (layout.foldCount === 'x-weighted' && layout.foldAt !== null) {
    end = xFoldEnd(text.slice(0, end), layout.foldAt);
  } else if (layout.foldAt !== null && end > layout.foldAt) {
    // Count graphemes only up to the fold: an emoji is one, never cut in half.
    let n = 0;
    for (const s of segmenter.segment(text.slice(0, end))) {
      if (n === layout.foldAt) {
        end = s.index;
        break;
      }
      n++;
    }
  }
  if (end >= whole.length) return { shown: whole, folded: false };
  return { shown: text.slice(0, end).trimEnd(), folded: true };
}

/** Where X folds: the longest start of the text, cut between graphemes, that weighs at most `limit`. */
function xFoldEnd(text: string, limit: number): number {
  const weight = (t: string) => {
    const w = countXWeighted(t);
    return w === 'word too long' ? Infinity : w;
  };
  if (weight(text) <= limit) return text.length;
  const starts = [...segmenter.segment(text)].map((s) => s.index);
  // Weight only grows as graphemes are added: bisect over grapheme starts.
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (weight(text.slice(0, starts[mid] ?? text.length)) <= limit) lo = mid;
    else hi = mid - 1;
  }
  return starts[lo] ?? text.length;
}

/** A piece of post text as the network draws it. */
export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'mention' | 'hashtag'; text: string }
  | { kind: 'link'; text: string; url: string; domain: string };

/** X writes the links of a post as t.co links, which twitter-text counts as this many characters. */
export const X_LINK_LENGTH = xConfig.transformedURLLength;
/** Bluesky and Threads shorten a shown link to about this many characters. */
const SHORT_LINK_LENGTH = 30;

/** The host of a link as written (with or without its scheme), without "www.". */
function linkDomain(url: string): string {
  const host = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0] ?? url;
  return host.replace(/^www\./i, '').toLowerCase();
}

/**
 * How a network writes a link in the post. X shows the address without its scheme, cut to t.co's
 * 23 characters with an ellipsis (what the link counts, whatever its length); Bluesky and Threads
 * cut at about 30; LinkedIn, Facebook and YouTube show it as written.
 */
export function displayLink(url: string, style: PreviewLayout['links']): string {
  if (style === 'as-written' || style === 'plain') return url;
  const bare = url.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  const max = style === 'x-short' ? X_LINK_LENGTH : SHORT_LINK_LENGTH;
  if ([...bare].length <= max) return bare;
  return `${[...bare].slice(0, max - 1).join('')}…`;
}

/** The text cut into plain parts, links, mentions and hashtags (found as twitter-text finds them). */
export function textParts(text: string, style: PreviewLayout['links']): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const e of entitiesOf(text)) {
    const [start, end] = e.indices;
    if (start < at) continue;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    const raw = text.slice(start, end);
    if ('url' in e) {
      if (style === 'plain') parts.push({ kind: 'text', text: raw });
      else parts.push({ kind: 'link', text: displayLink(raw, style), url: raw, domain: linkDomain(raw) });
    } else if ('hashtag' in e) parts.push({ kind: 'hashtag', text: raw });
    else if ('screenName' in e) parts.push({ kind: 'mention', text: raw });
    else parts.push({ kind: 'text', text: raw });
    at = end;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts.reduce<TextPart[]>((all, p) => {
    const last = all[all.length - 1];
    if (p.kind === 'text' && last?.kind === 'text')
      all[all.length - 1] = { kind: 'text', text: last.text + p.text };
    else all.push(p);
    return all;
  }, []);
}

/**
 * twitter-text's entities, found word by word: no link, mention or hashtag spans whitespace, and
 * whitespace ends any context one depends on, so this finds what one pass would; but
 * twitter-text's time on a long word ("a." repeated) grows with its square, so words over
 * MAX_ENTITY_WORD stay plain.
 */
function entitiesOf(text: string): EntityWithIndices[] {
  const found: EntityWithIndices[] = [];
  for (const word of text.matchAll(/\S+/g)) {
    if (word[0].length > MAX_ENTITY_WORD) continue;
    for (const e of twitterText.extractEntitiesWithIndices(word[0])) {
      const [start, end] = e.indices;
      found.push({ ...e, indices: [start + word.index, end + word.index] });
    }
  }
  return found;
}

/** The domain of the first link of a text, for a link card, or null when it has none. */
export function firstLinkDomain(text: string): string | null {
  const link = textParts(text.slice(0, PREVIEW_MAX_SHOWN), 'as-written').find((p) => p.kind === 'link');
  return link?.kind === 'link' ? link.domain : null;
}

export interface Crop {
  /** The frame's ratio (width / height) the picture is shown in. */
  frameRatio: number;
  /** Share of the picture the frame cuts off, 0 to 1 (0 with 'contain'). */
  cut: number;
  /** Which edges are cut: the sides of a wide picture, the top and bottom of a tall one. */
  edges: 'sides' | 'top and bottom' | null;
}

/** Share of a picture below which a crop is not worth a warning (a few pixels of edge). */
const CROP_WARNING_THRESHOLD = 0.03;

/** The frame a picture of this size gets, and how much of it the frame cuts. */
export function cropOf(width: number, height: number, frame: MediaFrame): Crop {
  if (!(width > 0 && height > 0)) return { frameRatio: frame.maxRatio, cut: 0, edges: null };
  const ratio = width / height;
  const frameRatio = Math.min(frame.maxRatio, Math.max(frame.minRatio, ratio));
  if (frame.fit === 'contain' || frameRatio === ratio) return { frameRatio, cut: 0, edges: null };
  const cut = 1 - Math.min(ratio, frameRatio) / Math.max(ratio, frameRatio);
  return { frameRatio, cut, edges: ratio > frameRatio ? 'sides' : 'top and bottom' };
}

/** The warning a preview shows for a crop, or null when the frame keeps (nearly) all of the picture. */
export function cropWarning(crop: Crop, network: string): string | null {
  if (crop.cut < CROP_WARNING_THRESHOLD || crop.edges === null) return null;
  return `${network} cuts ${Math.round(crop.cut * 100)}% of this picture (${crop.edges}).`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a post went out, written the short way the networks write it under the name: "5m", "3h",
 * "2d", then the date ("Nov 20", with the year when it is another year's). Null for a post that has
 * not gone out yet (or went out under a minute ago): each network then writes its own "now".
 */
export function postedStamp(publishedAt: string | null | undefined, now: number): string | null {
  if (!publishedAt) return null;
  const at = Date.parse(publishedAt);
  if (!Number.isFinite(at)) return null;
  const ago = now - at;
  if (ago < MINUTE) return null;
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}m`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}h`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)}d`;
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(undefined, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(at);
}
