import { parseFeed } from 'feedsmith';
import { z } from 'zod';
import { FeedProblem } from './feed-fetch.js';
import { htmlToText } from './html-text.js';

/*
 * A feed's text read by feedsmith (RSS, Atom, RDF, JSON Feed), then checked and made one shape:
 * the entries Postdeck keeps. Its answer is read through zod, like every other input from outside.
 */

export interface FeedEntry {
  guid: string | null;
  link: string | null;
  title: string;
  summary: string;
  publishedAt: string | null;
  imageUrl: string | null;
}

export interface ReadFeed {
  title: string;
  entries: FeedEntry[];
}

/** How many entries of one read are kept (a feed of thousands is read for its newest). */
const MAX_ENTRIES = 200;

const Text = z.union([z.string(), z.number()]).transform(String);
/** Atom's text constructs come as `{ value }`, RSS's as strings. */
const TextLike = z
  .union([Text, z.object({ value: Text.optional() }).transform((t) => t.value ?? '')])
  .optional()
  .catch(undefined);
const Url = z.object({
  url: z.string().optional(),
  href: z.string().optional(),
  medium: z.string().optional(),
  type: z.string().optional(),
  mime_type: z.string().optional(),
  rel: z.string().optional(),
});
const Media = z
  .object({
    contents: z.array(Url).optional().catch(undefined),
    thumbnails: z.array(Url).optional().catch(undefined),
  })
  .optional()
  .catch(undefined);

const RssItem = z.object({
  title: TextLike,
  link: TextLike,
  guid: z
    .union([Text, z.object({ value: Text.optional() })])
    .optional()
    .catch(undefined),
  pubDate: TextLike,
  description: TextLike,
  content: z.object({ encoded: Text.optional() }).optional().catch(undefined),
  enclosures: z.array(Url).optional().catch(undefined),
  media: Media,
  dc: z
    .object({ date: Text.optional(), dates: z.array(Text).optional() })
    .optional()
    .catch(undefined),
});
const AtomEntry = z.object({
  id: TextLike,
  title: TextLike,
  links: z.array(Url).optional().catch(undefined),
  updated: TextLike,
  published: TextLike,
  summary: TextLike,
  content: TextLike,
  media: Media,
});
const JsonItem = z.object({
  id: TextLike,
  url: TextLike,
  title: TextLike,
  summary: TextLike,
  content_text: TextLike,
  content_html: TextLike,
  image: TextLike,
  banner_image: TextLike,
  date_published: TextLike,
  date_modified: TextLike,
  attachments: z.array(Url).optional().catch(undefined),
});
const Parsed = z.discriminatedUnion('format', [
  z.object({
    format: z.literal('rss'),
    feed: z.object({ title: TextLike, items: z.array(z.unknown()).optional() }),
  }),
  z.object({
    format: z.literal('rdf'),
    feed: z.object({ title: TextLike, items: z.array(z.unknown()).optional() }),
  }),
  z.object({
    format: z.literal('atom'),
    feed: z.object({ title: TextLike, entries: z.array(z.unknown()).optional() }),
  }),
  z.object({
    format: z.literal('json'),
    feed: z.object({ title: TextLike, items: z.array(z.unknown()).optional() }),
  }),
]);

const NOT_A_FEED =
  "The address answers a web page, not a feed (RSS, Atom or JSON Feed): look for the feed's own address, often ending in /feed, /rss or .xml.";
const MALFORMED = (why: string) =>
  `The feed is broken (${why}), so it cannot be read: try again later, or tell the feed's owner.`;
const ENTITIES =
  'The feed declares its own XML entities, which Postdeck refuses as unsafe (they can blow a small file up to gigabytes): tell the feed’s owner, or use another feed.';

