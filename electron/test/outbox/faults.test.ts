import { afterEach, describe, expect, it } from 'vitest';
import { FAULTS, startFaultProxy, type Fault, type FaultProxy } from '../../../test/support/fault-proxy.js';
import { setLogSink } from '../../log.js';
import { ApiClient } from '../../api/client.js';
import { OutboxRepo } from '../../outbox/outbox-repo.js';
import { harness, inMinutes, until, type Harness } from '../support/sync-harness.js';

/*
 * The outbox through a proxy that injects every fault real networks have, at 30 %, in front of the
 * real local service; the verdict comes from the service's own answers, read around the proxy.
 */

let h: Harness | null = null;
let proxy: FaultProxy | null = null;
afterEach(async () => {
  await h?.close();
  await proxy?.close();
  h = null;
  proxy = null;
});

const CREATES = 60;
const MOVES = 30;
const DELETES = 30;
const range = () => ({ start: inMinutes(-60), end: inMinutes(60 * 24 * 30) });

/** The engine's client goes through the proxy once `viaProxy` is set; short timeouts so hangs end fast. */
async function faultyHarness(): Promise<{ h: Harness; proxy: FaultProxy; useProxy(on: boolean): void }> {
  let viaProxy = false;
  let p: FaultProxy | null = null;
  const x = await harness({
    engine: {
      apiFor: () =>
        new ApiClient({
          baseUrl: viaProxy && p ? p.baseUrl : x.baseUrl,
          apiKey: x.apiKey,
          brandId: x.brandId,
          timeoutMs: 600,
          retry: { retries: 1, baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 1_000 },
        }),
      backoff: { baseMs: 20, maxMs: 200 },
    },
  });
  p = await startFaultProxy({ target: x.baseUrl, seed: 16, rate: 0.3, retryAfterSeconds: 0.05 });
  return { h: x, proxy: p, useProxy: (on) => (viaProxy = on) };
}

const settled = (x: Harness) =>
  x.engine.listOutbox().every((o) => o.status === 'failed' || o.status === 'needsDecision');

