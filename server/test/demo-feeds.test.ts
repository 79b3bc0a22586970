import { parseFeed } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FEEDS } from '../../shared/feeds/demo.js';
import type { RunningService } from '../index.js';
import { startTestService } from './helpers.js';

/*
 * The sandbox's demo feeds, as any feed reader meets them: a real RSS 2.0 and JSON Feed document,
 * items dated by the service's clock (the newest within the last day), an ETag, and 304 to a
 * reader that already has this version. No key is needed.
 */

let s: RunningService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(async () => {
  await s.close();
});

describe('the demo feeds', () => {
  it.each(DEMO_FEEDS.map((f) => f.path))(
    '%s is a feed of recent items, answered 304 when unchanged',
    async (path) => {
      const answer = await fetch(`${s.origin}${path}`);
      expect(answer.status).toBe(200);
      const etag = answer.headers.get('etag');
      expect(etag).toMatch(/^".+"$/);
      const { format, feed } = parseFeed(await answer.text()) as {
        format: string;
        feed: {
          items?: { pubDate?: string; date_published?: string; guid?: { value: string }; id?: string }[];
        };
      };
      expect(format).toBe(path.endsWith('.xml') ? 'rss' : 'json');
      const dates = (feed.items ?? []).map((i) => Date.parse(i.pubDate ?? i.date_published ?? ''));
      expect(dates.length).toBeGreaterThanOrEqual(4);
      const newest = Math.max(...dates);
      expect(newest).toBeLessThanOrEqual(Date.now());
      expect(Date.now() - newest).toBeLessThan(86_400_000);
      const again = await fetch(`${s.origin}${path}`, { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    },
  );
});
