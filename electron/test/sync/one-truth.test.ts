import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcEventName } from '../../../shared/ipc/contract.js';
import type { IpcResult } from '../../../shared/ipc/errors.js';
import type { CalendarPost } from '../../../shared/posts/ipc.js';
import type { IntegrationView } from '../../../shared/integrations/ipc.js';
import type { OutboxItemView, SyncStatus } from '../../../shared/outbox/ipc.js';
import { startFaultProxy, type FaultProxy } from '../../../test/support/fault-proxy.js';
import { createAppServices } from '../../app-services.js';
import { createSandboxStarter } from '../../profiles/sandbox.js';
import { MemorySecretStore } from '../../secrets/memory-secret-store.js';
import { inHours, startTestService, type TestService } from '../support/service.js';
import { until } from '../support/sync-harness.js';

/*
 * Issue 16, parts 2 and 3, through the IPC gate the renderer uses, against the real local service
 * behind a fault proxy that counts its requests: main answers the calendar from its cache at once,
 * a move is one call whose answer is the truth, and a brand's accounts are known from the start.
 */

let svc: TestService;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
  await svc?.close();
});

async function open(
  startSandbox?: Parameters<typeof createAppServices>[0]['startSandbox'],
  apiTimeoutMs = 5_000,
) {
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-truth-'));
  const services = await createAppServices({
    dataDir: dir,
    secretStore: new MemorySecretStore(),
    apiTimeoutMs,
    backoff: { baseMs: 50, maxMs: 500 },
    probe: { baseMs: 50, maxMs: 500 },
    ...(startSandbox ? { startSandbox } : {}),
  });
  const events: { name: IpcEventName; payload: unknown }[] = [];
  services.onEvent((name, payload) => events.push({ name, payload }));
  cleanup.push(async () => {
    await services.close();
    await rm(dir, { recursive: true, force: true });
  });
  const ok = async <T>(name: string, input: unknown = {}): Promise<T> => {
    const result: IpcResult<unknown> = await services.invoke(name, input);
    if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };
  return { events, ok };
}

type Opened = Awaited<ReturnType<typeof open>>;
type Range = { posts: CalendarPost[]; source: string };

async function connectThrough(proxy: FaultProxy, apiTimeoutMs?: number): Promise<Opened> {
  const app = await open(undefined, apiTimeoutMs);
  await app.ok('connectProfile', {
    baseUrl: proxy.baseUrl,
    apiKey: svc.token('full-test'),
    brandId: svc.brandIds[0],
    storage: 'session',
  });
  return app;
}

/** Resolves once the proxy has seen no request for `quietMs`: main's background pulls are over. */
async function quiet(proxy: FaultProxy, quietMs = 1_500): Promise<void> {
  let seen = -1;
  await until(
    'main stops calling the service',
    async () => {
      const now = proxy.log.length;
      if (now === seen) return true;
      seen = now;
      await new Promise((r) => setTimeout(r, quietMs));
      return proxy.log.length === seen;
    },
    60_000,
  );
}

const month = { start: inHours(-24 * 3), end: inHours(24 * 28) };

/**
 * How long main waits for the service in the hang tests: far longer than any test runs, so a
 * request the proxy holds ends only when the test drops it, and an answer that waited for it
 * never comes.
 */
const HANG_OUTLASTS_MS = 10 * 60_000;
/** A hang detector for the answer that must not wait (far above any load, far below the hang). */
const ANSWER_OR_HANG_MS = 20_000;

/** `work`'s value, or a failure saying it waited for the held request. */
async function answeredWhileHeld<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const held = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`${what} waited for the service's held request (no answer in ${ANSWER_OR_HANG_MS} ms)`),
        ),
      ANSWER_OR_HANG_MS,
    );
  });
  try {
    return await Promise.race([work, held]);
  } finally {
    clearTimeout(timer);
  }
}
const listsPosts = (r: { method: string; url: string }) => r.method === 'GET' && /\/posts\?/.test(r.url);

