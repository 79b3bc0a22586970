import type { LookupAddress } from 'node:dns';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, createServer, type ClientRequestArgs, type Server } from 'node:http';
import { connect, type AddressInfo, type LookupFunction, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActiveBrand } from '../../core/active-brand.js';
import { DraftsRepo } from '../../drafts/drafts-repo.js';
import { fetchFeed, FeedProblem } from '../../feeds/feed-fetch.js';
import { FeedsRepo } from '../../feeds/feeds-repo.js';
import { FeedsService } from '../../feeds/feeds-service.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import { saveTestProfile } from '../support/database.js';

/*
 * Main's feed reads against a real local HTTP server standing in for the internet: a public name
 * resolves to a public address (so the address guard passes it) and the test agent connects to the
 * local server instead. Each bad feed is refused with its sentence, and the good one beside it is
 * still read.
 */

const MB = 1024 * 1024;
const TIME_CAP_MS = 600;

const rss = (items: { guid: string; title: string; link: string; date: string }[]) =>
  `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Good &amp; steady</title><link>https://feeds.example/</link><description>d</description>${items
    .map(
      (i) =>
        `<item><title>${i.title}</title><link>${i.link}</link><guid isPermaLink="false">${i.guid}</guid><pubDate>${new Date(i.date).toUTCString()}</pubDate><description><![CDATA[<p>Hello <b>world</b> &amp; more<script>alert(1)</script></p><img src="https://cdn.example/first.jpg">]]></description></item>`,
    )
    .join('')}</channel></rss>`;

const LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE rss [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<rss version="2.0"><channel><title>&lol3;</title><item><title>&lol3;</title></item></channel></rss>`;

let goodItems = [
  { guid: 'a-1', title: 'First post', link: 'https://blog.example/first', date: '2026-11-27T08:00:00Z' },
];
let goodRequests = 0;
let server: Server;
let port = 0;

const DNS: Record<string, LookupAddress[]> = { 'feeds.example': [{ address: '93.184.216.34', family: 4 }] };
const resolve = async (hostname: string): Promise<LookupAddress[]> => {
  const found = DNS[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

/** Every connection resolves through the guarded lookup first, then reaches the local server. */
class LocalInternet extends Agent {
  override createConnection(
    options: ClientRequestArgs,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): undefined {
    const lookup = options.lookup as LookupFunction;
    lookup(options.hostname ?? options.host ?? '', { all: true }, (err) => {
      if (err) return callback?.(err, undefined as unknown as Socket);
      callback?.(null, connect(port, '127.0.0.1'));
    });
    return undefined;
  }
}
const network = { resolve, agent: new LocalInternet() };
const limits = { timeoutMs: TIME_CAP_MS };

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/good.xml') {
      goodRequests++;
      const body = rss(goodItems);
      const etag = `"v${goodItems.length}-${goodItems.map((i) => i.guid).join('.')}"`;
      if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
      return res.writeHead(200, { 'content-type': 'application/rss+xml', etag }).end(body);
    }
    if (path === '/huge.xml') {
      // 10 MB with no length announced: the reader must stop on its own past 5 MB.
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(MB, 'a');
      let sent = 0;
      const more = () => {
        while (sent < 10) {
          sent++;
          if (!res.write(chunk)) return res.once('drain', more);
        }
        res.end();
      };
      res.on('error', () => undefined);
      return more();
    }
    if (path === '/latin1.xml')
      return res.writeHead(200, { 'content-type': 'application/rss+xml; charset=iso-8859-1' }).end(
        Buffer.from(
          rss([
            {
              guid: 'l',
              title: 'Café crème',
              link: 'https://blog.example/cafe',
              date: '2026-11-27T08:00:00Z',
            },
          ]),
          'latin1',
        ),
      );
    if (path === '/laughs.xml') return res.writeHead(200, { 'content-type': 'application/xml' }).end(LAUGHS);
    if (path === '/to-loopback')
      return res.writeHead(302, { location: `http://127.0.0.1:${port}/good.xml` }).end();
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (path === '/slow.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<?xml version="1.0"?><rss version="2.0"><channel>');
      const t = setTimeout(() => res.end('</channel></rss>'), TIME_CAP_MS * 5);
      res.on('close', () => clearTimeout(t));
      return;
    }
    if (path === '/broken.xml')
      return res
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end('<?xml version="1.0"?><rss version="2.0"><channel><title>x</title><item><title>half');
    if (path === '/broken.json')
      return res
        .writeHead(200, { 'content-type': 'application/feed+json' })
        .end('{"version": "https://jsonfeed.org/version/1.1", "items": [');
    if (path === '/page.html')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html><head><title>Blog</title></head><body><p>Hi</p></body></html>');
    res.writeHead(404).end('not here');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function problemOf(url: string): Promise<string> {
  try {
    await fetchFeed(url, { ...network, limits });
  } catch (error) {
    if (error instanceof FeedProblem) return error.message;
    throw error;
  }
  throw new Error(`${url} was read`);
}

