import { afterEach, describe, expect, it } from 'vitest';
import type { Fault, FaultProxy } from '../../../test/support/fault-proxy.js';
import { OutboxRepo } from '../../outbox/outbox-repo.js';
import { harness, inMinutes, proxiedHarness, until, type Harness } from '../support/sync-harness.js';

/*
 * A change that may already be on the service is never dropped as if it had not been sent.
 * Through the fault-injecting proxy, a write's answer is cut after the service
 * applied it and what follows meets 500s or 503s; the user then discards it, or undoes the bulk
 * change it belongs to. The verdict is the service's own state, read around the proxy: a discarded
 * create is taken off it, an undone or discarded move is back at its old time.
 */

let h: Harness | null = null;
let proxy: FaultProxy | null = null;
afterEach(async () => {
  await h?.close();
  await proxy?.close();
  h = null;
  proxy = null;
});

const range = () => ({ start: inMinutes(-60), end: inMinutes(60 * 24 * 30) });

/** The engine's client goes through the proxy, which forwards everything until a test says otherwise. */
const faultyHarness = () => proxiedHarness({ seed: 36, timeoutMs: 600, retries: 1 });

/** A post made on the service directly (not through the proxy) and read into the cache. */
async function postOnService(x: Harness, content: string, date: string) {
  const [made] = await x.api().createPosts({
    type: 'schedule',
    date,
    shortLink: false,
    posts: [{ integration: { id: x.integrationId }, value: [{ content }], settings: { __type: 'x' } }],
  });
  const shown = (await x.fresh(range())).posts.find((p) => p.id === made!.postId);
  expect(shown, 'the post is in the calendar').toBeDefined();
  return shown!;
}

/** The first matching request meets `first`, every later one `then`; the rest is forwarded. */
function cutThen(
  p: FaultProxy,
  match: (r: { method: string; url: string }) => boolean,
  first: Fault,
  then: Fault,
) {
  let seen = 0;
  p.override((r) => {
    if (!match(r)) return null;
    seen++;
    return seen === 1 ? first : then;
  });
}

const isDatePut = (r: { method: string; url: string }) =>
  r.method === 'PUT' && /\/posts\/[^/]+\/date$/.test(r.url);
const serviceTime = async (x: Harness, id: string) => Date.parse((await x.api().getPost(id)).publishDate);

