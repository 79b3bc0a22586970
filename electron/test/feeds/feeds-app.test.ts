import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IpcInput, IpcMethodName, IpcOutput } from '../../../shared/ipc/contract.js';
import { createAppServices, type AppServices } from '../../app-services.js';
import { createSandboxStarter } from '../../profiles/sandbox.js';
import { MemorySecretStore } from '../../secrets/memory-secret-store.js';

/*
 * Feeds to drafts through the app's own calls, on the built-in sandbox as a new user starts it:
 * its two demo feeds are offered and read (RSS and JSON Feed, from the sandbox's own loopback
 * address), an item becomes one draft, and neither a second read nor a restart of the app (the
 * sandbox then listens on another port) brings it back or makes another draft.
 */

const dirs: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function open(dir: string) {
  const sandbox = createSandboxStarter(join(dir, 'sandbox'));
  const services: AppServices = await createAppServices({
    dataDir: join(dir, 'app'),
    secretStore: new MemorySecretStore(),
    startSandbox: () => sandbox.start(),
  });
  const ok = async <K extends IpcMethodName>(name: K, input: IpcInput<K> | Record<string, never> = {}) => {
    const result = await services.invoke(name, input);
    if (!result.ok) throw new Error(`${name} failed: ${result.error.message}`);
    return result.value as IpcOutput<K>;
  };
  return {
    ok,
    close: async () => {
      await services.close();
      await sandbox.stop();
    },
  };
}

describe('feeds on the built-in sandbox', () => {
  it('reads both demo feeds, drafts an item once, and makes none again after a second read or a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'postdeck-feeds-app-'));
    dirs.push(dir);
    const first = await open(dir);
    await first.ok('startSandbox');
    const demo = await first.ok('listDemoFeeds');
    expect(demo.map((d) => d.title)).toEqual([
      'Harbor Coffee blog (demo, RSS)',
      'Harbor Coffee news (demo, JSON Feed)',
    ]);
    const blog = await first.ok('addFeed', { url: demo[0]!.url });
    const news = await first.ok('addFeed', { url: demo[1]!.url });
    expect([blog.feed.title, blog.added, news.feed.title, news.added]).toEqual([
      'Harbor Coffee blog',
      5,
      'Harbor Coffee news',
      4,
    ]);
    expect((await first.ok('listDemoFeeds')).every((d) => d.added)).toBe(true);
    const items = await first.ok('listFeedItems');
    expect(items).toHaveLength(9);
    const item = items.find((i) => i.feedId === news.feed.id)!;
    expect(item.summary).not.toMatch(/[<>]/);
    const { draftId } = await first.ok('draftFeedItem', { id: item.id, withImage: false });
    const draft = await first.ok('getDraft', { id: draftId });
    expect(draft.blocks[0]!.content).toBe(`${item.title}\n\n${item.link}`);

    // The second read is a conditional GET: the sandbox answers 304, nothing is new.
    expect((await first.ok('checkFeed', { id: news.feed.id })).added).toBe(0);
    expect((await first.ok('listDrafts')).map((d) => d.id)).toEqual([draftId]);
    await first.close();

    // A restart: the same data folder, the sandbox on a new port.
    const second = await open(dir);
    const feeds = await second.ok('listFeeds');
    expect(feeds.map((f) => f.title)).toEqual(['Harbor Coffee blog', 'Harbor Coffee news']);
    for (const feed of feeds) {
      const read = await second.ok('checkFeed', { id: feed.id });
      expect([read.feed.problem, read.added]).toEqual([null, 0]);
    }
    const after = await second.ok('listFeedItems');
    expect(after).toHaveLength(8);
    expect(after.map((i) => i.id)).not.toContain(item.id);
    expect((await second.ok('listDrafts')).map((d) => d.id)).toEqual([draftId]);
    // Drafting the same item again is refused in words.
    const again = await (async () => {
      try {
        await second.ok('draftFeedItem', { id: item.id, withImage: false });
        return 'drafted';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(again).toMatch(/no longer waiting: it was drafted or dismissed already/);
    await second.close();
  }, 60_000);

  it('queues the next day’s new item at once for a feed sent straight to the queue, at its category’s kept slot, through the queue’s own path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'postdeck-feeds-queue-'));
    dirs.push(dir);
    const app = await open(dir);
    await app.ok('startSandbox');
    let accounts = await app.ok('listIntegrations');
    for (const deadline = Date.now() + 30_000; accounts.length === 0 && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 50));
      accounts = await app.ok('listIntegrations');
    }
    const x = accounts.find((a) => a.platform === 'x' && !a.disconnected)!;
    // Open slots at 23:45, and slots kept for the feed's category at 23:50: its items take those.
    const category = await app.ok('saveCategory', { name: 'News', color: 'blue', targetPercent: 20 });
    const week = [0, 1, 2, 3, 4, 5, 6];
    await app.ok('setQueueSlots', {
      integrationId: x.id,
      slots: [
        ...week.map((weekday) => ({ weekday, time: '23:45' })),
        ...week.map((weekday) => ({ weekday, time: '23:50', category: category.id })),
      ],
    });
    const [, news] = await app.ok('listDemoFeeds');
    const { feed } = await app.ok('addFeed', { url: news!.url });
    await app.ok('setFeedOptions', {
      id: feed.id,
      straightToQueue: true,
      categoryId: category.id,
      accountIds: [x.id],
    });
    const waiting = (await app.ok('listFeedItems')).length;

    // A day later the news feed has one more item; it goes to the queue, not to the review list.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 86_400_000 });
    const read = await app.ok('checkFeed', { id: feed.id });
    expect([read.feed.problem, read.added, read.queued]).toEqual([null, 1, 1]);
    expect(await app.ok('listFeedItems')).toHaveLength(waiting);
    const { posts } = await app.ok('listPosts', {
      start: new Date().toISOString(),
      end: new Date(Date.now() + 8 * 86_400_000).toISOString(),
    });
    const made = posts.filter((p) => p.content.includes('https://harbor-coffee.example/news/'));
    expect(made.map((p) => [p.integration.id, new Date(p.publishDate).getUTCMinutes()])).toEqual([
      [x.id, 50],
    ]);
    expect((await app.ok('checkFeed', { id: feed.id })).queued).toBe(0);
    await app.close();
  }, 60_000);
});
