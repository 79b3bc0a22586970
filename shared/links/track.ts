import twitterText from 'twitter-text';
import type { PlatformType } from '../platforms/types.js';
import type { LinkParam, LinkRules } from './model.js';

/*
 * Rewrites a post's text as it will be sent: every http(s) link gets the brand's tracking
 * parameters it does not already carry. Links are found by twitter-text's extractor (what X
 * itself calls a link), never a hand-written pattern; parameters are read and encoded by the
 * WHATWG URL API. Only the added parameters are new: the rest of the text, the link's own query
 * (as typed, never re-encoded) and its fragment stay character for character, so applying it
 * twice gives what applying it once gave.
 */

/**
 * The WHATWG URL API of the runtime that calls (main or the page): shared/ runs where no host
 * global is promised, so the caller lends its own (`{ URL, URLSearchParams }`).
 */
export interface UrlApi {
  URL: new (link: string) => {
    protocol: string;
    searchParams: { has(key: string): boolean; get(key: string): string | null; keys(): Iterable<string> };
  };
  URLSearchParams: new (init: [string, string][]) => { toString(): string };
}

/** What a post is sent with that decides its parameters. */
export interface TrackContext {
  platform: PlatformType;
  /** The post's labels in the brand's order; a campaign is a label with days. */
  labels: readonly { name: string; campaign: boolean }[];
  /** The brand's name, for {brand}. */
  brand?: string;
  /** Links the user marked "Don't track this link", as typed. */
  untracked?: readonly string[];
}

/** The word an analytics tool groups by: lower case, spaces as dashes. */
export function slug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/gu, '-');
}

/** utm_source's usual words: a LinkedIn page is still LinkedIn to the client's analytics. */
const NETWORK_WORD: Record<PlatformType, string> = {
  x: 'x',
  instagram: 'instagram',
  linkedin: 'linkedin',
  'linkedin-page': 'linkedin',
  facebook: 'facebook',
  threads: 'threads',
  tiktok: 'tiktok',
  youtube: 'youtube',
  bluesky: 'bluesky',
};

/** The campaign a post's links carry: its first campaign label, or null. */
export function campaignOf(labels: TrackContext['labels']): string | null {
  return labels.find((l) => l.campaign)?.name ?? null;
}

/**
 * The parameters a post's links get, in order: the brand's own, replaced or added to by each
 * label's or campaign's override the post carries, then by its network's. A value whose
 * placeholders come out empty (no campaign) is left off.
 */
export function paramsFor(rules: LinkRules, ctx: TrackContext): [string, string][] {
  if (!rules.enabled) return [];
  const merged = new Map<string, string>();
  // An override keeps the parameter where the brand's rules put it (a Map keeps its first place).
  const apply = (params: readonly LinkParam[]) => {
    for (const p of params) merged.set(p.key, p.value);
  };
  apply(rules.params);
  const names = new Set(ctx.labels.map((l) => l.name.toLowerCase()));
  for (const o of rules.byLabel) if (names.has(o.label.trim().toLowerCase())) apply(o.params);
  for (const o of rules.byPlatform) if (o.platform === ctx.platform) apply(o.params);
  const campaign = campaignOf(ctx.labels);
  const label = ctx.labels.find((l) => !l.campaign)?.name ?? null;
  const fill: Record<string, string> = {
    '{network}': NETWORK_WORD[ctx.platform],
    '{campaign}': campaign ? slug(campaign) : '',
    '{label}': label ? slug(label) : '',
    '{brand}': ctx.brand ? slug(ctx.brand) : '',
  };
  const out: [string, string][] = [];
  for (const [key, raw] of merged) {
    const value = raw.replace(/\{(network|campaign|label|brand)\}/gu, (m) => fill[m] ?? '').trim();
    if (value !== '') out.push([key, value]);
  }
  return out;
}

/**
 * The link with the parameters it lacks added before its fragment, or the link unchanged (not
 * http/https, not a link the URL API can read, or carrying them all already).
 */
export function trackUrl(link: string, params: readonly [string, string][], api: UrlApi): string {
  if (params.length === 0) return link;
  let url: InstanceType<UrlApi['URL']>;
  try {
    url = new api.URL(link);
  } catch {
    return link;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return link;
  const missing = params.filter(([key]) => !url.searchParams.has(key));
  if (missing.length === 0) return link;
  const added = new api.URLSearchParams(missing).toString();
  const hash = link.indexOf('#');
  const head = hash === -1 ? link : link.slice(0, hash);
  const tail = hash === -1 ? '' : link.slice(hash);
  const joiner = !head.includes('?') ? '?' : head.endsWith('?') || head.endsWith('&') ? '' : '&';
  return `${head}${joiner}${added}${tail}`;
}

/** One link found in a text: where it is and how it was typed. */
export interface FoundLink {
  url: string;
  start: number;
  end: number;
}

/**
 * The http(s) links of a text. Only words holding "://" are given to the extractor: a link that
 * can be tracked always has one, and twitter-text is slow on long runs of dots elsewhere.
 */
export function findLinks(text: string): FoundLink[] {
  const found: FoundLink[] = [];
  const word = /\S+/gu;
  for (let m = word.exec(text); m !== null; m = word.exec(text)) {
    if (!m[0].includes('://')) continue;
    for (const e of twitterText.extractUrlsWithIndices(m[0])) {
      if (!/^https?:\/\//iu.test(e.url)) continue;
      found.push({ url: e.url, start: m.index + e.indices[0], end: m.index + e.indices[1] });
    }
  }
  return found;
}

/** The text as it will be sent to `ctx.platform`: each link tracked unless marked "Don't track". */
export function trackText(text: string, rules: LinkRules, ctx: TrackContext, api: UrlApi): string {
  const params = paramsFor(rules, ctx);
  if (params.length === 0) return text;
  const keep = new Set(ctx.untracked ?? []);
  let out = '';
  let at = 0;
  for (const link of findLinks(text)) {
    if (keep.has(link.url)) continue;
    out += text.slice(at, link.start) + trackUrl(link.url, params, api);
    at = link.end;
  }
  return out + text.slice(at);
}

/**
 * The links of these texts that went out without any tracking parameter, once each, in order. An
 * edit of a sent post marks them "Don't track", so editing never changes a link the user did not
 * touch (a link the rules tracked carries its parameters and keeps them).
 */
export function linksSentUntracked(texts: readonly string[], api: UrlApi): string[] {
  const found = new Set<string>();
  for (const text of texts)
    for (const link of findLinks(text)) {
      try {
        const keys = [...new api.URL(link.url).searchParams.keys()];
        if (!keys.some((k) => k.toLowerCase().startsWith('utm_'))) found.add(link.url);
      } catch {
        // A link the URL API cannot read is never tracked anyway.
      }
    }
  return [...found];
}

/**
 * The campaigns (utm_campaign values) the links of these texts carry, once each, in order.
 */
export function campaignsInLinks(texts: readonly string[], api: UrlApi): string[] {
  const found = new Set<string>();
  for (const text of texts)
    for (const link of findLinks(text)) {
      try {
        const campaign = new api.URL(link.url).searchParams.get('utm_campaign');
        if (campaign) found.add(campaign);
      } catch {
        // A link the URL API cannot read carries no campaign.
      }
    }
  return [...found];
}