describe('the outbox through a fault-injecting proxy', () => {
  it('sends 120 operations at 30 % faults: every post once, every move and delete applied, nothing failed', async () => {
    const f = await faultyHarness();
    h = f.h;
    proxy = f.proxy;
    const tag = `faults-${Date.now()}`;
    // Posts to move and delete, made directly on the service and read into the cache.
    const existing: { id: string; group: string; content: string }[] = [];
    for (let i = 0; i < MOVES + DELETES; i++) {
      const content = `Existing ${i} ${tag}`;
      const [r] = await h.api().createPosts({
        type: 'schedule',
        date: inMinutes(300 + i),
        shortLink: false,
        posts: [{ integration: { id: h.integrationId }, value: [{ content }], settings: { __type: 'x' } }],
      });
      existing.push({ id: r!.postId, group: r!.group, content });
    }
    expect((await h.fresh(range())).posts.filter((p) => p.content.includes(tag))).toHaveLength(
      MOVES + DELETES,
    );

    f.useProxy(true);
    const moves = new Map<string, string>();
    for (let i = 0; i < CREATES + MOVES + DELETES; i++) {
      const k = i % 4;
      if (k < 2 && i / 2 < CREATES) {
        const n = Math.floor(i / 4) * 2 + k;
        await h.posts.sendDraft(h.brand, {
          draftId: h.draft(`Created ${n} ${tag}`),
          type: 'schedule',
          date: inMinutes(600 + n),
        });
      } else if (k === 2) {
        const post = existing[Math.floor(i / 4)]!;
        const date = inMinutes(2000 + i);
        moves.set(post.id, date);
        h.posts.reschedulePost(h.brand, { id: post.id, date });
      } else {
        h.posts.deleteGroup(h.brand, { group: existing[MOVES + Math.floor(i / 4)]!.group });
      }
    }
    await until('the outbox settled', () => settled(h!), 50_000);

    const outbox = h.engine.listOutbox();
    const onServer = (await h.listOnServer()).filter((p) => p.content?.includes(tag));
    const copies = new Map<string, number>();
    for (const p of onServer) copies.set(p.content ?? '', (copies.get(p.content ?? '') ?? 0) + 1);
    const created = Array.from({ length: CREATES }, (_, n) => copies.get(`Created ${n} ${tag}`) ?? 0);
    const byId = new Map(onServer.map((p) => [p.id, p]));
    const summary = {
      failed: outbox.filter((o) => o.status === 'failed').length,
      needsDecision: outbox.filter((o) => o.status === 'needsDecision').length,
      createsDoubled: created.filter((c) => c > 1).length,
      createsLost: created.filter((c) => c === 0).length,
      movesNotApplied: [...moves].filter(
        ([id, date]) => Date.parse(byId.get(id)?.publishDate ?? '') !== Date.parse(date),
      ).length,
      deletesNotApplied: existing.slice(MOVES).filter((p) => byId.has(p.id)).length,
    };
    expect(
      summary,
      JSON.stringify({ outbox: outbox.map((o) => [o.kind, o.lastError]), faults: proxy.counts() }),
    ).toEqual({
      failed: 0,
      needsDecision: 0,
      createsDoubled: 0,
      createsLost: 0,
      movesNotApplied: 0,
      deletesNotApplied: 0,
    });
    // Every kind of fault was met on the way.
    const counts = proxy.counts();
    for (const fault of FAULTS) expect(counts[fault], fault).toBeGreaterThan(0);
  });

  it("a user's Retry of a create whose answer was lost never posts a second copy", async () => {
    const f = await faultyHarness();
    h = f.h;
    proxy = f.proxy;
    f.useProxy(true);
    const tag = `retry-${Date.now()}`;
    // Every create reaches the service but its 200 arrives cut short, and the service cannot be asked.
    proxy.override(({ method, url }) => {
      if (method === 'POST' && url === '/v1/posts') return 'truncatedOk';
      if (method === 'GET' && url.startsWith('/v1/posts')) return 'serverError';
      return null;
    });
    const count = 8;
    for (let n = 0; n < count; n++) {
      await h.posts.sendDraft(h.brand, {
        draftId: h.draft(`Retried ${n} ${tag}`),
        type: 'schedule',
        date: inMinutes(600 + n),
      });
    }
    const onService = async () => (await h!.listOnServer()).filter((p) => p.content?.includes(tag));
    await until('every create reached the service', async () => (await onService()).length === count, 20_000);
    // The user presses Retry on each of them, whatever state it shows, then the faults pass.
    for (const op of h.engine.listOutbox()) if (op.status !== 'sending') h.posts.retryOutbox({ id: op.id });
    proxy.override(null);
    proxy.setRate(0.3);
    await until('the outbox settled', () => settled(h!), 30_000);
    // Retry again on whatever stopped: a second press must not double anything either.
    for (const op of h.engine.listOutbox()) h.posts.retryOutbox({ id: op.id });
    await until('the outbox settled again', () => settled(h!), 30_000);

    const contents = (await onService()).map((p) => p.content).sort();
    expect({ left: h.engine.listOutbox().map((o) => [o.status, o.lastError]), contents }).toEqual({
      left: [],
      contents: Array.from({ length: count }, (_, n) => `Retried ${n} ${tag}`).sort(),
    });
  });

  it('two identical posts queued two minutes apart both reach the service, once each, when an answer is lost', async () => {
    const f = await faultyHarness();
    h = f.h;
    proxy = f.proxy;
    f.useProxy(true);
    const tag = `twins-${Date.now()}`;
    // The first create the service sees goes through; the second is cut before it reaches the
    // service (an ambiguous failure), so its lookup finds the first one's post, same account and
    // text, two minutes away. That post is the first operation's: it cannot be claimed again.
    let creates = 0;
    proxy.override(({ method, url }) => {
      if (method !== 'POST' || url !== '/v1/posts') return null;
      creates++;
      return creates === 2 ? 'resetBeforeForward' : null;
    });
    const text = `Same words twice ${tag}`;
    const first = inMinutes(600);
    const second = new Date(Date.parse(first) + 2 * 60_000).toISOString();
    await h.posts.sendDraft(h.brand, { draftId: h.draft(text), type: 'schedule', date: first });
    await h.posts.sendDraft(h.brand, { draftId: h.draft(text), type: 'schedule', date: second });
    await until('the outbox settled', () => settled(h!), 30_000);

    const onService = (await h.listOnServer()).filter((p) => p.content?.includes(tag));
    expect({
      left: h.engine.listOutbox().map((o) => [o.status, o.lastError]),
      dates: onService.map((p) => Date.parse(p.publishDate)).sort(),
      creates,
    }).toEqual({ left: [], dates: [Date.parse(first), Date.parse(second)], creates: 3 });
  });

  it('logs one warning per failed request', async () => {
    const f = await faultyHarness();
    h = f.h;
    proxy = f.proxy;
    f.useProxy(true);
    const tag = `logged-${Date.now()}`;
    const warnings: string[] = [];
    const restore = setLogSink((level, line) => {
      if (level === 'warn' || level === 'error') warnings.push(line);
    }, 'debug');
    try {
      // One create cut after the service handled it, one cut before, one 500, one hang; then clean.
      const faults: Fault[] = ['resetAfterHandled', 'resetBeforeForward', 'serverError', 'hang'];
      proxy.override(({ method, url }) =>
        method === 'POST' && url === '/v1/posts' ? (faults.shift() ?? null) : null,
      );
      for (let n = 0; n < 4; n++) {
        await h.posts.sendDraft(h.brand, {
          draftId: h.draft(`Logged ${n} ${tag}`),
          type: 'schedule',
          date: inMinutes(700 + n),
        });
      }
      await until('the outbox settled', () => settled(h!), 30_000);
    } finally {
      restore();
    }
    const failed = proxy.log.filter((r) => r.fault !== null).length;
    expect({ failed, warnings: warnings.length, left: h.engine.listOutbox().length }).toEqual({
      failed: 4,
      warnings: 4,
      left: 0,
    });
  });

  it('a Retry of a create left failed although it reached the service (as before this fix) looks first', async () => {
    const f = await faultyHarness();
    h = f.h;
    proxy = f.proxy;
    f.useProxy(true);
    const tag = `stale-${Date.now()}`;
    proxy.override(({ method, url }) => {
      if (method === 'POST' && url === '/v1/posts') return 'truncatedOk';
      if (method === 'GET' && url.startsWith('/v1/posts')) return 'serverError';
      return null;
    });
    const count = 3;
    for (let n = 0; n < count; n++) {
      await h.posts.sendDraft(h.brand, {
        draftId: h.draft(`Stale ${n} ${tag}`),
        type: 'schedule',
        date: inMinutes(600 + n),
      });
    }
    const onService = async () => (await h!.listOnServer()).filter((p) => p.content?.includes(tag));
    await until('every create reached the service', async () => (await onService()).length === count, 20_000);
    // What an earlier version left: stopped as failed, with nothing saying it may exist.
    await h.engine.stop();
    const outbox = new OutboxRepo(h.db);
    for (const op of outbox.list())
      outbox.update(op.id, { status: 'failed', maybeSent: false, lastError: 'not JSON' });
    h.engine.start();
    proxy.override(null);
    for (const op of h.engine.listOutbox()) h.posts.retryOutbox({ id: op.id });
    await until('the outbox settled', () => settled(h!), 30_000);

    const contents = (await onService()).map((p) => p.content).sort();
    expect({ left: h.engine.listOutbox().length, contents }).toEqual({
      left: 0,
      contents: Array.from({ length: count }, (_, n) => `Stale ${n} ${tag}`).sort(),
    });
  });
});
