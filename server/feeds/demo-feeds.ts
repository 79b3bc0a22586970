import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generateJsonFeed, generateRssFeed } from 'feedsmith';
import { DEMO_FEEDS } from '../../shared/feeds/demo.js';

/*
 * Two demo feeds at the service's own address: a coffee roaster's blog (RSS 2.0) and its news
 * (JSON Feed). Their items are dated by the service's clock (one a day, the newest at the last
 * 07:00 or 09:30 UTC), so there is always something new; an item keeps its id and link for good.
 * Each answers an ETag, and 304 to a client that already has that version.
 */

const DAY = 86_400_000;

const BLOG = [
  [
    'How we pick a single-origin bean',
    'Three cuppings, one farm visit and a lot of notes: how a coffee earns its place on our shelf.',
  ],
  [
    'Cold brew at home, the slow way',
    'Coarse grounds, cold water, twelve hours and patience. Our recipe, step by step.',
  ],
  [
    'Meet our new roaster, Ines',
    'Ines joins us from Lisbon with ten years of roasting and a soft spot for washed Ethiopians.',
  ],
  [
    'Why fresh beans taste better',
    'Roasted coffee changes every day. Here is what happens in the bag, and when to brew it.',
  ],
  [
    'Latte art for beginners',
    'Steam, pour, wiggle: the three moves behind a heart, with the mistakes we all make first.',
  ],
  [
    'A week at the farm in Huila',
    'Our trip to Colombia: the pickers, the drying beds, and the cup we could not stop drinking.',
  ],
  [
    'Decaf that tastes like coffee',
    'Swiss Water decaf explained, and the one we finally think is good enough to sell.',
  ],
] as const;

const NEWS = [
  [
    'Winter blend is back',
    'Dark chocolate, orange peel, a little spice: our Winter blend returns to all three shops.',
  ],
  [
    'New shop opens on the harbour front',
    'Our third shop opens its doors with a free cup for the first hundred visitors.',
  ],
  ['Oat milk at no extra cost', 'From this week, every drink can come with oat milk at the same price.'],
  [
    'Saturday cupping sessions',
    'Taste five coffees side by side with our roasters, every Saturday at 10:00.',
  ],
  ['Gift cards now online', 'Send a gift card by email in a minute, for any amount.'],
] as const;

/** The instants of the feed's newest items: one a day at `hourUtc`, the newest not after now. */
function days(now: number, hourUtc: number, count: number): number[] {
  const today = Math.floor(now / DAY) * DAY + hourUtc * 3_600_000;
  const newest = today <= now ? today : today - DAY;
  return Array.from({ length: count }, (_, k) => newest - k * DAY);
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function blog(now: number): string {
  return generateRssFeed({
    title: 'Harbor Coffee blog',
    link: 'https://harbor-coffee.example/blog',
    description: 'Brewing, sourcing and the people behind our coffee.',
    items: days(now, 7, 5).map((at) => {
      const day = Math.floor(at / DAY);
      const [title, text] = BLOG[day % BLOG.length] ?? BLOG[0];
      const date = new Date(at).toISOString().slice(0, 10);
      return {
        title,
        link: `https://harbor-coffee.example/blog/${date}-${slug(title)}`,
        guid: { value: `harbor-blog-${date}`, isPermaLink: false },
        pubDate: new Date(at),
        description: `<p>${text}</p><p><a href="https://harbor-coffee.example/blog">More on our blog</a></p>`,
      };
    }),
  });
}

function news(now: number): string {
  const feed = generateJsonFeed({
    title: 'Harbor Coffee news',
    home_page_url: 'https://harbor-coffee.example/news',
    items: days(now, 9.5, 4).map((at) => {
      const day = Math.floor(at / DAY);
      const [title, text] = NEWS[day % NEWS.length] ?? NEWS[0];
      const date = new Date(at).toISOString().slice(0, 10);
      return {
        id: `harbor-news-${date}`,
        url: `https://harbor-coffee.example/news/${date}-${slug(title)}`,
        title,
        content_text: text,
        date_published: new Date(at),
      };
    }),
  });
  return JSON.stringify(feed, null, 2);
}

/** Registers the demo feeds on the service's own address (outside the API, with no key). */
export function demoFeedRoutes(app: FastifyInstance, now: () => number = () => Date.now()): void {
  const [blogFeed, newsFeed] = DEMO_FEEDS;
  const serve = (path: string, type: string, body: (now: number) => string) =>
    app.get(path, async (request, reply) => {
      const at = now();
      const text = body(at);
      const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(type).send(text);
    });
  serve(blogFeed.path, 'application/rss+xml; charset=utf-8', blog);
  serve(newsFeed.path, 'application/feed+json; charset=utf-8', news);
}