describe('one source of truth in main', () => {
  let proxy: FaultProxy;
  let app: Opened;
  beforeAll(async () => {
    proxy = await startFaultProxy({ target: svc.service.baseUrl, seed: 16, rate: 0 });
    cleanup.push(() => proxy.close());
    app = await connectThrough(proxy, HANG_OUTLASTS_MS);
    await until(
      'the month is in the cache',
      async () => (await app.ok<Range>('listPosts', month)).posts.length > 0,
      30_000,
    );
    await quiet(proxy);
  });

  it('answers listPosts from the cache while its pull of the service is still held unanswered', async () => {
    proxy.override((req) => (listsPosts(req) ? 'hang' : null));
    const seenBefore = proxy.log.length;
    try {
      const before = await app.ok<Range>('listPosts', month);
      // A range never asked before makes main pull it; the answer must not wait for that pull.
      const shifted = await answeredWhileHeld(
        'listPosts',
        app.ok<Range>('listPosts', { start: inHours(-24 * 3 + 1), end: month.end }),
      );
      const answeredAt = Date.now();
      expect(shifted.posts.length).toBeGreaterThan(0);
      expect(before.posts.length).toBeGreaterThan(0);
      // Main did ask the service, and that request was still held (unanswered, not given up) when
      // the answer came: the answer came from the cache, not from the pull.
      await until('main pulls the new range', () =>
        proxy.log.slice(seenBefore).some((r) => listsPosts(r) && r.fault === 'hang'),
      );
      const held = proxy.log.slice(seenBefore).filter((r) => listsPosts(r) && r.fault === 'hang');
      expect(held.every((r) => r.doneAt === undefined && (r.closedAt ?? Infinity) > answeredAt)).toBe(true);
    } finally {
      proxy.override(null);
      proxy.dropHung();
    }
    await quiet(proxy);
  });

  it('answers listBrands from the cache while the service holds its request unanswered', async () => {
    const before = await app.ok<{ id: string }[]>('listBrands');
    const asksBrands = (req: { method: string; url: string }) =>
      req.method === 'GET' && /\/brands/.test(req.url);
    proxy.override((req) => (asksBrands(req) ? 'hang' : null));
    const seenBefore = proxy.log.length;
    try {
      const brands = await answeredWhileHeld('listBrands', app.ok<{ id: string }[]>('listBrands'));
      const answeredAt = Date.now();
      expect(brands.map((b) => b.id)).toEqual(before.map((b) => b.id));
      const held = proxy.log.slice(seenBefore).filter((r) => asksBrands(r) && r.fault === 'hang');
      expect(held.every((r) => r.doneAt === undefined && (r.closedAt ?? Infinity) > answeredAt)).toBe(true);
    } finally {
      proxy.override(null);
      proxy.dropHung();
    }
    await quiet(proxy);
  });

  it('a move is one call answering the post as shown, then at most two events, one PUT and no GET /posts', async () => {
    const now = Date.now();
    const posts = (await app.ok<Range>('listPosts', month)).posts;
    const post = posts.find(
      (p) => p.state === 'scheduled' && !p.pending && Date.parse(p.publishDate) > now + 3_600_000,
    )!;
    expect(post).toBeDefined();
    const to = new Date(Date.parse(post.publishDate) + 3_600_000).toISOString();
    const eventsBefore = app.events.length;
    const requestsBefore = proxy.log.length;

    const answer = await app.ok<{ outboxId: string; posts: CalendarPost[]; status: SyncStatus }>(
      'reschedulePost',
      { id: post.id, date: to },
    );
    expect(answer.posts).toEqual([expect.objectContaining({ id: post.id, publishDate: to, pending: true })]);
    expect(answer.status.pending).toBe(1);

    await until('the move is confirmed', () =>
      app.events
        .slice(eventsBefore)
        .some((e) => e.name === 'syncStatus' && (e.payload as SyncStatus).pending === 0),
    );
    await quiet(proxy);
    const events = app.events.slice(eventsBefore);
    expect(
      events.map((e) => e.name),
      JSON.stringify(events),
    ).toHaveLength(2);
    const confirmed = events.find((e) => e.name === 'postsChanged')?.payload as {
      update: { posts: CalendarPost[] } | null;
    };
    expect(confirmed.update?.posts).toEqual([
      expect.objectContaining({ id: post.id, publishDate: to, pending: false }),
    ]);
    const requests = proxy.log.slice(requestsBefore);
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(requests.filter(listsPosts)).toEqual([]);
  });

  it('a refused move stays in the Outbox as failed, and the post shows at its real time with the reason', async () => {
    const now = Date.now();
    const posts = (await app.ok<Range>('listPosts', month)).posts;
    const post = posts.find(
      (p) =>
        p.state === 'scheduled' &&
        !p.pending &&
        p.groupSize === 1 &&
        p.group !== null &&
        Date.parse(p.publishDate) > now + 3_600_000,
    )!;
    // Someone deletes it elsewhere (another device, the dashboard) after the calendar loaded it.
    await svc.client().deleteGroup(post.group!);
    const eventsBefore = app.events.length;
    const to = new Date(Date.parse(post.publishDate) + 7_200_000).toISOString();
    const { outboxId } = await app.ok<{ outboxId: string }>('reschedulePost', { id: post.id, date: to });

    await until('the move is refused', async () =>
      (await app.ok<OutboxItemView[]>('listOutbox')).some((i) => i.id === outboxId && i.status === 'failed'),
    );
    const told = app.events.slice(eventsBefore).filter((e) => e.name === 'outboxFailed');
    expect(told.map((e) => (e.payload as OutboxItemView).id)).toEqual([outboxId]);
    const shown = (await app.ok<Range>('listPosts', month)).posts.find((p) => p.id === post.id);
    expect(shown).toMatchObject({ publishDate: post.publishDate, pending: false });
    expect(shown?.error).toBeTruthy();
    expect((await app.ok<SyncStatus>('getSyncStatus')).failed).toBe(1);

    await app.ok('discardOutbox', { id: outboxId });
    expect(await app.ok<OutboxItemView[]>('listOutbox')).toEqual([]);
  });
});

