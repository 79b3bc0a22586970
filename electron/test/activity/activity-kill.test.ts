import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ActivityChange } from '../../../shared/activity/model.js';
import { ApiClient } from '../../api/client.js';
import { composePosts } from '../../compose-posts.js';
import { OutboxRepo } from '../../outbox/outbox-repo.js';
import type { AppDatabase } from '../../store/database.js';
import { PostsCache } from '../../store/posts-cache.js';
import { harness, inMinutes, PROFILE_ID, until, type Harness } from '../support/sync-harness.js';

/*
 * kill -9 at many moments, inside a transaction and between them, while changes are made and the
 * outbox sends them: on restart every change present has its entry in the activity log, and every
 * entry describes a change that is present (both or neither). Each post is moved to a new time per
 * round, so the number of its move entries says which time it must have; each create is one
 * "created" entry exactly when its post (queued or on the service) exists.
 */

const CHILD = fileURLToPath(new URL('./kill-child.ts', import.meta.url));
let h: Harness | null = null;
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  await h?.close();
  h = null;
});

const EntryRow = z.object({
  group_id: z.string().nullable(),
  outbox_id: z.string().nullable(),
  change_json: z.string(),
});

function startChild(config: Record<string, unknown>) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, KILL_CHILD_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    out: () => out,
    saw: (line: string) => out.includes(line),
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

interface Moved {
  id: string;
  group: string;
  base: number;
  original: string;
}

/** Reads the file as the next start would and checks both-or-neither; answers what it found. */
function checkBothOrNeither(
  db: AppDatabase,
  brandId: string,
  tags: readonly string[],
  moved: readonly Moved[],
) {
  {
    const entries = z
      .array(EntryRow)
      .parse(db.sql.prepare('SELECT group_id, outbox_id, change_json FROM activity ORDER BY seq').all())
      .map((r) => ({ ...r, change: ActivityChange.parse(JSON.parse(r.change_json)) }));
    const ops = new OutboxRepo(db).list();
    const cache = new PostsCache(db);

    // Moves: k entries for a post means it has its k-th time, wherever it is (queued or on the service).
    let moves = 0;
    const movesOf = new Map<string, number>();
    for (const m of moved) {
      const own = entries.filter((e) => e.group_id === m.group && e.change.kind === 'moved');
      moves += own.length;
      movesOf.set(m.id, own.length);
      const queued = ops.filter((o) => o.kind === 'reschedule' && o.payload.postId === m.id).at(-1);
      const now =
        queued?.kind === 'reschedule'
          ? queued.payload.date
          : cache.get(PROFILE_ID, brandId, m.id)?.publishDate;
      const expected = own.length === 0 ? m.original : new Date(m.base + own.length * 60_000).toISOString();
      expect(Date.parse(now ?? ''), `post ${m.id} after ${own.length} recorded moves`).toBe(
        Date.parse(expected),
      );
      // The service confirmed no move that is not written down.
      const confirmed = entries.filter(
        (e) => e.group_id === m.group && e.change.kind === 'confirmed' && e.change.what === 'move',
      ).length;
      expect(confirmed).toBeLessThanOrEqual(own.length);
    }

    // Creates: a "created" entry exactly when the post exists, queued or on the service.
    let creates = 0;
    const texts = tags.flatMap((tag) => [1, 2, 3, 4].map((n) => `Kill ${n} ${tag}`));
    for (const text of texts) {
      const created = entries.filter((e) => e.change.kind === 'created' && e.change.text === text);
      const op = ops.find((o) => o.kind === 'create' && o.payload.targets[0]?.blocks[0]?.content === text);
      const onService = cache
        .listRange(PROFILE_ID, brandId, 0, Number.MAX_SAFE_INTEGER)
        .filter((p) => p.content === text);
      expect(created.length, `${text}: entries`).toBe(op || onService.length > 0 ? 1 : 0);
      expect(op !== undefined && onService.length > 0, `${text}: both queued and confirmed`).toBe(false);
      if (created.length === 0) continue;
      creates++;
      const confirmed = entries.filter(
        (e) =>
          e.change.kind === 'confirmed' &&
          e.change.what === 'create' &&
          e.outbox_id === created[0]!.outbox_id,
      );
      // Confirmed in the log exactly when the cache holds it, under the service's group.
      expect(confirmed.length, `${text}: confirmation entries`).toBe(onService.length > 0 ? 1 : 0);
      if (onService[0]) expect(created[0]!.group_id).toBe(onService[0].group);
      else expect(created[0]!.outbox_id).toBe(op!.id);
    }
    const confirmations = entries.filter((e) => e.change.kind === 'confirmed').length;
    return { entries: entries.length, moves, creates, movesOf, confirmations };
  }
}

