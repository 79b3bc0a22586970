import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxRepo } from '../../outbox/outbox-repo.js';
import { composePosts } from '../../compose-posts.js';
import { ApiClient } from '../../api/client.js';
import { harness, inMinutes, PROFILE_ID, until, type Harness } from '../support/sync-harness.js';

/*
 * kill -9 in the middle of a sync, then start again: every queued post must be on the service
 * exactly once. The child freezes at the worst moments (before a create left; after the service
 * created it but before the answer was written down) or is killed at a random time.
 */

const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
let h: Harness | null = null;
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  await h?.close();
  h = null;
});

function startChild(stall: { at: number; when: 'before' | 'after' } | null) {
  const config = {
    dbPath: h!.dbPath,
    baseUrl: h!.baseUrl,
    apiKey: h!.apiKey,
    brandId: h!.brandId,
    profileId: PROFILE_ID,
    stall,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, CRASH_CHILD_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    child,
    saw: (line: string) => out.includes(line),
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function queue(tag: string, count: number) {
  for (let i = 0; i < count; i++) {
    await h!.posts.sendDraft(h!.brand, {
      draftId: h!.draft(`Crash ${i} ${tag}`),
      type: 'schedule',
      date: inMinutes(60 + i),
    });
  }
}

/** A fresh engine in this process on the same file: what the next app start does. */
async function restartAndFlush() {
  const { sync: engine } = composePosts({
    db: h!.db,
    apiFor: () =>
      new ApiClient({ baseUrl: h!.baseUrl, apiKey: h!.apiKey, brandId: h!.brandId, retry: { retries: 0 } }),
    active: () => ({ profileId: PROFILE_ID, brandId: h!.brandId }),
    emit: () => undefined,
    backoff: { baseMs: 20, maxMs: 200 },
    prefetchNeighbours: false,
  });
  engine.start();
  await until('outbox flushed after restart', () => engine.listOutbox().length === 0, 30_000);
  await engine.stop();
}

async function expectEachOnce(tag: string, count: number) {
  const contents = (await h!.listOnServer())
    .map((p) => p.content ?? '')
    .filter((c) => c.includes(tag) && c.startsWith('Crash'));
  expect(contents.sort()).toEqual(Array.from({ length: count }, (_, i) => `Crash ${i} ${tag}`).sort());
}

describe('kill -9 mid-sync', () => {
  for (const when of ['after', 'before'] as const) {
    it(`loses nothing and doubles nothing when killed ${when} the service got a create`, async () => {
      h = await harness();
      await h.engine.stop(); // only the child and, later, the restarted engine send
      const tag = `crash-${when}-${Date.now()}`;
      await queue(tag, 4);
      const run = startChild({ at: 2, when });
      await until('the child froze mid-create', () => run.saw('STALLED'), 20_000);
      await run.kill9();
      const left = new OutboxRepo(h.db).list();
      expect(left.some((o) => o.status === 'sending')).toBe(true);
      expect(left.length).toBe(3);

      await restartAndFlush();
      await expectEachOnce(tag, 4);
    });
  }

  it('survives kills at random moments, several times in a row, with moves and deletes queued too', async () => {
    h = await harness();
    const tag = `crash-random-${Date.now()}`;
    // Three posts already on the service and in the cache: two to move, one to delete.
    const existing: { id: string; group: string; content: string }[] = [];
    for (const n of [0, 1, 2]) {
      const [made] = await h.api().createPosts({
        type: 'schedule',
        date: inMinutes(300 + n),
        shortLink: false,
        posts: [
          {
            integration: { id: h.integrationId },
            value: [{ content: `Existing ${n} ${tag}` }],
            settings: { __type: 'x' },
          },
        ],
      });
      existing.push({ id: made!.postId, group: made!.group, content: `Existing ${n} ${tag}` });
    }
    await h.fresh({ start: new Date().toISOString(), end: inMinutes(60 * 24) });
    await h.engine.stop();
    await queue(tag, 6);
    const moves = [inMinutes(400), inMinutes(401)];
    h.posts.reschedulePost(h.brand, { id: existing[0]!.id, date: moves[0]! });
    h.posts.reschedulePost(h.brand, { id: existing[1]!.id, date: moves[1]! });
    h.posts.deleteGroup(h.brand, { group: existing[2]!.group });

    for (const delay of [120, 250, 180]) {
      const run = startChild(null);
      await until('the child started', () => run.saw('READY'), 20_000);
      await new Promise((r) => setTimeout(r, delay));
      await run.kill9();
    }
    await restartAndFlush();
    await expectEachOnce(tag, 6);
    const server = await h.listOnServer();
    const byId = new Map(server.map((p) => [p.id, p]));
    expect(Date.parse(byId.get(existing[0]!.id)!.publishDate)).toBe(Date.parse(moves[0]!));
    expect(Date.parse(byId.get(existing[1]!.id)!.publishDate)).toBe(Date.parse(moves[1]!));
    expect(byId.has(existing[2]!.id)).toBe(false);
  });
});