/** An absolute http(s) address, resolved against the feed's; anything else is dropped. */
function webAddress(raw: string | undefined, base: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function isoDate(...candidates: (string | undefined)[]): string | null {
  for (const c of candidates) {
    if (!c) continue;
    const ms = Date.parse(c);
    if (Number.isFinite(ms)) return new Date(ms).toISOString();
  }
  return null;
}

const isImage = (u: z.infer<typeof Url>) =>
  u.medium === 'image' || (u.type ?? u.mime_type ?? '').startsWith('image/');

function entry(
  base: string,
  parts: {
    guid?: string;
    link?: string;
    title?: string;
    html?: string;
    text?: string;
    date: string | null;
    images: (string | undefined)[];
  },
): FeedEntry | null {
  const body =
    parts.html !== undefined ? htmlToText(parts.html) : { text: parts.text ?? '', firstImage: null };
  const title = htmlToText(parts.title ?? '', 300).text;
  const link = webAddress(parts.link, base);
  const guid = parts.guid?.trim() ? parts.guid.trim().slice(0, 1000) : null;
  if (!title && !link && !body.text) return null;
  const image =
    [...parts.images, body.firstImage ?? undefined].map((u) => webAddress(u, base)).find((u) => u !== null) ??
    null;
  return {
    guid,
    link,
    title: title || body.text.split('\n')[0]?.slice(0, 120) || (link ?? 'Untitled'),
    summary: body.text.length > 1000 ? `${body.text.slice(0, 999)}…` : body.text,
    publishedAt: parts.date,
    imageUrl: image,
  };
}

/**
 * What comes before the root element: the only place a document can declare entities (in its
 * DOCTYPE). An article quoting `<!ENTITY` inside the feed is not a declaration.
 */
function prolog(text: string): string {
  const root = text.search(/<[A-Za-z]/);
  return root === -1 ? text : text.slice(0, root);
}

/** Reads a feed's text; throws a FeedProblem with the sentence for that feed when it cannot. */
export function readFeedText(text: string, base: string): ReadFeed {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  // feedsmith leaves a DTD's own entities unexpanded, but a feed that declares any is hostile or
  // broken either way: refused before it is parsed.
  if (/<!ENTITY/i.test(prolog(trimmed))) throw new FeedProblem(ENTITIES);
  if (trimmed.startsWith('{')) {
    try {
      JSON.parse(trimmed);
    } catch (error) {
      throw new FeedProblem(MALFORMED(`not valid JSON: ${(error as Error).message}`));
    }
  }
  let raw: unknown;
  try {
    raw = parseFeed(trimmed);
  } catch (error) {
    const message = (error as Error).message;
    if (/^<(!doctype\s+html|html)\b/i.test(trimmed) || /^Unrecognized/i.test(message))
      throw new FeedProblem(NOT_A_FEED);
    throw new FeedProblem(MALFORMED(message.replace(/\.$/, '').toLowerCase()));
  }
  const parsed = Parsed.safeParse(raw);
  if (!parsed.success) throw new FeedProblem(MALFORMED('its parts are not where a feed keeps them'));
  const { format, feed } = parsed.data;
  const entries: (FeedEntry | null)[] = [];
  if (format === 'rss' || format === 'rdf') {
    for (const rawItem of (feed.items ?? []).slice(0, MAX_ENTRIES)) {
      const item = RssItem.safeParse(rawItem);
      if (!item.success) continue;
      const i = item.data;
      const guid = typeof i.guid === 'string' ? i.guid : i.guid?.value;
      entries.push(
        entry(base, {
          guid,
          link: i.link,
          title: i.title,
          html: i.content?.encoded ?? i.description,
          date: isoDate(i.pubDate, i.dc?.date, i.dc?.dates?.[0]),
          images: [
            ...(i.media?.contents ?? []).filter(isImage).map((u) => u.url),
            ...(i.media?.thumbnails ?? []).map((u) => u.url),
            ...(i.enclosures ?? []).filter(isImage).map((u) => u.url),
          ],
        }),
      );
    }
  } else if (format === 'atom') {
    for (const rawEntry of (feed.entries ?? []).slice(0, MAX_ENTRIES)) {
      const item = AtomEntry.safeParse(rawEntry);
      if (!item.success) continue;
      const e = item.data;
      const links = e.links ?? [];
      const link = links.find((l) => !l.rel || l.rel === 'alternate')?.href ?? links[0]?.href;
      entries.push(
        entry(base, {
          guid: e.id,
          link,
          title: e.title,
          html: e.summary ?? e.content,
          date: isoDate(e.published, e.updated),
          images: [
            ...(e.media?.contents ?? []).filter(isImage).map((u) => u.url),
            ...(e.media?.thumbnails ?? []).map((u) => u.url),
            ...links.filter((l) => l.rel === 'enclosure' && isImage(l)).map((l) => l.href),
          ],
        }),
      );
    }
  } else {
    for (const rawItem of (feed.items ?? []).slice(0, MAX_ENTRIES)) {
      const item = JsonItem.safeParse(rawItem);
      if (!item.success) continue;
      const j = item.data;
      entries.push(
        entry(base, {
          guid: j.id,
          link: j.url,
          title: j.title,
          ...(j.summary
            ? { text: j.summary }
            : j.content_html
              ? { html: j.content_html }
              : { text: j.content_text ?? '' }),
          date: isoDate(j.date_published, j.date_modified),
          images: [j.image, j.banner_image, ...(j.attachments ?? []).filter(isImage).map((a) => a.url)],
        }),
      );
    }
  }
  const title = htmlToText(feed.title ?? '', 200).text || new URL(base).host;
  return { title, entries: entries.filter((e): e is FeedEntry => e !== null) };
}

/**
 * The link an item is known by across rewrites: https, the host in lower case, no fragment, no
 * tracking parameters, the rest sorted, no trailing slash.
 */
export function linkKey(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    url.protocol = 'https:';
    url.hash = '';
    const kept = [...url.searchParams.entries()]
      .filter(([k]) => !/^(utm_|fbclid$|gclid$|mc_)/i.test(k))
      .sort(([a], [b]) => a.localeCompare(b));
    url.search = new URLSearchParams(kept).toString();
    const text = url.href.replace(/\/(?=$|\?)/, '');
    return text.replace(/^https:\/\/www\./, 'https://');
  } catch {
    return null;
  }
}

/** The last resort: an item's title and day, for a feed that changes both its ids and its links. */
export function titleDateKey(title: string, publishedAt: string | null): string | null {
  const words = title.toLowerCase().replace(/\s+/g, ' ').trim();
  return words && publishedAt ? `${words}|${publishedAt.slice(0, 10)}` : null;
}
