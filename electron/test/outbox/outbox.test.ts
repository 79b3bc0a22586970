import type { IpcEventPayload } from '../../../shared/ipc/contract.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { normalizePostState } from '../../../shared/api/resources.js';
import { whyNotMovable } from '../../../shared/posts/movable.js';
import { PostsCache } from '../../store/posts-cache.js';
import { harness, inMinutes, PROFILE_ID, until, type Harness } from '../support/sync-harness.js';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const mine = <T extends { content?: string }>(posts: T[], tag: string) =>
  posts.filter((p) => p.content?.includes(tag));
const range = () => ({
  start: new Date(Date.now() - 86_400_000).toISOString(),
  end: inMinutes(60 * 24 * 30),
});

describe('sync engine and outbox against the local service', () => {
  it('sends a draft, confirms it, and shows it from the server', async () => {
    h = await harness();
    const tag = `online-${Date.now()}`;
    const draftId = h.draft(`Hello ${tag}`);
    const { outboxId } = await h.posts.sendDraft(h.brand, { draftId, type: 'schedule', date: inMinutes(90) });
    expect(h.engine.listOutbox().map((o) => o.id)).toContain(outboxId);
    await until('the outbox is empty', () => h!.engine.listOutbox().length === 0);
    const onServer = mine(await h.listOnServer(), tag);
    expect(onServer).toHaveLength(1);
    expect(h.drafts.listDrafts().map((d) => d.id)).not.toContain(draftId);

    const result = await h.fresh(range());
    expect(result.source).toBe('server');
    const shown = result.posts.filter((p) => p.content.includes(tag));
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      id: onServer[0]?.id,
      pending: false,
      localOnly: false,
      state: 'scheduled',
    });
    // The confirmation told the window how the post shows now, so it need not read the range again.
    const told = h.events
      .filter((e) => e.name === 'postsChanged')
      .map((e) => e.payload as IpcEventPayload<'postsChanged'>);
    expect(told.some((e) => e.update?.posts.some((p) => p.id === onServer[0]?.id && !p.pending))).toBe(true);
  });

  it('queues writes while the service is down, shows them pending from the cache, and flushes when it is back', async () => {
    h = await harness();
    const tag = `offline-${Date.now()}`;
    // A post that exists on the server and in the cache, to move while offline.
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Move me ${tag}`),
      type: 'schedule',
      date: inMinutes(120),
    });
    await until('first create confirmed', () => h!.engine.listOutbox().length === 0);
    await h.fresh(range());
    const moved = (await h.fresh(range())).posts.find((p) => p.content.includes(`Move me ${tag}`));
    expect(moved).toBeDefined();

    await h.stopService();
    const newTime = inMinutes(240);
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Made offline ${tag}`),
      type: 'schedule',
      date: inMinutes(180),
    });
    h.posts.reschedulePost(h.brand, { id: moved!.id, date: newTime });
    await until('offline noticed', () => !h!.engine.getSyncStatus().online);

    const status = h.engine.getSyncStatus();
    expect(status.pending).toBe(2);
    const cached = await h.fresh(range());
    expect(cached.source).toBe('cache');
    const local = cached.posts.find((p) => p.content.includes(`Made offline ${tag}`));
    expect(local).toMatchObject({ localOnly: true, pending: true });
    const movedNow = cached.posts.find((p) => p.id === moved!.id);
    expect(movedNow).toMatchObject({ publishDate: newTime, pending: true });
    expect(h.engine.listOutbox().every((o) => o.status === 'pending' || o.status === 'sending')).toBe(true);
    expect(h.engine.listOutbox(), JSON.stringify(h.engine.listOutbox())).toSatisfy(
      (ops: { lastError: string | null }[]) => ops.some((o) => o.lastError),
    );

    await h.startServiceAgain();
    h.engine.retryNow();
    await until('outbox flushed', () => h!.engine.listOutbox().length === 0);
    expect(h.engine.getSyncStatus().online).toBe(true);
    const server = mine(await h.listOnServer(), tag);
    expect(server.map((p) => p.content).sort()).toEqual([`Made offline ${tag}`, `Move me ${tag}`]);
    expect(Date.parse(server.find((p) => p.id === moved!.id)!.publishDate)).toBe(Date.parse(newTime));
  });

  it('stops an operation on a permanent error without blocking the others, and lets the user discard it', async () => {
    h = await harness();
    const tag = `perm-${Date.now()}`;
    const bad = h.draft(`Bad ${tag}`, {
      targets: [{ integrationId: 'int_does_not_exist', platform: 'x', settings: {}, blocks: null }],
    });
    const good = h.draft(`Good ${tag}`);
    const badOp = await h.posts.sendDraft(h.brand, { draftId: bad, type: 'schedule', date: inMinutes(60) });
    await h.posts.sendDraft(h.brand, { draftId: good, type: 'schedule', date: inMinutes(61) });
    await until('good one sent, bad one failed', () => {
      const ops = h!.engine.listOutbox();
      return ops.length === 1 && ops[0]?.status === 'failed';
    });
    const failed = h.engine.listOutbox()[0]!;
    expect(failed.id).toBe(badOp.outboxId);
    expect(failed.lastError).toBeTruthy();
    expect(h.engine.getSyncStatus().failed).toBe(1);
    expect(mine(await h.listOnServer(), tag).map((p) => p.content)).toEqual([`Good ${tag}`]);
    // The draft is kept so nothing typed is lost; discarding the operation keeps it too.
    expect(h.posts.discardOutbox(h.brand, { id: failed.id })).toEqual({ discarded: true });
    expect(h.drafts.getDraft({ id: bad }).id).toBe(bad);
    expect(h.engine.listOutbox()).toHaveLength(0);
  });

  it('discarding a failed reschedule shows the server time again', async () => {
    h = await harness();
    const tag = `discard-${Date.now()}`;
    const original = inMinutes(300);
    await h.posts.sendDraft(h.brand, { draftId: h.draft(`Gone ${tag}`), type: 'schedule', date: original });
    await until('created', () => h!.engine.listOutbox().length === 0);
    const post = (await h.fresh(range())).posts.find((p) => p.content.includes(tag))!;
    // Someone else deletes it on the service; our move then fails for good (404).
    await h.api().deleteGroup(post.group!);
    h.posts.reschedulePost(h.brand, { id: post.id, date: inMinutes(400) });
    await until('reschedule failed', () => h!.engine.listOutbox()[0]?.status === 'failed');
    const op = h.engine.listOutbox()[0]!;
    h.posts.discardOutbox(h.brand, { id: op.id });
    await h.stopService();
    const after = await h.fresh(range());
    expect(after.source).toBe('cache');
    const shown = after.posts.find((p) => p.id === post.id);
    expect(shown?.publishDate).toBe(post.publishDate);
    expect(shown?.pending).toBe(false);
  });

  it('does not send a scheduled time that passed while offline: it waits for the user', async () => {
    h = await harness();
    const tag = `missed-${Date.now()}`;
    await h.stopService();
    const soon = new Date(Date.now() + 1500).toISOString();
    const { outboxId } = await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Missed ${tag}`),
      type: 'schedule',
      date: soon,
    });
    await new Promise((r) => setTimeout(r, 1700));
    await h.startServiceAgain();
    h.engine.retryNow();
    await until('needs a decision', () => h!.engine.listOutbox()[0]?.status === 'needsDecision');
    expect(h.engine.getSyncStatus().needsDecision).toBe(1);
    expect(mine(await h.listOnServer(), tag)).toHaveLength(0);

    const later = inMinutes(30);
    expect(() => h!.posts.resolveMissedTime({ id: outboxId, action: 'reschedule' })).toThrow(/date/i);
    h.posts.resolveMissedTime({ id: outboxId, action: 'reschedule', date: later });
    await until('sent at the new time', () => h!.engine.listOutbox().length === 0);
    const [sent] = mine(await h.listOnServer(), tag);
    expect(Date.parse(sent!.publishDate)).toBe(Date.parse(later));
  });

  it('edits by creating the new version first, then deleting the old group', async () => {
    h = await harness();
    const tag = `edit-${Date.now()}`;
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Version 1 ${tag}`),
      type: 'schedule',
      date: inMinutes(500),
    });
    await until('v1 created', () => h!.engine.listOutbox().length === 0);
    const [v1] = mine(await h.listOnServer(), tag);
    const editDraft = h.draft(`Version 2 ${tag}`, { replacesGroup: v1!.group! });
    await h.posts.sendDraft(h.brand, { draftId: editDraft, type: 'schedule', date: inMinutes(510) });
    await until('edit done', () => h!.engine.listOutbox().length === 0);
    expect(mine(await h.listOnServer(), tag).map((p) => p.content)).toEqual([`Version 2 ${tag}`]);
    const shown = (await h.fresh(range())).posts.filter((p) => p.content.includes(tag));
    expect(shown.map((p) => p.content)).toEqual([`Version 2 ${tag}`]);
  });

  it('lets the user fix a failed draft and send it again, replacing the stopped attempt', async () => {
    h = await harness();
    const tag = `fix-${Date.now()}`;
    const draftId = h.draft(`Fix me ${tag}`, {
      targets: [{ integrationId: 'int_typo', platform: 'x', settings: {}, blocks: null }],
    });
    await h.posts.sendDraft(h.brand, { draftId, type: 'schedule', date: inMinutes(60) });
    await until('failed', () => h!.engine.listOutbox()[0]?.status === 'failed');
    const draft = h.drafts.getDraft({ id: draftId });
    h.drafts.saveDraft({
      ...draft,
      targets: [{ integrationId: h.integrationId, platform: 'x', settings: {}, blocks: null }],
    });
    await h.posts.sendDraft(h.brand, { draftId, type: 'schedule', date: inMinutes(60) });
    await until('sent', () => h!.engine.listOutbox().length === 0);
    expect(mine(await h.listOnServer(), tag)).toHaveLength(1);
  });

  it('an edit whose delete fails keeps both versions visible, never loses one, and finishes on retry', async () => {
    let refuseDeletes = true;
    h = await harness({
      engine: {
        // Fault injection around the real client: the service refuses deletes until told otherwise.
        apiFor: () => {
          const api = new ApiClient({
            baseUrl: h!.baseUrl,
            apiKey: h!.apiKey,
            brandId: h!.brandId,
            retry: { retries: 0 },
          });
          return new Proxy(api, {
            get(target, prop, receiver) {
              if (prop === 'deleteGroup' && refuseDeletes) {
                return () =>
                  Promise.reject(
                    new ApiError({
                      kind: 'http',
                      status: 403,
                      code: 'INSUFFICIENT_SCOPE',
                      message: 'Not allowed to delete.',
                    }),
                  );
              }
              const value: unknown = Reflect.get(target, prop, receiver);
              return typeof value === 'function' ? value.bind(target) : value;
            },
          });
        },
      },
    });
    const tag = `halfedit-${Date.now()}`;
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Old ${tag}`),
      type: 'schedule',
      date: inMinutes(800),
    });
    await until('old created', () => h!.engine.listOutbox().length === 0);
    const [old] = mine(await h.listOnServer(), tag);
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`New ${tag}`, { replacesGroup: old!.group! }),
      type: 'schedule',
      date: inMinutes(810),
    });
    await until('edit stopped at the delete', () => h!.engine.listOutbox()[0]?.status === 'failed');
    expect(h.engine.listOutbox()[0]).toMatchObject({
      kind: 'edit',
      lastError: expect.stringMatching(/Not allowed/),
    });
    expect(
      mine(await h.listOnServer(), tag)
        .map((p) => p.content)
        .sort(),
    ).toEqual([`New ${tag}`, `Old ${tag}`]);
    const shown = (await h.fresh(range())).posts.filter((p) => p.content.includes(tag));
    expect(shown.map((p) => [p.content, p.pending])).toEqual([
      [`Old ${tag}`, true],
      [`New ${tag}`, false],
    ]);

    refuseDeletes = false;
    h.posts.retryOutbox({ id: h.engine.listOutbox()[0]!.id });
    await until('edit finished', () => h!.engine.listOutbox().length === 0);
    expect(mine(await h.listOnServer(), tag).map((p) => p.content)).toEqual([`New ${tag}`]);
  });

  it('deletes a group through the outbox and learns the accounts from the posts it reads', async () => {
    h = await harness();
    const tag = `delete-${Date.now()}`;
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Two accounts ${tag}`, {
        targets: [
          { integrationId: h.integrationId, platform: 'x', settings: {}, blocks: null },
          { integrationId: h.secondIntegrationId, platform: 'bluesky', settings: {}, blocks: null },
        ],
      }),
      type: 'schedule',
      date: inMinutes(700),
    });
    await until('created', () => h!.engine.listOutbox().length === 0);
    const listed = (await h.fresh(range())).posts.filter((p) => p.content.includes(tag));
    expect(listed).toHaveLength(2);
    expect(listed.every((p) => p.groupSize === 2)).toBe(true);
    h.posts.deleteGroup(h.brand, { group: listed[0]!.group! });
    expect((await h.fresh(range())).posts.filter((p) => p.content.includes(tag))).toHaveLength(0);
    await until('deleted', () => h!.engine.listOutbox().length === 0);
    expect(mine(await h.listOnServer(), tag)).toHaveLength(0);
  });

  it('waits without spinning while no key can be read, and goes out once one can', async () => {
    let keyReadable = false;
    let asked = 0;
    h = await harness({
      engine: {
        apiFor: () => {
          asked++;
          return keyReadable
            ? new ApiClient({ baseUrl: h!.baseUrl, apiKey: h!.apiKey, brandId: h!.brandId })
            : null;
        },
      },
    });
    const tag = `nokey-${Date.now()}`;
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Locked ${tag}`),
      type: 'schedule',
      date: inMinutes(50),
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(asked).toBeLessThan(5);
    expect(h.engine.listOutbox()[0]?.status).toBe('pending');
    keyReadable = true;
    h.engine.retryNow();
    await until('sent', () => h!.engine.listOutbox().length === 0);
    expect(mine(await h.listOnServer(), tag)).toHaveLength(1);
  });

  it('a delete replaces a stopped move of the same post instead of waiting behind it', async () => {
    h = await harness();
    const tag = `supersede-${Date.now()}`;
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Doomed ${tag}`),
      type: 'schedule',
      date: inMinutes(90),
    });
    await until('created', () => h!.engine.listOutbox().length === 0);
    const post = (await h.fresh(range())).posts.find((p) => p.content.includes(tag))!;
    await h.stopService();
    h.posts.reschedulePost(h.brand, { id: post.id, date: inMinutes(95) });
    h.posts.deleteGroup(h.brand, { group: post.group! });
    expect(h.engine.listOutbox().map((o) => o.kind)).toEqual(['deleteGroup']);
    await h.startServiceAgain();
    h.engine.retryNow();
    await until('deleted', () => h!.engine.listOutbox().length === 0);
    expect(mine(await h.listOnServer(), tag)).toHaveLength(0);
  });

  it('refuses to move a post in a state it does not know, as the calendar does, and queues nothing', async () => {
    h = await harness();
    const post = (await h.fresh(range())).posts.find((p) => normalizePostState(p.state) === 'scheduled')!;
    const item = {
      id: post.id,
      state: 'IN_REVIEW',
      publishDate: post.publishDate,
      integration: { id: post.integration.id, platform: post.integration.platform ?? undefined },
      content: post.content,
    };
    new PostsCache(h.db).upsert(PROFILE_ID, h.brandId, [item], new Date().toISOString());
    expect(() => h!.posts.reschedulePost(h!.brand, { id: post.id, date: inMinutes(90) })).toThrow(
      'Posts in state "IN_REVIEW" cannot be moved.',
    );
    expect(h.engine.listOutbox()).toHaveLength(0);
  });

  it('refuses to move a post not yet on the service, as the calendar does, and leaves its create as it was', async () => {
    h = await harness();
    const tag = `local-move-${Date.now()}`;
    await h.stopService();
    const date = inMinutes(180);
    await h.posts.sendDraft(h.brand, { draftId: h.draft(`Made offline ${tag}`), type: 'schedule', date });
    const local = (await h.fresh(range())).posts.find((p) => p.content.includes(tag));
    expect(local).toMatchObject({ localOnly: true });
    expect(() => h!.posts.reschedulePost(h!.brand, { id: local!.id, date: inMinutes(300) })).toThrow(
      whyNotMovable({ state: 'scheduled', localOnly: true })!,
    );
    expect(h.engine.listOutbox().map((o) => o.kind)).toEqual(['create']);
    const after = (await h.fresh(range())).posts.find((p) => p.content.includes(tag));
    expect(Date.parse(after!.publishDate)).toBe(Date.parse(date));
  });

  it('refuses bad writes with a clear error and queues nothing', async () => {
    h = await harness();
    expect(() => h!.posts.reschedulePost(h!.brand, { id: 'post_unknown', date: inMinutes(5) })).toThrow(
      /not in the calendar/,
    );
    expect(() =>
      h!.posts.reschedulePost(h!.brand, {
        id: 'post_unknown',
        date: new Date(Date.now() - 1000).toISOString(),
      }),
    ).toThrow(/already passed/);
    const tooLong = h.draft('x'.repeat(400));
    await expect(
      h.posts.sendDraft(h.brand, { draftId: tooLong, type: 'schedule', date: inMinutes(5) }),
    ).rejects.toThrow(/280/);
    await expect(
      h.posts.sendDraft(h.brand, { draftId: tooLong, type: 'schedule', date: inMinutes(5) }),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ target: 0, path: 'value.0.content' })] });
    await expect(
      h.posts.sendDraft(h.brand, { draftId: h.draft('no date'), type: 'schedule' }),
    ).rejects.toThrow(/date/);
    await expect(h.posts.uploadMedia(h.brand, { path: '/nonexistent/file.png' })).rejects.toThrow(
      /cannot be read/,
    );
    expect(h.engine.listOutbox()).toHaveLength(0);
  });
});