describe('a change that may be on the service is put right, not dropped', () => {
  it('Discard of a create whose answer was cut, its lookups meeting 500s, takes the post off the service', async () => {
    const f = await faultyHarness();
    h = f.h;
    proxy = f.proxy;
    const tag = `discard-create-${Date.now()}`;
    // The create reaches the service but its 200 arrives cut short; every lookup then meets a 500.
    proxy.override(({ method, url }) => {
      if (method === 'POST' && url === '/v1/posts') return 'truncatedOk';
      if (method === 'GET' && url.startsWith('/v1/posts')) return 'serverError';
      return null;
    });
    const { outboxId } = await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Discarded ${tag}`),
      type: 'schedule',
      date: inMinutes(600),
    });
    const onService = async () => (await h!.listOnServer()).filter((p) => p.content?.includes(tag));
    await until('the create reached the service', async () => (await onService()).length === 1, 20_000);
    await until('a lookup met a 500', () =>
      proxy!.log.some((r) => r.method === 'GET' && r.fault === 'serverError'),
    );
    await h.engine.stop();
    const before = h.engine.listOutbox().find((o) => o.id === outboxId);
    expect(before).toMatchObject({ status: 'pending', mayBeOut: true, puttingRight: false });

    expect(h.posts.discardOutbox(h.brand, { id: outboxId })).toEqual({ discarded: true, puttingRight: true });
    // Kept, and said so, while the lookups still fail: it may be out.
    expect(h.engine.listOutbox().find((o) => o.id === outboxId)).toMatchObject({ puttingRight: true });
    // The calendar no longer shows the local post the user discarded.
    expect(
      h.engine.listPosts(h.brand, range()).posts.filter((p) => p.content.includes(tag) && p.localOnly),
    ).toEqual([]);
    h.engine.start();
    const tries = () => h!.engine.listOutbox().find((o) => o.id === outboxId)?.attempts ?? 0;
    await until('two more lookups failed', () => tries() >= before!.attempts + 2);
    expect(h.engine.listOutbox().map((o) => [o.id, o.puttingRight])).toEqual([[outboxId, true]]);
    expect(await onService()).toHaveLength(1);

    proxy.override(null);
    await until('the discard was put right', () => h!.engine.listOutbox().length === 0, 20_000);
    expect(await onService()).toEqual([]);
    expect((await h.fresh(range())).posts.filter((p) => p.content.includes(tag))).toEqual([]);
  });

  it('Undo of a bulk move whose answer was cut, then 503s, sends the post back to its old time', async () => {
    const f = await faultyHarness();
    h = f.h;
    proxy = f.proxy;
    const tag = `undo-move-${Date.now()}`;
    const post = await postOnService(h, `Moved in bulk ${tag}`, inMinutes(300));
    const original = Date.parse(post.publishDate);
    const to = inMinutes(900);
    // The PUT is applied but its answer arrives cut short; every later PUT meets a 503 page.
    cutThen(proxy, isDatePut, 'truncatedOk', 'htmlUnavailable');
    const applied = h.posts.applyBulkChange(h.brand, {
      moves: [{ id: post.id, from: post.publishDate, to }],
      deleteGroups: [],
    });
    expect(applied.queued).toBe(1);
    await until(
      'the move reached the service',
      async () => (await serviceTime(h!, post.id)) === Date.parse(to),
    );
    await until('a later send met a 503', () => proxy!.log.some((r) => r.fault === 'htmlUnavailable'));
    await h.engine.stop();
    const [op] = h.engine.listOutbox();
    expect(op).toMatchObject({ kind: 'reschedule', status: 'pending', mayBeOut: true });

    const undone = h.posts.undoBulkChange(h.brand, { batchId: applied.batchId });
    expect(undone).toMatchObject({ restored: 1, notRestored: [] });
    // Not dropped as "not sent yet": the move back waits in the outbox, said to be put right.
    expect(h.engine.listOutbox()).toMatchObject([{ id: op!.id, puttingRight: true }]);
    expect(undone.posts.find((p) => p.id === post.id)?.publishDate).toBe(post.publishDate);

    proxy.override(null);
    h.engine.start();
    await until('the undo was put right', () => h!.engine.listOutbox().length === 0, 20_000);
    expect(await serviceTime(h, post.id)).toBe(original);
    const shown = (await h.fresh(range())).posts.find((p) => p.id === post.id);
    expect(Date.parse(shown!.publishDate)).toBe(original);
  });

  it('Discard of a move whose answer was cut, then 500s, moves the post back on the service', async () => {
    const f = await faultyHarness();
    h = f.h;
    proxy = f.proxy;
    const tag = `discard-move-${Date.now()}`;
    const post = await postOnService(h, `Dragged ${tag}`, inMinutes(320));
    const original = Date.parse(post.publishDate);
    const to = inMinutes(950);
    cutThen(proxy, isDatePut, 'truncatedOk', 'serverError');
    const { outboxId } = h.posts.reschedulePost(h.brand, { id: post.id, date: to });
    await until(
      'the move reached the service',
      async () => (await serviceTime(h!, post.id)) === Date.parse(to),
    );
    await until('a later send met a 500', () => proxy!.log.some((r) => r.fault === 'serverError'));
    await h.engine.stop();
    expect(h.engine.listOutbox()).toMatchObject([{ id: outboxId, mayBeOut: true }]);

    expect(h.posts.discardOutbox(h.brand, { id: outboxId })).toEqual({ discarded: true, puttingRight: true });
    expect(h.engine.listOutbox()).toMatchObject([{ id: outboxId, puttingRight: true }]);
    // The calendar shows the old time at once.
    const now = h.engine.listPosts(h.brand, range()).posts.find((p) => p.id === post.id);
    expect(Date.parse(now!.publishDate)).toBe(original);

    proxy.override(null);
    h.engine.start();
    await until('the discard was put right', () => h!.engine.listOutbox().length === 0, 20_000);
    expect(await serviceTime(h, post.id)).toBe(original);
  });

  it('a delete whose answer was cut, discarded, is checked: posts it took are gone from the calendar too', async () => {
    const f = await faultyHarness();
    h = f.h;
    proxy = f.proxy;
    const tag = `discard-delete-${Date.now()}`;
    const post = await postOnService(h, `Deleted ${tag}`, inMinutes(340));
    let deletes = 0;
    proxy.override(({ method, url }) => {
      if (method === 'DELETE' && url.startsWith('/v1/posts/'))
        return ++deletes === 1 ? 'resetAfterHandled' : 'serverError';
      if (method === 'GET' && url.startsWith('/v1/posts/')) return 'serverError';
      return null;
    });
    const { outboxId } = h.posts.deleteGroup(h.brand, { group: post.group! });
    await until('a later send met a 500', () => deletes >= 2);
    await h.engine.stop();
    expect(h.engine.listOutbox()).toMatchObject([{ id: outboxId, mayBeOut: true }]);
    expect(h.posts.discardOutbox(h.brand, { id: outboxId })).toEqual({ discarded: true, puttingRight: true });
    h.engine.start();
    await until('a check met a 500', () =>
      proxy!.log.some(
        (r) => r.method === 'GET' && r.url.startsWith('/v1/posts/') && r.fault === 'serverError',
      ),
    );
    expect(h.engine.listOutbox()).toMatchObject([{ id: outboxId, puttingRight: true }]);
    proxy.override(null);
    await until('the discard was settled', () => h!.engine.listOutbox().length === 0, 20_000);
    // The delete had gone through: nothing to bring back, and the calendar does not pretend otherwise.
    expect((await h.listOnServer()).filter((p) => p.content?.includes(tag))).toEqual([]);
    expect(h.engine.listPosts(h.brand, range()).posts.filter((p) => p.content.includes(tag))).toEqual([]);
  });

  it('a move left "sending" by a kill may have been sent: Undo sends it back rather than dropping it', async () => {
    h = await harness();
    const tag = `kill-move-${Date.now()}`;
    const post = await postOnService(h, `Killed ${tag}`, inMinutes(360));
    const original = Date.parse(post.publishDate);
    const to = inMinutes(980);
    await h.engine.stop();
    const applied = h.posts.applyBulkChange(h.brand, {
      moves: [{ id: post.id, from: post.publishDate, to }],
      deleteGroups: [],
    });
    // What a kill -9 while sending leaves: the op marked sending on disk, its PUT applied.
    const outbox = new OutboxRepo(h.db);
    const [op] = outbox.list();
    outbox.update(op!.id, { status: 'sending', attempts: 1 });
    await h.api().sendReschedule(post.id, to);
    // The next start finds it so.
    expect(outbox.recoverInterrupted()).toBe(1);
    expect(outbox.get(op!.id)).toMatchObject({ status: 'pending', maybeSent: true });

    expect(h.posts.undoBulkChange(h.brand, { batchId: applied.batchId })).toMatchObject({ restored: 1 });
    expect(h.engine.listOutbox()).toMatchObject([{ id: op!.id, puttingRight: true }]);
    h.engine.start();
    await until('the undo was put right', () => h!.engine.listOutbox().length === 0, 20_000);
    expect(await serviceTime(h, post.id)).toBe(original);
  });
});