describe('fetchFeed', () => {
  it('reads a public feed and answers 304 as unchanged when its ETag is sent back', async () => {
    const first = await fetchFeed('http://feeds.example/good.xml', { ...network, limits });
    expect(first.kind).toBe('body');
    if (first.kind !== 'body') return;
    expect(first.etag).toMatch(/^"v1/);
    const again = await fetchFeed('http://feeds.example/good.xml', { ...network, limits, etag: first.etag });
    expect(again).toEqual({ kind: 'unchanged' });
  });

  it('reads a feed in the encoding it declares', async () => {
    const read = await fetchFeed('http://feeds.example/latin1.xml', { ...network, limits });
    expect(read.kind === 'body' && read.text.includes('<title>Café crème</title>')).toBe(true);
  });

  it('refuses a 404 with a sentence', async () => {
    expect(await problemOf('http://feeds.example/missing.xml')).toBe(
      "The feed's address answered 404 Not found: check the address.",
    );
  });

  it('stops reading a 10 MB body past 5 MB', async () => {
    const started = Date.now();
    expect(await problemOf('http://feeds.example/huge.xml')).toBe(
      'The feed is larger than 5 MB, more than Postdeck reads: ask its owner for a shorter feed.',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a redirect to 127.0.0.1, and a loopback address given directly', async () => {
    expect(await problemOf('http://feeds.example/to-loopback')).toMatch(
      /^The feed's address leads to 127\.0\.0\.1, a private, loopback or link-local address/,
    );
    expect(await problemOf(`http://127.0.0.1:${port}/good.xml`)).toMatch(/leads to 127\.0\.0\.1/);
    expect(await problemOf('http://[::ffff:127.0.0.1]/good.xml')).toMatch(/private, loopback or link-local/);
  });

  it('reads the sandbox’s own address only when it is the allowed origin', async () => {
    const read = await fetchFeed(`http://127.0.0.1:${port}/good.xml`, {
      limits,
      allowOrigin: `http://127.0.0.1:${port}`,
    });
    expect(read.kind).toBe('body');
  });

  it('bounds redirects and refuses other schemes', async () => {
    expect(await problemOf('http://feeds.example/loop')).toBe(
      "The feed's address redirected more than 5 times: give the feed's final address.",
    );
    expect(await problemOf('ftp://feeds.example/a.xml')).toMatch(/over http and https only/);
  });

  it('gives up on a slow feed at the time cap', async () => {
    const started = Date.now();
    expect(await problemOf('http://feeds.example/slow.xml')).toBe(
      'The feed did not answer in full within 1 second: try again later.',
    );
    expect(Date.now() - started).toBeLessThan(TIME_CAP_MS * 3);
  });
});

describe('FeedsService: one bad feed costs the others nothing', () => {
  let dir: string;
  let db: AppDatabase;
  let service: FeedsService;
  let feeds: FeedsRepo;
  let drafts: DraftsRepo;
  let queued: string[] = [];
  let uploads: string[] = [];
  let uploadRefusal: string | null = null;
  let queueRefusal: string | null = null;
  const brand: ActiveBrand = { profileId: 'p1', brandId: 'b1' };
  const at = new Date('2026-11-28T10:00:00Z');

  const open = () => {
    db = openDatabase(join(dir, 'postdeck.db'));
    feeds = new FeedsRepo(db);
    drafts = new DraftsRepo(db);
    service = new FeedsService({
      feeds,
      drafts,
      now: () => at,
      accounts: () => [
        {
          id: 'x-1',
          platform: 'x',
          name: 'Harbor on X',
          picture: null,
          disconnected: false,
          source: 'learned',
        },
      ],
      sandboxOrigin: () => null,
      queueDraft: async (_, draftId) => {
        if (queueRefusal) throw new Error(queueRefusal);
        queued.push(draftId);
      },
      uploadFromUrl: async (_, url) => {
        if (uploadRefusal) throw new Error(uploadRefusal);
        uploads.push(url);
        return {
          localPath: null,
          mediaId: 'm-1',
          path: 'https://cdn.example/m-1.jpg',
          thumbnail: null,
          name: 'first.jpg',
          kind: 'image',
        };
      },
      fetchOptions: { ...network, limits },
    });
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'postdeck-feeds-'));
    goodItems = [
      { guid: 'a-1', title: 'First post', link: 'https://blog.example/first', date: '2026-11-27T08:00:00Z' },
    ];
    queued = [];
    queueRefusal = null;
    uploads = [];
    uploadRefusal = null;
    open();
    saveTestProfile(new ProfilesRepo(db, () => at), 'p1');
    return async () => {
      db.close();
      await rm(dir, { recursive: true, force: true });
    };
  });

  it('adds a good feed with its title and refuses each bad one with its sentence', async () => {
    const added = await service.add(brand, 'http://feeds.example/good.xml');
    expect(added.feed.title).toBe('Good & steady');
    expect(added.added).toBe(1);
    const [item] = service.waiting(brand);
    expect(item).toMatchObject({
      title: 'First post',
      link: 'https://blog.example/first',
      summary: 'Hello world & more',
      imageUrl: 'https://cdn.example/first.jpg',
      publishedAt: '2026-11-27T08:00:00.000Z',
    });
    const refusals: Record<string, RegExp> = {
      'http://feeds.example/missing.xml': /answered 404 Not found: check the address/,
      'http://feeds.example/huge.xml': /larger than 5 MB/,
      'http://feeds.example/laughs.xml': /declares its own XML entities, which Postdeck refuses as unsafe/,
      'http://feeds.example/to-loopback': /leads to 127\.0\.0\.1/,
      'http://feeds.example/broken.xml': /^The feed is broken \(/,
      'http://feeds.example/broken.json': /^The feed is broken \(not valid JSON/,
      'http://feeds.example/page.html': /answers a web page, not a feed/,
    };
    for (const [url, sentence] of Object.entries(refusals))
      await expect(service.add(brand, url), url).rejects.toThrow(sentence);
    expect(service.list(brand)).toHaveLength(1);
  });

  it('reads every feed on the timer: each bad one gets its line, the good one its new item', async () => {
    const bad = {
      'http://feeds.example/missing.xml': "The feed's address answered 404 Not found: check the address.",
      'http://feeds.example/huge.xml':
        'The feed is larger than 5 MB, more than Postdeck reads: ask its owner for a shorter feed.',
      'http://feeds.example/laughs.xml':
        'The feed declares its own XML entities, which Postdeck refuses as unsafe (they can blow a small file up to gigabytes): tell the feed’s owner, or use another feed.',
      'http://feeds.example/to-loopback':
        "The feed's address leads to 127.0.0.1, a private, loopback or link-local address Postdeck does not read feeds from: give the feed's public address.",
      'http://feeds.example/slow.xml': 'The feed did not answer in full within 1 second: try again later.',
      'http://feeds.example/broken.xml': expect.stringMatching(
        /^The feed is broken \(.+\), so it cannot be read: try again later, or tell the feed's owner\.$/,
      ),
    };
    // Bad feeds first, so the good one is read after all of them.
    for (const url of Object.keys(bad)) feeds.add(brand, url, at.toISOString());
    await service.add(brand, 'http://feeds.example/good.xml');
    goodItems = [
      {
        guid: 'a-2',
        title: 'Second post',
        link: 'https://blog.example/second',
        date: '2026-11-28T08:00:00Z',
      },
      ...goodItems,
    ];
    await service.checkAll();
    const lines = Object.fromEntries(service.list(brand).map((f) => [f.url, f.problem]));
    expect(lines).toEqual({ ...bad, 'http://feeds.example/good.xml': null });
    expect(service.waiting(brand).map((i) => i.title)).toEqual(['Second post', 'First post']);
  });

  it('drafts an item once: not again on a second read, an unchanged read (304), a restart, or a feed that rewrites its ids', async () => {
    const { feed } = await service.add(brand, 'http://feeds.example/good.xml');
    const [item] = service.waiting(brand);
    const { draftId } = await service.draft(brand, item!.id, false);
    const draft = drafts.get('p1', draftId);
    expect(draft?.blocks[0]?.content).toBe('First post\n\nhttps://blog.example/first');
    await expect(service.draft(brand, item!.id, false)).rejects.toThrow(/no longer waiting/);

    const before = goodRequests;
    expect((await service.check(brand, feed.id)).added).toBe(0);
    expect(goodRequests).toBe(before + 1);

    // A restart: the same file opened again.
    db.close();
    open();
    expect((await service.check(brand, feed.id)).added).toBe(0);
    // The feed rewrites the item's id, then its link (tracking tags, www), then both.
    goodItems = [
      {
        guid: 'rewritten-1',
        title: 'First post',
        link: 'https://blog.example/first',
        date: '2026-11-27T08:00:00Z',
      },
    ];
    expect((await service.check(brand, feed.id)).added).toBe(0);
    goodItems = [
      {
        guid: 'a-1',
        title: 'First post',
        link: 'https://www.blog.example/first/?utm_source=rss#top',
        date: '2026-11-27T08:00:00Z',
      },
    ];
    expect((await service.check(brand, feed.id)).added).toBe(0);
    goodItems = [
      {
        guid: 'new-id',
        title: 'First  Post',
        link: 'https://blog.example/p?id=1',
        date: '2026-11-27T09:00:00Z',
      },
    ];
    expect((await service.check(brand, feed.id)).added).toBe(0);
    expect(service.waiting(brand)).toEqual([]);
    expect(drafts.list('p1', 'b1')).toHaveLength(1);
  });

  it('sends new items straight to the queue for a feed set so, once each; a refusal keeps the draft and says why', async () => {
    const { feed } = await service.add(brand, 'http://feeds.example/good.xml');
    // Without accounts the option is refused nothing, but new items keep waiting, and the line says why.
    service.setOptions(brand, { id: feed.id, straightToQueue: true, categoryId: 'tips', accountIds: [] });
    goodItems = [
      { guid: 'b-1', title: 'Queued one', link: 'https://blog.example/q1', date: '2026-11-28T09:00:00Z' },
      ...goodItems,
    ];
    expect((await service.check(brand, feed.id)).feed.problem).toMatch(
      /^New items wait for review: choose the accounts/,
    );
    expect(service.waiting(brand).map((i) => i.title)).toEqual(['Queued one', 'First post']);

    await expect(
      Promise.resolve().then(() =>
        service.setOptions(brand, {
          id: feed.id,
          straightToQueue: true,
          categoryId: null,
          accountIds: ['nope'],
        }),
      ),
    ).rejects.toThrow(/not an account of this brand/);
    const saved = service.setOptions(brand, {
      id: feed.id,
      straightToQueue: true,
      categoryId: 'tips',
      accountIds: ['x-1'],
    });
    expect(saved).toMatchObject({ straightToQueue: true, categoryId: 'tips', accountIds: ['x-1'] });
    goodItems = [
      { guid: 'b-2', title: 'Queued two', link: 'https://blog.example/q2', date: '2026-11-28T10:00:00Z' },
      ...goodItems,
    ];
    const read = await service.check(brand, feed.id);
    expect([read.added, read.queued, read.feed.problem]).toEqual([1, 1, null]);
    expect(queued).toHaveLength(1);
    const draft = drafts.get('p1', queued[0]!);
    expect(draft?.targets).toEqual([
      { integrationId: 'x-1', platform: 'x', settings: { __type: 'x' }, blocks: null },
    ]);
    expect(draft?.blocks[0]?.content).toBe('Queued two\n\nhttps://blog.example/q2');
    expect((await service.check(brand, feed.id)).queued).toBe(0);

    queueRefusal = 'Harbor on X has no posting slots.';
    goodItems = [
      { guid: 'b-3', title: 'Queued three', link: 'https://blog.example/q3', date: '2026-11-28T11:00:00Z' },
      ...goodItems,
    ];
    const refused = await service.check(brand, feed.id);
    expect(refused.feed.problem).toBe(
      'A new item could not be queued (Harbor on X has no posting slots); it is kept as a draft.',
    );
    expect(drafts.list('p1', 'b1').map((d) => d.blocks[0]?.content.split('\n')[0])).toContain('Queued three');
    expect(service.waiting(brand).map((i) => i.title)).toEqual(['Queued one', 'First post']);
  });

  it('adds the item’s picture only when the user approved it; a refused upload keeps the item waiting', async () => {
    await service.add(brand, 'http://feeds.example/good.xml');
    const [item] = service.waiting(brand);
    uploadRefusal = 'The service will not fetch https://cdn.example: it answered HTTP 404.';
    await expect(service.draft(brand, item!.id, true)).rejects.toThrow(
      "The item's picture could not be added (The service will not fetch https://cdn.example: it answered HTTP 404). Make the draft without it, or try again later.",
    );
    expect(service.waiting(brand)).toHaveLength(1);
    expect(drafts.list('p1', 'b1')).toEqual([]);
    uploadRefusal = null;
    const { draftId } = await service.draft(brand, item!.id, true);
    expect(uploads).toEqual(['https://cdn.example/first.jpg']);
    expect(drafts.get('p1', draftId)?.blocks[0]?.media).toEqual([
      {
        localPath: null,
        mediaId: 'm-1',
        path: 'https://cdn.example/m-1.jpg',
        thumbnail: null,
        name: 'first.jpg',
        kind: 'image',
      },
    ]);
  });

  it('uploads nothing for a draft made without the picture', async () => {
    await service.add(brand, 'http://feeds.example/good.xml');
    const [item] = service.waiting(brand);
    const { draftId } = await service.draft(brand, item!.id, false);
    expect(uploads).toEqual([]);
    expect(drafts.get('p1', draftId)?.blocks[0]?.media).toEqual([]);
  });
});
