import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostListItem } from '../../../shared/api/resources.js';
import { AnswerRefused, ApiClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { IntegrationsRepo } from '../../integrations/integrations-repo.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { PostsCache } from '../../store/posts-cache.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import { WRITE_SLICE } from '../../sync/pull-slices.js';
import { PullThread } from '../../sync/pull-thread.js';
import { harness, inMinutes, PROFILE_ID, type Harness } from '../support/sync-harness.js';

let h: Harness | null = null;
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
  await h?.close();
  h = null;
});

const DAY = 86_400_000;
const wide = () => ({
  start: new Date(Date.now() - 40 * DAY).toISOString(),
  end: new Date(Date.now() + 40 * DAY).toISOString(),
});

const POST_COLUMNS =
  'profile_id, brand_id, id, group_id, state, publish_date, publish_ms, integration_id, content, block_count, error, release_url, item_json';
const rows = (db: AppDatabase) => ({
  posts: db.sql.prepare(`SELECT ${POST_COLUMNS} FROM posts ORDER BY id`).all(),
  integrations: db.sql
    .prepare(
      'SELECT profile_id, brand_id, id, platform, name, picture, disconnected, source FROM integrations ORDER BY id',
    )
    .all(),
  // The search index, kept by triggers: every document, and the posts made here found by a word.
  search: [
    'SELECT COUNT(*) AS n FROM search_fts',
    "SELECT COUNT(*) AS n FROM search_fts WHERE search_fts MATCH 'more'",
  ].map((q) => Number((db.sql.prepare(q).get() as { n: unknown }).n)),
});

/** What the pull wrote before the worker: the client's own reading, the whole range in one replace, each post's account learned. */
function writeInMain(
  db: AppDatabase,
  brandId: string,
  range: { start: string; end: string },
  items: PostListItem[],
) {
  const cache = new PostsCache(db);
  const integrations = new IntegrationsRepo(db);
  db.tx(() => {
    cache.replaceRange(
      PROFILE_ID,
      brandId,
      Date.parse(range.start),
      Date.parse(range.end),
      items,
      new Date().toISOString(),
      new Set(),
    );
    for (const i of items)
      integrations.learn(PROFILE_ID, brandId, [
        { ...i.integration, platform: i.integration.platform ?? null },
      ]);
  });
}

function referenceDb(h: Harness): AppDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'postdeck-pull-reference-'));
  const db = openDatabase(join(dir, 'postdeck.db'));
  cleanup.push(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  new ProfilesRepo(db).save({
    id: PROFILE_ID,
    label: 'Test',
    baseUrl: h.baseUrl,
    brandId: h.brandId,
    organization: null,
    user: null,
    scopes: null,
    keyStorage: 'session',
  });
  return db;
}

/** A list of `n` posts like the service's first one, spread over a week from tomorrow. */
async function manyPosts(h: Harness, n: number): Promise<PostListItem[]> {
  const [sample] = await h.listOnServer();
  if (!sample) throw new Error('the sandbox has no post');
  const from = Date.now() + DAY;
  return Array.from({ length: n }, (_, i) => ({
    ...sample,
    id: `synthetic_${String(i).padStart(5, '0')}`,
    group: `synthetic_group_${i}`,
    state: 'scheduled',
    publishDate: new Date(from + i * 60_000).toISOString(),
  }));
}

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer as ArrayBuffer;
const count = (db: AppDatabase, like: string) =>
  Number((db.sql.prepare('SELECT COUNT(*) AS n FROM posts WHERE id LIKE ?').get(like) as { n: unknown }).n);

