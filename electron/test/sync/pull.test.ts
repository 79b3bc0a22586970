import { afterEach, describe, expect, it } from 'vitest';
import type { IpcEventPayload } from '../../../shared/ipc/contract.js';
import { ApiError } from '../../api/errors.js';
import { queuedMessage, sentResults } from '../support/service.js';
import { IntegrationsService } from '../../integrations/integrations-service.js';
import { PostsCache } from '../../store/posts-cache.js';
import { harness, inMinutes, PROFILE_ID, until, type Harness } from '../support/sync-harness.js';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const week = () => ({
  start: new Date(Date.now() - 7 * 86_400_000).toISOString(),
  end: inMinutes(60 * 24 * 30),
});

describe('pulling posts into the cache', () => {
  it('learns the accounts from the posts it reads, beside the ones the user added', async () => {
    h = await harness();
    const integrations = new IntegrationsService({ db: h.db });
    const brand = { profileId: PROFILE_ID, brandId: h.brandId };
    integrations.addIntegration(brand, { id: 'int_typed_by_hand', platform: 'threads', name: 'Typed' });
    const result = await h.fresh(week());
    expect(result.source).toBe('server');
    expect(result.posts.length).toBeGreaterThan(0);
    const known = integrations.listIntegrations(brand);
    const learned = known.filter((i) => i.source === 'learned');
    expect(learned.length).toBeGreaterThan(0);
    expect(learned.every((i) => i.name !== '' && i.platform !== null)).toBe(true);
    expect(known.find((i) => i.id === 'int_typed_by_hand')).toMatchObject({
      source: 'added',
      platform: 'threads',
    });
    const post = result.posts[0]!;
    expect(post.integration.name).toBeTruthy();
  });

  it('answers from the cache when the service is down, and notices when it is back without being asked', async () => {
    h = await harness();
    const online = await h.fresh(week());
    await h.stopService();
    const offline = await h.fresh(week());
    expect(offline.source).toBe('cache');
    expect(offline.posts.map((p) => p.id)).toEqual(online.posts.map((p) => p.id));
    expect(offline.syncedAt).toBe(online.syncedAt);
    expect(h.engine.getSyncStatus()).toMatchObject({ online: false });
    expect(h.engine.getSyncStatus().lastError).toBeTruthy();
    await h.startServiceAgain();
    await until('the probe finds the service again', () => h!.engine.getSyncStatus().online);
    expect(
      h.events
        .filter((e) => e.name === 'syncStatus')
        .some((e) => (e.payload as { online: boolean }).online === false),
    ).toBe(true);
  });

  it('announces postsChanged only when a pull changed the cache, so the renderer never refetches in a loop', async () => {
    h = await harness();
    const changes = () => h!.events.filter((e) => e.name === 'postsChanged').length;
    await h.fresh(week());
    const afterFirst = changes();
    expect(afterFirst).toBeGreaterThan(0);
    await h.fresh(week());
    await h.fresh(week());
    expect(changes()).toBe(afterFirst);
    await h.api().createPosts({
      type: 'schedule',
      date: inMinutes(120),
      shortLink: false,
      posts: [
        {
          integration: { id: h.integrationId },
          value: [{ content: `elsewhere ${Date.now()}` }],
          settings: { __type: 'x' },
        },
      ],
    });
    await h.fresh(week());
    expect(changes()).toBe(afterFirst + 1);
  });

  it('writes only the posts that changed: a pull that finds nothing new leaves every row as it was', async () => {
    h = await harness();
    const range = week();
    await h.fresh(range);
    const cache = new PostsCache(h.db);
    const rows = () =>
      cache
        .listRange(PROFILE_ID, h!.brandId, Date.parse(range.start), Date.parse(range.end))
        .map((p) => [p.id, p.syncedAt]);
    const before = rows();
    expect(before.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 5));
    await h.fresh(range);
    // Each row still carries the time of the pull that wrote it: none was written again.
    expect(rows()).toEqual(before);
  });

  it('prefetches the neighbouring ranges, so the next week shows offline too', async () => {
    h = await harness({ engine: { prefetchNeighbours: true } });
    const tag = `next-${Date.now()}`;
    const nextWeek = new Date(Date.now() + 9 * 86_400_000).toISOString();
    // Made elsewhere (another device), so only a pull can bring it into this cache.
    await h.api().createPosts({
      type: 'schedule',
      date: nextWeek,
      shortLink: false,
      posts: [
        {
          integration: { id: h.integrationId },
          value: [{ content: `Next week ${tag}` }],
          settings: { __type: 'x' },
        },
      ],
    });
    // Only this week is asked for; the engine fetches the weeks around it in the background.
    const start = Date.now() - 86_400_000;
    const span = 7 * 86_400_000;
    await h.fresh({
      start: new Date(start).toISOString(),
      end: new Date(start + span).toISOString(),
    });
    const cache = new PostsCache(h.db);
    await until('the next week fetched in the background', () =>
      cache
        .listRange(PROFILE_ID, h!.brandId, start + span, start + 2 * span)
        .some((p) => p.content.includes(tag)),
    );
    await h.stopService();
    const next = await h.fresh({
      start: new Date(start + span).toISOString(),
      end: new Date(start + 2 * span).toISOString(),
    });
    expect(next.source).toBe('cache');
    expect(next.posts.filter((p) => p.content.includes(tag))).toHaveLength(1);
  });

  it('drops cached posts the server no longer has, but keeps one a pending change still needs', async () => {
    h = await harness();
    const tag = `gone-${Date.now()}`;
    for (const n of [1, 2]) {
      await h.posts.sendDraft(h.brand, {
        draftId: h.draft(`Gone ${n} ${tag}`),
        type: 'schedule',
        date: inMinutes(100 + n),
      });
    }
    await until('created', () => h!.engine.listOutbox().length === 0);
    const mine = (await h.fresh(week())).posts.filter((p) => p.content.includes(tag));
    expect(mine).toHaveLength(2);
    for (const p of mine) await h.api().deleteGroup(p.group!);
    // A reschedule of the first is queued but cannot reach the service yet.
    await h.stopService();
    h.posts.reschedulePost(h.brand, { id: mine[0]!.id, date: inMinutes(200) });
    await h.startServiceAgain();
    const after = (await h.fresh(week())).posts.filter((p) => p.content.includes(tag));
    expect(after.map((p) => p.id)).toEqual([mine[0]!.id]);
    // Still waiting, or already refused (the post is gone) and shown with the reason: never dropped.
    expect(after[0]?.pending || after[0]?.error !== null).toBe(true);
  });

  it('tells the renderer when a scheduled post gets published', async () => {
    h = await harness();
    const tag = `outcome-${Date.now()}`;
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Soon ${tag}`),
      type: 'schedule',
      date: new Date(Date.now() + 1200).toISOString(),
    });
    await until('created', () => h!.engine.listOutbox().length === 0);
    await h.fresh(week());
    await until('published', async () =>
      (await h!.listOnServer()).some((p) => p.content?.includes(tag) && /published/i.test(p.state)),
    );
    await h.fresh(week());
    const outcomes = h.events
      .filter((e) => e.name === 'postOutcome')
      .map((e) => e.payload as IpcEventPayload<'postOutcome'>);
    expect(outcomes).toEqual([expect.objectContaining({ state: 'published', content: `Soon ${tag}` })]);
  });

  it('opens a post offline from the copy saved when it was last opened', async () => {
    h = await harness();
    const post = (await h.fresh(week())).posts[0]!;
    const online = await h.engine.getPost(h.brand, { id: post.id });
    expect(online.value.length).toBeGreaterThan(0);
    const other = (await h.fresh(week())).posts.find((p) => p.id !== post.id)!;
    await h.stopService();
    expect(await h.engine.getPost(h.brand, { id: post.id })).toEqual(online);
    await expect(h.engine.getPost(h.brand, { id: other.id })).rejects.toThrow(
      /not been opened on this device/,
    );
  });

  it('a waited sendDraft answers the result, shows the service issues, and falls back to the outbox offline', async () => {
    h = await harness();
    const tag = `now-${Date.now()}`;
    const results = sentResults(
      await h.posts.sendDraft(h.brand, {
        wait: true,
        draftId: h.draft(`Direct ${tag}`),
        type: 'schedule',
        date: inMinutes(30),
      }),
    );
    expect(results).toHaveLength(1);
    expect(results[0]?.postId).toMatch(/^post_/);

    const unknown = h.draft(`Unknown account ${tag}`, {
      targets: [{ integrationId: 'int_nope', platform: 'x', settings: {}, blocks: null }],
    });
    const err = await h.posts
      .sendDraft(h.brand, { draftId: unknown, type: 'schedule', date: inMinutes(30), wait: true })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect(h.engine.listOutbox()).toHaveLength(0);
    // The composer shows the refusal beside the draft: no stopped change is left to announce.
    expect(h.events.filter((e) => e.name === 'outboxFailed')).toEqual([]);
    expect(h.drafts.getDraft({ id: unknown }).id).toBe(unknown);

    await h.stopService();
    // Queued offline is an answer, no longer an OFFLINE error: the same sentence, in it.
    const queued = await h.posts.sendDraft(h.brand, {
      wait: true,
      draftId: h.draft(`Queued ${tag}`),
      type: 'schedule',
      date: inMinutes(31),
    });
    expect(queuedMessage(queued)).toMatch(/kept in the outbox/);
    expect(h.engine.listOutbox()).toHaveLength(1);
    await h.startServiceAgain();
    h.engine.retryNow();
    await until('flushed', () => h!.engine.listOutbox().length === 0);
    const contents = (await h.listOnServer()).map((p) => p.content ?? '').filter((c) => c.includes(tag));
    expect(contents.sort()).toEqual([`Direct ${tag}`, `Queued ${tag}`]);
  });

  it('a waited sendDraft queues at once, without calling the service, while the app knows it is offline', async () => {
    h = await harness();
    const tag = `known-offline-${Date.now()}`;
    await h.stopService();
    h.engine.noticeUnreachable('test: the network is down');
    // Queued offline is an answer, no longer an OFFLINE error: it says so, and why.
    const answer = await h.posts.sendDraft(h.brand, {
      wait: true,
      draftId: h.draft(`Offline ${tag}`),
      type: 'schedule',
      date: inMinutes(40),
    });
    expect(answer.outcome.kind).toBe('queued');
    expect(queuedMessage(answer)).toMatch(/You are offline: the post waits in the outbox/);
    expect(h.engine.listOutbox()).toHaveLength(1);
    await h.startServiceAgain();
    h.engine.retryNow();
    await until('flushed', () => h!.engine.listOutbox().length === 0);
    const contents = (await h.listOnServer()).map((p) => p.content ?? '').filter((c) => c.includes(tag));
    expect(contents).toEqual([`Offline ${tag}`]);
  });
});