describe('activity log under kill -9', () => {
  it('has every change and no phantom entry after kills inside and between transactions', async () => {
    h = await harness();
    const tag = `kill-${Date.now()}`;
    const moved: Moved[] = [];
    for (const n of [0, 1]) {
      const [made] = await h.api().createPosts({
        type: 'schedule',
        date: inMinutes(600 + n),
        shortLink: false,
        posts: [
          {
            integration: { id: h.integrationId },
            value: [{ content: `Moved ${n} ${tag}` }],
            settings: { __type: 'x' },
          },
        ],
      });
      moved.push({
        id: made!.postId,
        group: made!.group,
        base: Date.now() + (300 + 100 * n) * 60_000,
        original: '',
      });
    }
    await h.fresh({ start: new Date().toISOString(), end: inMinutes(60 * 24) });
    const cache = new PostsCache(h.db);
    for (const m of moved) m.original = cache.get(PROFILE_ID, h.brandId, m.id)?.publishDate ?? '';
    expect(moved.every((m) => m.original !== '')).toBe(true);
    await h.engine.stop(); // only the child writes from here on

    const base = {
      dbPath: h.dbPath,
      baseUrl: h.baseUrl,
      apiKey: h.apiKey,
      brandId: h.brandId,
      profileId: PROFILE_ID,
      integrationId: h.integrationId,
      tag,
    };
    let round = 0;
    // Killed inside the n-th transaction of a run (a create, a move, a confirmation), then at
    // random moments between them; each run goes on from where the last one stopped.
    const kills: ({ stallAt: number } | { afterMs: number })[] = [
      { stallAt: 1 },
      { stallAt: 2 },
      { stallAt: 3 },
      { stallAt: 5 },
      { stallAt: 8 },
      { stallAt: 13 },
      { stallAt: 21 },
      { afterMs: 150 },
      { afterMs: 400 },
      { afterMs: 700 },
    ];
    const tags: string[] = [];
    let movesOf = new Map<string, number>();
    let confirmations = 0;
    for (const kill of kills) {
      round++;
      tags.push(`${tag}-r${round}`);
      const run = startChild({
        ...base,
        // Each run makes new creates (a new tag per round) and moves on from the times recorded.
        tag: tags.at(-1),
        creates: 4,
        moves: moved.map((m) => ({ id: m.id, base: m.base, done: movesOf.get(m.id) ?? 0 })),
        stallAt: 'stallAt' in kill ? kill.stallAt : null,
      });
      await until('the child started', () => run.saw('READY'), 20_000);
      if ('stallAt' in kill)
        await until(
          `the child stalled in transaction ${kill.stallAt}`,
          () => run.saw('IN-TRANSACTION'),
          20_000,
        );
      else await new Promise((r) => setTimeout(r, kill.afterMs));
      await run.kill9();
      const f = checkBothOrNeither(h.db, h.brandId, tags, moved);
      movesOf = f.movesOf;
      confirmations = Math.max(confirmations, f.confirmations);
    }
    expect(round).toBe(kills.length);
    // Some kills came after the service had confirmed changes: those checks covered confirmations too.
    expect(confirmations).toBeGreaterThan(0);

    // The next start sends what is left; the log then says each change was confirmed.
    const { sync } = composePosts({
      db: h.db,
      apiFor: () =>
        new ApiClient({ baseUrl: h!.baseUrl, apiKey: h!.apiKey, brandId: h!.brandId, retry: { retries: 0 } }),
      active: () => ({ profileId: PROFILE_ID, brandId: h!.brandId }),
      emit: () => undefined,
      backoff: { baseMs: 20, maxMs: 200 },
      prefetchNeighbours: false,
    });
    sync.start();
    await until('outbox flushed after the kills', () => sync.listOutbox().length === 0, 30_000);
    await sync.stop();
    const found = checkBothOrNeither(h.db, h.brandId, tags, moved);
    expect(found.creates).toBeGreaterThan(0);
    expect(found.moves).toBeGreaterThan(0);
  }, 180_000);
});