describe('accounts known from the first minute', () => {
  it('knows every account the sandbox seeded as soon as it is connected', async () => {
    const sandboxDir = await mkdtemp(join(tmpdir(), 'postdeck-truth-sandbox-'));
    const starter = createSandboxStarter(sandboxDir);
    cleanup.push(async () => {
      await starter.stop();
      await rm(sandboxDir, { recursive: true, force: true });
    });
    let seeded: string[] = [];
    const app = await open(async () => {
      const connection = await starter.start();
      seeded =
        (connection.accounts ?? [])
          .find((a) => a.brandId === connection.brandId)
          ?.integrations.map((i) => i.id) ?? [];
      return connection;
    });
    await app.ok('startSandbox');
    expect(seeded.length).toBeGreaterThan(0);
    const known = await app.ok<IntegrationView[]>('listIntegrations');
    expect(known.map((i) => i.id).sort()).toEqual([...seeded].sort());
  });

  it('learns the accounts of a connected service without any calendar read', async () => {
    const proxy = await startFaultProxy({ target: svc.service.baseUrl, seed: 3, rate: 0 });
    cleanup.push(() => proxy.close());
    const app = await connectThrough(proxy);
    await until(
      'accounts learned',
      async () => (await app.ok<IntegrationView[]>('listIntegrations')).length > 0,
      30_000,
    );
    // One wide pull: 90 days back and 180 ahead.
    const pulls = proxy.log.filter(listsPosts).map((r) => new URL(r.url, 'http://x').searchParams);
    const widest = Math.max(
      ...pulls.map((q) => Date.parse(q.get('endDate') ?? '') - Date.parse(q.get('startDate') ?? '')),
    );
    expect(widest).toBeGreaterThanOrEqual(269 * 86_400_000);
  });
});
