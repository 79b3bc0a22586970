import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { IpcEventPayload } from '../../../shared/ipc/contract.js';
import type { PostListItem } from '../../../shared/api/resources.js';
import type { CalendarPost } from '../../../shared/posts/ipc.js';
import { composePosts } from '../../compose-posts.js';
import type { ActiveBrand } from '../../core/active-brand.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { OutboxRepo, type CreatePayload, type OutboxOp } from '../../outbox/outbox-repo.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import type { SyncEngine } from '../../sync/sync-engine.js';
import { harness, inMinutes, PROFILE_ID, until, type Harness } from '../support/sync-harness.js';
import { saveTestProfile } from '../support/database.js';

/*
 * A write's answer and each confirmation say how the posts they touched show now (`shown`). It
 * reads only the operations that touch those posts, not the whole queue (which made a long queue
 * cost its square): what it answers must stay what the calendar's own view of the range shows.
 */

const ACTIVE = { profileId: PROFILE_ID, brandId: 'brand-1' };
const DAY = 86_400_000;
const WIDE = {
  start: new Date(Date.now() - 400 * DAY).toISOString(),
  end: new Date(Date.now() + 400 * DAY).toISOString(),
};

/** How the calendar's range view shows these posts (it reads the whole queue). */
function inView(engine: SyncEngine, brand: ActiveBrand, ids: readonly string[]): CalendarPost[] {
  const wanted = new Set(ids);
  return engine.viewPosts(brand, WIDE).posts.filter((p) => wanted.has(p.id));
}

const byId = (posts: readonly CalendarPost[]) => [...posts].sort((a, b) => a.id.localeCompare(b.id));