describe('the pull worker', () => {
  it('writes the same cache rows as the pull wrote in main, and the calendar sees them at once', async () => {
    h = await harness();
    const range = wide();
    // More than one slice of posts (the sandbox seeds a few dozen in the range).
    for (let i = 0; i < 40; i++) {
      await h.api().createPosts({
        type: 'schedule',
        date: inMinutes(60 * 24 + i * 37),
        shortLink: false,
        posts: [
          {
            integration: { id: h.integrationId },
            value: [{ content: `more ${i}` }],
            settings: { __type: 'x' },
          },
        ],
      });
    }
    // Read before the pull writes anything: the calendar's kept answer must go stale by itself.
    expect(h.engine.listPosts(h.brand, range).posts).toEqual([]);
    await h.engine.syncNow();
    const listed = h.engine.listPosts(h.brand, range).posts;
    expect(listed.length).toBeGreaterThan(WRITE_SLICE);

    const reference = referenceDb(h);
    writeInMain(reference, h.brandId, range, await h.api().listPosts(range.start, range.end));
    expect(rows(h.db)).toEqual(rows(reference));

    // Again after the service changed: one post gone, one new, one rescheduled.
    const ahead = (await h.listOnServer()).filter(
      (p) => p.state === 'scheduled' && Date.parse(p.publishDate) > Date.now() + 3_600_000,
    );
    const [gone, moved] = ahead;
    if (!gone?.group || !moved) throw new Error('the sandbox has too few posts');
    await h.api().deleteGroup(gone.group);
    await h.api().sendReschedule(moved.id, inMinutes(60 * 24 * 3 + 7));
    await h.api().createPosts({
      type: 'schedule',
      date: inMinutes(300),
      shortLink: false,
      posts: [
        { integration: { id: h.integrationId }, value: [{ content: 'new one' }], settings: { __type: 'x' } },
      ],
    });
    await h.engine.syncNow();
    writeInMain(reference, h.brandId, range, await h.api().listPosts(range.start, range.end));
    expect(rows(h.db)).toEqual(rows(reference));
    const now = h.engine.listPosts(h.brand, range).posts;
    expect(now.some((p) => p.id === gone.id)).toBe(false);
    expect(now.some((p) => p.content === 'new one')).toBe(true);
  });

  it('stops writing when closed, and its thread ends', async () => {
    h = await harness();
    const items = await manyPosts(h, 6_000);
    const thread = new PullThread(h.db);
    const job = {
      profileId: PROFILE_ID,
      brandId: h.brandId,
      startMs: Date.now(),
      endMs: Date.now() + 30 * DAY,
      requestedAt: new Date().toISOString(),
      syncedAtKey: 'test.syncedAt',
      answeredAt: new Date().toISOString(),
    };
    const writing = thread.write({ ...job, body: bytes(items) }, () => undefined);
    await expect.poll(() => count(h!.db, 'synthetic_%'), { timeout: 20_000, interval: 5 }).toBeGreaterThan(0);
    await thread.stop();
    expect(thread.alive).toBe(false);
    const result = await writing;
    expect(result.stopped).toBe(true);
    const written = count(h.db, 'synthetic_%');
    expect(written).toBeLessThan(items.length);
    // Nothing more lands, and a pull asked after the close writes nothing and starts no thread.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(count(h.db, 'synthetic_%')).toBe(written);
    expect(await thread.write({ ...job, body: bytes(items) }, () => undefined)).toEqual({
      changed: 0,
      stopped: true,
    });
    expect(thread.alive).toBe(false);
  });

  it('keeps a post the outbox confirmed after the request left as it is: an older answer neither drops nor moves it back', async () => {
    h = await harness();
    const thread = new PullThread(h.db);
    cleanup.push(() => thread.stop());
    const [moved, other] = await manyPosts(h, 2);
    if (!moved || !other) throw new Error('no posts');
    const requestedAt = new Date(Date.now() - 60_000).toISOString();
    const job = {
      profileId: PROFILE_ID,
      brandId: h.brandId,
      startMs: Date.now(),
      endMs: Date.now() + 30 * DAY,
      requestedAt,
      syncedAtKey: 'test.syncedAt',
      // Main's clock, days from this thread's (a test run's shifted clock): the brand is pulled as of it.
      answeredAt: new Date(Date.now() + 3 * DAY).toISOString(),
    };
    // The user moved `moved` a week on after the request left; the service confirmed it then.
    const movedTo = {
      ...moved,
      publishDate: new Date(Date.parse(moved.publishDate) + 7 * DAY).toISOString(),
    };
    new PostsCache(h.db).upsert(PROFILE_ID, h.brandId, [movedTo], new Date().toISOString());
    // The answer (asked before) still has it at its old time.
    await thread.write({ ...job, body: bytes([moved, other]) }, () => undefined);
    const cached = new PostsCache(h.db).get(PROFILE_ID, h.brandId, moved.id);
    expect(cached?.publishDate).toBe(movedTo.publishDate);
    expect(new PostsCache(h.db).get(PROFILE_ID, h.brandId, other.id)?.publishDate).toBe(other.publishDate);
    const synced = h.db.sql.prepare('SELECT value_json FROM kv WHERE key = ?').get('test.syncedAt') as {
      value_json: string;
    };
    expect(JSON.parse(synced.value_json)).toBe(job.answeredAt);
  });

  it('refuses an answer that is not a post list without writing, and goes on with the next', async () => {
    h = await harness();
    const thread = new PullThread(h.db);
    cleanup.push(() => thread.stop());
    const job = {
      profileId: PROFILE_ID,
      brandId: h.brandId,
      startMs: Date.now(),
      endMs: Date.now() + 30 * DAY,
      requestedAt: new Date().toISOString(),
      syncedAtKey: 'test.syncedAt',
      answeredAt: new Date().toISOString(),
    };
    const [good] = await manyPosts(h, 1);
    const badItem = { ...good, id: 'synthetic_bad', publishDate: 'not a date', state: 42 };
    const refused = (body: ArrayBuffer) => thread.write({ ...job, body }, () => undefined);

    await expect(
      refused(new TextEncoder().encode('{"posts": [{"id": "cut').buffer as ArrayBuffer),
    ).rejects.toEqual(new AnswerRefused('unreadable', 'post list'));
    await expect(refused(bytes({ posts: [good, badItem] }))).rejects.toMatchObject({
      kind: 'malformed',
      detail: expect.stringContaining('post list item 1') as unknown,
    });
    await expect(refused(bytes({ total: 3 }))).rejects.toMatchObject({ kind: 'malformed' });
    expect(count(h.db, 'synthetic_%')).toBe(0);

    // Through the client: the refusal is the ApiError a malformed answer always was.
    const client = new ApiClient({
      baseUrl: h.baseUrl,
      apiKey: h.apiKey,
      retry: { retries: 0 },
      fetch: () => Promise.resolve(new Response(JSON.stringify([badItem]), { status: 200 })),
    });
    const error = await client
      .listPostsTaken(new Date(job.startMs).toISOString(), new Date(job.endMs).toISOString(), (body) =>
        thread.write({ ...job, body }, () => undefined),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'malformed', retryable: false });

    // The worker is still there and writes the next answer.
    expect(await thread.write({ ...job, body: bytes([good]) }, () => undefined)).toEqual({
      changed: 1,
      stopped: false,
    });
    expect(count(h.db, 'synthetic_%')).toBe(1);
  });
});