describe('the posts a write or confirmation touched, as the calendar shows them', () => {
  let dir = '';
  let db: AppDatabase | null = null;
  afterEach(() => {
    db?.close();
    db = null;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('equal the range view for every kind of queued operation, after each confirmation too', () => {
    dir = mkdtempSync(join(tmpdir(), 'postdeck-outbox-view-'));
    db = openDatabase(join(dir, 'postdeck.db'));
    saveTestProfile(new ProfilesRepo(db), PROFILE_ID, {
      label: 'Test',
      brandId: ACTIVE.brandId,
      keyStorage: 'session',
    });
    const { sync: engine, stores } = composePosts({
      db,
      apiFor: () => null,
      active: () => ACTIVE,
      emit: () => undefined,
      prefetchNeighbours: false,
    });
    const base = Date.now();
    const at = (days: number) => new Date(base + days * DAY).toISOString();
    // Six posts from the service in four groups (group g1 holds two).
    const cached: PostListItem[] = [1, 2, 3, 4, 5, 6].map((n) => ({
      id: `post_${n}`,
      group: n === 2 ? 'g1' : `g${n}`,
      state: 'scheduled',
      publishDate: at(n),
      integration: { id: 'acc_1', platform: 'x', name: 'Account', picture: null, disconnected: false },
      content: `Cached ${n}`,
      blockCount: 1,
      releaseURL: null,
      publishedAt: null,
      error: null,
    }));
    stores.cache.upsert(PROFILE_ID, ACTIVE.brandId, cached, new Date().toISOString());
    stores.cache.upsert(PROFILE_ID, 'brand-2', [{ ...cached[4]!, id: 'post_5' }], new Date().toISOString());

    const payload = (text: string, accounts: number, days: number): CreatePayload => ({
      type: 'schedule',
      date: at(days),
      shortLink: false,
      targets: Array.from({ length: accounts }, (_, i) => ({
        integrationId: `acc_${i + 1}`,
        platform: 'x' as const,
        settings: {},
        blocks: [
          { content: `${text} (${i})`, media: [] },
          { content: 'second block', media: [] },
        ],
      })),
    });
    const outbox = new OutboxRepo(db);
    let n = 0;
    const add = (op: OutboxOp, key: string, brandId = ACTIVE.brandId) => {
      const id = `op${++n}`;
      outbox.add({ id, profileId: PROFILE_ID, brandId, op, key, summary: id, marker: `m${n}` });
      return id;
    };
    const create = add({ kind: 'create', payload: payload('Thread', 2, 7) }, 'draft:a');
    const edit = add(
      { kind: 'edit', payload: { ...payload('New version', 1, 8), replacesGroup: 'g1' } },
      'group:g1',
    );
    const move1 = add(
      { kind: 'reschedule', payload: { postId: 'post_3', date: at(20), serverDate: at(3) } },
      'group:g3',
    );
    const move2 = add(
      { kind: 'reschedule', payload: { postId: 'post_3', date: at(21), serverDate: at(3) } },
      'group:g3',
    );
    const removal = add({ kind: 'deleteGroup', payload: { group: 'g4' } }, 'group:g4');
    const refusedMove = add(
      { kind: 'reschedule', payload: { postId: 'post_5', date: at(30), serverDate: at(5) } },
      'group:g5',
    );
    outbox.update(refusedMove, { status: 'failed', lastError: 'Refused move' });
    const refusedCreate = add({ kind: 'create', payload: payload('Refused', 1, 9) }, 'draft:b');
    outbox.update(refusedCreate, { status: 'failed', lastError: 'Refused create' });
    // Another brand's operations touch nothing of this one's, even under the same post id.
    add(
      { kind: 'reschedule', payload: { postId: 'post_5', date: at(40), serverDate: at(5) } },
      'x',
      'brand-2',
    );
    add({ kind: 'deleteGroup', payload: { group: 'g6' } }, 'group:g6', 'brand-2');
    add(
      { kind: 'upload', payload: { path: '/tmp/none.png', name: 'none.png', kind: 'image', size: 1 } },
      'u',
    );

    const ids = [
      ...cached.map((p) => p.id),
      `local:${create}:0`,
      `local:${create}:1`,
      `local:${edit}:0`,
      `local:${refusedCreate}:0`,
      `local:op-gone:0`,
      'post_missing',
    ];
    const check = () => {
      for (const id of ids) {
        const { posts, hidden } = engine.shown(ACTIVE, [id]);
        expect(posts, id).toEqual(inView(engine, ACTIVE, [id]));
        expect(hidden, id).toEqual(posts.length === 0 ? [id] : []);
      }
      expect(byId(engine.shown(ACTIVE, ids).posts)).toEqual(byId(inView(engine, ACTIVE, ids)));
    };
    check();
    // What is checked is not trivial: each kind of operation shows in the answer.
    const all = engine.shown(ACTIVE, ids).posts;
    expect(all.find((p) => p.id === 'post_3')).toMatchObject({ publishDate: at(21), pending: true });
    expect(all.find((p) => p.id === 'post_5')).toMatchObject({ publishDate: at(5), error: 'Refused move' });
    expect(all.find((p) => p.id === `local:${create}:1`)).toMatchObject({ blockCount: 2, groupSize: 2 });
    expect(all.find((p) => p.id === `local:${refusedCreate}:0`)).toMatchObject({ error: 'Refused create' });
    expect(all.map((p) => p.id)).not.toContain('post_1');
    expect(all.map((p) => p.id)).not.toContain('post_2');
    expect(all.map((p) => p.id)).not.toContain('post_4');

    // Each confirmation takes its operation out of the queue (in the order the worker would).
    for (const id of [move1, create, edit, move2, removal, refusedMove, refusedCreate]) {
      outbox.remove(id);
      check();
    }
    expect(byId(engine.shown(ACTIVE, ids).posts).map((p) => p.id)).toEqual(cached.map((p) => p.id).sort());
  });
});

describe('a flush against the local service', () => {
  let h: Harness | null = null;
  afterEach(async () => {
    vi.restoreAllMocks();
    await h?.close();
    h = null;
  });

  it('tells the window, at each confirmation, what its range view shows, without reading the whole queue', async () => {
    const mismatches: string[] = [];
    let updates = 0;
    let checkReads = 0;
    let wholeQueue: MockInstance<OutboxRepo['list']> | null = null;
    h = await harness({
      engine: {
        emit: (name, payload) => {
          h?.events.push({ name, payload });
          if (name !== 'postsChanged' || !h) return;
          const update = (payload as IpcEventPayload<'postsChanged'>).update;
          if (!update) return;
          updates++;
          // The check's own read of the range view reads the whole queue: not counted below.
          const before = wholeQueue?.mock.calls.length ?? 0;
          const shown = inView(h.engine, h.brand, [...update.posts.map((p) => p.id), ...update.hidden]);
          checkReads += (wholeQueue?.mock.calls.length ?? 0) - before;
          const told = JSON.stringify(byId(update.posts));
          if (told !== JSON.stringify(byId(shown)))
            mismatches.push(`${told}\n  !=\n${JSON.stringify(shown)}`);
        },
      },
    });
    const tag = `view-${Date.now()}`;
    // Two posts on the service first, to move and to delete while the creates wait.
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Move ${tag}`),
      type: 'schedule',
      date: inMinutes(300),
    });
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Delete ${tag}`),
      type: 'schedule',
      date: inMinutes(301),
    });
    await until('first two sent', () => h!.engine.listOutbox().length === 0);
    const onServer = (await h.fresh(WIDE)).posts.filter((p) => p.content.includes(tag));
    const toMove = onServer.find((p) => p.content.startsWith('Move'))!;
    const toDelete = onServer.find((p) => p.content.startsWith('Delete'))!;

    await h.stopService();
    const count = 40;
    for (let i = 0; i < count; i++) {
      await h.posts.sendDraft(h.brand, {
        draftId: h.draft(`Post ${i} ${tag}`, {
          blocks: [
            { content: `Post ${i} ${tag}`, media: [] },
            { content: `Reply ${i}`, media: [] },
          ],
          targets: [
            { integrationId: h.integrationId, platform: 'x', settings: {}, blocks: null },
            { integrationId: h.secondIntegrationId, platform: 'bluesky', settings: {}, blocks: null },
          ],
        }),
        type: 'schedule',
        date: inMinutes(400 + i),
      });
    }
    const movedTo = inMinutes(900);
    h.posts.reschedulePost(h.brand, { id: toMove.id, date: movedTo });
    h.posts.deleteGroup(h.brand, { group: toDelete.group! });
    await until('offline noticed', () => !h!.engine.getSyncStatus().online);

    wholeQueue = vi.spyOn(OutboxRepo.prototype, 'list');
    updates = 0;
    await h.startServiceAgain();
    h.engine.retryNow();
    // Polled by the counts, which do not read the queue either.
    await until('outbox flushed', () => h!.engine.getSyncStatus().pending === 0, 60_000);
    const readsOfTheWholeQueue = wholeQueue.mock.calls.length - checkReads;
    wholeQueue.mockRestore();
    wholeQueue = null;

    expect(mismatches).toEqual([]);
    // Each create and the move say how their posts show (a confirmed delete's posts are gone).
    expect(updates).toBeGreaterThanOrEqual(count + 1);
    // A pull after reconnecting reads it (the posts the queue holds); no confirmation does.
    expect(readsOfTheWholeQueue).toBeLessThan(count / 4);
    expect(h.engine.getSyncStatus()).toMatchObject({ pending: 0, failed: 0, needsDecision: 0 });

    const server = (await h.listOnServer()).filter((p) => p.content?.includes(tag));
    expect(server.find((p) => p.id === toMove.id)?.publishDate).toBe(movedTo);
    expect(server.map((p) => p.id)).not.toContain(toDelete.id);
    const created = server.filter((p) => p.content?.startsWith('Post '));
    expect(created).toHaveLength(count * 2);
    expect(created.every((p) => p.blockCount === 2)).toBe(true);
    expect(new Set(created.map((p) => p.content)).size).toBe(count);
  });
});
